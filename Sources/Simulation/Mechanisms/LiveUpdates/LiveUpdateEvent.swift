/// What happened to live updates and background activity sessions (§10), as the event log keeps it.
public enum LiveUpdateEvent: Hashable, Sendable, Codable {
    /// The event's category, as the JSON Lines report names it.
    public enum Kind: String, Hashable, Sendable, Codable, CaseIterable {
        case live = "location.live"
    }

    case started(SimLiveConfiguration)
    case stopped
    /// The device stayed still for the window: an update says so and updates stop.
    case stationary(windowSeconds: Double)
    /// The device moves again: updates resume by themselves.
    case resumed
    /// An update with a diagnostic (iOS 18).
    case diagnostic(SimLiveDiagnostic)
    /// A session was created, active or not (and why not).
    case sessionBegan(active: Bool, obstacle: SimCause?)
    /// A relaunched app re-created its session in time.
    case sessionRejoined
    case sessionEnded(SimCause)

    /// The event's category: one for all of them.
    public var kind: Kind { .live }
}

extension SimSystem {
    /// Emits a live-update event.
    func emit(_ event: LiveUpdateEvent) {
        emit(.liveUpdates(event))
    }
}
