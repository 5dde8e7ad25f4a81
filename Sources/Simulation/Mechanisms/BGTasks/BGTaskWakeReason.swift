/// Why iOS launches or wakes the app for a BGTask (§12): a `SimWakeReason.bgTasks`.
public enum BGTaskWakeReason: Hashable, Sendable, Codable {
    /// A `BGAppRefreshTask` is launched.
    case appRefresh
    /// A `BGProcessingTask` is launched.
    case processing
}
