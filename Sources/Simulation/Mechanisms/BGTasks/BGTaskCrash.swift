/// The exceptions `BGTaskScheduler` raises in the app (§12): a `SimCrash.bgTasks`.
public enum BGTaskCrash: Hashable, Sendable, Codable {
    /// `register(forTaskWithIdentifier:)` for an identifier already registered.
    case registeredTwice(identifier: String)
    /// `register(forTaskWithIdentifier:)` after the app finished launching.
    case registeredAfterLaunch(identifier: String)
    /// A task was submitted, or launched, with no launch handler registered for it in the process
    /// ("No launch handler registered for task with identifier …").
    case noLaunchHandler(identifier: String)
}

extension BGTaskCrash {
    /// BGTaskScheduler's exceptions abort() the app (§12).
    var exitCategory: SimExitCategory { .abnormalExit }
}
