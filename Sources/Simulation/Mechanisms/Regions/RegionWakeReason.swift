/// Why iOS wakes or relaunches the app for a monitored region (§11).
public enum RegionWakeReason: Hashable, Sendable, Codable {
    case entry
    case exit
}

extension RegionWakeReason {
    /// A launch for a region event is one for a location event (the `.location` launch key).
    var isLocationEvent: Bool { true }
    /// iOS 15.0–15.2 relaunched unreliably for it (§16).
    var relaunchMayBeUnreliable: Bool { true }
}
