/// What service sessions warn about (§10).
public enum ServiceSessionWarning: Hashable, Sendable, Codable {
    /// `CLServiceSession` on a profile before iOS 18: the API does not exist.
    case unavailable(profile: String)

    /// None is about the run as a whole: each is a line iOS logs at a moment (the event log keeps it).
    var isAboutTheRun: Bool { false }
}
