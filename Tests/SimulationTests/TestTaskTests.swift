import Testing
import TestSupport
import Scripting
@testable import Simulation

/// A test's own tasks on the simulation's clock never hang the suite (issue 35, item 1): a task
/// made before `runAsync()` runs before time moves on, in every run of the process; a sleep the
/// run cannot finish ends with `CancellationError` and is named with its deadline.
@MainActor @Suite struct TestTaskTests {
    /// Several runs in one test: the task first ran after the run, from a process's second run on.
    @Test(arguments: 1...3) func aTaskMadeBeforeTheRunStartsBeforeTimeMovesOn(round: Int) async throws {
        for _ in 0..<4 {
            let simulation = KeepAliveSimulation(configuration(drive(seconds: 120)), app: StandardNavigationApp())
            let clock = simulation.clock
            let job = Task { () async throws -> [Double] in
                let startedAt = clock.now.seconds
                try await clock.sleep(for: .seconds(30))
                return [startedAt, clock.now.seconds]
            }
            let result = await simulation.runAsync()
            // Started at 0, before the run moved time; woken at its deadline, 30.
            #expect(try await job.value == [0, 30])
            #expect(result.unfinishedSleeps == [])
            #expect(result.restlessTasks == [])
        }
    }

    @Test func aSleepPastTheEndIsCutShortWithItsDeadlineNamed() async {
        let simulation = KeepAliveSimulation(configuration(drive(seconds: 120)), app: StandardNavigationApp())
        let clock = simulation.clock
        let job = Task(name: "never") { try await clock.sleep(until: SimInstant(seconds: 1_000)) }
        let result = await simulation.runAsync()
        #expect(result.unfinishedSleeps == [SimUnfinishedSleep(name: "never", deadline: 1_000, endedAt: 120)])
        await #expect(throws: CancellationError.self) { try await job.value }
    }

    /// Beats every 50 s from launch, for ever.
    final class BeaconApp: SimAppDelegate {
        var beats: [Double] = []
        var ended: Error?
        func applicationDidFinishLaunching(_ application: SimApplication, inBackground: Bool) {
            application.task(name: "beacon") { [self] in
                do {
                    while true {
                        try await application.clock.sleep(for: .seconds(50))
                        beats.append(application.clock.now.seconds)
                    }
                } catch {
                    ended = error
                }
            }
        }
    }

    @Test func anAppTasksSleepCutByTheEndIsNamedAsTheAppNamedIt() async {
        let app = BeaconApp()
        let result = await KeepAliveSimulation(configuration(drive(seconds: 120)), app: app).runAsync()
        #expect(app.beats == [50, 100])
        #expect(app.ended is CancellationError)
        #expect(result.unfinishedSleeps == [SimUnfinishedSleep(name: "beacon", deadline: 150, endedAt: 120)])
    }

    @Test(arguments: [false, true]) func aSleepAfterTheRunEndedThrowsAtOnce(async: Bool) async throws {
        let simulation = KeepAliveSimulation(configuration(drive(seconds: 120)), app: StandardNavigationApp())
        if async { _ = await simulation.runAsync() } else { simulation.run() }
        let clock = simulation.clock
        await #expect(throws: CancellationError.self) { try await clock.sleep(for: .seconds(1)) }
        // The clock stopped at the end; a deadline it reached still returns.
        try await clock.sleep(until: SimInstant(seconds: 120))
        #expect(clock.now == SimInstant(seconds: 120))
        #expect(clock.sleeperCount == 0)
    }

    @Test func aSleepBeforeARunThatNeverComesEndsWithTheSimulation() async {
        var simulation: KeepAliveSimulation? = KeepAliveSimulation(configuration(drive(seconds: 120)), app: StandardNavigationApp())
        let clock = simulation!.clock
        let job = Task { try await clock.sleep(until: SimInstant(seconds: 60)) }
        await Task.yield()
        #expect(clock.sleeperCount == 1)
        simulation = nil
        await #expect(throws: CancellationError.self) { try await job.value }
        #expect(clock.unfinishedSleeps == [SimUnfinishedSleep(name: nil, deadline: 60, endedAt: 0)])
    }
}
