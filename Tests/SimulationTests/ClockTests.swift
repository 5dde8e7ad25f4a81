import Testing
import TestSupport
import Scripting
@testable import Simulation

@MainActor @Suite struct ClockTests {
    /// Code under test written against any `Clock`, as apps should be.
    static func waitThenReport<C: Clock<Duration>>(on clock: C, seconds: Int) async throws -> C.Instant {
        try await clock.sleep(for: .seconds(seconds))
        return clock.now
    }

    @Test func tasksSleepInSimulatedTime() async throws {
        let simulation = KeepAliveSimulation(configuration(drive(seconds: 3600)), app: StandardNavigationApp())
        let clock = simulation.clock
        let waiter = Task { try await Self.waitThenReport(on: clock, seconds: 1800) }
        while clock.sleeperCount == 0 { await Task.yield() }
        let result = await simulation.runAsync()
        #expect(try await waiter.value == SimInstant(seconds: 1800))
        #expect(result.summary.durationSeconds == 3600)
    }

    @Test func scheduledWorkRunsInOrderAtItsTime() {
        let simulation = KeepAliveSimulation(configuration(drive(seconds: 100)), app: StandardNavigationApp())
        var seen: [String] = []
        let scheduler = simulation.system.scheduler
        scheduler.schedule(after: 30, owner: .system) { seen.append("b at \(simulation.clock.now.seconds)") }
        scheduler.schedule(after: 10, owner: .system) { seen.append("a at \(simulation.clock.now.seconds)") }
        scheduler.schedule(after: 30, owner: .system) { seen.append("c at \(simulation.clock.now.seconds)") }
        let cancelled = scheduler.schedule(after: 20, owner: .system) { seen.append("cancelled") }
        cancelled.cancel()
        simulation.run()
        #expect(seen == ["a at 10.0", "b at 30.0", "c at 30.0"])
        #expect(!cancelled.isPending)
    }

    /// Work scheduled again with its handle (the location manager's tick) runs once, at the new
    /// time and after the work already due then; an entry left from before it was cancelled does
    /// not run it, and work past the run's end is not queued.
    @Test func workScheduledAgainRunsOnceAtItsNewTime() {
        let simulation = KeepAliveSimulation(configuration(drive(seconds: 100)), app: StandardNavigationApp())
        var seen: [String] = []
        let scheduler = simulation.system.scheduler
        let repeating = scheduler.schedule(after: 10, owner: .mechanism) { seen.append("first at \(simulation.clock.now.seconds)") }
        repeating.cancel()
        scheduler.schedule(after: 20, owner: .system) { seen.append("other at \(simulation.clock.now.seconds)") }
        // Cancelled, so it may be used again; its entry at 10 s stays queued and must be skipped.
        scheduler.schedule(after: 20, reusing: repeating) {
            seen.append("again at \(simulation.clock.now.seconds)")
            scheduler.schedule(after: 5, reusing: repeating) { seen.append("third at \(simulation.clock.now.seconds)") }
        }
        #expect(repeating.isPending)
        #expect(repeating.time == SimInstant(seconds: 20))
        simulation.run()
        #expect(seen == ["other at 20.0", "again at 20.0", "third at 25.0"])
        #expect(!repeating.isPending)
    }

    @Test func instantsAreExactNanoseconds() {
        let instant = SimInstant(seconds: 0.1).advanced(by: .milliseconds(200))
        #expect(instant == SimInstant(nanoseconds: 300_000_000))
        #expect(SimInstant.zero.duration(to: instant) == .milliseconds(300))
        #expect(instant.seconds(since: SimInstant(seconds: 0.05)) == 0.25)
    }

    @Test func updatesArriveAsAnAsyncSequence() async {
        let app = StandardNavigationApp()
        let simulation = KeepAliveSimulation(configuration(drive(seconds: 10)), app: app)
        simulation.run(untilSeconds: 0)
        let updates = app.manager!.updates
        simulation.run()
        var times: [Double] = []
        // The sequence finishes when the run ends: no break needed.
        for await update in updates {
            if case .locations(let fixes) = update { times += fixes.map(\.time.seconds) }
        }
        #expect(times == [1, 2, 3, 4, 5, 6, 7, 8, 9, 10])
    }
}

/// §9: the app's code — its timers, its sleeps, its tasks — runs only while its process runs.
@MainActor @Suite struct ProcessModelTests {
    /// Ticks every 60 s from an async task, logging each tick's time.
    final class TickingApp: SimAppDelegate {
        var ticks: [Double] = []
        var ended: Error?
        func applicationDidFinishLaunching(_ application: SimApplication, inBackground: Bool) {
            application.task { [self] in
                let clock = application.clock
                do {
                    for _ in 0..<20 {
                        try await clock.sleep(for: .seconds(60))
                        ticks.append(clock.now.seconds)
                    }
                } catch {
                    ended = error
                }
            }
        }
    }

    @Test func anAsyncAppWithTimersGivesTheSameLogEveryRun() async {
        var logs: Set<[Double]> = []
        for _ in 0..<200 {
            let app = TickingApp()
            _ = await KeepAliveSimulation(configuration(drive(seconds: 1300)), app: app).runAsync()
            logs.insert(app.ticks)
        }
        #expect(logs == [Array(stride(from: 60.0, through: 1200, by: 60))])
    }

    @Test func sleepsWaitWhileSuspendedAndEndWithTheProcess() async {
        // Background at 100 with nothing holding the app: suspended at 105. The sleep due at 120
        // wakes only when the user returns at 300; a force quit at 400 cancels the next one.
        let app = TickingApp()
        let result = await KeepAliveSimulation(configuration(drive(seconds: 600), timeline: [
            SimScenarioEvent(at: 100, .enterBackground), SimScenarioEvent(at: 300, .returnToForeground),
            SimScenarioEvent(at: 400, .forceQuit),
        ]), app: app).runAsync()
        #expect(result.summary.suspendedAt == 105)
        #expect(app.ticks == [60, 300, 360])
        #expect(app.ended is CancellationError)
    }

    @Test func timersAreDeferredWhileSuspendedAndDroppedWhenTheProcessEnds() {
        final class TimerApp: SimAppDelegate {
            var fired: [Double] = []
            func applicationDidFinishLaunching(_ application: SimApplication, inBackground: Bool) {
                for delay in [50.0, 150, 450] {
                    application.schedule(after: delay) { [self] in fired.append(application.clock.now.seconds) }
                }
            }
        }
        let app = TimerApp()
        _ = KeepAliveSimulation(configuration(drive(seconds: 600), timeline: [
            SimScenarioEvent(at: 100, .enterBackground), SimScenarioEvent(at: 300, .returnToForeground),
            SimScenarioEvent(at: 400, .forceQuit),
        ]), app: app).run()
        #expect(app.fired == [50, 300])
    }

    @Test func scriptedAppCodeDoesNotRunInASuspendedApp() {
        let (result, app) = runStandard(configuration(drive(seconds: 300), authorization: .authorizedWhenInUse, timeline: [
            SimScenarioEvent(at: 10, .enterBackground), SimScenarioEvent(at: 100, .startUpdatingLocation),
            SimScenarioEvent(at: 110, .beginBackgroundTask(name: "late")),
        ])) {
            $0.allowsBackgroundLocationUpdates = false
            $0.requestsAlways = false
        }
        #expect(log(result, [.appCodeNotRun]) == [
            At(100, .appCodeNotRun(.startUpdatingLocation, state: .suspended)),
            At(110, .appCodeNotRun(.beginBackgroundTask(name: "late"), state: .suspended)),
        ])
        #expect(app.manager?.isUpdatingLocation == false)
    }

    @Test func aRelaunchCreatesANewAppFromTheFactory() {
        var made = 0
        let simulation = KeepAliveSimulation(configuration(drive(seconds: 400), profile: exact(.iOS17), timeline: [
            SimScenarioEvent(at: 10, .enterBackground), SimScenarioEvent(at: 100, .memoryPressure),
        ]), app: { made += 1; return LocationScenarioTests.SignificantChangeApp() }())
        let result = simulation.run()
        #expect(made == 2)
        #expect(result.summary.processes == 2)
    }

    @Test func theRunLetsGoOfEverythingItMade() {
        weak var weakApp: StandardNavigationApp?
        weak var weakSystem: SimSystem?
        weak var weakServices: LocationServices?
        do {
            let app = StandardNavigationApp()
            weakApp = app
            let simulation = KeepAliveSimulation(configuration(drive(seconds: 300), timeline: [SimScenarioEvent(at: 10, .enterBackground)]), app: app)
            weakSystem = simulation.system
            weakServices = simulation.system.mechanism(LocationServices.self)
            simulation.run()
        }
        #expect(weakApp == nil)
        #expect(weakSystem == nil)
        #expect(weakServices == nil)
    }
}

@MainActor @Suite struct ClockSleepTests {
    @Test func aPastDeadlineReturnsAtOnce() async throws {
        let simulation = KeepAliveSimulation(configuration(drive(seconds: 100)), app: StandardNavigationApp())
        simulation.run(untilSeconds: 50)
        try await simulation.clock.sleep(until: SimInstant(seconds: 10))
        #expect(simulation.clock.now == SimInstant(seconds: 50))
        #expect(simulation.clock.sleeperCount == 0)
    }

    @Test func aCancelledSleepThrowsAtOnce() async {
        let simulation = KeepAliveSimulation(configuration(drive(seconds: 100)), app: StandardNavigationApp())
        let clock = simulation.clock
        let sleeper = Task { try await clock.sleep(until: SimInstant(seconds: 90)) }
        while clock.sleeperCount == 0 { await Task.yield() }
        sleeper.cancel()
        let outcome = await sleeper.result
        #expect(throws: CancellationError.self) { try outcome.get() }
        #expect(clock.sleeperCount == 0)
        #expect(clock.now == .zero)
    }

    @Test func aSleepOnTheMainActorIsRegisteredBeforeTheActorMovesOn() async {
        // The timers test once lost ticks: the sleep registered itself on the global pool, so a
        // drain on the main actor could look between the task's park and its registration.
        let simulation = KeepAliveSimulation(configuration(drive(seconds: 100)), app: StandardNavigationApp())
        let clock = simulation.clock
        guard #available(macOS 26, iOS 26, *) else { return }  // Task.immediate
        // An immediate task runs here, on the main actor, until it first suspends: in the sleep.
        let sleeper = Task.immediate { @MainActor in try await clock.sleep(until: SimInstant(seconds: 90)) }
        #expect(clock.sleeperCount == 1)
        #expect(clock.appTaskSleeperCount == 0)  // not an app task: the run does not wait for it
        sleeper.cancel()
        _ = await sleeper.result
        #expect(clock.sleeperCount == 0)
    }

    @Test func updatesFinishWhenTheProcessEnds() async {
        let app = StandardNavigationApp()
        let simulation = KeepAliveSimulation(configuration(drive(seconds: 100), timeline: [SimScenarioEvent(at: 5, .forceQuit)]), app: app)
        simulation.run(untilSeconds: 0)
        let updates = app.manager!.updates
        simulation.run(untilSeconds: 10)
        var count = 0
        for await _ in updates { count += 1 }
        #expect(count == 4)  // fixes at 1…4; the force quit at 5 comes before that second's fix
    }
}
