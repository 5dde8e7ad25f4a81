import Testing
import TestSupport
import Scripting
@testable import Simulation

/// Issue 21: `SimulationConfiguration.maximumLogLines` stops a run at the line past the limit,
/// so an app that logs for ever cannot fill memory; without a limit nothing changes.
@MainActor @Suite struct LogLimitTests {
    /// An app that logs "tick" every 10 s, from launch, on a 100 s drive.
    private func run(limit: Int?) -> SimulationResult {
        var configuration = configuration(drive(seconds: 100))
        configuration.maximumLogLines = limit
        let script = AppScript(timers: [AppScript.Timer(every: 10, actions: [.log("tick")])])
        return KeepAliveSimulation(configuration, app: ScriptedApp(script: script)).run()
    }

    @Test func theLinePastTheLimitStopsTheRun() {
        let result = run(limit: 3)
        // Lines at 10, 20 and 30 s; the fourth, at 40 s, stops the run there.
        #expect(log(result, [.appLog]) == [At(10, .appLog("tick")), At(20, .appLog("tick")), At(30, .appLog("tick"))])
        #expect(result.logLimitReachedAt == 40)
        #expect(result.summary.durationSeconds == 40)
        #expect(result.events.allSatisfy { $0.time <= 40 })
    }

    @Test func withoutALimitTheRunGoesToTheEnd() {
        let result = run(limit: nil)
        #expect(log(result, [.appLog]).map(\.time) == [10, 20, 30, 40, 50, 60, 70, 80, 90, 100])
        #expect(result.logLimitReachedAt == nil)
        #expect(result.summary.durationSeconds == 100)
        #expect(run(limit: 10).logLimitReachedAt == nil)
    }
}
