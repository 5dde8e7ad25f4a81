/// Why iOS wakes or relaunches the app for a monitored region (§11).
public enum RegionWakeReason: Hashable, Sendable, Codable {
    case entry
    case exit
}
