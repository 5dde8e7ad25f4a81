/// Why iOS wakes or relaunches the app for live updates (§10).
public enum LiveUpdateWakeReason: Hashable, Sendable, Codable {
    /// Live updates are available again after the device was still.
    case updatesAvailable
}
