/// Why iOS wakes or relaunches the app for the visit service (§11).
public enum VisitWakeReason: Hashable, Sendable, Codable {
    case visit
}

extension VisitWakeReason {
    /// A launch for a visit is one for a location event (the `.location` launch key).
    var isLocationEvent: Bool { true }
    /// iOS 15.0–15.2 relaunched reliably for it (§16 names region, CLMonitor and significant-change events).
    var relaunchMayBeUnreliable: Bool { false }
}
