/// What `CLMonitor` warns about (§11).
public enum MonitorWarning: Hashable, Sendable, Codable {
    /// `CLMonitor` on a profile before iOS 17: the API does not exist, and the monitor does nothing.
    case unavailable(profile: String)

    /// None is about the run as a whole: each is a line iOS logs at a moment (the event log keeps it).
    var isAboutTheRun: Bool { false }
}
