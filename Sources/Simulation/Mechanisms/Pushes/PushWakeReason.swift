/// Why iOS launches or wakes the app for a push or a fetch (§14): a `SimWakeReason.pushes`.
public enum PushWakeReason: Hashable, Sendable, Codable {
    /// A silent push.
    case silent
    /// A PushKit VoIP push.
    case voip
    /// A background fetch.
    case fetch
}

extension PushWakeReason {
    /// A launch for a push or a fetch is not one for a location event (the `.location` launch key).
    var isLocationEvent: Bool { false }
    /// iOS 15.0–15.2 relaunched reliably for it (§16 names region, CLMonitor and significant-change events).
    var relaunchMayBeUnreliable: Bool { false }
}
