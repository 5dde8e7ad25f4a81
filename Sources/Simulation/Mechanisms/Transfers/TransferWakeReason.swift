/// Why iOS launches or wakes the app for background transfers: a `SimWakeReason.transfers`.
public enum TransferWakeReason: Hashable, Sendable, Codable {
    /// A background session's transfers finished: its events wait for the app.
    case sessionEvents
}
