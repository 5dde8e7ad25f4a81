/// Why iOS launches or wakes the app for background transfers: a `SimWakeReason.transfers`.
public enum TransferWakeReason: Hashable, Sendable, Codable {
    /// A background session's transfers finished: its events wait for the app.
    case sessionEvents
}

extension TransferWakeReason {
    /// A launch for session events is not one for a location event (the `.location` launch key).
    var isLocationEvent: Bool { false }
    /// iOS 15.0–15.2 relaunched reliably for it (§16 names region, CLMonitor and significant-change events).
    var relaunchMayBeUnreliable: Bool { false }
}
