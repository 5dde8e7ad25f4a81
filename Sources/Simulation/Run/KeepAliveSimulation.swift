/// Replays a trip into a simulated app and reports whether it stays alive in the background.
///
/// ```swift
/// let simulation = KeepAliveSimulation(configuration, app: StandardNavigationApp())
/// let result = simulation.run()
/// print(result.summary.verdict, result.summary.causes)
/// ```
///
/// `app` is evaluated for every launch: a relaunch by the system starts a new process with a
/// new delegate, as on iOS. Everything happens in virtual time on ``clock``: a day-long trip runs
/// in a fraction of a second, and the same configuration (and seed) always gives the same events.
/// Events stream to the sinks; by default the run keeps them all in ``SimulationResult/events``,
/// and with `keepsEvents: false` it keeps none, so its memory does not grow with the trip.
@MainActor
public final class KeepAliveSimulation {
    /// The simulated iOS; install further mechanisms on it before running.
    public let system: SimSystem
    /// The simulation's clock.
    public var clock: SimClock { system.clock }
    private let log: SimEventLog?
    private let end: SimInstant
    private let appTasks: AppTaskTracker
    private var finished = false
    /// One meter per goal, fed by the event stream.
    private let goalMeters: [SimGoalMeter]

    /// Sets up a run. `sinks` hear every event as it happens.
    public init(
        _ configuration: SimulationConfiguration, app: @autoclosure @escaping @MainActor () -> SimAppDelegate,
        sinks: [SimEventSink] = [], keepsEvents: Bool = true
    ) {
        let log = keepsEvents ? SimEventLog() : nil
        self.log = log
        system = SimSystem(configuration: configuration, makeApp: app, sinks: (log.map { [$0] } ?? []) + sinks)
        appTasks = system.appTasks
        goalMeters = configuration.goals.map { $0.meter(for: configuration) }
        for meter in goalMeters {
            system.addSink(meter)
            system.record.stopObservers.append { [unowned meter] causes in meter.appStopped(causes: causes) }
        }
        StandardMechanisms.install(in: system, configuration)
        system.deviceRunStarts()
        end = SimInstant(seconds: Self.endSeconds(of: configuration))
        system.scheduler.end = end
        if configuration.launchesAtStart {
            system.scheduler.schedule(at: .zero, owner: .system) { [unowned system] in system.launch(inBackground: false, cause: .tripStarts) }
        }
        for event in configuration.timeline {
            system.scheduler.schedule(at: SimInstant(seconds: event.time), owner: .system) { [unowned system] in
                Self.apply(event.action, to: system)
            }
        }
    }

    /// Where a run of `configuration` ends, in seconds from the start: its `duration`, or else the
    /// end of the trip or the last scenario event, whichever is later. Reports that draw the run
    /// on a time axis while it streams need it before the run.
    public nonisolated static func endSeconds(of configuration: SimulationConfiguration) -> Double {
        configuration.duration ?? max(configuration.trajectory.endTime, configuration.timeline.map(\.time).max() ?? 0)
    }

    /// The app's delegate in the current process (`nil` when it is not running).
    public var app: SimAppDelegate? { system.appDelegate }
    /// The current process's `UIApplication`.
    public var application: SimApplication? { system.application }

    /// Runs to the end of the trip and returns what happened.
    @discardableResult
    public func run() -> SimulationResult {
        step(until: end)
        return finish()
    }

    /// Runs until the app is first stopped (suspended or terminated), when the run's verdict is
    /// decided whatever follows, or else to the end; returns that verdict. The rest of the run
    /// does not happen: use it when only the verdict counts (`--explain`'s candidates).
    public func runToVerdict() -> SimVerdict {
        run(untilDecided: { system.record.ending != nil }).summary.verdict
    }

    /// Runs until a goal is missed whatever follows, or else to the end; returns whether every
    /// goal was met (`nil` without goals). The rest of the run does not happen: use it when only
    /// the answer counts (`--explain`'s candidates judged by the goal).
    public func runToAnswer() -> Bool? {
        run(untilDecided: { goalMeters.contains(where: \.missedForCertain) }).summary.goalMet
    }

    /// Steps until `decided` holds, or else to the end, and finishes the run there.
    private func run(untilDecided decided: () -> Bool) -> SimulationResult {
        while !decided(), let next = system.scheduler.nextTime, next <= end {
            let steps = system.scheduler.steps
            step(until: next)
            // Work that could not run (a scheduler that stopped) must not spin here.
            if system.scheduler.steps == steps { break }
        }
        if !decided() { step(until: end) }
        return finish()
    }

    /// Runs until `seconds` from the start (no further than the end), for stepping in tests.
    public func run(untilSeconds seconds: Double) {
        step(until: min(end, SimInstant(seconds: seconds)))
    }

    /// Runs to the end, letting the app's tasks (``SimApplication/task(_:)``) and anything
    /// sleeping on ``clock`` run before time moves on: tasks run on the main actor, which is
    /// drained until every app task waits on the clock or has finished, so runs repeat exactly.
    public func runAsync() async -> SimulationResult {
        while true {
            await drain()
            let sleepers = clock.earliestDeadline(runnable: runnableProcess)
            let next = [system.scheduler.nextTime, sleepers].compactMap { $0 }.min()
            // A stalled or stopped run (the log limit) moves no further: its sleepers would wait for ever.
            guard let next, next <= end, !system.scheduler.stalled, !system.scheduler.isStopped else { break }
            step(until: next)
            clock.resumeDue(runnable: runnableProcess)
        }
        step(until: end)
        let result = finish()
        await drain()
        return result
    }

    /// Yields the main actor until the app's tasks have come to rest: every task started with
    /// ``SimApplication/task(_:)``, or woken from a sleep, has slept (again) or finished. Sleeps
    /// may register from another thread, so this waits for them rather than for a number of
    /// turns. A task that waits on something else than the clock counts as at rest once nothing
    /// changed for a long while (other work: a short while); the wait is bounded, so a task that
    /// never waits cannot hang the run.
    private func drain() async {
        var quietRounds = 0
        var last = activity
        for _ in 0..<1_000_000 {
            await Task.yield()
            let now = activity
            quietRounds = now == last ? quietRounds + 1 : 0
            last = now
            if clock.appTasksInFlight == 0 {
                if quietRounds >= 64 || (appTasks.running == clock.appTaskSleeperCount && quietRounds >= 2) { return }
            } else if quietRounds >= 50_000 {
                return
            }
        }
    }

    /// The process whose sleeps may end now: the running one (-1, none, while it is suspended or ended).
    private var runnableProcess: Int { system.appState.isRunning ? system.process : -1 }

    private var activity: [Int] {
        [appTasks.running, clock.sleeperCount, clock.appTaskSleeperCount, clock.appTasksInFlight, system.record.emittedEvents, system.scheduler.count]
    }

    private func step(until limit: SimInstant) {
        system.scheduler.run(until: limit)
    }

    /// The summary so far; after `run()`, the whole run.
    public func result() -> SimulationResult {
        SimulationResult(events: log?.events ?? [], summary: summary(), logLimitReachedAt: system.record.logLimitReachedAt)
    }

    private func finish() -> SimulationResult {
        if !finished {
            finished = true
            system.record.strictCheck.finish(at: system.now)
            system.finish()
        }
        return result()
    }

    private func summary() -> SimSummary {
        let now = system.now
        let record = system.record
        let ending = record.ending
        let strict = record.strictCheck
        let strictVerdict: SimVerdict
        let strictAt: Double?
        if let suspended = strict.suspendedAt, let ending, ending.verdict == .terminated,
           case .watchdog = ending.causes.first, system.lastExpiry?.seconds == suspended {
            // The strict reading's expiry is the one that got the app killed: a termination there too.
            (strictVerdict, strictAt) = (.terminated, ending.time)
        } else if let suspended = strict.suspendedAt {
            (strictVerdict, strictAt) = (.suspended, suspended)
        } else if let stopped = strict.stoppedBefore {
            (strictVerdict, strictAt) = (stopped.verdict, stopped.time)
        } else {
            (strictVerdict, strictAt) = (record.reachedBackground ? .keptAlive : .foregroundOnly, nil)
        }
        let perState = record.secondsPerState(until: now).reduce(into: [String: Double]()) { $0[$1.key.rawValue] = $1.value }
        return SimSummary(
            verdict: ending?.verdict ?? (record.reachedBackground ? .keptAlive : .foregroundOnly),
            suspendedAt: ending?.verdict == .suspended ? ending?.time : nil,
            terminatedAt: record.firstTermination?.time,
            causes: ending?.causes ?? [],
            policy: system.configuration.policy,
            profile: system.profile.name,
            budgetSeconds: system.profile.backgroundTimeBudget,
            deliveredUpdates: record.deliveredUpdates,
            longestDeliveryGapSeconds: strict.longestGap,
            minimumBackgroundTimeRemaining: system.budget.leastRemaining,
            secondsInState: perState,
            strictVerdict: strictVerdict,
            strictSuspendedAt: strictAt,
            durationSeconds: now.seconds,
            processes: system.process,
            warnings: record.warnings,
            exitCategory: record.firstTermination.flatMap { SimExitCategory($0.cause) },
            exitedInForeground: record.firstTermination?.inForeground ?? false,
            infoPlistFindings: record.infoPlistFindings,
            coverage: goalMeters.map { $0.coverage(until: now.seconds) },
            terminationCause: record.firstTermination?.cause,
            stall: system.scheduler.stalled
                ? SimStall(at: now.seconds, steps: system.configuration.stepsPerInstant + Scheduler.stallDiagnosisSteps,
                           eventKinds: record.stallEventKinds ?? [])
                : nil)
    }

    private static func apply(_ action: SimScenarioEvent.Action, to system: SimSystem) {
        switch action {
        case .launch:
            system.returnToForeground(.userOpensApp)
        case .enterBackground:
            system.enterBackground(.userLeavesApp)
        case .returnToForeground:
            system.returnToForeground(.userReturnsToApp)
        case .lock:
            system.lock()
        case .unlock:
            system.unlock()
        case .memoryPressure:
            system.memoryPressure()
        case .forceQuit:
            system.forceQuit()
        case .setAuthorization(let status):
            system.mechanism(LocationServices.self)?.changeAuthorization({ model in
                model.granted = status
                model.isProvisionalAlways = false
                model.isTemporary = false
            }, .settingsChanged, in: system)
        case .setAccuracyAuthorization(let accuracy):
            system.mechanism(LocationServices.self)?.changeAuthorization({ $0.accuracy = accuracy }, .preciseLocationChanged, in: system)
        case .setLocationServices(let enabled):
            system.emit(.scenario, .scenario(.locationServicesSwitched(on: enabled)))
            system.mechanism(LocationServices.self)?.changeAuthorization({ $0.servicesEnabled = enabled }, .locationServicesSwitched(on: enabled), in: system)
        case .beginBackgroundTask, .endBackgroundTask, .startUpdatingLocation, .stopUpdatingLocation:
            runAppAction(action, in: system)
        default:
            (SimMechanismPayload.of(action) as? any SimMechanismScenarioAction)?.apply(to: system)
        }
    }

    /// The app's own code, as a scenario scripts it: it runs only while the app runs (§9).
    private static func runAppAction(_ action: SimScenarioEvent.Action, in system: SimSystem) {
        guard system.appState.isRunning, let application = system.application else {
            system.emit(.appCodeNotRun, .appCodeNotRun(action, state: system.appState))
            return
        }
        let manager = system.mechanism(LocationServices.self)?.managers.first
        switch action {
        case .beginBackgroundTask(let name):
            let holder = TaskHolder()
            holder.identifier = application.beginBackgroundTask(withName: name) { [holder] in
                application.endBackgroundTask(holder.identifier)
            }
        case .endBackgroundTask:
            if let oldest = application.oldestOpenBackgroundTask { application.endBackgroundTask(oldest) }
        case .startUpdatingLocation:
            manager?.startUpdatingLocation()
        case .stopUpdatingLocation:
            manager?.stopUpdatingLocation()
        default:
            break
        }
    }
}

/// Holds a task identifier for the expiration handler that ends it.
@MainActor
private final class TaskHolder {
    var identifier = SimBackgroundTaskIdentifier.invalid
}
