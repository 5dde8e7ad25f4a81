import Foundation
import Testing
import TestSupport
@testable import Simulation

/// Issue 20 §1: app code that reads the simulation's async sequences runs on time, every run.
@MainActor @Suite struct AsyncAppCodeTests {
    /// What an app saw of a fix: when it handled it, and the fix itself.
    struct Seen: Hashable, CustomStringConvertible {
        let handledAt: Double
        let time: Double
        let latitude: Double
        let longitude: Double
        var description: String { "\(handledAt) \(time) \(latitude) \(longitude)" }
    }

    /// How the app hears of fixes.
    enum Path: CaseIterable {
        case delegate, forAwaitInAppTask, forAwaitInPlainTask, liveUpdatesForAwait, liveUpdatesCallback
    }

    /// Starts updates and records every fix, by `path`.
    final class Recorder: SimAppDelegate, SimLocationManagerDelegate {
        let path: Path
        var seen: [Seen] = []
        var manager: SimLocationManager?
        var live: SimLiveUpdates?
        var clock: SimClock?

        init(_ path: Path) { self.path = path }

        func record(_ fixes: [SimLocation]) {
            let now = clock?.now.seconds ?? -1
            seen += fixes.map { Seen(handledAt: now, time: $0.time.seconds, latitude: $0.coordinate.latitude, longitude: $0.coordinate.longitude) }
        }

        func applicationDidFinishLaunching(_ application: SimApplication, inBackground: Bool) {
            clock = application.clock
            switch path {
            case .delegate:
                let manager = application.makeLocationManager()
                self.manager = manager
                manager.delegate = self
                manager.startUpdatingLocation()
            case .forAwaitInAppTask:
                // A sequence hears what comes after it is made: make it, then start.
                let manager = application.makeLocationManager()
                self.manager = manager
                application.task { [self] in
                    let updates = manager.updates
                    manager.startUpdatingLocation()
                    for await update in updates {
                        if case .locations(let fixes) = update { record(fixes) }
                    }
                }
            case .forAwaitInPlainTask:
                let manager = application.makeLocationManager()
                self.manager = manager
                let updates = manager.updates
                Task { [self] in
                    for await update in updates {
                        if case .locations(let fixes) = update { record(fixes) }
                    }
                }
                manager.startUpdatingLocation()
            case .liveUpdatesForAwait:
                // As `CLLocationUpdate.liveUpdates()`: the updates start with the loop.
                application.task { [self] in
                    let live = application.liveUpdates(.automotiveNavigation)
                    self.live = live
                    for await update in live.updates {
                        if let fix = update.location { record([fix]) }
                    }
                }
            case .liveUpdatesCallback:
                let live = application.liveUpdates(.automotiveNavigation)
                self.live = live
                live.onUpdate = { [self] update in
                    if let fix = update.location { record([fix]) }
                }
            }
        }

        func locationManager(_ manager: SimLocationManager, didUpdateLocations locations: [SimLocation]) {
            record(locations)
        }
    }

    static let seconds = 120

    static func trip() -> SimulationConfiguration {
        configuration(drive(seconds: seconds), profile: exact(.iOS17))
    }

    /// The run's fixes, as each path saw them.
    func run(_ path: Path) async -> (seen: [Seen], result: SimulationResult) {
        let app = Recorder(path)
        let result = await KeepAliveSimulation(Self.trip(), app: app).runAsync()
        return (app.seen, result)
    }

    @Test func everyPathHandlesEveryFixAtItsOwnInstantInEveryRun() async {
        let expectedTimes = (0...Self.seconds).map(Double.init)
        // The synchronous delegate run is the reference.
        let reference = Recorder(.delegate)
        KeepAliveSimulation(Self.trip(), app: reference).run()
        #expect(reference.seen.map(\.time) == expectedTimes)
        #expect(reference.seen.map(\.handledAt) == expectedTimes)
        // Exact fixes on a drive east along 47° N at 10 m/s.
        #expect(reference.seen.first == Seen(handledAt: 0, time: 0, latitude: 47, longitude: 8))
        #expect(reference.seen[1] == Seen(handledAt: 1, time: 1, latitude: 47, longitude: 8 + 10 / (111_320 * cos(47 * Double.pi / 180))))
        for path in [Path.delegate, .forAwaitInAppTask, .forAwaitInPlainTask] {
            var differing = 0
            for _ in 0..<20 {
                let (seen, result) = await run(path)
                if seen != reference.seen { differing += 1 }
                #expect(result.restlessTasks == [])
            }
            #expect(differing == 0, "\(path): \(differing) of 20 runs differ from the delegate's fixes")
        }
    }

    #if os(Linux) && compiler(>=6.3)
    /// Where the run holds the main actor's jobs, a `for await` loop's values are settled
    /// without yielding the main actor: no turn of the platform's main queue a fix. Alone, the
    /// run yields 0 times (the yielding drain alone would yield once a fix, 122 times); beside
    /// other suites' runs, which share the main actor, it may have to a few times.
    @Test(arguments: [Path.forAwaitInAppTask, .forAwaitInPlainTask, .liveUpdatesForAwait])
    func forAwaitLoopsSettleWithoutYieldingTheMainActor(_ path: Path) async {
        let app = Recorder(path)
        let simulation = KeepAliveSimulation(Self.trip(), app: app)
        let result = await simulation.runAsync()
        #expect(app.seen.count == Self.seconds + 1)
        #expect(result.restlessTasks == [])
        #expect(simulation.yieldingDrains < (Self.seconds + 1) / 10)
    }

    #endif

    @Test func liveUpdatesForAwaitMatchesTheCallbackInEveryRun() async {
        let (callback, _) = await run(.liveUpdatesCallback)
        #expect(callback.map(\.time) == (0...Self.seconds).map(Double.init))
        #expect(callback.allSatisfy { $0.handledAt == $0.time })
        var differing = 0
        for _ in 0..<20 where await run(.liveUpdatesForAwait).seen != callback { differing += 1 }
        #expect(differing == 0)
    }

    /// An app task that loops over fixes and, once, waits for a network answer that never comes.
    final class ForeignWaitApp: SimAppDelegate {
        let foreign: AsyncStream<Int>
        var handled: [Double] = []
        init(foreign: AsyncStream<Int>) { self.foreign = foreign }

        func applicationDidFinishLaunching(_ application: SimApplication, inBackground: Bool) {
            let manager = application.makeLocationManager()
            application.task(name: "uploader") { [self] in
                for await update in manager.updates {
                    guard case .locations = update else { continue }
                    handled.append(application.clock.now.seconds)
                    if handled.count == 3 { for await _ in foreign {} }
                }
            }
            manager.startUpdatingLocation()
        }
    }

    @Test func aTaskThatWaitsOnSomethingForeignIsReportedAndTheRunGoesOn() async {
        let (foreign, feed) = AsyncStream<Int>.makeStream()
        let app = ForeignWaitApp(foreign: foreign)
        let result = await KeepAliveSimulation(configuration(drive(seconds: 10)), app: app).runAsync()
        #expect(result.restlessTasks == [SimRestlessTask(name: "uploader", wokenBy: .sequence("manager.updates"), wokenAt: 3)])
        #expect(app.handled == [1, 2, 3])
        #expect(result.summary.durationSeconds == 10)
        #expect(result.summary.deliveredUpdates == 11)  // 0…10; the loop's sequence is made after the fix at 0
        feed.finish()
    }

    @Test func aTaskThatNeverReachesAWaitOfTheSimulationIsReportedAsStarted() async {
        final class WaiterApp: SimAppDelegate {
            let foreign: AsyncStream<Int>
            init(foreign: AsyncStream<Int>) { self.foreign = foreign }
            func applicationDidFinishLaunching(_ application: SimApplication, inBackground: Bool) {
                application.task { [foreign] in for await _ in foreign {} }
            }
        }
        let (foreign, feed) = AsyncStream<Int>.makeStream()
        let result = await KeepAliveSimulation(configuration(drive(seconds: 5)), app: WaiterApp(foreign: foreign)).runAsync()
        #expect(result.restlessTasks == [SimRestlessTask(name: nil, wokenBy: .started, wokenAt: 0)])
        feed.finish()
    }

    /// Hands every fix to a `for await` loop.
    final class LoopApp: SimAppDelegate {
        var handled: [Double] = []
        func applicationDidFinishLaunching(_ application: SimApplication, inBackground: Bool) {
            let manager = application.makeLocationManager()
            application.task(name: "loop") { [self] in
                for await update in manager.updates {
                    guard case .locations = update else { continue }
                    handled.append(application.clock.now.seconds)
                }
            }
            manager.startUpdatingLocation()
        }
    }

    /// App code that runs a simulation of its own inside a run (a what-if, a test helper).
    final class NestingApp: SimAppDelegate {
        let inner = LoopApp()
        var innerResult: SimulationResult?
        func applicationDidFinishLaunching(_ application: SimApplication, inBackground: Bool) {
            application.task(name: "what-if") { [self] in
                innerResult = await KeepAliveSimulation(configuration(drive(seconds: 5)), app: self.inner).runAsync()
            }
        }
    }

    @Test func aRunInsideAnotherRunsJobGivesWhatItGivesAlone() async {
        // The inner run starts inside a job the outer run holds: it waits for the outer's
        // release (runs hold one at a time) and the outer's drain does not count those turns;
        // the inner one's fixes are those of the run alone, and no task is reported restless.
        let alone = LoopApp()
        let aloneResult = await KeepAliveSimulation(configuration(drive(seconds: 5)), app: alone).runAsync()
        #expect(alone.handled == [1, 2, 3, 4, 5])
        let nesting = NestingApp()
        let outer = await KeepAliveSimulation(configuration(drive(seconds: 10)), app: nesting).runAsync()
        #expect(nesting.inner.handled == alone.handled)
        #expect(nesting.innerResult?.summary.deliveredUpdates == aloneResult.summary.deliveredUpdates)
        #expect(nesting.innerResult?.restlessTasks == [])
        #expect(outer.restlessTasks == [])
        #expect(outer.summary.durationSeconds == 10)
    }

    /// Hands every fix to a `for await` loop, and spins in a task that only yields (a busy wait).
    final class SpinningApp: SimAppDelegate {
        let loop = LoopApp()
        var spinner: Task<Void, Never>?
        func applicationDidFinishLaunching(_ application: SimApplication, inBackground: Bool) {
            loop.applicationDidFinishLaunching(application, inBackground: inBackground)
            spinner = application.task(name: "spinner") {
                while !Task.isCancelled { await Task.yield() }
            }
        }
    }

    @Test func aTaskThatOnlyYieldsIsReportedAndTimeStillMovesOn() async {
        // The spinner never comes to rest: it is reported once, and time still moves on to the
        // end (the run gave it the whole bound of turns again and again, never advancing).
        let app = SpinningApp()
        let result = await KeepAliveSimulation(configuration(drive(seconds: 60)), app: app).runAsync()
        app.spinner?.cancel()
        #expect(result.restlessTasks == [SimRestlessTask(name: "spinner", wokenBy: .started, wokenAt: 0)])
        #expect(app.loop.handled == (1...60).map(Double.init))
        #expect(result.summary.durationSeconds == 60)
    }

    /// App code that sleeps on the real clock (a retry's back-off): not the simulation's time.
    final class RealSleepApp: SimAppDelegate {
        let nanoseconds: UInt64
        var sleeper: Task<Void, Never>?
        var outcome: String?
        init(nanoseconds: UInt64) { self.nanoseconds = nanoseconds }

        func applicationDidFinishLaunching(_ application: SimApplication, inBackground: Bool) {
            sleeper = application.task(name: "back-off") { [self] in
                do {
                    try await Task.sleep(nanoseconds: nanoseconds)
                    outcome = "woke"
                } catch {
                    outcome = "cancelled"
                }
            }
        }
    }

    @Test func aTaskSleepingOnTheRealClockIsReportedAndWakesInRealTime() async {
        // The run's executor schedules delayed jobs on the platform's: `Task.sleep` in app code
        // used to stop the process ("Unexpectedly found nil" in the runtime's ExecutorImpl).
        let longSleep = RealSleepApp(nanoseconds: 3_600_000_000_000)
        let result = await KeepAliveSimulation(configuration(drive(seconds: 5)), app: longSleep).runAsync()
        #expect(result.restlessTasks == [SimRestlessTask(name: "back-off", wokenBy: .started, wokenAt: 0)])
        #expect(result.summary.durationSeconds == 5)
        longSleep.sleeper?.cancel()
        _ = await longSleep.sleeper?.value
        #expect(longSleep.outcome == "cancelled")

        // A short one wakes on the platform's executor, during the run or after it.
        let shortSleep = RealSleepApp(nanoseconds: 1_000_000)
        _ = await KeepAliveSimulation(configuration(drive(seconds: 5)), app: shortSleep).runAsync()
        _ = await shortSleep.sleeper?.value
        #expect(shortSleep.outcome == "woke")
    }

    @Test func aTaskThatSleepsInsideItsLoopIsWaitedForAfterEachSleep() async {
        // Each fix starts a 0.5 s debounce on the clock: the handling lands half a second later.
        final class DebounceApp: SimAppDelegate {
            var handled: [Double] = []
            func applicationDidFinishLaunching(_ application: SimApplication, inBackground: Bool) {
                let manager = application.makeLocationManager()
                Task { [self] in
                    for await update in manager.updates {
                        guard case .locations = update else { continue }
                        do { try await application.clock.sleep(for: .milliseconds(500)) } catch { return }
                        handled.append(application.clock.now.seconds)
                    }
                }
                manager.startUpdatingLocation()
            }
        }
        for _ in 0..<5 {
            let app = DebounceApp()
            let result = await KeepAliveSimulation(configuration(drive(seconds: 5)), app: app).runAsync()
            #expect(app.handled == [1.5, 2.5, 3.5, 4.5])
            #expect(result.restlessTasks == [])
        }
    }
}
