import Testing
@testable import ScenarioInput
@testable import ScenarioReports
@testable import ScenarioRun
@testable import Simulation

/// A run whose virtual time stopped is an error (exit 70 through `FailureKind.stalled`), named
/// with what the loop did; a matrix cell that stalls fails alone.
@Suite struct StallReportTests {
    private let stall = SimStall(at: 1_501, steps: 101_000, eventKinds: [.monitor(.event), .appLog])

    @Test func theErrorNamesTheInstantAndTheLoop() {
        let error = ReplayError.stalled(stall)
        #expect(error.kind == .stalled)
        #expect(error.description == "Virtual time stopped at 0:25:01: 101000 pieces of work ran at that instant without time advancing, "
            + "a reaction loop (it emits monitor.event, app.log). The run was stopped there; its figures cover the trip up to that instant only.")
    }
}
