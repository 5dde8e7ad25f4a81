import Geodesy

/// Region monitoring and visits (§11): Core Location watches up to 20 circles and the places
/// where the device stays, for the app rather than for a process, and tells the app of
/// crossings and visits minutes late, waking or relaunching it in the background to do so.
///
/// The rules, each a ``SimProfile`` parameter (the crossing rule is `BoundaryCrossing`, which
/// `CLMonitor` conditions share; so is the limit of 20, counted over both, and the
/// `BoundaryPoll`):
/// - A crossing counts once the device is `regions.crossingDistance` (200 m) beyond the boundary
///   (for an entry: inside by that much, or by `regions.entryDepthFraction` of the radius if
///   less) and has stayed so for `regions.crossingDwell` (20 s); the app hears of it a
///   `ReportDelay` later, drawn per event (median 30 s, 90th percentile 120 s, at most 300 s).
/// - A visit arrives once the device has stayed within `visits.radius` (100 m) of a point for
///   `visits.dwell` (10 min), dated when it came there; it departs when the device leaves that
///   circle. The app hears of each after the same drawn delay plus `visits.latency` (0 s).
/// - A suspended app is woken, a terminated one relaunched, for `regions.wakeSeconds` (10 s) —
///   only with Always, and after a force quit only when `regions.relaunchAfterForceQuit`
///   (iOS 7.1+). The event reaches the managers of the process that runs then.
///
/// The mechanism reads the device's true position from the trip, not the app's fixes: Core
/// Location watches regions whether or not the app asks for updates.
@MainActor
public final class RegionMonitoring: BackgroundMechanism {
    /// The regions the app monitors, in the order it started them.
    public private(set) var regions: [SimCircularRegion] = []
    /// Whether the app has the visit service on.
    public private(set) var isMonitoringVisits = false

    /// The crossing rule's state per region identifier.
    private var tracking: [String: BoundaryCrossing] = [:]
    /// Where a possible visit began, and whether it has been reported as an arrival.
    private var visitAnchor: (coordinate: GeoCoordinate, time: Double, arrived: Bool)?
    private lazy var poll = BoundaryPoll(watching: { [unowned self] in !regions.isEmpty || isMonitoringVisits },
                                         look: { [unowned self] system in look(in: system) })
    /// Events waiting out their delay, by region identifier (`nil` for visits).
    private var pending: [(identifier: String?, work: ScheduledWork)] = []
    /// The delays of regions and visits, one draw per event.
    private var delays = ReportDelay(seed: 0)

    public init() {}

    /// The delays' seed is the run's, salted so the stream is the mechanism's own and does not
    /// move when the trip draws more or fewer fixes.
    public func installed(in system: SimSystem) {
        delays = ReportDelay(seed: system.configuration.seed ^ Self.delaySalt)
    }

    /// The salt of the delays' stream ("RegionDe").
    static let delaySalt: UInt64 = 0x5265_6769_6F6E_4465

    /// Regions and visits keep nothing running: they wake the app instead.
    public func holdStatus(in system: SimSystem) -> SimHoldStatus { .notHolding(nil) }

    // MARK: From the location manager

    func start(_ region: SimCircularRegion, for manager: SimLocationManager, in system: SimSystem) {
        guard let services = system.mechanism(LocationServices.self) else { return }
        let refused = !services.authorization.allowsLocation || services.authorization.accuracy == .reducedAccuracy
        let replaces = regions.contains { $0.identifier == region.identifier }
        // The limit is the app's, shared with its CLMonitor conditions (§11).
        let conditions = system.mechanism(ConditionMonitoring.self)?.monitoredConditionCount ?? 0
        if refused || (!replaces && regions.count + conditions >= system.profile.regions.maximumMonitored) {
            let error: SimLocationError = refused ? .regionMonitoringDenied : .regionMonitoringFailure
            system.emit(RegionEvent.failure(region.record, error))
            // Core Location answers on a later turn of the run loop, as it does for authorization.
            system.scheduleAppWork(after: 0) { [weak manager] in manager?.monitoringFailed(for: region, error) }
            return
        }
        stop(identifier: region.identifier, in: system, log: false)
        regions.append(region)
        let position = system.configuration.trajectory.position(at: system.now.seconds)
        tracking[region.identifier] = BoundaryCrossing(inside: position.map { region.contains($0.coordinate) })
        system.emit(RegionEvent.start(region.record))
        poll.ensure(in: system)
    }

    func stop(identifier: String, in system: SimSystem, log: Bool = true) {
        guard let index = regions.firstIndex(where: { $0.identifier == identifier }) else { return }
        let region = regions.remove(at: index)
        tracking[identifier] = nil
        for entry in pending where entry.identifier == identifier { entry.work.cancel() }
        pending.removeAll { $0.identifier == identifier }
        if log { system.emit(RegionEvent.stop(region.record)) }
    }

    func startVisits(in system: SimSystem) {
        guard !isMonitoringVisits else { return }
        isMonitoringVisits = true
        visitAnchor = nil
        system.emit(VisitEvent.start)
        noteVisitPosition(in: system)
        poll.ensure(in: system)
    }

    func stopVisits(in system: SimSystem) {
        guard isMonitoringVisits else { return }
        isMonitoringVisits = false
        visitAnchor = nil
        for entry in pending where entry.identifier == nil { entry.work.cancel() }
        pending.removeAll { $0.identifier == nil }
        system.emit(VisitEvent.stop)
    }

    // MARK: Watching the device

    private func look(in system: SimSystem) {
        guard let services = system.mechanism(LocationServices.self), services.authorization.allowsLocation else { return }
        guard let position = system.configuration.trajectory.position(at: system.now.seconds) else {
            // No position, no evidence: a crossing must be seen again from its start.
            for identifier in tracking.keys { tracking[identifier]?.lostPosition() }
            return
        }
        for region in regions { track(region, at: position.coordinate, in: system) }
        if isMonitoringVisits { noteVisitPosition(in: system) }
    }

    private func track(_ region: SimCircularRegion, at coordinate: GeoCoordinate, in system: SimSystem) {
        guard var state = tracking[region.identifier] else { return }
        let now = system.now.seconds
        let step = state.note(distance: Geodesy.distance(from: region.center, to: coordinate), radius: region.radius, at: now, profile: system.profile)
        tracking[region.identifier] = state
        // A counted crossing: the app hears of it after its delay.
        guard case .crossed(let entered, let crossedAt, let qualifiedAt) = step, entered ? region.notifyOnEntry : region.notifyOnExit else { return }
        later(identifier: region.identifier, in: system) { [unowned self] in
            report(region, entered: entered, crossedAt: crossedAt, qualifiedAt: qualifiedAt, in: system)
        }
    }

    private func noteVisitPosition(in system: SimSystem) {
        guard let position = system.configuration.trajectory.position(at: system.now.seconds) else { return }
        let profile = system.profile
        let now = system.now.seconds
        guard let anchor = visitAnchor, Geodesy.distance(from: anchor.coordinate, to: position.coordinate) <= profile.visits.radius else {
            if let anchor = visitAnchor, anchor.arrived {
                let visit = SimVisit(coordinate: anchor.coordinate, horizontalAccuracy: profile.visits.radius,
                                     arrival: SimInstant(seconds: anchor.time), departure: system.now,
                                     startDate: system.configuration.trajectory.startDate)
                later(identifier: nil, in: system) { [unowned self] in report(visit, in: system) }
            }
            visitAnchor = (position.coordinate, now, false)
            return
        }
        guard !anchor.arrived, now - anchor.time >= profile.visits.dwell else { return }
        visitAnchor?.arrived = true
        let visit = SimVisit(coordinate: anchor.coordinate, horizontalAccuracy: profile.visits.radius,
                             arrival: SimInstant(seconds: anchor.time), departure: nil,
                             startDate: system.configuration.trajectory.startDate)
        later(identifier: nil, in: system) { [unowned self] in report(visit, in: system) }
    }

    private func later(identifier: String?, in system: SimSystem, _ action: @escaping @MainActor () -> Void) {
        let delay = delays.next(system.profile.regions) + (identifier == nil ? system.profile.visits.latency : 0)
        var work: ScheduledWork?
        work = system.scheduler.schedule(after: delay, owner: .mechanism) { [unowned self] in
            pending.removeAll { $0.work === work }
            action()
        }
        if let work { pending.append((identifier, work)) }
    }

    // MARK: Telling the app

    private func report(_ region: SimCircularRegion, entered: Bool, crossedAt: Double, qualifiedAt: Double, in system: SimSystem) {
        let held = holdsUntilFirstUnlock(in: system, { [unowned self] in report(region, entered: entered, crossedAt: crossedAt, qualifiedAt: qualifiedAt, in: system) }) {
            system.emit(RegionEvent.lost(region.record, entered: entered, crossedAt: crossedAt, qualifiedAt: qualifiedAt, cause: .device(.beforeFirstUnlock)))
        }
        if held { return }
        let reached = reachApp(for: .regions(entered ? .entry : .exit), identifier: region.identifier, in: system)
        guard case .success(let services) = reached else {
            if case .failure(let lost) = reached { system.emit(RegionEvent.lost(region.record, entered: entered, crossedAt: crossedAt, qualifiedAt: qualifiedAt, cause: lost.cause)) }
            return
        }
        system.emit(RegionEvent.crossing(region.record, entered: entered, crossedAt: crossedAt, qualifiedAt: qualifiedAt))
        for manager in services.managers { manager.deliverRegionEvent(region, entered: entered) }
    }

    private func report(_ visit: SimVisit, in system: SimSystem) {
        let held = holdsUntilFirstUnlock(in: system, { [unowned self] in report(visit, in: system) }) {
            system.emit(VisitEvent.lost(visit.record, cause: .device(.beforeFirstUnlock)))
        }
        if held { return }
        let reached = reachApp(for: .visits(.visit), identifier: nil, in: system)
        guard case .success(let services) = reached else {
            if case .failure(let lost) = reached { system.emit(VisitEvent.lost(visit.record, cause: lost.cause)) }
            return
        }
        system.emit(VisitEvent.visit(visit.record))
        for manager in services.managers { manager.deliverVisit(visit) }
    }

    /// Why an event could not reach the app: `cause` is `nil` when its stop says why.
    private struct EventLost: Error {
        var cause: SimCause?
    }

    /// Wakes or relaunches the app for an event (of region `identifier`, or a visit) if it does
    /// not run; the location services once it runs, or why the event cannot reach it.
    private func reachApp(for reason: SimWakeReason, identifier: String?, in system: SimSystem) -> Result<LocationServices, EventLost> {
        guard let services = system.mechanism(LocationServices.self), system.appState != .notRunning else { return .failure(EventLost()) }
        if !system.appState.isRunning {
            guard services.authorization.effective == .authorizedAlways else {
                let status = services.authorization.effective
                system.emit(.warning(identifier.map { .regions(.eventNotDelivered(identifier: $0, authorization: status)) }
                                                   ?? .visits(.eventNotDelivered(authorization: status))))
                return .failure(EventLost(cause: .authorization(status)))
            }
            system.wake(for: reason, seconds: system.profile.regions.wakeSeconds, afterForceQuit: system.profile.regions.relaunchAfterForceQuit)
            if !system.appState.isRunning, system.wasForceQuit { return .failure(EventLost(cause: .forceQuit)) }
            if !system.appState.isRunning, let blocked = system.backgroundLaunchBlocked { return .failure(EventLost(cause: blocked)) }
        }
        return system.appState.isRunning ? .success(services) : .failure(EventLost())
    }

    // MARK: §15 Restarts

    /// Events that came due after a restart, before the first unlock, oldest first: how to
    /// report each at the unlock, and how to log it lost if the run ends first.
    private var heldUntilFirstUnlock: [(report: @MainActor () -> Void, lose: @MainActor () -> Void)] = []

    /// Before the first unlock after a restart iOS launches no app: regions and visits persist,
    /// and the event is delivered (relaunching the app) at the first unlock. [doc][model]
    private func holdsUntilFirstUnlock(in system: SimSystem, _ report: @escaping @MainActor () -> Void,
                                       lose: @escaping @MainActor () -> Void) -> Bool {
        guard !system.appState.isRunning, !system.device.unlockedSinceBoot else { return false }
        heldUntilFirstUnlock.append((report, lose))
        return true
    }

    public func deviceChanged(in system: SimSystem, from old: SimDevice) {
        guard !old.unlockedSinceBoot, system.device.unlockedSinceBoot else { return }
        let held = heldUntilFirstUnlock
        heldUntilFirstUnlock = []
        for entry in held { entry.report() }
    }

    public func runEnded(in system: SimSystem) {
        // Never unlocked: the events never reached the app (the goal counts them missed).
        let held = heldUntilFirstUnlock
        heldUntilFirstUnlock = []
        for entry in held { entry.lose() }
        poll.cancel()
        for entry in pending { entry.work.cancel() }
        pending = []
    }
}
