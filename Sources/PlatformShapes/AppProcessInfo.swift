import Foundation

#if !os(iOS)
/// `ProcessInfo` for what app code reads of the device's power: `AppProcessInfo.processInfo`
/// is `ProcessInfo.processInfo` on the device and here the simulated device the code runs on
/// (``SimulatedPlatformBinding``), its Low Power Mode the simulation's.
///
/// ```swift
/// if AppProcessInfo.processInfo.isLowPowerModeEnabled { manager.desiredAccuracy = 100 }
/// observer = AppNotificationCenter.default.addObserver(forName: .NSProcessInfoPowerStateDidChange,
///                                                      object: nil, queue: nil) { _ in … }
/// ```
///
/// Off any simulation Low Power Mode is off.
@MainActor
public final class AppProcessInfo {
    private let lowPowerMode: @MainActor () -> Bool

    /// A process whose Low Power Mode `isLowPowerModeEnabled` reads (the simulation's device).
    public init(isLowPowerModeEnabled: @escaping @MainActor () -> Bool) {
        lowPowerMode = isLowPowerModeEnabled
    }

    /// The running process's.
    public static var processInfo: AppProcessInfo {
        SimulatedPlatformBinding.current?.processInfo ?? AppProcessInfo { false }
    }

    /// Whether Low Power Mode is on; `NSProcessInfoPowerStateDidChange` tells when it changes.
    public var isLowPowerModeEnabled: Bool { lowPowerMode() }
}

/// `NotificationCenter.default` of the app: the simulated app's own center here (the
/// simulation posts `NSProcessInfoPowerStateDidChange` on it), Foundation's off any simulation;
/// `NotificationCenter.default` on the device.
public enum AppNotificationCenter {
    /// The app's notification center.
    @MainActor public static var `default`: NotificationCenter {
        SimulatedPlatformBinding.current?.notificationCenter ?? .default
    }
}
#endif

#if !canImport(Darwin)
extension Notification.Name {
    /// `NSProcessInfoPowerStateDidChange` (Foundation on Apple platforms): Low Power Mode turned on or off.
    public static var NSProcessInfoPowerStateDidChange: Notification.Name {
        Notification.Name("NSProcessInfoPowerStateDidChangeNotification")
    }
}
#endif

#if canImport(Darwin) && os(iOS)
public typealias AppProcessInfo = ProcessInfo
public typealias AppNotificationCenter = NotificationCenter
#endif
