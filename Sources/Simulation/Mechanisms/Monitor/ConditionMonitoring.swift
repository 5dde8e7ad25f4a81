import Geodesy

/// `CLMonitor` (§11, iOS 17+): named monitors whose circular conditions Core Location watches
/// for the app, not for a process, with the rules of regions (`BoundaryCrossing`, the
/// drawn `ReportDelay`, the wake, the `BoundaryPoll`) and the same limit of 20, counted over regions and
/// conditions together.
///
/// - A monitor is opened by name in a process (``SimApplication/monitor(named:)``); one open
///   instance per name: a second `CLMonitor(name)` while the first is open ends the app
///   (``MonitorCrash/openedTwice(name:)``). [obs]
/// - Conditions persist across processes, kept here by the monitor's name. A condition added
///   with an unknown state (or one the device contradicts) gets an event with its first
///   determined state after `monitor.initialStateLatency`; crossings after that count as region
///   crossings do and come a `ReportDelay` later (drawn per event from the monitor's own stream). A 21st condition is kept but not
///   monitored: its event says `unmonitored` (and, iOS 18+, `conditionLimitExceeded`).
/// - An event reaches the monitor's `events` when a running process has the monitor open. A
///   suspended app is woken, a terminated one relaunched, for `regions.wakeSeconds` with Always
///   (after a force quit as regions are); the relaunched app must open the monitor with the
///   same name to get the event. Until some process does, the event is held, and "Core
///   Location stops monitoring conditions if an event is pending for them, and there isn't a
///   configured CLMonitor to receive it" [doc]: the condition is watched again once the event
///   is delivered, from the state the event reported.
@MainActor
public final class ConditionMonitoring: BackgroundMechanism {
    /// One condition as Core Location keeps it.
    private struct Watched {
        var condition: SimCircularGeographicCondition
        var assumed: SimMonitoringState
        var crossing: BoundaryCrossing
        /// The record's last event: the last one the app received, or the assumed state.
        var lastEvent: SimMonitorEvent
        /// False for a condition over the limit.
        var monitored: Bool
        /// An event waiting for the monitor; `scheduled` once it is on its way to the app.
        var pending: (event: SimMonitorEvent, record: SimMonitorEventRecord, scheduled: Bool)?
        /// Core Location stopped watching it: an event waits and no monitor is open to take it.
        var paused = false
    }

    /// A named monitor: its conditions in the order added, and the instance open in a process.
    private struct Monitor {
        var order: [String] = []
        var conditions: [String: Watched] = [:]
        var open: SimCLMonitor?
    }

    private var monitors: [String: Monitor] = [:]
    private lazy var poll = BoundaryPoll(watching: { [unowned self] in watchesAnything },
                                         look: { [unowned self] system in look(in: system) })
    /// Events waiting out their latency, by monitor and condition.
    private var inFlight: [(monitor: String, identifier: String, work: ScheduledWork)] = []
    /// The crossings' delays, one draw per crossing.
    private var delays = ReportDelay(seed: 0)

    public init() {}

    /// The delays' seed is the run's, salted apart from the regions' stream.
    public func installed(in system: SimSystem) {
        delays = ReportDelay(seed: system.configuration.seed ^ Self.delaySalt)
    }

    /// The salt of the delays' stream ("CLMonito").
    static let delaySalt: UInt64 = 0x434C_4D6F_6E69_746F

    /// Conditions keep nothing running: they wake the app instead.
    public func holdStatus(in system: SimSystem) -> SimHoldStatus { .notHolding(nil) }

    /// The conditions Core Location monitors for the app, over every monitor (for the shared limit).
    public var monitoredConditionCount: Int {
        monitors.values.reduce(0) { count, monitor in count + monitor.conditions.values.filter(\.monitored).count }
    }

    /// The identifiers of the monitor named `name`, in the order added (they outlive processes).
    public func identifiers(inMonitorNamed name: String) -> [String] {
        monitors[name]?.order ?? []
    }

    // MARK: The app's calls

    func open(_ name: String, process: Int, in system: SimSystem) -> SimCLMonitor {
        let handle = SimCLMonitor(name: name, process: process, owner: self, system: system)
        guard system.profile.monitor.isAvailable else {
            system.emit(.warning(.monitor(.unavailable(profile: system.profile.name))))
            return handle
        }
        if let open = monitors[name]?.open, open.isOpen, open.process == process {
            system.crash(.monitor(.openedTwice(name: name)))
            return handle
        }
        system.mechanism(LocationServiceSessions.self)?.noteImplicitUse(in: system)
        var monitor = monitors[name] ?? Monitor()
        monitor.open = handle
        monitors[name] = monitor
        handle.isOpen = true
        let pending = monitor.conditions.values.filter { $0.pending != nil }.count
        system.emit(MonitorEvent.opened(monitor: name, conditions: monitor.order.count, pending: pending))
        flush(name, in: system)
        return handle
    }

    func add(_ condition: SimCircularGeographicCondition, identifier: String, assuming: SimMonitoringState, to handle: SimCLMonitor, in system: SimSystem) {
        let name = handle.name
        guard isOpen(handle, in: system), var monitor = monitors[name] else { return }
        if let existing = monitor.conditions[identifier] {
            // The same condition again (an app adds its conditions at every launch): kept as it is.
            if existing.condition == condition {
                system.emit(MonitorEvent.added(monitor: name, condition.record(identifier), assuming: assuming, kept: true, monitored: existing.monitored))
                return
            }
            drop(identifier, of: name)
            monitor = monitors[name] ?? monitor
        }
        let regions = system.mechanism(RegionMonitoring.self)?.regions.count ?? 0
        let monitored = regions + monitoredConditionCount < system.profile.regions.maximumMonitored
        let startDate = system.configuration.trajectory.startDate
        let now = system.now
        let first = monitored ? assuming : .unmonitored
        var watched = Watched(
            condition: condition, assumed: assuming, crossing: BoundaryCrossing(),
            lastEvent: SimMonitorEvent(identifier: identifier, state: first, time: now, startDate: startDate), monitored: monitored)
        if !monitor.order.contains(identifier) { monitor.order.append(identifier) }
        monitor.conditions[identifier] = watched
        monitors[name] = monitor
        system.emit(MonitorEvent.added(monitor: name, condition.record(identifier), assuming: assuming, kept: false, monitored: monitored))
        guard monitored else {
            // Over the limit: kept, not monitored, and the monitor is told so at once.
            let limit = system.profile.monitor.hasConditionLimitExceeded
            let event = SimMonitorEvent(identifier: identifier, state: .unmonitored, time: now, startDate: startDate, conditionLimitExceeded: limit)
            report(event, SimMonitorEventRecord(identifier: identifier, state: .unmonitored, date: now.seconds, conditionLimitExceeded: limit),
                   monitor: name, in: system)
            return
        }
        if let position = system.configuration.trajectory.position(at: now.seconds) {
            let inside = condition.contains(position.coordinate)
            watched.crossing = BoundaryCrossing(inside: inside)
            monitors[name]?.conditions[identifier] = watched
            determined(inside: inside, identifier, of: name, in: system)
        }
        poll.ensure(in: system)
    }

    func remove(_ identifier: String, from handle: SimCLMonitor, in system: SimSystem) {
        guard isOpen(handle, in: system), monitors[handle.name]?.conditions[identifier] != nil else { return }
        drop(identifier, of: handle.name)
        system.emit(MonitorEvent.removed(monitor: handle.name, identifier: identifier))
    }

    func identifiers(of handle: SimCLMonitor) -> [String] {
        handle.isOpen ? identifiers(inMonitorNamed: handle.name) : []
    }

    func record(for identifier: String, of handle: SimCLMonitor) -> SimMonitorRecord? {
        guard handle.isOpen, let watched = monitors[handle.name]?.conditions[identifier] else { return nil }
        return SimMonitorRecord(condition: watched.condition, lastEvent: watched.lastEvent)
    }

    private func isOpen(_ handle: SimCLMonitor, in system: SimSystem) -> Bool {
        handle.isOpen && monitors[handle.name]?.open === handle
    }

    private func drop(_ identifier: String, of name: String) {
        monitors[name]?.conditions[identifier] = nil
        monitors[name]?.order.removeAll { $0 == identifier }
        for entry in inFlight where entry.monitor == name && entry.identifier == identifier { entry.work.cancel() }
        inFlight.removeAll { $0.monitor == name && $0.identifier == identifier }
    }

    // MARK: Watching the device

    private var watchesAnything: Bool {
        monitors.values.contains { $0.conditions.values.contains { $0.monitored && !$0.paused } }
    }

    private func look(in system: SimSystem) {
        guard let services = system.mechanism(LocationServices.self), services.authorization.allowsLocation else { return }
        let position = system.configuration.trajectory.position(at: system.now.seconds)
        for name in monitors.keys.sorted() {
            for identifier in monitors[name]?.order ?? [] {
                guard var watched = monitors[name]?.conditions[identifier], watched.monitored, !watched.paused else { continue }
                guard let position else {
                    watched.crossing.lostPosition()
                    monitors[name]?.conditions[identifier] = watched
                    continue
                }
                let now = system.now.seconds
                let distance = Geodesy.distance(from: watched.condition.center, to: position.coordinate)
                let step = watched.crossing.note(distance: distance, radius: watched.condition.radius, at: now, profile: system.profile)
                monitors[name]?.conditions[identifier] = watched
                switch step {
                case .none:
                    break
                case .determined(let inside):
                    determined(inside: inside, identifier, of: name, in: system)
                case .crossed(let entered, let crossedAt, let qualifiedAt):
                    let state: SimMonitoringState = entered ? .satisfied : .unsatisfied
                    let record = SimMonitorEventRecord(identifier: identifier, state: state, date: qualifiedAt, crossedAt: crossedAt)
                    later(delays.next(system.profile.regions), identifier, of: name, in: system) { [unowned self, unowned system] in
                        let event = SimMonitorEvent(identifier: identifier, state: state, time: SimInstant(seconds: qualifiedAt),
                                                    startDate: system.configuration.trajectory.startDate)
                        report(event, record, monitor: name, in: system)
                    }
                }
            }
        }
    }

    /// The first position known for a condition: an event when it contradicts the assumed state.
    private func determined(inside: Bool, _ identifier: String, of name: String, in system: SimSystem) {
        guard let watched = monitors[name]?.conditions[identifier] else { return }
        let state: SimMonitoringState = inside ? .satisfied : .unsatisfied
        guard watched.assumed != state else { return }
        let now = system.now
        let event = SimMonitorEvent(identifier: identifier, state: state, time: now, startDate: system.configuration.trajectory.startDate)
        let record = SimMonitorEventRecord(identifier: identifier, state: state, date: now.seconds)
        // A condition added while the app handles an event is first judged at the next check:
        // an app that re-adds what it just heard about must not hear of it again at this instant.
        let latency = delivering ? max(system.profile.monitor.initialStateLatency, system.profile.regions.checkInterval)
                                 : system.profile.monitor.initialStateLatency
        later(latency, identifier, of: name, in: system) { [unowned self, unowned system] in
            report(event, record, monitor: name, in: system)
        }
    }

    private func later(_ seconds: Double, _ identifier: String, of name: String, in system: SimSystem, _ action: @escaping @MainActor () -> Void) {
        var work: ScheduledWork?
        work = system.scheduler.schedule(after: seconds, owner: .mechanism) { [unowned self] in
            inFlight.removeAll { $0.work === work }
            action()
        }
        if let work { inFlight.append((name, identifier, work)) }
    }

    // MARK: Telling the app

    /// An event is due: it waits for the monitor, iOS wakes or relaunches the app for it
    /// (Always), and it reaches the monitor if a running process has it open; else it is held.
    private func report(_ event: SimMonitorEvent, _ record: SimMonitorEventRecord, monitor name: String, in system: SimSystem) {
        guard monitors[name]?.conditions[event.identifier] != nil else { return }
        // The newest event of a condition replaces one still waiting.
        monitors[name]?.conditions[event.identifier]?.pending = (event, record, false)
        var reason = SimMonitorHoldReason.monitorNotOpen  // unless the app does not run, or sessions withhold it, below
        if system.appState.isRunning, let withheld = system.mechanism(LocationServiceSessions.self)?.deliveryObstacle(in: system) {
            reason = .serviceSession(withheld)
        }
        if !system.appState.isRunning, system.appState != .notRunning, let services = system.mechanism(LocationServices.self) {
            let status = services.authorization.effective
            if status != .authorizedAlways {
                reason = .needsAlways(status)
            } else if let sessions = system.mechanism(LocationServiceSessions.self), !sessions.permitsEventsWhileNotInUse(in: system) {
                reason = .serviceSession(.insufficientlyInUse)
            } else if system.wasForceQuit, !system.profile.regions.relaunchAfterForceQuit {
                reason = .forceQuit
            } else {
                system.wake(for: .monitor(.event), seconds: system.profile.regions.wakeSeconds, afterForceQuit: system.profile.regions.relaunchAfterForceQuit)
            }
        }
        flush(name, in: system)
        guard let pending = monitors[name]?.conditions[event.identifier]?.pending, !pending.scheduled else { return }
        monitors[name]?.conditions[event.identifier]?.paused = true
        system.emit(MonitorEvent.held(monitor: name, record, reason))
    }

    /// Sends the monitor's waiting events to the app, if a running process has it open; each
    /// reaches it on the next turn of the run loop, after the code that opened the monitor.
    private func flush(_ name: String, in system: SimSystem) {
        guard system.appState.isRunning, let handle = monitors[name]?.open, handle.isOpen, handle.process == system.process else { return }
        // From iOS 18 the events wait while the app's service sessions do not let them through.
        guard system.mechanism(LocationServiceSessions.self)?.deliveryObstacle(in: system) == nil else { return }
        for identifier in monitors[name]?.order ?? [] {
            guard var watched = monitors[name]?.conditions[identifier], let pending = watched.pending, !pending.scheduled else { continue }
            watched.pending?.scheduled = true
            monitors[name]?.conditions[identifier] = watched
            system.scheduleAppWork(after: 0) { [weak self, weak handle, unowned system] in
                guard let self, let handle else { return }
                deliver(pending.event, pending.record, to: handle, in: system)
            }
        }
    }

    /// Whether the app's code is handling an event now.
    private var delivering = false

    private func deliver(_ event: SimMonitorEvent, _ record: SimMonitorEventRecord, to handle: SimCLMonitor, in system: SimSystem) {
        let name = handle.name
        guard isOpen(handle, in: system), var watched = monitors[name]?.conditions[event.identifier],
              let pending = watched.pending, pending.event == event else { return }
        // iOS 18's diagnostics (as `conditionLimitExceeded`): approximate location when it reaches the app.
        var event = event
        event.accuracyLimited = system.profile.monitor.hasConditionLimitExceeded
            && system.mechanism(LocationServices.self)?.authorization.accuracy == .reducedAccuracy
        watched.pending = nil
        watched.lastEvent = event
        if watched.paused {
            // Core Location watches the condition again, from the state it reported.
            watched.paused = false
            watched.crossing = BoundaryCrossing(inside: event.state == .satisfied ? true : event.state == .unsatisfied ? false : nil)
        }
        monitors[name]?.conditions[event.identifier] = watched
        system.emit(MonitorEvent.delivered(monitor: name, record))
        delivering = true
        handle.deliver(event, in: system)
        delivering = false
        poll.ensure(in: system)
    }

    // MARK: Lifecycle

    public func appStateChanged(in system: SimSystem, from old: SimAppState) {
        // A suspended app whose monitor is open gets what waited for it when it runs again.
        guard system.appState.isRunning else { return }
        for name in monitors.keys.sorted() { flush(name, in: system) }
    }

    public func processEnded(in system: SimSystem, process: Int, forceQuit: Bool) {
        // The instances end with the process; conditions, and events not yet received, stay.
        for name in monitors.keys {
            monitors[name]?.open?.isOpen = false
            monitors[name]?.open = nil
            for identifier in monitors[name]?.order ?? [] where monitors[name]?.conditions[identifier]?.pending != nil {
                monitors[name]?.conditions[identifier]?.pending?.scheduled = false
                monitors[name]?.conditions[identifier]?.paused = true
            }
        }
    }

    public func runEnded(in system: SimSystem) {
        poll.cancel()
        for entry in inFlight { entry.work.cancel() }
        inFlight = []
        for name in monitors.keys { monitors[name]?.open?.isOpen = false }
    }
}
