import Foundation
import ScenarioInput
import Simulation

/// The matrix-worker protocol's decoding, both directions, as functions of bytes: what the
/// parent reads from a worker (``MatrixWorkerReplies``) and what a worker reads from its parent
/// (``MatrixTrackRequests``). The processes only move bytes; every check is here, where the fuzz
/// target `FuzzMatrixWorker` reaches it.
///
/// Every length and count is capped where it enters (Docs/Fuzzing.md, "The matrix-worker protocol"):
/// a worker's line at ``maximumLineBytes``, a framed run's object at ``maximumObjectBytes``, its
/// standard error at the last ``maximumStandardErrorBytes``, a failure's message at
/// ``maximumMessageCharacters``, a request line at ``maximumRequestBytes``; results, rows, done
/// lines and requests are bounded by the plan (each cell, each track at most once).
package enum MatrixWorkerProtocol {
    /// The longest line a worker may write: a summary line holds at most
    /// ``SimCoverage/maximumGaps`` gaps a goal and 100 warnings, a few megabytes at most.
    package static let maximumLineBytes = 16 << 20
    /// The largest object a `row N LENGTH` frame may announce: a run's object holds every kept
    /// gap (at most ``SimCoverage/maximumGaps`` a goal), megabytes at most.
    package static let maximumObjectBytes = 64 << 20
    /// How much of a worker's standard error is kept: its end, where its last line is.
    package static let maximumStandardErrorBytes = 64 << 10
    /// The most characters of a worker's own text (a failure's message, its last line on
    /// standard error, the start of a line that is no result) put in a message.
    package static let maximumMessageCharacters = 1_000
    /// The longest request line a worker reads: a track index (at most 19 digits) or the end mark.
    package static let maximumRequestBytes = 32
    /// The most warnings a summary holds (`SimSummary.warnings`: the first 100).
    package static let maximumWarnings = 100

    /// `text` on one line, control characters escaped, cut to ``maximumMessageCharacters``.
    static func quoted(_ text: some StringProtocol) -> String {
        let cut = text.count > maximumMessageCharacters ? String(text.prefix(maximumMessageCharacters)) + "…" : String(text)
        return SafeText.terminal(cut)
    }

    /// The last line of a worker's standard error, as a message ends with it (": …"), or "".
    static func lastLine(ofStandardError text: String) -> String {
        text.split(separator: "\n").last.map { ": " + quoted(ErrorLine.withoutPrefix($0)) } ?? ""
    }

    /// Why `summary` cannot be a replay of `cell`, or `nil` when it can: it must name the cell's
    /// profile, policy and goals, and its times, counts and fractions must be in range. With
    /// `rendersRows` each goal keeps at most one gap (the worker trims them).
    static func problem(with summary: SimSummary, of cell: MatrixCell, rendersRows: Bool) -> String? {
        let settings = cell.settings
        if summary.profile != settings.profile.name {
            return "its profile is '\(quoted(summary.profile))', not '\(quoted(settings.profile.name))'"
        }
        if summary.policy != settings.policy { return "its policy is '\(summary.policy.rawValue)', not '\(settings.policy.rawValue)'" }
        if summary.coverage.map(\.goal) != settings.goals {
            return summary.coverage.count == settings.goals.count
                ? "its goals are not the run's" : "its coverage is of \(summary.coverage.count) goals, not of the run's \(settings.goals.count)"
        }
        let duration = summary.durationSeconds
        guard duration.isFinite, (0...SimLimits.maximumSeconds).contains(duration) else {
            return "its duration \(duration) s is not in 0…\(Int(SimLimits.maximumSeconds)) s"
        }
        let span = 0...duration
        let moments: KeyValuePairs<String, Double?> = [
            "suspendedAt": summary.suspendedAt, "terminatedAt": summary.terminatedAt,
            "strictSuspendedAt": summary.strictSuspendedAt, "longestDeliveryGapSeconds": summary.longestDeliveryGapSeconds,
            "stall.at": summary.stall?.at,
        ]
        for (name, value) in moments {
            if let value, !span.contains(value) { return "its \(name) \(value) s is not in 0…\(duration) s" }
        }
        if let least = summary.minimumBackgroundTimeRemaining, least.isNaN { return "its minimumBackgroundTimeRemaining is not a number" }
        if !summary.budgetSeconds.isFinite || summary.budgetSeconds < 0 { return "its budgetSeconds \(summary.budgetSeconds) is not a duration" }
        if summary.deliveredUpdates < 0 || summary.processes < 0 || (summary.stall?.steps ?? 0) < 0 {
            return "a count is negative"
        }
        if summary.warnings.count > maximumWarnings { return "it holds \(summary.warnings.count) warnings, more than \(maximumWarnings)" }
        // In the order of their names: a dictionary's own order differs from one decoding to the next.
        for (state, seconds) in summary.secondsInState.sorted(by: { $0.key < $1.key }) {
            guard SimAppState(rawValue: state) != nil else { return "'\(quoted(state))' is no app state" }
            guard span.contains(seconds) else { return "its seconds in \(state), \(seconds), are not in 0…\(duration) s" }
        }
        let gapLimit = rendersRows ? 1 : SimCoverage.maximumGaps
        for (goal, coverage) in summary.coverage.enumerated() {
            let what = "goal \(goal + 1)"
            guard (0...1).contains(coverage.fraction) else { return "its \(what)'s fraction \(coverage.fraction) is not in 0…1" }
            for (name, value) in [("uncoveredSeconds", coverage.uncoveredSeconds), ("uncoveredMetres", coverage.uncoveredMetres),
                                  ("longestGapSeconds", coverage.longestGapSeconds)] where !value.isFinite || value < 0 {
                return "its \(what)'s \(name) \(value) is not a length"
            }
            guard coverage.gaps.count <= gapLimit, coverage.gapCount >= coverage.gaps.count,
                  (coverage.eventCount ?? 0) >= 0, (coverage.cancelledByUser ?? 0) >= 0 else {
                return "its \(what) keeps \(coverage.gaps.count) gaps of \(coverage.gapCount) (at most \(gapLimit) kept), or a negative count"
            }
            for gap in coverage.gaps {
                let times = [gap.from, gap.firstMissed, gap.to]
                guard times.allSatisfy(\.isFinite), gap.from <= gap.firstMissed, gap.firstMissed <= gap.to,
                      gap.seconds.isFinite, gap.seconds >= 0, gap.metres.isFinite, gap.metres >= 0 else {
                    return "a gap of its \(what) (\(gap.from)…\(gap.to) s) is not a stretch of the run"
                }
            }
        }
        return nil
    }
}

/// The parent's reader of one worker's output, fed the bytes as they arrive: it splits them into
/// lines and framed objects (``WorkerOutputSplitter``), decodes each, and checks it against the
/// plan at once, so the first lie, garbage or over-long line ends the reading (and the parent
/// stops the worker) with a ``MatrixError`` naming the worker and, where there is one, the cell.
///
/// A worker must send, for each track it was handed: one summary per cell of the track (each
/// followed by its run's object with `rendersRows`), or one failure line for the track, then the
/// track's done line, which hands it the next track. Nothing is counted twice or for a track it
/// was not handed.
package struct MatrixWorkerReplies {
    /// "worker 1 of 2", without its tracks.
    package let label: String
    /// The tracks handed to the worker, in order.
    package private(set) var handed: [Int]
    /// The cells' summaries the worker sent.
    package private(set) var summaries: [Int: SimSummary] = [:]
    /// The cells' runs as `--format json` writes them (with `rendersRows`).
    package private(set) var rows: [Int: String] = [:]
    /// The failures of the tracks that could not be replayed, by track.
    package private(set) var failures: [Int: MatrixError] = [:]
    /// The first thing the worker sent that is not a result: the reading stopped there.
    package private(set) var error: MatrixError?

    /// How the worker process ended.
    package enum Ending: Hashable, Sendable {
        case status(Int32)
        case signal(Int32)
    }

    private let matrix: Matrix
    private let rendersRows: Bool
    private var splitter = WorkerOutputSplitter()
    private let decoder = MatrixWorker.Line.decoder()
    /// The cells with a result: a summary, or their track's failure.
    private var answered = Set<Int>()
    private var done = Set<Int>()

    /// A reader for a worker that was handed `first`.
    package init(matrix: Matrix, label: String, first: Int, rendersRows: Bool) {
        self.matrix = matrix
        self.label = label
        self.rendersRows = rendersRows
        handed = [first]
    }

    /// "worker 1 of 2 (a.gpx, b.gpx)": the label and the tracks handed to it.
    package var name: String {
        "\(label) (\(handed.map { MatrixWorkerProtocol.quoted(matrix.tracks[$0].name) }.joined(separator: ", ")))"
    }

    /// How many bytes wait for the rest of their line or object.
    package var pendingBytes: Int { splitter.pendingBytes }

    /// Reads the next bytes of the output. `next` hears each done line: it hands the worker its
    /// next track and returns it, or `nil` when there is none (it sent the end mark). Does
    /// nothing once ``error`` is set.
    package mutating func read(_ chunk: some Collection<UInt8>, next: () -> Int?) {
        guard error == nil else { return }
        var pieces: [WorkerOutputSplitter.Piece] = []
        splitter.append(chunk) { pieces.append($0) }
        for piece in pieces where error == nil {
            do throws(MatrixError) { try take(piece, next: next) } catch { self.error = error }
        }
    }

    /// The end of the output, the worker having exited with `ending`: an unfinished line is
    /// not a result, and every cell of every track handed must have its result (and its
    /// object, with `rendersRows`), every track its done line.
    /// - Throws: ``MatrixError`` (`workerFailed`): the worker's death or status, what it sent
    ///   that is not a result, or what it left out, with the last line of `standardError`.
    package mutating func finish(ending: Ending, standardError: String) throws(MatrixError) {
        if let error { throw error }
        let said = MatrixWorkerProtocol.lastLine(ofStandardError: standardError)
        switch ending {
        case .signal(let signal): throw MatrixError(worker: "\(name) was killed by signal \(signal)\(said)")
        case .status(let status) where status != 0: throw MatrixError(worker: "\(name) exited with status \(status)\(said)")
        case .status: break
        }
        var pieces: [WorkerOutputSplitter.Piece] = []
        splitter.finish { pieces.append($0) }
        for piece in pieces { try take(piece, next: { nil }) }
        let expected = handed.reduce(0) { $0 + matrix.cells(onTrack: $1).count }
        if answered.count != expected {
            throw MatrixError(worker: "\(name) ended without the results of \(expected - answered.count) of its \(expected) runs\(said)")
        }
        if rendersRows, let missing = summaries.keys.filter({ rows[$0] == nil }).min() {
            throw MatrixError(worker: "\(name) did not write the object of \(cellName(missing))\(said)")
        }
        // Each done line hands out the next track: without the last one, tracks may be left in the queue.
        if let open = handed.first(where: { !done.contains($0) }) {
            throw MatrixError(worker: "\(name) ended without saying it was done with \(trackName(open))\(said)")
        }
    }

    /// "cell 3 (a.gpx, ios17, 'no flag')".
    private func cellName(_ index: Int) -> String {
        let cell = matrix.cells[index]
        return "cell \(index) (\(MatrixWorkerProtocol.quoted(matrix.tracks[cell.track].name)), \(matrix.profiles[cell.profile].writtenName), "
            + "'\(MatrixWorkerProtocol.quoted(matrix.runName(of: cell)))')"
    }

    private func trackName(_ track: Int) -> String { MatrixWorkerProtocol.quoted(matrix.tracks[track].name) }

    /// The cell `index` if it is in the plan, on a track handed to this worker and not yet done.
    private func ownCell(_ index: Int, _ what: String) throws(MatrixError) -> MatrixCell {
        guard matrix.cells.indices.contains(index) else {
            throw MatrixError(worker: "\(name) sent \(what) of cell \(index), which is not in the plan (\(matrix.cells.count) cells)")
        }
        let cell = matrix.cells[index]
        guard handed.contains(cell.track), !done.contains(cell.track) else {
            let why = done.contains(cell.track) ? "after it was done with \(trackName(cell.track))" : "whose track it was not handed"
            throw MatrixError(worker: "\(name) sent \(what) of \(cellName(index)), \(why)")
        }
        return cell
    }

    private mutating func take(_ piece: WorkerOutputSplitter.Piece, next: () -> Int?) throws(MatrixError) {
        let line: ArraySlice<UInt8>
        switch piece {
        case .overlong(let start):
            throw MatrixError(worker: "\(name) printed a line longer than \(MatrixWorkerProtocol.maximumLineBytes) bytes, which is not a result: "
                + "'\(MatrixWorkerProtocol.quoted(String(decoding: start.prefix(80), as: UTF8.self)))…'")
        case .row(let index, let object):
            _ = try ownCell(index, "the object")
            guard summaries[index] != nil, rows[index] == nil, rendersRows else {
                let why = !rendersRows ? ", which it was not asked for" : rows[index] != nil ? " twice" : " before its summary"
                throw MatrixError(worker: "\(name) sent the object of \(cellName(index))\(why)")
            }
            rows[index] = String(decoding: object, as: UTF8.self)
            return
        case .line(let bytes):
            line = bytes
        }
        let garbage = MatrixError(worker: "\(name) printed a line that is not a result: "
            + "'\(MatrixWorkerProtocol.quoted(String(decoding: line.prefix(80), as: UTF8.self)))'")
        guard let decoded = try? decoder.decode(MatrixWorker.Line.self, from: Data(line)) else { throw garbage }
        switch (decoded.cell, decoded.summary, decoded.track, decoded.kind, decoded.error, decoded.done) {
        case let (index?, summary?, nil, nil, nil, nil):
            let cell = try ownCell(index, "a result")
            guard !answered.contains(index) else { throw MatrixError(worker: "\(name) sent a second result of \(cellName(index))") }
            if let problem = MatrixWorkerProtocol.problem(with: summary, of: cell, rendersRows: rendersRows) {
                throw MatrixError(worker: "\(name) sent a result of \(cellName(index)) that no replay of it gives: \(problem)")
            }
            answered.insert(index)
            summaries[index] = summary
        case let (nil, nil, track?, kind?, message?, nil):
            guard handed.contains(track), !done.contains(track) else {
                throw MatrixError(worker: "\(name) sent a failure of track \(track), which it was not handed or is done with")
            }
            // Reading or replaying a track fails as a file does; never as a worker or an output.
            switch kind {
            case .usage, .invalidData, .cannotOpen, .stalled: break
            case .cannotWrite, .workerFailed:
                throw MatrixError(worker: "\(name) sent a failure of \(trackName(track)) of kind '\(kind.rawValue)', which a replay cannot have")
            }
            let cells = matrix.cells(onTrack: track)
            guard failures[track] == nil, !cells.contains(where: answered.contains) else {
                throw MatrixError(worker: "\(name) sent a failure of \(trackName(track)) after results of it")
            }
            failures[track] = MatrixError(MatrixWorkerProtocol.quoted(message), kind: kind)
            answered.formUnion(cells)
        case let (nil, nil, nil, nil, nil, track?):
            guard handed.contains(track), !done.contains(track) else {
                throw MatrixError(worker: "\(name) said it was done with track \(track), which it was not handed or was done with")
            }
            let cells = matrix.cells(onTrack: track)
            if let missing = cells.first(where: { !answered.contains($0) }) {
                throw MatrixError(worker: "\(name) said it was done with \(trackName(track)) without the result of \(cellName(missing))")
            }
            if rendersRows, let missing = cells.first(where: { summaries[$0] != nil && rows[$0] == nil }) {
                throw MatrixError(worker: "\(name) said it was done with \(trackName(track)) without the object of \(cellName(missing))")
            }
            done.insert(track)
            if let following = next() { handed.append(following) }
        default:
            throw garbage
        }
    }
}

/// The worker's reader of its requests: the track indices its parent writes on its standard
/// input, one a line, then the end mark (``MatrixWorker/endOfTracks``). Fed the bytes as they
/// arrive; each track must be in the plan and come once, each line be at most
/// ``MatrixWorkerProtocol/maximumRequestBytes``; nothing after the end mark is read.
package struct MatrixTrackRequests {
    package enum Request: Hashable, Sendable {
        case track(Int)
        /// The end mark: no more tracks.
        case end
        /// A line that is no track of the plan, a track requested twice, or a line too long: a
        /// ``MatrixError`` (`usage`). The worker stops there.
        case refused(MatrixError)
    }

    private let name: String
    private let trackCount: Int
    private var line: [UInt8] = []
    private var requested = Set<Int>()
    /// Set by the end mark or the first bad line: no more is read.
    package private(set) var ended = false

    /// A reader for a worker of a matrix of `trackCount` tracks, its file named `name` in messages.
    package init(name: String, trackCount: Int) {
        self.name = name
        self.trackCount = trackCount
    }

    /// The requests in `chunk`, in order, the end mark or a refusal last (nothing is read after
    /// either): the same requests whatever the chunks.
    package mutating func read(_ chunk: some Sequence<UInt8>) -> [Request] {
        var requests: [Request] = []
        for byte in chunk {
            guard !ended else { break }
            guard byte == UInt8(ascii: "\n") else {
                guard line.count < MatrixWorkerProtocol.maximumRequestBytes else {
                    ended = true
                    return requests + [.refused(MatrixError(usage: "\(name): a request longer than \(MatrixWorkerProtocol.maximumRequestBytes) bytes "
                        + "('\(MatrixWorkerProtocol.quoted(String(decoding: line, as: UTF8.self)))…') is no track of the matrix the parent planned"))]
                }
                line.append(byte)
                continue
            }
            let text = String(decoding: line, as: UTF8.self)
            line.removeAll(keepingCapacity: true)
            if text == MatrixWorker.endOfTracks {
                ended = true
                requests.append(.end)
                break
            }
            guard text.utf8.allSatisfy({ (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) }), let track = Int(text), track < trackCount else {
                ended = true
                return requests + [.refused(MatrixError(usage: "\(name): '\(MatrixWorkerProtocol.quoted(text))' is no track of the matrix the parent planned"))]
            }
            guard requested.insert(track).inserted else {
                ended = true
                return requests + [.refused(MatrixError(usage: "\(name): track \(track) was handed out twice; the parent hands out each track once"))]
            }
            requests.append(.track(track))
        }
        return requests
    }
}

/// Splits a worker's output into its lines and the runs' objects it frames (`row N LENGTH`, then
/// LENGTH bytes and a newline), as the bytes arrive. Each line is searched for its end once,
/// however many chunks it comes in; an object is not searched at all. A line longer than
/// ``MatrixWorkerProtocol/maximumLineBytes`` is heard as `overlong` and ends the splitting: what
/// is kept never grows past that, or past an announced object.
struct WorkerOutputSplitter {
    enum Piece {
        case line(ArraySlice<UInt8>)
        case row(cell: Int, object: ArraySlice<UInt8>)
        /// The start of a line past the limit; nothing after it is heard.
        case overlong(start: ArraySlice<UInt8>)
    }

    private var bytes: [UInt8] = []
    /// How many bytes of the unfinished line are known to hold no newline.
    private var scanned = 0
    /// The object being read, after its `row` line.
    private var frame: (cell: Int, length: Int)?
    private var overlong = false

    /// The largest object a frame may announce (``MatrixWorkerProtocol/maximumObjectBytes``); a
    /// length beyond this is a garbled line.
    static var maximumObjectBytes: Int { MatrixWorkerProtocol.maximumObjectBytes }

    /// The bytes kept for an unfinished line or object.
    var pendingBytes: Int { bytes.count }

    mutating func append(_ chunk: some Collection<UInt8>, _ piece: (Piece) -> Void) {
        guard !overlong else { return }
        bytes.append(contentsOf: chunk)
        var start = 0
        var searchFrom = scanned
        while true {
            if let open = frame {
                guard bytes.count - start > open.length else { break }  // the object and its newline
                let end = start + open.length
                if bytes[end] == UInt8(ascii: "\n") {
                    piece(.row(cell: open.cell, object: bytes[start..<end]))
                } else {
                    piece(.line(bytes[start...end]))  // not what the frame announced: a line that is not a result
                }
                start = end + 1
                searchFrom = start
                frame = nil
                continue
            }
            guard let newline = bytes[searchFrom...].firstIndex(of: UInt8(ascii: "\n")) else {
                searchFrom = bytes.count
                break
            }
            let line = bytes[start..<newline]
            start = newline + 1
            searchFrom = start
            if line.count > MatrixWorkerProtocol.maximumLineBytes {
                return stop(at: start - line.count - 1, piece)
            }
            if let header = Self.rowHeader(line) {
                frame = header
            } else if !line.isEmpty {
                piece(.line(line))
            }
        }
        if frame == nil, bytes.count - start > MatrixWorkerProtocol.maximumLineBytes { return stop(at: start, piece) }
        bytes.removeSubrange(..<start)  // only the unfinished line or object stays
        scanned = frame == nil ? searchFrom - start : 0
    }

    /// Hears the over-long line starting at `start` and drops everything.
    private mutating func stop(at start: Int, _ piece: (Piece) -> Void) {
        piece(.overlong(start: bytes[start..<min(bytes.count, start + 80)]))
        overlong = true
        bytes = []
        frame = nil
    }

    /// At the end of the output: what is left is an unfinished line (or object), heard as a line.
    mutating func finish(_ piece: (Piece) -> Void) {
        if !bytes.isEmpty { piece(.line(bytes[...])) }
        bytes = []
        frame = nil
    }

    /// `row N LENGTH`: the cell and the length of the object that follows.
    private static func rowHeader(_ line: ArraySlice<UInt8>) -> (cell: Int, length: Int)? {
        guard line.starts(with: MatrixWorker.Line.rowPrefix.utf8) else { return nil }
        let fields = line.dropFirst(MatrixWorker.Line.rowPrefix.utf8.count).split(separator: UInt8(ascii: " "), omittingEmptySubsequences: false)
        guard fields.count == 2,
              let cell = Int(String(decoding: fields[0], as: UTF8.self)), cell >= 0,
              let length = Int(String(decoding: fields[1], as: UTF8.self)), (0...maximumObjectBytes).contains(length)
        else { return nil }
        return (cell, length)
    }
}
