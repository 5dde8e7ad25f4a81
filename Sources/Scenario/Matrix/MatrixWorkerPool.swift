import Foundation
import GPX
import Simulation

/// Runs a matrix in worker processes, whole tracks to each, and gathers their summaries in plan
/// order, so the result does not depend on the number of workers.
///
/// A worker is `executable` run with `arguments(tracks)`; it must write what
/// ``MatrixWorker/run(_:tracks:write:)`` writes and exit 0. `keepalive matrix` runs itself
/// with its hidden `matrix-worker` command.
public struct MatrixWorkerPool: Sendable {
    public let executable: String
    public let arguments: @Sendable ([Int]) -> [String]

    public init(executable: String, arguments: @escaping @Sendable ([Int]) -> [String]) {
        self.executable = executable
        self.arguments = arguments
    }

    /// Every cell's summary, in plan order.
    /// - Throws: ``MatrixError``: `workerFailed` when a worker cannot start, dies, exits with an
    ///   error or prints what is not a result; else that of the first failing track in plan order.
    public func run(_ matrix: Matrix, workers: Int) throws(MatrixError) -> [SimSummary] {
        let shares = Self.shares(matrix, workers: workers)
        var running: [RunningWorker] = []
        for (number, tracks) in shares.enumerated() {
            let name = "worker \(number + 1) of \(shares.count) (\(tracks.map { matrix.tracks[$0].name }.joined(separator: ", ")))"
            do {
                running.append(try RunningWorker(executable: executable, arguments: arguments(tracks), tracks: tracks, name: name))
            } catch {
                running.forEach { $0.stop() }
                throw MatrixError(worker: "\(name): cannot start \(executable): \(error.localizedDescription)")
            }
        }
        var summaries = [SimSummary?](repeating: nil, count: matrix.cells.count)
        var trackFailures: [Int: MatrixError] = [:]
        var workerFailure: MatrixError?
        for worker in running {
            let output = worker.finish()
            guard workerFailure == nil else { continue }
            do throws(MatrixError) {
                try Self.collect(output, from: worker, matrix: matrix, into: &summaries, failures: &trackFailures)
            } catch {
                workerFailure = error
            }
        }
        if let workerFailure { throw workerFailure }
        if let first = trackFailures.keys.min(), let failure = trackFailures[first] { throw failure }
        return summaries.map { $0! }  // collect checked that every cell of every track arrived
    }

    /// Tracks split into at most `workers` shares of about equal work (file size × runs per
    /// track), largest first to the least loaded; each share in plan order.
    public static func shares(_ matrix: Matrix, workers: Int) -> [[Int]] {
        let count = max(1, min(workers, matrix.tracks.count))
        let runsPerTrack = matrix.profiles.count * matrix.runs.count
        let costs = matrix.tracks.map { track -> Int in
            let size = FileName.status(track.path).map { Int($0.st_size) } ?? 0
            return max(size, 1) * runsPerTrack
        }
        var shares = [[Int]](repeating: [], count: count)
        var loads = [Int](repeating: 0, count: count)
        for track in matrix.tracks.indices.sorted(by: { (costs[$0], $1) > (costs[$1], $0) }) {
            let lightest = loads.indices.min { (loads[$0], $0) < (loads[$1], $1) }!
            shares[lightest].append(track)
            loads[lightest] += costs[track]
        }
        return shares.filter { !$0.isEmpty }.map { $0.sorted() }
    }

    /// Checks a worker's output and files its results.
    private static func collect(
        _ output: RunningWorker.Output, from worker: RunningWorker, matrix: Matrix,
        into summaries: inout [SimSummary?], failures: inout [Int: MatrixError]
    ) throws(MatrixError) {
        let said = output.stderr.split(separator: "\n").last.map { ": \($0)" } ?? ""
        switch output.ending {
        case .signal(let signal): throw MatrixError(worker: "\(worker.name) was killed by signal \(signal)\(said)")
        case .status(let status) where status != 0: throw MatrixError(worker: "\(worker.name) exited with status \(status)\(said)")
        default: break
        }
        let decoder = MatrixWorker.Line.decoder()
        var seen = Set<Int>()
        for text in output.stdout.split(separator: UInt8(ascii: "\n")) {
            let garbage = MatrixError(worker: "\(worker.name) printed a line that is not a result: '\(String(decoding: text.prefix(80), as: UTF8.self))'")
            guard let line = try? decoder.decode(MatrixWorker.Line.self, from: Data(text)) else { throw garbage }
            if let cell = line.cell, let summary = line.summary, matrix.cells.indices.contains(cell),
               worker.tracks.contains(matrix.cells[cell].track), seen.insert(cell).inserted {
                summaries[cell] = summary
            } else if let track = line.track, let kind = line.kind, let error = line.error,
                      worker.tracks.contains(track), failures[track] == nil {
                failures[track] = MatrixError(error, kind: kind)
                seen.formUnion(matrix.cells(onTrack: track))
            } else {
                throw garbage
            }
        }
        let expected = worker.tracks.reduce(0) { $0 + matrix.cells(onTrack: $1).count }
        if seen.count != expected {
            throw MatrixError(worker: "\(worker.name) ended without the results of \(expected - seen.count) of its \(expected) runs\(said)")
        }
    }
}
