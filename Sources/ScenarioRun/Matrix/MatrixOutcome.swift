import ScenarioInput
import Simulation

/// A finished matrix: every cell's summary beside what was expected of it.
public struct MatrixOutcome: Sendable {
    public let matrix: Matrix
    /// One per cell, in plan order.
    public let summaries: [SimSummary]

    public init(matrix: Matrix, summaries: [SimSummary]) {
        precondition(summaries.count == matrix.cells.count, "one summary per cell")
        self.matrix = matrix
        self.summaries = summaries
    }

    /// A cell with its names and result, as the reports show it.
    public struct Row: Sendable {
        public let track: String
        public let profile: String
        public let run: String
        public let summary: SimSummary
        public let expected: MatrixExpected?

        /// When the app stopped running: suspended, else terminated or crashed; `nil` if it never did.
        public var at: Double? { summary.suspendedAt ?? summary.terminatedAt }
        /// `nil` when nothing was expected; a run whose virtual time stopped is never as expected.
        public var asExpected: Bool? { summary.stall != nil ? false : expected.map { $0.matches(summary) } }
    }

    /// Cell `index`'s row, from its summary alone (a worker's view: no other cell's summary).
    static func row(of matrix: Matrix, cell index: Int, summary: SimSummary) -> Row {
        let cell = matrix.cells[index]
        return Row(track: matrix.tracks[cell.track].name, profile: matrix.profiles[cell.profile].writtenName,
                   run: matrix.runName(of: cell), summary: summary, expected: cell.expected)
    }

    public var rows: [Row] {
        matrix.cells.map { Self.row(of: matrix, cell: $0.index, summary: summaries[$0.index]) }
    }

    /// Cells whose verdict differs from the expected one.
    public var failures: Int { rows.filter { $0.asExpected == false }.count }
    /// Cells with no expectation.
    public var unchecked: Int { rows.filter { $0.asExpected == nil }.count }
    /// Cells whose goals were all met, and cells with a goal missed.
    public var goalsMet: Int { summaries.filter { $0.goalMet == true }.count }
    public var goalsMissed: Int { summaries.filter { $0.goalMet == false }.count }
    /// Whether every checked cell is as expected: the command's exit 0.
    public var allAsExpected: Bool { failures == 0 }

    /// `12 runs: 10 as expected, 1 not, 1 without an expectation`.
    public var countLine: String {
        let total = matrix.cells.count
        let goals = goalsMet + goalsMissed == 0 ? "" : "; goals met in \(goalsMet), missed in \(goalsMissed)"
        return "\(total) run\(total == 1 ? "" : "s"): \(total - failures - unchecked) as expected, \(failures) not, \(unchecked) without an expectation\(goals)"
    }
}
