/// Why iOS wakes or relaunches the app for the visit service (§11).
public enum VisitWakeReason: Hashable, Sendable, Codable {
    case visit
}
