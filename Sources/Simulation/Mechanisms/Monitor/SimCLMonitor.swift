import PlatformShapes
/// `CLMonitor` (iOS 17+): a named monitor of circular conditions, open in one process (§11).
///
/// ```swift
/// let monitor = application.monitor(named: "Geofences")
/// monitor.onEvent = { event in if event.state == .satisfied { … } }
/// monitor.add(SimCLMonitor.CircularGeographicCondition(center: cafe, radius: 150), identifier: "cafe", assuming: .unsatisfied)
/// ```
/// Conditions belong to the app and the monitor's name, not to the instance: a relaunched
/// process that opens the monitor with the same name finds them in `identifiers`, and receives
/// the events that came while no process had it open. Only one instance per name may be open
/// at a time: a second `monitor(named:)` with that name in the same process ends the app, as
/// iOS does. Once its process has ended (or before iOS 17) the instance is closed: it does
/// nothing, has no identifiers, and `events` finishes at once.
@MainActor
public final class SimCLMonitor: LocationMonitoring {
    /// `CLMonitor.CircularGeographicCondition`.
    public typealias CircularGeographicCondition = SimCircularGeographicCondition
    /// `CLMonitor.Event`.
    public typealias Event = SimMonitorEvent
    /// `CLMonitor.Record`.
    public typealias Record = SimMonitorRecord

    /// The monitor's name.
    public let name: String
    let process: Int
    private weak var owner: ConditionMonitoring?
    private weak var system: SimSystem?
    /// Called with each event while the app's process runs (the body of `for try await event in monitor.events`).
    public var onEvent: (@MainActor (SimMonitorEvent) -> Void)?
    private var continuations: [SimAsyncStream<SimMonitorEvent>.Continuation] = []
    /// Whether this instance is the open one: false once its process has ended, before iOS 17,
    /// and for a second instance of an open name.
    public internal(set) var isOpen = false {
        didSet { if !isOpen { continuations.forEach { $0.finish() }; continuations = [] } }
    }

    init(name: String, process: Int, owner: ConditionMonitoring, system: SimSystem) {
        self.name = name
        self.process = process
        self.owner = owner
        self.system = system
    }

    /// The events as an async sequence, as `for try await event in monitor.events`.
    public var events: SimAsyncStream<SimMonitorEvent> {
        SimAsyncStream("monitor.events", clock: system?.clock) { continuation in
            if isOpen { continuations.append(continuation) } else { continuation.finish() }
        }
    }

    /// The identifiers of the monitor's conditions, in the order added.
    public var identifiers: [String] { owner?.identifiers(of: self) ?? [] }

    /// `add(_:identifier:assuming:)`: monitors `condition` under `identifier` (replacing another
    /// condition with that identifier; the very same condition again is kept as it is). With an
    /// unknown state, or one the device contradicts, an event soon tells the real state.
    public func add(_ condition: SimCircularGeographicCondition, identifier: String, assuming state: SimMonitoringState = .unknown) {
        guard let owner, let system else { return }
        owner.add(condition, identifier: identifier, assuming: state, to: self, in: system)
    }

    /// `remove(_:)`: stops monitoring the condition and drops its record and waiting events.
    public func remove(_ identifier: String) {
        guard let owner, let system else { return }
        owner.remove(identifier, from: self, in: system)
    }

    /// `record(for:)`: the condition and the last event the app received for it; `nil` for an
    /// identifier the monitor does not have.
    public func record(for identifier: String) -> SimMonitorRecord? {
        owner?.record(for: identifier, of: self)
    }

    func deliver(_ event: SimMonitorEvent, in system: SimSystem) {
        system.runAppCode {
            onEvent?(event)
            continuations.forEach { $0.yield(event) }
        }
    }
}
