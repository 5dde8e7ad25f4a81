/// What became of a push or a fetch (§14): the detail of a `.pushes` event.
public enum PushEvent: Hashable, Sendable, Codable {
    /// The kinds of push events, as the JSON Lines report names them: one for all.
    public enum Kind: String, Hashable, Sendable, Codable, CaseIterable {
        case push
    }

    /// Why a push never reached the app.
    public enum DropReason: String, Hashable, Sendable, Codable {
        case modeMissing, forceQuit, replacedByNewer, appKilled, appNotRunning, tooManyUnreportedCalls
        /// Background fetch needs Background App Refresh: off on the device, or by Low Power Mode (§15).
        case backgroundAppRefreshOff
    }

    case delivered(SimPushKind)
    case held(SimPushKind)
    /// A silent push waits until Low Power Mode ends (§15), replacing one that waited.
    case waitsForLowPowerMode(SimPushKind)
    case dropped(SimPushKind, DropReason)
    case completed(SimPushKind, SimFetchResult)
    case callReported

    /// The event's kind.
    public var kind: Kind { .push }
}

extension SimSystem {
    /// Logs a push event.
    func emit(_ event: PushEvent) {
        emit(.pushes(event))
    }
}
