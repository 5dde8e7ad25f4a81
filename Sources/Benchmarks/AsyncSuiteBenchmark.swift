import ArgumentParser
import Foundation
import Simulation

/// An async run alone and inside a suite of synchronous `@MainActor` tests run in parallel, as
/// `swift test` runs them (issue 35 §1): the run shares the main actor with the tests, and should
/// take time in proportion to its own work, not to the number of turns it gives the others.
struct AsyncSuiteBenchmark: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "async-suite",
        abstract: "A `for await` run under runAsync() alone, and among --tests synchronous @MainActor tests started at once.",
        discussion: """
            The suite is what `swift test` makes of synchronous `@MainActor` tests in parallel: one \
            child task per test on the global pool, each hopping to the main actor for its body \
            (here a synchronous run of a --test-seconds trip). The async run (AsyncBenchmark's \
            `for await` recorder over a --seconds trip) is the first child. Printed: the run alone, \
            the suite alone, the run's own time inside the suite and the suite's with it. Goal: the \
            run inside the suite within the run alone plus the suite alone (the main actor is one \
            thread: at worst it waits once for every test). Best of --repeat.
            """
    )

    @Option(help: "Seconds of the async run's trip (1 Hz).")
    var seconds = 3_600

    @Option(help: "Synchronous @MainActor tests beside it.")
    var tests = 100

    @Option(help: "Seconds of each synchronous test's trip.")
    var testSeconds = 600

    @Option(help: "Runs of each measurement; the fastest counts.")
    var `repeat` = 3

    func validate() throws {
        guard (1...366 * 86_400).contains(seconds), (0...10_000).contains(tests), (1...86_400).contains(testSeconds),
              (1...1_000).contains(`repeat`) else {
            throw ValidationError("--seconds must be 1…31622400, --tests 0…10000, --test-seconds 1…86400 and --repeat 1…1000")
        }
    }

    @MainActor
    func run() async throws {
        let runConfiguration = SimulationConfiguration(
            trajectory: SimulationBenchmark.day(seconds: seconds), initialAuthorization: .authorizedAlways,
            timeline: [SimScenarioEvent(at: 60, .enterBackground)])
        let testConfiguration = SimulationConfiguration(
            trajectory: SimulationBenchmark.day(seconds: testSeconds), initialAuthorization: .authorizedAlways,
            timeline: [SimScenarioEvent(at: 60, .enterBackground)])
        let clock = ContinuousClock()
        var alone = Double.infinity, suiteAlone = Double.infinity, inside = Double.infinity, suiteWith = Double.infinity
        var fixes = Set<Int>(), restless = 0
        for _ in 0..<`repeat` {
            let start = clock.now
            let (heard, result) = await Self.asyncRun(runConfiguration)
            alone = min(alone, AsyncBenchmark.seconds(start.duration(to: clock.now)))
            fixes.insert(heard)
            restless += result
        }
        for _ in 0..<`repeat` {
            let start = clock.now
            await Self.suite(tests: tests, testConfiguration, beside: nil)
            suiteAlone = min(suiteAlone, AsyncBenchmark.seconds(start.duration(to: clock.now)))
        }
        for _ in 0..<`repeat` {
            let start = clock.now
            let own = await Self.suite(tests: tests, testConfiguration, beside: runConfiguration)
            suiteWith = min(suiteWith, AsyncBenchmark.seconds(start.duration(to: clock.now)))
            inside = min(inside, own.seconds)
            fixes.insert(own.heard)
            restless += own.restless
        }
        let bound = alone + suiteAlone
        print("async run: \(seconds) s at 1 Hz by `for await`; suite: \(tests) synchronous @MainActor tests of \(testSeconds) s each; best of \(`repeat`)")
        print("  (a) async run alone                 \(format(alone)) s")
        print("  (b) suite alone                     \(format(suiteAlone)) s")
        print("  (c) async run inside the suite      \(format(inside)) s  (\(format(inside / alone, 1))× alone)")
        print("  (d) suite with the async run        \(format(suiteWith)) s")
        print("  goal (c) ≤ (a) + (b) = \(format(bound)) s: \(inside <= bound ? "met" : "missed")")
        print("  same fixes every run: \(fixes.count == 1 ? "yes" : "NO") (\(fixes.sorted().map(String.init).joined(separator: ", "))); restless tasks: \(restless)")
        if fixes.count != 1 || restless != 0 { throw ExitCode.failure }
    }

    /// The `for await` recorder's run; returns the fixes it heard and its restless tasks.
    @MainActor
    static func asyncRun(_ configuration: SimulationConfiguration) async -> (heard: Int, restless: Int) {
        let app = AsyncBenchmark.Recorder(viaAwait: true, capacity: 0)
        let result = await KeepAliveSimulation(configuration, app: app, keepsEvents: false).runAsync()
        return (app.heard.count, result.restlessTasks.count)
    }

    /// A synchronous `@MainActor` test's body.
    @MainActor
    static func synchronousTest(_ configuration: SimulationConfiguration) -> Int {
        let app = AsyncBenchmark.Recorder(viaAwait: false, capacity: 0)
        KeepAliveSimulation(configuration, app: app, keepsEvents: false).run()
        return app.heard.count
    }

    /// Runs the suite as `swift test` does, with the async run as its first test if given; returns
    /// that run's own time (from when its test began), fixes and restless tasks.
    @discardableResult
    static func suite(tests: Int, _ configuration: SimulationConfiguration, beside run: SimulationConfiguration?) async
        -> (seconds: Double, heard: Int, restless: Int)
    {
        await withTaskGroup(of: (seconds: Double, heard: Int, restless: Int)?.self) { group in
            if let run {
                group.addTask {
                    await MainActor.run {}  // the test's hop to the main actor, as the others'
                    let clock = ContinuousClock()
                    let start = clock.now
                    let (heard, restless) = await asyncRun(run)
                    return (AsyncBenchmark.seconds(start.duration(to: clock.now)), heard, restless)
                }
            }
            for _ in 0..<tests {
                group.addTask {
                    _ = await synchronousTest(configuration)
                    return nil
                }
            }
            var own: (seconds: Double, heard: Int, restless: Int) = (0, 0, 0)
            for await outcome in group {
                if let outcome { own = outcome }
            }
            return own
        }
    }

    func format(_ value: Double, _ decimals: Int = 3) -> String {
        String(format: "%.\(decimals)f", locale: Locale(identifier: "en_US_POSIX"), value)
    }
}
