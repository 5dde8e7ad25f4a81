import Foundation
import Testing
@testable import ScenarioInput
@testable import ScenarioRun
import Simulation
import TestSupport

/// The matrix-worker protocol's readers (issue 33, FuzzMatrixWorker): a worker's real output is
/// counted whatever the chunks; every lie, garbage or over-long line is a `workerFailed` error
/// naming the worker and the cell; a worker's requests are tracks of the plan, each once.
@Suite struct MatrixWorkerProtocolTests {
    /// Two tracks, two profiles, one run: cells 0 and 1 on parked-car.gpx, 2 and 3 on untimed-route.gpx.
    static let matrix: Matrix = {
        let text = "tracks: [parked-car.gpx, untimed-route.gpx]\nprofiles: [ios17, ios13]\nruns: [{name: plain}]\n"
        return try! MatrixFile.parse(text, name: Shipped.root.appendingPathComponent("Tracks/m.yaml").path)
    }()

    /// What the worker writes for `tracks`, as `keepalive matrix-worker` writes it.
    @MainActor static func output(_ tracks: [Int], rendersRows: Bool = false) -> String {
        var text = ""
        MatrixWorker.run(matrix, tracks: tracks, renderRow: rendersRows ? { "{\"run\": \"\($0.run)\"}" } : nil) { text += $0 }
        return text
    }

    /// Reads `text` as worker 1 of 2's output, handed track 0 and then `queue`, in chunks of `chunk` bytes.
    static func read(_ text: String, queue: [Int] = [], chunk: Int = .max, rendersRows: Bool = false,
                     ending: MatrixWorkerReplies.Ending = .status(0)) -> Result<MatrixWorkerReplies, MatrixError> {
        var replies = MatrixWorkerReplies(matrix: matrix, label: "worker 1 of 2", first: 0, rendersRows: rendersRows)
        var queue = queue[...]
        let bytes = Array(text.utf8)
        var offset = 0
        while offset < bytes.count {
            let piece = bytes[offset..<min(bytes.count, offset + chunk)]
            replies.read(piece) { queue.popFirst() }
            offset += piece.count
        }
        do throws(MatrixError) {
            try replies.finish(ending: ending, standardError: "")
        } catch {
            return .failure(error)
        }
        return .success(replies)
    }

    static func error(_ text: String, queue: [Int] = [], rendersRows: Bool = false) -> String? {
        guard case .failure(let error) = read(text, queue: queue, rendersRows: rendersRows) else { return nil }
        #expect(error.kind == .workerFailed)
        return error.description
    }

    @MainActor @Test func aWorkersRealOutputIsCountedWhateverTheChunks() throws {
        let text = Self.output([0, 1])
        let expected = try MatrixRunner.run(Self.matrix)
        for chunk in [1, 7, 100, Int.max] {
            let replies = try Self.read(text, queue: [1], chunk: chunk).get()
            #expect(replies.handed == [0, 1])
            #expect((0..<4).map { replies.summaries[$0] } == expected, "chunks of \(chunk)")
            #expect(replies.failures.isEmpty && replies.rows.isEmpty)
        }
        let withRows = try Self.read(Self.output([0], rendersRows: true), rendersRows: true).get()
        #expect(withRows.rows == [0: #"{"run": "plain"}"#, 1: #"{"run": "plain"}"#])
    }

    /// A worker's line holding `summary` as cell `cell`'s, with `done` too when given.
    static func line(_ cell: Int, _ summary: SimSummary, done: Int? = nil) -> String {
        var line = MatrixWorker.Line(cell: cell, summary: summary)
        line.done = done
        return line.encoded(MatrixWorker.Line.encoder())
    }

    @MainActor @Test func aLyingWorkerIsNamedWithTheCell() throws {
        let summary = try #require(Self.read(Self.output([0])).get().summaries[0])
        let line = Self.line(0, summary)
        var negative = summary
        negative.durationSeconds = -1
        var notANumber = summary
        notANumber.suspendedAt = .nan
        // Regressions/matrix-worker/two-states-that-are-none-named-by-hash-order: the first by name, always.
        var noGoal = summary
        noGoal.coverage = []
        var states = summary
        states.secondsInState["notJRunning"] = 1
        states.secondsInState["backgrount"] = 1
        states.secondsInState["zz"] = 1
        let done = "{\"done\":0}\n"
        let cases: [(String, String)] = [
            ("garbage\n", "printed a line that is not a result: 'garbage'"),
            (Self.line(9, summary), "sent a result of cell 9, which is not in the plan (4 cells)"),
            (Self.line(2, summary), "sent a result of cell 2 (untimed-route.gpx, ios17, 'plain'), whose track it was not handed"),
            (line + line, "sent a second result of cell 0 (parked-car.gpx, ios17, 'plain')"),
            // Cell 0's summary as cell 1's: another profile's run.
            (Self.line(1, summary), "sent a result of cell 1 (parked-car.gpx, ios13, 'plain') that no replay of it gives: its profile is 'ios17', not 'ios13'"),
            (Self.line(0, negative),
             "sent a result of cell 0 (parked-car.gpx, ios17, 'plain') that no replay of it gives: its duration -1.0 s is not in 0…3155760000 s"),
            (Self.line(0, notANumber),
             "sent a result of cell 0 (parked-car.gpx, ios17, 'plain') that no replay of it gives: its suspendedAt nan s is not in 0…\(summary.durationSeconds) s"),
            (Self.line(0, noGoal), "sent a result of cell 0 (parked-car.gpx, ios17, 'plain') that no replay of it gives: its coverage is of 0 goals, not of the run's 1"),
            (Self.line(0, states), "sent a result of cell 0 (parked-car.gpx, ios17, 'plain') that no replay of it gives: 'backgrount' is no app state"),
            (done, "said it was done with parked-car.gpx without the result of cell 0 (parked-car.gpx, ios17, 'plain')"),
            (#"{"track":0,"kind":"workerFailed","error":"x"}"# + "\n",
             "sent a failure of parked-car.gpx of kind 'workerFailed', which a replay cannot have"),
            (#"{"track":1,"kind":"invalidData","error":"x"}"# + "\n",
             "sent a failure of track 1, which it was not handed or is done with"),
            (line + #"{"track":0,"kind":"invalidData","error":"x"}"# + "\n", "sent a failure of parked-car.gpx after results of it"),
            // Results without the done line: the tracks left in the queue would never be handed out.
            (Self.output([0]).replacingOccurrences(of: done, with: ""), "ended without saying it was done with parked-car.gpx"),
            ("", "ended without the results of 2 of its 2 runs"),
        ]
        for (text, message) in cases {
            #expect(Self.error(text) == "worker 1 of 2 (parked-car.gpx) " + message)
        }
        // A line that is two things at once; its start, 80 bytes, is quoted.
        let mixed = Self.line(0, summary, done: 0)
        #expect(Self.error(mixed) == "worker 1 of 2 (parked-car.gpx) printed a line that is not a result: '\(mixed.prefix(80))'")
    }

    @MainActor @Test func theObjectsOfTheRunsComeAfterTheirSummariesOnce() throws {
        let line = Self.line(0, try #require(Self.read(Self.output([0])).get().summaries[0]))
        let row = MatrixWorker.Line.row(0, "{}")
        #expect(Self.error(row, rendersRows: true) == "worker 1 of 2 (parked-car.gpx) sent the object of cell 0 (parked-car.gpx, ios17, 'plain') before its summary")
        #expect(Self.error(line + row + row, rendersRows: true) == "worker 1 of 2 (parked-car.gpx) sent the object of cell 0 (parked-car.gpx, ios17, 'plain') twice")
        #expect(Self.error(line + row) == "worker 1 of 2 (parked-car.gpx) sent the object of cell 0 (parked-car.gpx, ios17, 'plain'), which it was not asked for")
        let withoutRows = Self.output([0])
        #expect(Self.error(withoutRows, rendersRows: true)
                == "worker 1 of 2 (parked-car.gpx) said it was done with parked-car.gpx without the object of cell 0 (parked-car.gpx, ios17, 'plain')")
    }

    @Test func aTracksFailureIsKeptOnOneLine() throws {
        let replies = try Self.read(#"{"track":0,"kind":"invalidData","error":"a.gpx:1:2: bad\n\u001B[2J"}"# + "\n{\"done\":0}\n").get()
        #expect(replies.failures == [0: MatrixError("a.gpx:1:2: bad\\u{A}\\u{1B}[2J", kind: .invalidData)])
        #expect(replies.summaries.isEmpty)
    }

    @Test func anOverLongLineEndsTheReadingWithoutKeepingIt() {
        let limit = MatrixWorkerProtocol.maximumLineBytes
        let start = String(repeating: "x", count: 80)
        var replies = MatrixWorkerReplies(matrix: Self.matrix, label: "worker 1 of 2", first: 0, rendersRows: false)
        let chunk = [UInt8](repeating: UInt8(ascii: "x"), count: 1 << 20)
        for _ in 0...(limit >> 20) { replies.read(chunk) { nil } }
        #expect(replies.pendingBytes == 0)
        #expect(replies.error == MatrixError(worker: "worker 1 of 2 (parked-car.gpx) printed a line longer than 16777216 bytes, which is not a result: '\(start)…'"))
        // A frame may announce at most 64 MiB.
        #expect(Self.error("row 0 \((64 << 20) + 1)\n") == "worker 1 of 2 (parked-car.gpx) printed a line that is not a result: 'row 0 67108865'")
        // Regressions/matrix-worker/frame-announcing-1-gib: the old bound, 1 GiB, kept that much waiting.
        #expect(Self.error("row 0 1073741824\n{\"", rendersRows: true) == "worker 1 of 2 (parked-car.gpx) printed a line that is not a result: 'row 0 1073741824'")
    }

    @Test func theWorkerExitingBadlyIsNamedWithTheLastLineItSaid() {
        var replies = MatrixWorkerReplies(matrix: Self.matrix, label: "worker 1 of 2", first: 0, rendersRows: false)
        #expect(throws: MatrixError(worker: "worker 1 of 2 (parked-car.gpx) exited with status 3: broken\\u{1B}[2J")) {
            try replies.finish(ending: .status(3), standardError: "first\nerror: broken\u{1B}[2J\n")
        }
    }

    /// What a worker reads from its standard input, and its error.
    static func requests(_ text: String, tracks: Int = 2) -> ([MatrixTrackRequests.Request], String?) {
        var reader = MatrixTrackRequests(name: "m.yaml", trackCount: tracks)
        var read = reader.read(Array(text.utf8))
        guard case .refused(let error)? = read.last else { return (read, nil) }
        #expect(error.kind == .usage && reader.ended)
        read.removeLast()
        return (read, error.description)
    }

    @Test func aWorkerReadsEachTrackOfThePlanOnceThenTheEndMark() {
        #expect(Self.requests("1\n0\nend\n5\n").0 == [.track(1), .track(0), .end])
        #expect(Self.requests("0\n0\n").1 == "m.yaml: track 0 was handed out twice; the parent hands out each track once")
        // Regressions/matrix-worker/request-then-a-bad-line-in-one-chunk: the track before a bad
        // line is read whatever the chunks (it was lost when both came at once).
        #expect(Self.requests("2\nen]d\n", tracks: 3) == ([.track(2)], "m.yaml: 'en]d' is no track of the matrix the parent planned"))
        #expect(Self.requests("2\n").1 == "m.yaml: '2' is no track of the matrix the parent planned")
        #expect(Self.requests("+1\n").1 == "m.yaml: '+1' is no track of the matrix the parent planned")
        #expect(Self.requests("\u{1B}[2J\n").1 == "m.yaml: '\\u{1B}[2J' is no track of the matrix the parent planned")
        let long = String(repeating: "0", count: 33)
        #expect(Self.requests(long).1 == "m.yaml: a request longer than 32 bytes ('\(long.prefix(32))…') is no track of the matrix the parent planned")
        #expect(Self.requests(String(long.prefix(32)) + "\n").0 == [.track(0)])
    }
}
