/// What happened to a named `CLMonitor` (§11), as the event log keeps it.
public enum MonitorEvent: Hashable, Sendable, Codable {
    /// The event's category, as the JSON Lines report names it.
    public enum Kind: String, Hashable, Sendable, Codable, CaseIterable {
        case open = "monitor.open"
        case add = "monitor.add"
        case remove = "monitor.remove"
        case event = "monitor.event"
        case held = "monitor.held"
    }

    /// `CLMonitor(name)` in the running process: `conditions` kept by Core Location (from
    /// earlier processes too), `pending` events waiting for the monitor to be opened.
    case opened(monitor: String, conditions: Int, pending: Int)
    /// `add(_:identifier:assuming:)`. `kept`: the identifier already had this very condition,
    /// which stays as it was (its state and any event waiting for it). `monitored` is false for
    /// a condition over the limit of 20 regions and conditions.
    case added(monitor: String, SimRegionRecord, assuming: SimMonitoringState, kept: Bool, monitored: Bool)
    /// `remove(_:)`.
    case removed(monitor: String, identifier: String)
    /// An event reached the monitor's `events` in the running process.
    case delivered(monitor: String, SimMonitorEventRecord)
    /// An event is held for the monitor, for a reason; Core Location stops monitoring its
    /// condition until a process opens the monitor and receives it.
    case held(monitor: String, SimMonitorEventRecord, SimMonitorHoldReason)

    /// The event's category, decided by the case.
    public var kind: Kind {
        switch self {
        case .opened: .open
        case .added: .add
        case .removed: .remove
        case .delivered: .event
        case .held: .held
        }
    }
}

extension SimSystem {
    /// Emits a monitor event.
    func emit(_ event: MonitorEvent) {
        emit(.monitor(event))
    }
}
