import FuzzSupport
import ScenarioInput
import ScenarioRun
import Simulation

/// The matrix-worker protocol under fuzzing, both directions, through the decoders the processes
/// call (`MatrixWorkerReplies`, `MatrixTrackRequests`).
///
/// Byte 0 picks the side: 0 the parent reading a worker's output, 1 the same asked for each run's
/// object (`--renders-rows`), 2 a worker reading its requests. Byte 1: the chunk size the bytes
/// arrive in (1–255; 0 all at once); every outcome must be the one of the whole input at once.
/// The parent: byte 2 picks the worker's first track (bits 0–1, of the plan's 3) and how many more
/// the queue holds for it (bits 2–3), byte 3 how it ended (0 status 0, 1–127 that status, 128 and
/// up a signal); the rest is its output, and also its standard error. A worker: byte 2 is the
/// plan's track count; the rest is its standard input.
///
/// The parent must accept (every cell of every track handed answered once, each track done, every
/// object there when asked for) or refuse with a `workerFailed` error on one line naming the
/// worker; a worker must read distinct tracks of the plan, the end mark last, or refuse with a
/// usage error on one line naming the matrix file. Nothing kept may grow past the caps.
enum MatrixWorkerHarness {
    /// The plan the seeds were written for (Docs/Fuzzing.md, "The matrix-worker protocol"): 3 tracks × 2
    /// profiles × 2 runs, 4 cells a track. The folder does not exist: nothing is read.
    static let matrix: Matrix = {
        let text = """
            tracks: [parked-car.gpx, untimed-route.gpx, xcode-waypoints.gpx]
            profiles: [ios17, ios13]
            runs: [{name: plain}, {name: filtered, settings: {distanceFilter: 100}}]

            """
        do throws(MatrixError) {
            return try MatrixFile.parse(text, name: "/nonexistent-fuzz/m.yaml")
        } catch {
            Fuzz.check(false, "the harness's matrix does not parse: \(error)")
            fatalError()
        }
    }()

    static func run(_ data: UnsafeRawBufferPointer) {
        var input = FuzzInput(data)
        let mode = input.byte() % 3
        let chunk = Int(input.byte())
        if mode == 2 {
            let trackCount = Int(input.byte())
            let whole = requests(input.rest, trackCount: trackCount, chunk: 0)
            check(whole, trackCount: trackCount)
            if chunk > 0 { Fuzz.check(requests(input.rest, trackCount: trackCount, chunk: chunk) == whole, "the requests depend on the chunks") }
            return
        }
        let tracks = input.byte()
        let first = Int(tracks & 3) % matrix.tracks.count
        let queue = matrix.tracks.indices.filter { $0 != first }.prefix(Int(tracks >> 2 & 3))
        let endByte = input.byte()
        let ending: MatrixWorkerReplies.Ending = endByte < 128 ? .status(Int32(endByte)) : .signal(Int32(endByte - 128))
        let whole = replies(input.rest, first: first, queue: Array(queue), rendersRows: mode == 1, ending: ending, chunk: 0)
        check(whole, first: first, rendersRows: mode == 1)
        if chunk > 0 {
            let chunked = replies(input.rest, first: first, queue: Array(queue), rendersRows: mode == 1, ending: ending, chunk: chunk)
            Fuzz.check(chunked == whole, "the outcome depends on the chunks: \(chunked) against \(whole)")
        }
    }

    /// What the parent made of a worker's output: its error, or what it counted.
    enum Replies: Equatable {
        case refused(MatrixError)
        case accepted(handed: [Int], summaries: [Int: SimSummary], rows: [Int: String], failures: [Int: MatrixError])
    }

    static func replies(_ bytes: UnsafeRawBufferPointer, first: Int, queue: [Int], rendersRows: Bool,
                        ending: MatrixWorkerReplies.Ending, chunk: Int) -> Replies {
        var reader = MatrixWorkerReplies(matrix: matrix, label: "worker 1 of 2", first: first, rendersRows: rendersRows)
        var queue = queue[...]
        let size = chunk == 0 ? max(bytes.count, 1) : chunk
        var offset = 0
        while offset < bytes.count {
            let piece = bytes[offset..<min(bytes.count, offset + size)]
            reader.read(piece) { queue.popFirst() }
            offset += piece.count
            // Kept: an unfinished line or announced object, within its cap, and the chunk.
            Fuzz.check(reader.pendingBytes <= max(MatrixWorkerProtocol.maximumLineBytes, MatrixWorkerProtocol.maximumObjectBytes) + size,
                       "\(reader.pendingBytes) bytes kept")
        }
        do throws(MatrixError) {
            try reader.finish(ending: ending, standardError: String(decoding: bytes, as: UTF8.self))
        } catch {
            return .refused(error)
        }
        return .accepted(handed: reader.handed, summaries: reader.summaries, rows: reader.rows, failures: reader.failures)
    }

    static func check(_ outcome: Replies, first: Int, rendersRows: Bool) {
        switch outcome {
        case .refused(let error):
            Fuzz.check(error.kind == .workerFailed, "refused as \(error.kind): \(error)")
            Fuzz.check(error.description.hasPrefix("worker 1 of 2 ("), "the error does not name the worker: \(error)")
            Fuzz.check(Fuzz.isOneLine(error.description), "the error is not one line: \(error)")
            Fuzz.check(error.description.count < 8 * MatrixWorkerProtocol.maximumMessageCharacters, "the error is \(error.description.count) characters")
        case .accepted(let handed, let summaries, let rows, let failures):
            Fuzz.check(handed.first == first && Set(handed).count == handed.count, "tracks handed \(handed)")
            for track in handed {
                let cells = matrix.cells(onTrack: track)
                if failures[track] != nil {
                    Fuzz.check(!cells.contains { summaries[$0] != nil }, "track \(track) failed and has results")
                } else {
                    Fuzz.check(cells.allSatisfy { summaries[$0] != nil }, "track \(track) lacks results")
                }
            }
            let counted = handed.reduce(0) { $0 + matrix.cells(onTrack: $1).count }
            Fuzz.check(summaries.count + failures.count * matrix.cellsPerTrack == counted, "\(summaries.count) results for \(counted) cells")
            Fuzz.check(Set(rows.keys) == (rendersRows ? Set(summaries.keys) : []), "objects for \(rows.keys.sorted()), results for \(summaries.keys.sorted())")
            for (index, summary) in summaries {
                let cell = matrix.cells[index]
                Fuzz.check(summary.profile == cell.settings.profile.name && summary.durationSeconds.isFinite
                           && summary.coverage.count == cell.settings.goals.count, "cell \(index) counted a summary of another run")
            }
            for failure in failures.values {
                Fuzz.check(Fuzz.isOneLine(failure.description) && failure.kind != .workerFailed, "a track's failure: \(failure)")
            }
        }
    }

    /// What a worker read from its standard input, a refusal last.
    static func requests(_ bytes: UnsafeRawBufferPointer, trackCount: Int, chunk: Int) -> [MatrixTrackRequests.Request] {
        var reader = MatrixTrackRequests(name: "m.yaml", trackCount: trackCount)
        var read: [MatrixTrackRequests.Request] = []
        let size = chunk == 0 ? max(bytes.count, 1) : chunk
        var offset = 0
        while offset < bytes.count, !reader.ended {
            let piece = bytes[offset..<min(bytes.count, offset + size)]
            read += reader.read(piece)
            offset += piece.count
        }
        if reader.ended { Fuzz.check(reader.read([UInt8(ascii: "0"), UInt8(ascii: "\n")]).isEmpty, "read after the end") }
        return read
    }

    static func check(_ read: [MatrixTrackRequests.Request], trackCount: Int) {
        var seen = Set<Int>()
        for (index, request) in read.enumerated() {
            switch request {
            case .track(let track):
                Fuzz.check((0..<trackCount).contains(track) && seen.insert(track).inserted, "track \(track) read, of \(trackCount)")
            case .end:
                Fuzz.check(index == read.count - 1, "something read after the end mark")
            case .refused(let error):
                Fuzz.check(index == read.count - 1, "something read after a refusal")
                Fuzz.check(error.kind == .usage && error.description.hasPrefix("m.yaml: ") && Fuzz.isOneLine(error.description),
                           "the worker's error: \(error)")
                Fuzz.check(error.description.count < 2 * MatrixWorkerProtocol.maximumMessageCharacters, "the error is \(error.description.count) characters")
            }
        }
    }
}
