/// Why iOS wakes or relaunches the app for `CLMonitor` (§11).
public enum MonitorWakeReason: Hashable, Sendable, Codable {
    /// A `CLMonitor` condition's state changed.
    case event
}
