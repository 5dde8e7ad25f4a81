/// Replays a trip into a simulated app and reports whether it stays alive in the background.
///
/// ```swift
/// let simulation = KeepAliveSimulation(configuration, app: StandardNavigationApp())
/// let result = simulation.run()
/// print(result.summary.sentence)
/// ```
///
/// Everything happens in virtual time on ``clock``: a day-long trip runs in a fraction of a second,
/// and the same configuration (and seed) always gives the same events.
public final class KeepAliveSimulation {
    /// The simulation's clock; schedule your own work on it.
    public let clock: SimClock
    /// The app's `UIApplication`.
    public let application: SimApplication
    let world: SimWorld
    private let app: SimAppDelegate
    private let end: SimInstant
    private var finished = false

    /// Sets up a run. `app` receives the lifecycle callbacks; it is kept alive by the simulation.
    public init(_ configuration: SimulationConfiguration, app: SimAppDelegate) {
        clock = SimClock()
        world = SimWorld(configuration: configuration, clock: clock)
        application = SimApplication(world: world)
        self.app = app
        world.appDelegate = app
        let lastEvent = configuration.timeline.map(\.time).max() ?? 0
        end = SimInstant(seconds: configuration.duration ?? max(configuration.trajectory.endTime, lastEvent))
        if configuration.launchesAtStart {
            clock.schedule(at: .zero) { [world] in world.launch(inBackground: false, reason: "the trip starts") }
        }
        for event in configuration.timeline {
            clock.schedule(at: SimInstant(seconds: event.time)) { [world] in Self.apply(event.action, to: world) }
        }
    }

    /// Runs to the end of the trip and returns what happened.
    @discardableResult
    public func run() -> SimulationResult {
        run(until: end)
        return result()
    }

    /// Runs until `seconds` from the start (no further than the end), for stepping in tests.
    public func run(untilSeconds seconds: Double) {
        run(until: min(end, SimInstant(seconds: seconds)))
    }

    /// Runs to the end, resuming tasks sleeping on ``clock`` as their deadlines come and letting
    /// them run before time moves on.
    public func runAsync() async -> SimulationResult {
        while true {
            // Let tasks started by the last step run up to their next suspension (a sleep) first.
            for _ in 0..<100 { await Task.yield() }
            let next = [clock.scheduler.nextTime, clock.earliestSleeperDeadline].compactMap { $0 }.min()
            guard let next, next <= end else { break }
            clock.scheduler.run(until: next)
            _ = clock.resumeDueSleepers()
        }
        run(until: end)
        return result()
    }

    private func run(until limit: SimInstant) {
        clock.scheduler.run(until: limit)
    }

    /// The log and summary so far.
    public func result() -> SimulationResult {
        let now = clock.now
        world.strictCheck.finish(at: now)
        let ending = world.ending
        let strict = world.strictCheck
        let strictVerdict: SimVerdict
        let strictAt: Double?
        if let stopped = strict.stoppedBefore {
            (strictVerdict, strictAt) = (stopped.verdict, stopped.time)
        } else if let suspended = strict.suspendedAt {
            (strictVerdict, strictAt) = (.suspended, suspended)
        } else {
            (strictVerdict, strictAt) = (.keptAlive, nil)
        }
        let delivered = world.events.filter { $0.kind == .fixDelivered }.count
        let perState = world.secondsPerState(until: now).reduce(into: [String: Double]()) { $0[$1.key.rawValue] = $1.value }
        let summary = SimSummary(
            verdict: ending?.verdict ?? .keptAlive,
            suspendedAt: ending?.verdict == .suspended ? ending?.time : nil,
            terminatedAt: ending.flatMap { $0.verdict == .terminated || $0.verdict == .crashed ? $0.time : nil },
            reason: ending?.reason,
            policy: world.configuration.policy,
            profile: world.profile.name,
            budgetSeconds: world.profile.backgroundTimeBudget,
            deliveredUpdates: delivered,
            longestDeliveryGapSeconds: strict.longestGap,
            minimumBackgroundTimeRemaining: world.minimumRemaining,
            secondsInState: perState,
            strictVerdict: strictVerdict,
            strictSuspendedAt: strictAt,
            durationSeconds: now.seconds)
        return SimulationResult(events: world.events, summary: summary)
    }

    private static func apply(_ action: SimScenarioEvent.Action, to world: SimWorld) {
        switch action {
        case .launch:
            world.returnToForeground("the user opens the app")
        case .enterBackground:
            world.enterBackground("the user leaves the app")
        case .returnToForeground:
            world.returnToForeground("the user returns to the app")
        case .lock:
            world.lock()
        case .unlock:
            world.unlock()
        case .memoryPressure:
            world.memoryPressure()
        case .forceQuit:
            world.forceQuit()
        case .setAuthorization(let status):
            world.changeAuthorization({ model in
                model.granted = status
                model.isProvisionalAlways = false
                model.isTemporary = false
            }, "changed in Settings")
        case .setAccuracyAuthorization(let accuracy):
            world.changeAuthorization({ $0.accuracy = accuracy }, "Precise Location changed in Settings")
        case .setLocationServices(let enabled):
            world.log(.scenario, "Location Services switched \(enabled ? "on" : "off")")
            world.changeAuthorization({ $0.servicesEnabled = enabled }, "Location Services \(enabled ? "on" : "off")")
        case .beginBackgroundTask(let name):
            let application = SimApplication(world: world)
            var identifier = SimBackgroundTaskIdentifier.invalid
            identifier = application.beginBackgroundTask(withName: name) { application.endBackgroundTask(identifier) }
        case .endBackgroundTask:
            if let oldest = world.openTaskIdentifiers.first { world.endBackgroundTask(oldest) }
        case .startUpdatingLocation:
            world.managers.first?.startUpdatingLocation()
        case .stopUpdatingLocation:
            world.managers.first?.stopUpdatingLocation()
        }
    }
}
