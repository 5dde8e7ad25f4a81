/// Why BGTasks ended or stopped holding the app (§12): a `SimCause.bgTasks`.
public enum BGTaskCause: Hashable, Sendable, Codable {
    /// iOS killed the app: the BGTask was not completed `seconds` after its launch ("background
    /// task assertion timeout" in MetricKit's words).
    case assertionTimeout(SimBGTaskRecord, seconds: Double)
    /// Every BGTask the app ran was completed (or failed): none holds the app any more.
    case tasksEnded
    // The job goal (§4): why a BGContinuedProcessingTask missed it.
    /// The job expired (`reason`) before it was completed with success.
    case jobExpired(SimBGTaskRecord, SimBGTaskExpiry)
    /// The app completed the job with `setTaskCompleted(success: false)`.
    case jobFailed(SimBGTaskRecord)
    /// The queued job never started: the app's process ended first.
    case jobDropped(SimBGTaskRecord)
    /// The job was neither completed nor ended when the run ended.
    case jobUnfinished(SimBGTaskRecord)
}

extension BGTaskCause {
    /// How MetricKit counts the process this cause ends (§12): a BGTask not completed in time.
    var exitCategory: SimExitCategory? {
        switch self {
        case .assertionTimeout: .backgroundTaskAssertionTimeout
        case .tasksEnded, .jobExpired, .jobFailed, .jobDropped, .jobUnfinished: nil
        }
    }
}
