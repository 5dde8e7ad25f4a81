/// What happened to the app's service sessions (§10), as the event log keeps it.
public enum ServiceSessionEvent: Hashable, Sendable, Codable {
    /// The event's category, as the JSON Lines report names it.
    public enum Kind: String, Hashable, Sendable, Codable, CaseIterable {
        case session = "location.service-session"
    }

    /// A session was created, active (in use) or not (it waits for the app to be on screen).
    case began(SimServiceSessionRequirement, active: Bool)
    /// A relaunched app re-created, in time, a session its last process held.
    case rejoined(SimServiceSessionRequirement)
    /// An inactive session became active: the app is on screen.
    case activated(SimServiceSessionRequirement)
    case invalidated(SimServiceSessionRequirement)
    /// The rejoin window passed without these sessions re-created: they are gone.
    case notRejoined([SimServiceSessionRequirement])
    /// Live updates, a monitor or a background activity session made an implicit When In Use session.
    case implicit
    /// A session's diagnostics changed (empty: nothing stands in the way).
    case diagnostics(SimServiceSessionRequirement, [SimServiceSessionDiagnostic])

    /// The event's category: one for all of them.
    public var kind: Kind { .session }
}

extension SimSystem {
    /// Emits a service-session event.
    func emit(_ event: ServiceSessionEvent) {
        emit(.serviceSessions(event))
    }
}
