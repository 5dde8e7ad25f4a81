/// Why a monitor event waits instead of reaching the app.
public enum SimMonitorHoldReason: Hashable, Sendable, Codable {
    /// The running process has not opened the monitor with this name.
    case monitorNotOpen
    /// The app does not run, and iOS wakes or relaunches it for the event only with Always.
    case needsAlways(SimAuthorizationStatus)
    /// The app does not run: the user force-quit it, and this iOS does not relaunch it for
    /// region events (`regions.relaunchAfterForceQuit` false).
    case forceQuit
    /// iOS 18's service sessions withhold it (the diagnostic says why): an app not in use gets
    /// monitor events only with Always and an `.always` session.
    case serviceSession(SimLiveDiagnostic)
}

extension SimMonitorHoldReason {
    /// None ends the app's process: MetricKit counts no exit for a held CLMonitor event.
    var exitCategory: SimExitCategory? { nil }
}
