/// What iOS logs, or the simulator warns about, for background transfers: a `SimWarning.transfers`.
public enum TransferWarning: Hashable, Sendable, Codable {
    /// The profile is older than iOS 7: background sessions do not exist, and the task never runs.
    case unavailable(profile: String)
    /// The app's wake for its session's events ended before it called the completion handler
    /// `handleEventsForBackgroundURLSession` gave it.
    case completionHandlerNotCalled(session: String)

    /// None is about the run as a whole: each is a line iOS logs at a moment (the event log keeps it).
    var isAboutTheRun: Bool { false }
}
