/// Why iOS wakes or relaunches the app for `CLMonitor` (§11).
public enum MonitorWakeReason: Hashable, Sendable, Codable {
    /// A `CLMonitor` condition's state changed.
    case event
}

extension MonitorWakeReason {
    /// A launch for a CLMonitor event is one for a location event (the `.location` launch key).
    var isLocationEvent: Bool { true }
    /// iOS 15.0–15.2 relaunched unreliably for it (§16).
    var relaunchMayBeUnreliable: Bool { true }
}
