/// Why iOS wakes or relaunches the app for live updates (§10).
public enum LiveUpdateWakeReason: Hashable, Sendable, Codable {
    /// Live updates are available again after the device was still.
    case updatesAvailable
}

extension LiveUpdateWakeReason {
    /// A launch for live updates is one for a location event (the `.location` launch key).
    var isLocationEvent: Bool { true }
    /// iOS 15.0–15.2 relaunched reliably for it (§16 names region, CLMonitor and significant-change events).
    var relaunchMayBeUnreliable: Bool { false }
}
