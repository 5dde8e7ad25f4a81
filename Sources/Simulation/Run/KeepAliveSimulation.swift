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
    /// The clock again, readable from `deinit` (which is not on the main actor).
    private nonisolated let clockToEnd: SimClock
    private let end: SimInstant
    private var finished = false
    /// Tasks `runAsync()` gave up waiting for, in the order found.
    private var restless: [SimRestlessTask] = []
    /// One meter per goal, fed by the event stream.
    private let goalMeters: [SimGoalMeter]

    /// Sets up a run. `sinks` hear every event as it happens.
    public init(
        _ configuration: SimulationConfiguration, app: @autoclosure @escaping @MainActor () -> SimAppDelegate,
        sinks: [SimEventSink] = [], keepsEvents: Bool = true
    ) {
        let log = keepsEvents ? SimEventLog() : nil
        self.log = log
        let system = SimSystem(configuration: configuration, makeApp: app, sinks: (log.map { [$0] } ?? []) + sinks)
        self.system = system
        clockToEnd = system.clock
        // The meters ask for the obstacle after events (after a fix only when told it may have
        // changed, below): the mechanism is looked up once it is installed, not at each ask (the look-up cast each mechanism in turn, and
        // its closures checked the executor: two thirds of the ask, 110 M instructions a day at 1 Hz).
        var services: LocationServices?
        goalMeters = configuration.goals.map { goal in
            goal.meter(for: configuration) { [unowned system] in
                if services == nil { services = system.mechanism(LocationServices.self) }
                return services?.deliveryObstacle(in: system)
            }
        }
        for meter in goalMeters {
            system.addSink(meter)
            system.record.stopObservers.append { [unowned meter] causes in meter.appStopped(causes: causes) }
        }
        StandardMechanisms.install(in: system, configuration)
        for meter in goalMeters {
            system.mechanism(LocationServices.self)?.deliveryObstacleObservers.append { [unowned meter] in meter.deliveryObstacleMayHaveChanged() }
        }
        system.deviceRunStarts()
        end = SimInstant(seconds: Self.endSeconds(of: configuration))
        system.scheduler.end = end
        if configuration.launchesAtStart {
            system.scheduler.schedule(at: .zero, owner: .system) { [unowned system] in system.launch(inBackground: false, cause: .tripStarts) }
        }
        for event in configuration.timeline {
            system.scheduler.schedule(at: SimInstant(seconds: event.time), owner: .system) { [unowned system] in
                event.action.apply(to: system)
            }
        }
    }

    /// A simulation let go of before its run ended ends its clock: a sleep on it (a test's own
    /// task) throws `CancellationError` rather than wait for a run that will never come.
    /// (Not an `isolated deinit`: that needs iOS 18.4 / macOS 15.4, and the clock takes its lock.)
    deinit {
        clockToEnd.endRun()
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
        withPlatform {
            step(until: end)
            return finish()
        }
    }

    /// Runs until the app is first stopped (suspended or terminated), when the run's verdict is
    /// decided whatever follows, or else to the end; returns that verdict. The rest of the run
    /// does not happen: use it when only the verdict counts (`--explain`'s candidates).
    public func runToVerdict() -> SimVerdict {
        withPlatform {
            run(untilDecided: { system.record.ending != nil })
            return verdict
        }
    }

    /// Runs until a goal is missed whatever follows, or else to the end; returns whether every
    /// goal was met (`nil` without goals). The rest of the run does not happen: use it when only
    /// the answer counts (`--explain`'s candidates judged by the goal).
    public func runToAnswer() -> Bool? {
        withPlatform { answer() }
    }

    private func answer() -> Bool? {
        run(untilDecided: { goalMeters.contains(where: \.missedForCertain) })
        // The summary's `goalMet`, without the gaps the answer does not need.
        let now = system.now.seconds
        return goalMeters.isEmpty ? nil : goalMeters.allSatisfy { $0.meets(until: now) }
    }

    /// Steps until `decided` holds, or else to the end, and finishes the run there.
    private func run(untilDecided decided: () -> Bool) {
        while !decided(), let next = system.scheduler.nextTime, next <= end {
            let steps = system.scheduler.steps
            step(until: next)
            // Work that could not run (a scheduler that stopped) must not spin here.
            if system.scheduler.steps == steps { break }
        }
        if !decided() { step(until: end) }
        finishRun()
    }

    /// Runs until `seconds` from the start (no further than the end), for stepping in tests.
    public func run(untilSeconds seconds: Double) {
        let limit = min(end, SimInstant(seconds: seconds))
        withPlatform { system.scheduler.run(until: limit, horizon: limit) }
    }

    /// Runs `body` with Apple's statics in app code — `AppClock.now`, `AppTaskScheduler.shared`,
    /// `AppProcessInfo.processInfo`, `AppNotificationCenter.default`, `LocationUpdate.liveUpdates(_:)`
    /// — bound to this simulation, as they are while it runs: for a test that calls app logic
    /// between steps (``run(untilSeconds:)``). The binding is the current task's
    /// (`SimulatedPlatformBinding.current`): a simulation run by another test never sees it.
    public func withPlatform<Result>(_ body: () throws -> Result) rethrows -> Result {
        #if os(iOS)
        try body()
        #else
        try SimulatedPlatformBinding.$current.withValue(system.platform, operation: body)
        #endif
    }

    /// Runs to the end, letting the app's tasks (``SimApplication/task(name:_:)``), the consumers
    /// of the simulation's sequences (``SimAsyncStream``: `manager.updates`, live updates, monitor
    /// events) and anything sleeping on ``clock`` run before time moves on. Every task the run
    /// wakes runs until it comes to rest — sleeps on the clock, waits on one of those sequences,
    /// or finishes — so a `for await` loop handles each value at the instant it was made, and
    /// runs repeat exactly. A task that does not come to rest within ``restBound`` turns of the
    /// main actor waits on something the simulation does not control: it is reported in
    /// ``SimulationResult/restlessTasks`` and no longer waited for.
    ///
    /// A task made on the main actor before the call (a test's own `Task { }`) runs until its
    /// first wait before time moves on. At the end, sleeps still waiting on ``clock`` end with
    /// `CancellationError` and are named in ``SimulationResult/unfinishedSleeps``; a sleep begun
    /// after the end throws at once.
    public func runAsync() async -> SimulationResult {
        #if os(iOS)
        await runAsyncBound()
        #else
        await SimulatedPlatformBinding.$current.withValue(system.platform) { await runAsyncBound() }
        #endif
    }

    private func runAsyncBound() async -> SimulationResult {
        // Jobs queued on the main actor before this call — a test's `Task { }` made just before
        // it — run first: one turn puts this job behind them. (Without it they first ran after
        // the run, which held the main actor's jobs from its first step, and slept for ever on
        // a stopped clock.)
        await Task.yield()
        #if os(Linux) && compiler(>=6.3)
        // The main actor's jobs are held and run here, between steps (SimMainExecutor): a value
        // handed to a `for await` loop on the main actor costs no turn of the platform's main
        // queue. What cannot be settled so — a task that runs on another thread or waits on
        // something foreign, a test's own task woken onto the global pool, jobs already on the
        // platform's queue — is left to `drain()`, which yields the main actor.
        let executor = SimMainExecutor.shared
        var running = true
        var drained = false
        repeat {
            await executor.beginHolding()
            // No `await` while holding: this job may run under the main executor the process had
            // before the run's was installed, and would wait for a job only this run can execute.
            // After a drain the tasks are at rest or reported: time moves on (a task that never
            // rests kept the run here for ever).
            var settled = drained || runHeldJobs(executor)
            drained = false
            while settled && running {
                running = advance()
                settled = runHeldJobs(executor)
            }
            executor.release()
            if !settled {
                yieldingDrains += 1
                await drain()
                drained = true
            }
        } while running
        #else
        repeat {
            yieldingDrains += 1
            await drain()
        } while advance()
        yieldingDrains += 1
        await drain()
        #endif
        return result()
    }

    /// How many times `runAsync()` could not settle its tasks by running the main actor's jobs
    /// itself and yielded the main actor instead (every time, where it cannot hold them).
    private(set) var yieldingDrains = 0

    #if os(Linux) && compiler(>=6.3)
    /// Runs the held jobs; returns whether every task the run woke is now at rest, with no task
    /// it does not drive woken since the last drain.
    private func runHeldJobs(_ executor: SimMainExecutor) -> Bool {
        let limit = heldJobLimit
        let ran = executor.runHeld(limit: limit)
        let atRest = clock.rest.isAtRest
        // Jobs kept coming with every task the run waits for at rest: something it does not
        // wait for spins (a task already reported restless, or another test's). The queue is
        // run in order, so every job queued before has had its turn: time moves on, and what
        // is still held runs in the next step or, at the release, on the platform's executors.
        // (It once took a yielding drain a step: a run beside another test's busy wait took a
        // turn of the whole main queue for every fix.)
        if ran == limit, atRest { heldJobLimit = Self.spinningHeldJobLimit }
        return atRest && clock.untrackedWakeCount == drainedUntrackedWakes
    }

    private var heldJobLimit = restBound

    /// How many held jobs a step runs, once something the run does not wait for has been seen
    /// to spin, before it moves time on: at the full ``restBound`` a busy-waiting
    /// task cost 10,000 jobs a step.
    static let spinningHeldJobLimit = 64
    #endif

    /// Moves time on to the next work or deadline, resuming the sleepers due then; at the end
    /// (or in a stalled or stopped run) finishes the run and returns `false`: ending the
    /// sequences and cancelling the sleeps lets their tasks run out too.
    private func advance() -> Bool {
        // No arrays: this runs at every step (a fix's, at 1 Hz).
        let next: SimInstant?
        switch (system.scheduler.nextTime, clock.earliestDeadline(runnable: runnableProcess)) {
        case let (work?, sleeper?): next = min(work, sleeper)
        case let (work?, nil): next = work
        case let (nil, sleeper): next = sleeper
        }
        // A stalled or stopped run (the log limit) moves no further: its sleepers would wait for ever.
        guard let next, next <= end, !system.scheduler.stalled, !system.scheduler.isStopped else {
            step(until: end)
            finish()
            return false
        }
        step(until: next)
        clock.resumeDue(runnable: runnableProcess)
        return true
    }

    /// How many turns of the main actor `runAsync()` gives the tasks it woke to come to rest
    /// before it reports them; a task at rest costs one turn. Where the run holds the main
    /// actor's jobs (Linux, Swift 6.3), a turn is one job.
    public static let restBound = 10_000

    /// Yields the main actor until every task the run woke has come to rest. Tasks that the app
    /// made itself with `Task { }` and that no sequence has woken yet are given one more turn:
    /// on the main actor, that is enough for them to reach their first wait.
    private func drain() async {
        let rest = clock.rest
        // After waking a task the run does not drive, the main actor must also have been quiet
        // for a while: such a task comes back through the global pool, at no exact turn.
        let untracked = clock.untrackedWakeCount != drainedUntrackedWakes
        drainedUntrackedWakes = clock.untrackedWakeCount
        var restedTurns = 0
        var last = activity
        var turns = 0
        while turns < Self.restBound {
            let now = activity
            let quiet = now == last
            last = now
            if rest.isAtRest, !untracked || quiet {
                if restedTurns == (untracked ? Self.quietTurns : 1) { return }
                restedTurns += 1
            } else {
                restedTurns = 0
            }
            #if os(Linux) && compiler(>=6.3)
            // While another run holds the main actor's jobs, its turns are not this run's.
            if await SimMainExecutor.shared.waitWhileAnotherRunHolds() { continue }
            #endif
            await Task.yield()
            turns += 1
        }
        if rest.isAtRest { return }
        restless += rest.abandon(at: clock.now)
    }

    /// Quiet turns given after waking a task the run does not drive.
    static let quietTurns = 64
    private var drainedUntrackedWakes = 0

    /// What changes while tasks still run: sleeps registered, events, scheduled work.
    private var activity: [Int] { [clock.sleeperCount, system.record.emittedEvents, system.scheduler.count] }

    /// The process whose sleeps may end now: the running one (-1, none, while it is suspended or ended).
    private var runnableProcess: Int { system.appState.isRunning ? system.process : -1 }

    /// Runs the work due by `limit`. Repeating work may be counted in one step up to the run's
    /// end: every caller looks at what work does (its events, its wakes), never at the time between.
    private func step(until limit: SimInstant) {
        system.scheduler.run(until: limit, horizon: end)
    }

    /// The summary so far; after `run()`, the whole run.
    public func result() -> SimulationResult {
        SimulationResult(events: log?.events ?? [], summary: summary(), logLimitReachedAt: system.record.logLimitReachedAt, restlessTasks: restless,
                         firingLimitReachedAt: system.record.firingLimitReachedAt, unfinishedSleeps: clock.unfinishedSleeps)
    }

    @discardableResult
    private func finish() -> SimulationResult {
        finishRun()
        return result()
    }

    /// Ends the run once: the budget settled, the end-of-run warnings, the sinks told.
    private func finishRun() {
        if !finished {
            finished = true
            system.record.strictCheck.finish(at: system.now)
            system.finish()
        }
    }

    /// The run's verdict so far, as its summary gives it.
    private var verdict: SimVerdict {
        system.record.ending?.verdict ?? (system.record.reachedBackground ? .keptAlive : .foregroundOnly)
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
        let longestGap = strict.longestGap(until: now)
        let perState = record.secondsPerState(until: now).reduce(into: [String: Double]()) { $0[$1.key.rawValue] = $1.value }
        return SimSummary(
            verdict: verdict,
            suspendedAt: ending?.verdict == .suspended ? ending?.time : nil,
            terminatedAt: record.firstTermination?.time,
            causes: ending?.causes ?? [],
            policy: system.configuration.policy,
            profile: system.profile.name,
            budgetSeconds: system.profile.backgroundTimeBudget,
            deliveredUpdates: record.deliveredUpdates,
            longestDeliveryGapSeconds: longestGap?.seconds,
            longestDeliveryGapPlace: longestGap?.place,
            minimumBackgroundTimeRemaining: system.budget.leastRemaining,
            secondsInState: perState,
            strictVerdict: strictVerdict,
            strictSuspendedAt: strictAt,
            durationSeconds: now.seconds,
            processes: system.process,
            warnings: record.warnings,
            exitCategory: record.firstTermination.flatMap { SimExitCategory($0.cause) },
            exitedInForeground: record.firstTermination.map { $0.inForeground || SimExitCategory.countsInForeground($0.cause) } ?? false,
            infoPlistFindings: record.infoPlistFindings,
            coverage: goalMeters.map { $0.coverage(until: now.seconds) },
            terminationCause: record.firstTermination?.cause,
            stall: system.scheduler.stalled
                ? SimStall(at: now.seconds, steps: system.configuration.stepsPerInstant + Scheduler.stallDiagnosisSteps,
                           eventKinds: record.stallEventKinds ?? [])
                : nil)
    }

    /// The app's own code, as a scenario scripts it: `body` runs only while the app runs (§9);
    /// otherwise the log says that `action` did not happen.
    static func runAppCode(_ action: SimScenarioEvent.Action, in system: SimSystem,
                           _ body: (SimApplication, SimLocationManager?) -> Void) {
        guard system.appState.isRunning, let application = system.application else {
            system.emit(.appCodeNotRun(action, state: system.appState))
            return
        }
        body(application, system.mechanism(LocationServices.self)?.managers.first)
    }

    /// Begins a background task that its expiration handler ends.
    static func beginSelfEndingTask(_ name: String, in application: SimApplication) {
        let holder = TaskHolder()
        holder.identifier = application.beginBackgroundTask(withName: name) { [holder] in
            application.endBackgroundTask(holder.identifier)
        }
    }
}

/// Holds a task identifier for the expiration handler that ends it.
@MainActor
private final class TaskHolder {
    var identifier = SimBackgroundTaskIdentifier.invalid
}
