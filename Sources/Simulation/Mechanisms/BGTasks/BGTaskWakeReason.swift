/// Why iOS launches or wakes the app for a BGTask (§12): a `SimWakeReason.bgTasks`.
public enum BGTaskWakeReason: Hashable, Sendable, Codable {
    /// A `BGAppRefreshTask` is launched.
    case appRefresh
    /// A `BGProcessingTask` is launched.
    case processing
}

extension BGTaskWakeReason {
    /// A launch for a BGTask is not one for a location event (the `.location` launch key).
    var isLocationEvent: Bool { false }
    /// iOS 15.0–15.2 relaunched reliably for it (§16 names region, CLMonitor and significant-change events).
    var relaunchMayBeUnreliable: Bool { false }
}
