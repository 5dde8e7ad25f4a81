import AppleDeclarations
import Foundation
import PlatformShapes
import Testing

// The names app code writes for Apple's statics and errors resolve, through the iOS blocks
// (AppleConformances.swift, here shadowing PlatformShapes' own), to Apple's declarations, and
// what Tests/ShapeLogic/Statics.swift writes with them is Apple's API.

@MainActor @Suite struct StaticShapeTests {
    /// Each shape is Apple's type on iOS.
    @Test func theNamesAreApplesTypes() {
        #expect(LocationError.self == CLError.self)
        #expect(LocationCoordinate2D.self == CLLocationCoordinate2D.self)
        #expect(AppTaskScheduler.Error.self == BGTaskScheduler.Error.self)
        #expect(AppRefreshTaskRequest.self == BGAppRefreshTaskRequest.self)
        #expect(AppRefreshTask.self == BGAppRefreshTask.self)
        #expect(LocationUpdate.LiveConfiguration.self == CLLocationUpdate.LiveConfiguration.self)
        #expect(AppProcessInfo.self == ProcessInfo.self)
        #expect(AppNotificationCenter.self == NotificationCenter.self)
        // What the statics return on the device (signatures only here: not called).
        let _: () -> BGTaskScheduler = { AppTaskScheduler.shared }
        let _: () -> CLLocationUpdate.Updates = { LocationUpdate.liveUpdates(.fitness) }
        let _: () -> NotificationCenter = { AppNotificationCenter.default }
    }

    /// The error spellings of Statics.swift, against Apple's: domains, codes and raw values.
    @Test func theErrorsMatchApplesCodes() {
        let error: any Error = LocationError(.denied)
        if let error = error as? LocationError, error.code == .denied {} else { Issue.record("not matched as CLError") }
        #expect(LocationError.errorDomain == "kCLErrorDomain")
        #expect([LocationError.locationUnknown, .denied, .network, .regionMonitoringDenied, .regionMonitoringFailure, .promptDeclined]
            .map(\.rawValue) == [0, 1, 2, 4, 5, 18])
        // The shape's codes, by name, have Apple's raw values.
        #expect(PlatformShapes.LocationError.Code.allCases.map { CLError.Code(rawValue: $0.rawValue).map { "\($0)" } }
            == PlatformShapes.LocationError.Code.allCases.map { "\($0)" })
        #expect(PlatformShapes.AppTaskScheduler.Error.Code.allCases.map { BGTaskScheduler.Error.Code(rawValue: $0.rawValue).map { "\($0)" } }
            == PlatformShapes.AppTaskScheduler.Error.Code.allCases.map { "\($0)" })
        #expect(AppTaskScheduler.Error.errorDomain == PlatformShapes.AppTaskScheduler.Error.errorDomain)
        #expect(LocationError.errorDomain == PlatformShapes.LocationError.errorDomain)
    }

    /// `AppClock.now` is `Date()` on the device.
    @Test func theClockIsDate() {
        let before = Date()
        let now = AppClock.now
        #expect(now >= before && now <= Date())
    }
}
