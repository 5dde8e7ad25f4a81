/// Why iOS launches or wakes the app for a push or a fetch (§14): a `SimWakeReason.pushes`.
public enum PushWakeReason: Hashable, Sendable, Codable {
    /// A silent push.
    case silent
    /// A PushKit VoIP push.
    case voip
    /// A background fetch.
    case fetch
}
