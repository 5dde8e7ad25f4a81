import Foundation
import GPX
import ScenarioInput
import Simulation

/// Runs a matrix in worker processes and gathers their summaries in plan order, so the result
/// does not depend on the number of workers.
///
/// Tracks are handed out one at a time, the costliest first (file size × runs per track): each
/// worker starts with one and asks for the next when it is done, so a worker whose tracks
/// simulate faster than their size suggests takes on more, and the last to finish waits at most
/// for one track.
///
/// A worker is `executable` run with `arguments`; it reads track indices from its standard
/// input, one a line, must write what ``MatrixWorker/run(_:tracks:renderRow:write:)`` writes and exit 0.
/// `keepalive matrix` runs itself with its hidden `matrix-worker` command.
public struct MatrixWorkerPool: Sendable {
    public let executable: String
    public let arguments: [String]

    /// Whether `arguments` ask the workers for each run's object (`--renders-rows`): then every
    /// cell must come with one, since its summary carries only each goal's first gap.
    public let rendersRows: Bool

    public init(executable: String, arguments: [String], rendersRows: Bool = false) {
        self.executable = executable
        self.arguments = arguments
        self.rendersRows = rendersRows
    }

    /// Every cell's summary, in plan order.
    /// - Throws: ``MatrixError``: `workerFailed` when a worker cannot start, dies, exits with an
    ///   error or prints what is not a result; else that of the first failing track in plan order.
    public func run(_ matrix: Matrix, workers: Int) throws(MatrixError) -> [SimSummary] {
        try results(matrix, workers: workers).summaries
    }

    /// What the workers sent, in plan order.
    public struct Results: Sendable {
        /// Every cell's summary.
        public let summaries: [SimSummary]
        /// Every cell's run as `--format json` writes it, when the workers were asked for them
        /// (`matrix-worker --renders-rows`); `nil` otherwise.
        public let renderedRows: [String]?

        public init(summaries: [SimSummary], renderedRows: [String]?) {
            self.summaries = summaries
            self.renderedRows = renderedRows
        }
    }

    /// Every cell's summary, and its rendered run when the workers wrote them, in plan order.
    /// - Throws: as ``run(_:workers:)``.
    public func results(_ matrix: Matrix, workers: Int) throws(MatrixError) -> Results {
        let order = Self.order(matrix)
        let count = max(1, min(workers, order.count))
        let queue = MatrixTrackQueue(order.dropFirst(count))
        var running: [RunningWorker] = []
        for number in 0..<count {
            let replies = MatrixWorkerReplies(matrix: matrix, label: "worker \(number + 1) of \(count)", first: order[number], rendersRows: rendersRows)
            do {
                running.append(try RunningWorker(executable: executable, arguments: arguments, replies: replies, queue: queue))
            } catch {
                running.forEach { $0.stop() }
                throw MatrixError(worker: "\(replies.name): cannot start \(executable): \(error.localizedDescription)")
            }
        }
        var summaries = [SimSummary?](repeating: nil, count: matrix.cells.count)
        var rows = [String?](repeating: nil, count: matrix.cells.count)
        var trackFailures: [Int: MatrixError] = [:]
        var workerFailure: MatrixError?
        for worker in running {
            let output = worker.finish()
            guard workerFailure == nil else { continue }
            do throws(MatrixError) {
                try Self.collect(output, into: &summaries, rows: &rows, failures: &trackFailures)
            } catch {
                workerFailure = error
            }
        }
        if let workerFailure { throw workerFailure }
        if let first = trackFailures.keys.min(), let failure = trackFailures[first] { throw failure }
        // Each worker said it was done with every track it was handed, the last of them when the
        // queue was empty, and sent every cell of them (with its object when asked for).
        let all = summaries.compactMap { $0 }, allRows = rows.compactMap { $0 }
        guard all.count == summaries.count, !rendersRows || allRows.count == rows.count else {
            throw MatrixError(worker: "the workers ended without the results of \(summaries.count - all.count) of \(summaries.count) runs")
        }
        return Results(summaries: all, renderedRows: rendersRows ? allRows : nil)
    }

    /// The order tracks are handed out in: the costliest first (file size × runs per track; a
    /// file that cannot be read costs as little as a byte), ties in plan order.
    public static func order(_ matrix: Matrix) -> [Int] {
        let runsPerTrack = matrix.cellsPerTrack
        let costs = matrix.tracks.map { track -> Int in
            let size = FileName.status(track.path).map { Int($0.st_size) } ?? 0
            return max(size, 1) * runsPerTrack
        }
        return matrix.tracks.indices.sorted { (costs[$0], $1) > (costs[$1], $0) }
    }

    /// Checks the end of a worker's output and files its results (each checked as it arrived).
    private static func collect(
        _ output: RunningWorker.Output, into summaries: inout [SimSummary?], rows: inout [String?], failures: inout [Int: MatrixError]
    ) throws(MatrixError) {
        var replies = output.replies
        try replies.finish(ending: output.ending, standardError: output.stderr)
        for (cell, summary) in replies.summaries { summaries[cell] = summary }
        for (cell, row) in replies.rows { rows[cell] = row }
        failures.merge(replies.failures) { first, _ in first }
    }
}
