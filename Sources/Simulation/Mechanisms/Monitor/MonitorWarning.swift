/// What `CLMonitor` warns about (§11).
public enum MonitorWarning: Hashable, Sendable, Codable {
    /// `CLMonitor` on a profile before iOS 17: the API does not exist, and the monitor does nothing.
    case unavailable(profile: String)
}
