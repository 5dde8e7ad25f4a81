/// Why a UIKit background task missed the finish-work goal (§2, §4).
public enum BackgroundTaskCause: Hashable, Sendable, Codable {
    /// The task was ended only after its expiration handler ran: the app's work did not finish
    /// within the budget.
    case endedInHandler(SimTaskRecord)
    /// The task's expiration handler ran and the task was still open at the run's end (no
    /// watchdog ended the app: the debugger's profile).
    case openAfterHandler(SimTaskRecord)
}

extension BackgroundTaskCause {
    /// None ends the app's process: MetricKit counts no exit for a finish-work cause.
    var exitCategory: SimExitCategory? { nil }
}
