/// Why BGTasks ended or stopped holding the app (§12): a `SimCause.bgTasks`.
public enum BGTaskCause: Hashable, Sendable, Codable {
    /// iOS killed the app: the BGTask was not completed `seconds` after its launch ("background
    /// task assertion timeout" in MetricKit's words).
    case assertionTimeout(SimBGTaskRecord, seconds: Double)
    /// Every BGTask the app ran was completed (or failed): none holds the app any more.
    case tasksEnded
}
