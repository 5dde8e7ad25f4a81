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
            let label = "worker \(number + 1) of \(count)"
            do {
                running.append(try RunningWorker(executable: executable, arguments: arguments, label: label, first: order[number], queue: queue))
            } catch {
                running.forEach { $0.stop() }
                throw MatrixError(worker: "\(label) (\(matrix.tracks[order[number]].name)): cannot start \(executable): \(error.localizedDescription)")
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
                try Self.collect(output, from: worker, matrix: matrix, into: &summaries, rows: &rows, failures: &trackFailures)
            } catch {
                workerFailure = error
            }
        }
        if let workerFailure { throw workerFailure }
        if let first = trackFailures.keys.min(), let failure = trackFailures[first] { throw failure }
        // collect checked that every cell of every track arrived
        guard rendersRows else { return Results(summaries: summaries.map { $0! }, renderedRows: nil) }
        if let missing = rows.firstIndex(where: { $0 == nil }) {
            throw MatrixError(worker: "the worker that replayed \(matrix.tracks[matrix.cells[missing].track].name) did not write its runs' objects")
        }
        return Results(summaries: summaries.map { $0! }, renderedRows: rows.map { $0! })
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

    /// Checks a worker's output and files its results.
    private static func collect(
        _ output: RunningWorker.Output, from worker: RunningWorker, matrix: Matrix,
        into summaries: inout [SimSummary?], rows: inout [String?], failures: inout [Int: MatrixError]
    ) throws(MatrixError) {
        let said = output.stderr.split(separator: "\n").last.map { ": " + ErrorLine.withoutPrefix($0) } ?? ""
        let name = worker.name(matrix)
        switch output.ending {
        case .signal(let signal): throw MatrixError(worker: "\(name) was killed by signal \(signal)\(said)")
        case .status(let status) where status != 0: throw MatrixError(worker: "\(name) exited with status \(status)\(said)")
        default: break
        }
        var seen = Set<Int>()
        for received in output.lines {
            let garbage = MatrixError(worker: "\(name) printed a line that is not a result: '\(received.start)'")
            if let row = received.row {
                // A cell's run comes after its summary, from the worker that replayed it.
                guard seen.contains(row.cell), rows[row.cell] == nil else { throw garbage }
                rows[row.cell] = row.object
                continue
            }
            guard let line = received.line else { throw garbage }
            if let cell = line.cell, let summary = line.summary, matrix.cells.indices.contains(cell),
               worker.tracks.contains(matrix.cells[cell].track), seen.insert(cell).inserted {
                summaries[cell] = summary
            } else if let track = line.track, let kind = line.kind, let error = line.error,
                      worker.tracks.contains(track), failures[track] == nil {
                failures[track] = MatrixError(error, kind: kind)
                seen.formUnion(matrix.cells(onTrack: track))
            } else if let track = line.done, worker.tracks.contains(track) {
                continue  // the cue for the next track
            } else {
                throw garbage
            }
        }
        let expected = worker.tracks.reduce(0) { $0 + matrix.cells(onTrack: $1).count }
        if seen.count != expected {
            throw MatrixError(worker: "\(name) ended without the results of \(expected - seen.count) of its \(expected) runs\(said)")
        }
    }
}
