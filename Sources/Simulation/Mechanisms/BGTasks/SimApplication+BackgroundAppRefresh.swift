/// `UIBackgroundRefreshStatus`: whether the app may run in the background by Background App
/// Refresh (app refresh tasks, background fetch). Raw values are Apple's.
public enum SimBackgroundRefreshStatus: Int, Hashable, Sendable, Codable, CaseIterable {
    /// Parental controls or a profile forbid it; the user cannot change it. Apple's case; the
    /// model has no such device setting, so a run never reads it.
    case restricted = 0
    /// The user turned Background App Refresh off (for the app or the device), or Low Power Mode
    /// is on. [doc]
    case denied = 1
    /// The app may be run in the background.
    case available = 2
}

extension SimApplication {
    /// `UIApplication.backgroundFetchIntervalMinimum`: as often as the system allows (its
    /// cadence, `profile.bgTasks.refresh`, decides).
    public static let backgroundFetchIntervalMinimum: Double = 0
    /// `UIApplication.backgroundFetchIntervalNever`, the default: no background fetch.
    public static let backgroundFetchIntervalNever: Double = .greatestFiniteMagnitude

    /// `setMinimumBackgroundFetchInterval(_:)` (iOS 7; deprecated in iOS 13 for
    /// `BGAppRefreshTask`, and still run): the system runs
    /// `application(_:performFetchWithCompletionHandler:)` (``SimAppDelegate/application(_:didReceive:completion:)``
    /// with `.fetch`) not sooner than `interval` seconds after the last fetch, on the same
    /// usage-based schedule as app refresh (§12, §14). Needs the `fetch` background mode.
    public func setMinimumBackgroundFetchInterval(_ interval: Double) {
        guard let system = liveSystem, let scheduler = system.mechanism(BackgroundTaskScheduler.self) else { return }
        let seconds: Double? = interval >= Self.backgroundFetchIntervalNever || interval.isNaN ? nil : max(0, interval)
        scheduler.setMinimumBackgroundFetchInterval(seconds, in: system)
    }

    /// `backgroundRefreshStatus`: denied while Background App Refresh is off for the app or the
    /// device, or Low Power Mode is on ("Background App Refresh is disabled automatically when a
    /// device is operating in low-power mode") [doc]; otherwise available.
    public var backgroundRefreshStatus: SimBackgroundRefreshStatus {
        guard let system = liveSystem else { return .denied }
        let appSwitch = system.mechanism(BackgroundTaskScheduler.self)?.isBackgroundAppRefreshEnabled ?? true
        return appSwitch && !system.device.backgroundAppRefreshBlocked ? .available : .denied
    }
}
