/// What live updates and background activity sessions warn about (§10).
public enum LiveUpdateWarning: Hashable, Sendable, Codable {
    /// `liveUpdates` or `CLBackgroundActivitySession` on a profile before iOS 17: the API does not exist.
    case unavailable(profile: String)
}
