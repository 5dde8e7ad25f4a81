import Testing
import TestSupport
import Scripting
@testable import Simulation

/// Issue 21: thousands of `begin-background-task` events cost linear time (no walk of the open
/// tasks per begin, warning or re-evaluation); what they do is checked here, the time in
/// Docs/Benchmarks.md.
@MainActor @Suite struct ManyBackgroundTasksTests {
    private static let count = 2_000

    /// The navigation app in the background from 10 s, `count` tasks begun at 20 s, and
    /// `count` `end-background-task` events at 25 s, each ending the oldest open task.
    private func run() -> SimulationResult {
        var timeline = [SimScenarioEvent(at: 10, .enterBackground)]
        timeline += (0..<Self.count).map { SimScenarioEvent(at: 20, .beginBackgroundTask(name: "t\($0)")) }
        timeline += (0..<Self.count).map { _ in SimScenarioEvent(at: 25, .endBackgroundTask) }
        return runStandard(configuration(drive(seconds: 120), timeline: timeline)).0
    }

    @Test func tasksEndOldestFirstAndOnlyTheLastStaysOpen() {
        let result = run()
        let begun = result.events.compactMap { if case .taskBegin(let record, _) = $0.detail { record } else { nil } }
        let ended = result.events.compactMap { if case .taskEnd(let record, _) = $0.detail { record } else { nil } }
        // The app's own task (1, "navigation") and the scenario's 2,000 (2…2001).
        #expect(begun.count == Self.count + 1)
        #expect(begun.first == SimTaskRecord(id: 1, name: "navigation"))
        #expect(begun.last == SimTaskRecord(id: 2001, name: "t1999"))
        // 2,000 ends, oldest first: the navigation task, then t0 … t1998; t1999 stays open.
        #expect(ended.map(\.id) == Array(1...2000))
        #expect(ended[1] == SimTaskRecord(id: 2, name: "t0"))
        // Only the task still open 30 s after it began is warned about; no end named an unknown task.
        let warnings = result.events.compactMap { if case .warning(let warning) = $0.detail { warning } else { nil } }
        #expect(warnings.filter { if case .noSuchBackgroundTask = $0 { true } else { false } }.isEmpty)
        #expect(log(result, [.warning]).filter { if case .warning(.backgroundTaskOpenLong) = $0.detail { true } else { false } }
            == [At(50, .warning(.backgroundTaskOpenLong(SimTaskRecord(id: 2001, name: "t1999"), seconds: 30)))])
        #expect(result.summary.verdict == .keptAlive)
    }
}
