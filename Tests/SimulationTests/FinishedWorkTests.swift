import Testing
import TestSupport
@testable import Scripting
@testable import Simulation

/// Issue 21: work that can never run is not kept. A script that asks for an `after` on every fix
/// grew a year's memory by 166 bytes a second when the delay reached past the end of the run.
@MainActor @Suite struct FinishedWorkTests {
    /// A fix a second on a 600-s drive, each asking for work 100 million seconds later (past the
    /// end) or 1 s later. Halfway, at 300 s, 301 fixes have come: the far work was never queued
    /// and the near work ran, so what is queued is the next fix's tick, and for the near work
    /// also the `after` of the fix at 300 s (due at 301): not one entry per fix, as before (302
    /// for the far work).
    @Test func workDueAfterTheEndIsNotQueued() {
        func queuedHalfway(after seconds: Double) -> (queued: Int, logs: Int) {
            let script = AppScript(reactions: [.launch: [.startUpdates], .location: [.after(seconds: seconds, actions: [.log("late")])]])
            let simulation = KeepAliveSimulation(configuration(drive(seconds: 600), profile: exact(.iOS17)), app: ScriptedApp(script: script))
            simulation.run(untilSeconds: 300)
            let queued = simulation.system.scheduler.count
            let logs = simulation.run().events.filter { $0.kind == .appLog }.count
            return (queued, logs)
        }
        let far = queuedHalfway(after: 100_000_000)
        let near = queuedHalfway(after: 1)
        #expect(far.logs == 0)
        #expect(near.logs == 600)  // fixes at 0…600 s; the one at 600 s would log at 601, after the end
        #expect(far.queued == 1)
        #expect(near.queued == 2)
    }
}
