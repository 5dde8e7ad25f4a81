import Testing
@testable import Simulation

@Suite struct ClockTests {
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
        simulation.clock.schedule(after: 30) { seen.append("b at \(simulation.clock.now.seconds)") }
        simulation.clock.schedule(after: 10) { seen.append("a at \(simulation.clock.now.seconds)") }
        simulation.clock.schedule(after: 30) { seen.append("c at \(simulation.clock.now.seconds)") }
        simulation.run()
        #expect(seen == ["a at 10.0", "b at 30.0", "c at 30.0"])
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
        for await update in updates {
            if case .locations(let fixes) = update { times += fixes.map(\.time.seconds) }
            if times.count == 10 { break }
        }
        #expect(times == [1, 2, 3, 4, 5, 6, 7, 8, 9, 10])
    }
}

@Suite struct ClockTimeFormatTests {
    @Test(arguments: [(0.0, "0:00:00"), (59.96, "0:01:00"), (59.94, "0:00:59.9"), (749, "0:12:29"), (3723.5, "1:02:03.5")])
    func roundsOnce(seconds: Double, text: String) {
        #expect(SimSummary.clockTime(seconds) == text)
    }
}
