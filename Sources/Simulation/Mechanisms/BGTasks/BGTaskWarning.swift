/// What iOS logs, or the simulator warns about, for BGTasks (§12): a `SimWarning.bgTasks`.
public enum BGTaskWarning: Hashable, Sendable, Codable {
    /// A scenario's `bg-launch` named an identifier with no pending request.
    case notPending(identifier: String)
    /// A scenario's `bg-expire` named an identifier with no running task.
    case notRunning(identifier: String)
    /// `setTaskCompleted` on a task already completed, failed or ended with its process.
    case alreadyEnded(identifier: String)
    /// The profile is older than iOS 13: `BGTaskScheduler` does not exist, and its calls do nothing.
    case schedulerUnavailable(profile: String)
    /// The profile is older than iOS 26: `BGContinuedProcessingTaskRequest` does not exist, and
    /// submitting one does nothing.
    case continuedProcessingUnavailable(profile: String)
    /// The profile is older than iOS 7: background fetch does not exist, and setting its
    /// interval does nothing.
    case fetchUnavailable(profile: String)
    /// A scenario's `bg-cancel` named an identifier with no running continued processing task.
    case continuedTaskNotRunning(identifier: String)

    /// None is about the run as a whole: each is a line iOS logs at a moment (the event log keeps it).
    var isAboutTheRun: Bool { false }
}
