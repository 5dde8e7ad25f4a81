/// What live updates and background activity sessions warn about (§10).
public enum LiveUpdateWarning: Hashable, Sendable, Codable {
    /// `liveUpdates` or `CLBackgroundActivitySession` on a profile before iOS 17: the API does not exist.
    case unavailable(profile: String)

    /// None is about the run as a whole: each is a line iOS logs at a moment (the event log keeps it).
    var isAboutTheRun: Bool { false }
}
