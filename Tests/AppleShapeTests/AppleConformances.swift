// The proof that the shapes accept Apple's types: Apple's declarations as Apple documents them
// (module AppleDeclarations) take every protocol of PlatformShapes with no code. Each block
// holds the lines its file of PlatformShapes compiles on iOS against the real framework;
// `conformancesMatchTheIOSBlocks` keeps each pair the same.
import AppleDeclarations
import Foundation
import PlatformShapes

// BEGIN LocationManaging.swift
extension CLLocationCoordinate2D: LocationCoordinate {}
extension CLLocation: LocationFix {}
extension CLRegion: LocationRegion {}
extension CLCircularRegion: CircularLocationRegion {}
extension CLVisit: LocationVisit {}
extension CLAuthorizationStatus: LocationAuthorizationStatus {}
extension CLAccuracyAuthorization: LocationAccuracyAuthorization {}
extension CLActivityType: LocationActivityType {}
extension CLLocationManager: LocationManaging {
    public typealias Visit = CLVisit
}
// END

// BEGIN BackgroundTasking.swift
extension UIBackgroundTaskIdentifier: BackgroundTaskIdentifying {}
extension UIApplication.State: ApplicationRunState {}
extension UIApplication: BackgroundTasking {}
// END

// BEGIN BackgroundTaskScheduling.swift
extension BGTask: BackgroundTask {}
extension BGTaskRequest: BackgroundTaskRequest {}
extension BGProcessingTaskRequest: BackgroundProcessingTaskRequest {}
extension BGTaskScheduler: BackgroundTaskScheduling {}
// END

// BEGIN LiveLocationUpdating.swift
@available(iOS 17.0, *)
extension CLLocationUpdate.LiveConfiguration: LiveUpdateConfiguration {}
@available(iOS 17.0, *)
extension CLLocationUpdate: LocationUpdateValue {}
@available(iOS 18.0, *)
extension CLLocationUpdate: LocationUpdateDiagnostics {}
/// The device's live updates: Apple's `CLLocationUpdate.liveUpdates(_:)`, as a value.
@available(iOS 17.0, *)
public struct CoreLocationLiveUpdates: LiveLocationUpdating {
    public init() {}
    public func liveUpdates(_ configuration: CLLocationUpdate.LiveConfiguration) -> CLLocationUpdate.Updates {
        CLLocationUpdate.liveUpdates(configuration)
    }
}
// END

// BEGIN LocationSessions.swift
@available(iOS 17.0, *)
extension CLBackgroundActivitySession: BackgroundActivitySession {}
@available(iOS 18.0, *)
extension CLServiceSession.Diagnostic: ServiceSessionDiagnostic {}
@available(iOS 18.0, *)
extension CLServiceSession: ServiceSession {}
// END

// BEGIN LocationMonitoring.swift
extension CLMonitoringState: LocationMonitoringState {}
@available(iOS 17.0, *)
extension CLMonitor.Event: LocationMonitorEvent {}
@available(iOS 18.0, *)
extension CLMonitor.Event: LocationMonitorEventDiagnostics {}
@available(iOS 17.0, *)
extension CLMonitor.Record: LocationMonitorRecord {}
@available(iOS 17.0, *)
extension CLMonitor: LocationMonitoring {}
// END

// BEGIN LocationError.swift
public typealias LocationError = CLError
// END

// BEGIN LocationCoordinate2D.swift
public typealias LocationCoordinate2D = CLLocationCoordinate2D
// END

// BEGIN AppClock.swift
public enum AppClock {
    /// `Date()`.
    public static var now: Date { Date() }
}
// END

// BEGIN AppTaskScheduler.swift
public typealias AppTaskScheduler = BGTaskScheduler
public typealias AppTaskRequest = BGTaskRequest
public typealias AppRefreshTaskRequest = BGAppRefreshTaskRequest
public typealias ProcessingTaskRequest = BGProcessingTaskRequest
public typealias AppTask = BGTask
public typealias AppRefreshTask = BGAppRefreshTask
public typealias ProcessingTask = BGProcessingTask
// END

// BEGIN LocationUpdate.swift
@available(iOS 17.0, *)
public typealias LocationUpdate = CLLocationUpdate
// END

// BEGIN AppProcessInfo.swift
public typealias AppProcessInfo = ProcessInfo
public typealias AppNotificationCenter = NotificationCenter
// END
