/// What the visit service did (§11), as the event log keeps it.
public enum VisitEvent: Hashable, Sendable, Codable {
    /// The event's category, as the JSON Lines report names it.
    public enum Kind: String, Hashable, Sendable, Codable, CaseIterable {
        case start = "visit.start"
        case stop = "visit.stop"
        case visit
        case lost = "visit.lost"
    }

    /// `startMonitoringVisits()`.
    case start
    /// `stopMonitoringVisits()`.
    case stop
    /// A visit reported to the app (`didVisit`).
    case visit(SimVisitRecord)
    /// A visit that could not reach the app, because of `cause` (`nil`: the app does not run
    /// and its stop says why): iOS does not keep it.
    case lost(SimVisitRecord, cause: SimCause?)

    /// The event's category, decided by the case.
    public var kind: Kind {
        switch self {
        case .start: .start
        case .stop: .stop
        case .visit: .visit
        case .lost: .lost
        }
    }
}

extension SimSystem {
    /// Emits a visit event.
    func emit(_ event: VisitEvent) {
        emit(.visits(event))
    }
}
