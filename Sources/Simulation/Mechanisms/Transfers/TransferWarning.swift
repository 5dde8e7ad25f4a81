/// What iOS logs, or the simulator warns about, for background transfers: a `SimWarning.transfers`.
public enum TransferWarning: Hashable, Sendable, Codable {
    /// The profile is older than iOS 7: background sessions do not exist, and the task never runs.
    case unavailable(profile: String)
    /// The app's wake for its session's events ended before it called the completion handler
    /// `handleEventsForBackgroundURLSession` gave it.
    case completionHandlerNotCalled(session: String)
}
