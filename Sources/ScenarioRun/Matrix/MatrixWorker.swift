import Foundation
import ScenarioInput
import Simulation

/// The worker's side of a parallel matrix run: replays some tracks and writes one JSON line per
/// cell (`{"cell":N,"summary":{…}}`, followed by its run's object framed as `row N LENGTH` when
/// asked for rows), or one per track that cannot be replayed
/// (`{"track":N,"kind":"invalidData","error":"…"}`), then `{"done":N}` when the track is done,
/// which ``MatrixWorkerPool`` reads back: a done line is its cue to hand the worker another track.
public enum MatrixWorker {
    /// Replays `tracks` (indices into `matrix.tracks`, read as they are needed: the parent's
    /// queue) and hands each track's lines, its done line last, to `write`. A track that fails is
    /// reported and the others still run, so that the parent can name the first failing track
    /// in plan order whatever the split. With `renderRow` (the reports' `MatrixReport.renderedRow`:
    /// the run's object laid out as `keepalive matrix --format json` writes it among the runs),
    /// each cell's line is followed by that object, framed by a `row N LENGTH` line, and its
    /// summary keeps only the first gap of each goal: the parent then decodes what it counts, not
    /// every gap it would only write again, and copies the objects into its document as they are.
    @MainActor
    public static func run<E: Error>(
        _ matrix: Matrix, tracks: some Sequence<Int>, renderRow: ((MatrixOutcome.Row) -> String)? = nil,
        write: (String) throws(E) -> Void
    ) throws(E) {
        let encoder = Line.encoder()
        for track in tracks {
            var text = ""
            do throws(MatrixError) {
                let summaries = try MatrixRunner.run(matrix, track: track)
                for (index, summary) in zip(matrix.cells(onTrack: track), summaries) {
                    guard let renderRow else {
                        text += Line(cell: index, summary: summary).encoded(encoder)
                        continue
                    }
                    let row = MatrixOutcome.row(of: matrix, cell: index, summary: summary)
                    var counted = summary
                    for goal in counted.coverage.indices { counted.coverage[goal].gaps = Array(counted.coverage[goal].gaps.prefix(1)) }
                    text += Line(cell: index, summary: counted).encoded(encoder)
                    text += Line.row(index, renderRow(row))
                }
            } catch {
                text = Line(track: track, kind: error.kind, error: error.description).encoded(encoder)
            }
            try write(text + Line.done(track))
        }
    }

    /// The line the parent writes on a worker's standard input when it has no more tracks.
    public static let endOfTracks = "end"

    /// The tracks the parent hands out on standard input, one a line, read on a thread of its
    /// own so that the worker notices its parent's end even in the middle of a track: the end
    /// mark ends them; end-of-file before it means the parent is gone (SIGTERM, SIGHUP, SIGKILL),
    /// and the worker exits at once. Each call of the returned function waits for the next track
    /// and returns it, or `nil` after the end mark.
    ///
    /// Each line is checked as it arrives (`MatrixTrackRequests`): at most 32 bytes, a track of
    /// `matrix` not handed before, or the end mark.
    /// - Throws: (each call) ``MatrixError`` (`usage`) for a line that is none of these, naming
    ///   the matrix file `name`; nothing is read after it.
    public static func requestedTracks(of matrix: Matrix, name: String) -> @Sendable () throws(MatrixError) -> Int? {
        let feed = TrackFeed()
        let trackCount = matrix.tracks.count
        Thread {
            var requests = MatrixTrackRequests(name: name, trackCount: trackCount)
            var buffer = [UInt8](repeating: 0, count: 4096)
            while true {
                let count = read(STDIN_FILENO, &buffer, buffer.count)
                if count < 0, errno == EINTR { continue }
                if count <= 0 { break }
                for request in requests.read(buffer[..<count]) {
                    switch request {
                    case .track(let track): feed.push(.success(track))
                    case .end: feed.push(.success(nil))
                    case .refused(let error): feed.push(.failure(error))
                    }
                }
                if requests.ended { return }
            }
            _exit(exitStatusWithoutParent)
        }.start()
        return { () throws(MatrixError) -> Int? in try feed.next().get() }
    }

    /// Requests handed from the reading thread to the worker, in order: a track, the end
    /// (`nil`), or the first bad line. At most one per track of the plan and one more.
    private final class TrackFeed: @unchecked Sendable {
        private let condition = NSCondition()
        private var items: [Result<Int?, MatrixError>] = []

        func push(_ item: Result<Int?, MatrixError>) {
            condition.lock()
            items.append(item)
            condition.signal()
            condition.unlock()
        }

        func next() -> Result<Int?, MatrixError> {
            condition.lock()
            defer { condition.unlock() }
            while items.isEmpty { condition.wait() }
            // The end and a bad line stay: every later call hears them again.
            guard case .success(_?) = items[0] else { return items[0] }
            return items.removeFirst()
        }
    }

    /// Ends this worker process when its parent ends: a thread reads standard input, a pipe
    /// only the parent writes to (``MatrixWorkerPool``), and exits at its end. A parent killed
    /// by SIGTERM, SIGHUP or SIGKILL leaves no worker running. For a worker given its tracks
    /// on the command line.
    public static func exitWithParent() {
        Thread {
            var byte: UInt8 = 0
            while true {
                let count = read(STDIN_FILENO, &byte, 1)
                if count == 0 || (count < 0 && errno != EINTR) { break }
            }
            _exit(exitStatusWithoutParent)
        }.start()
    }

    /// A worker whose parent ended: EX_SOFTWARE, though no one is left to read it.
    static let exitStatusWithoutParent: Int32 = 70

    /// One line of a worker's output.
    struct Line: Codable {
        var cell: Int?
        var summary: SimSummary?
        var track: Int?
        var kind: FailureKind?
        var error: String?
        /// The worker finished this track.
        var done: Int?

        /// The line that ends a track's results, written as it is so the parent can spot it
        /// without decoding: `{"done":N}`.
        static func done(_ track: Int) -> String { "\(donePrefix)\(track)}\n" }
        static let donePrefix = #"{"done":"#

        init(cell: Int, summary: SimSummary) {
            self.cell = cell
            self.summary = summary
        }

        /// A cell's run as `--format json` writes it, as it is (several lines), not as a JSON
        /// string the parent would have to decode: `row N LENGTH`, then the object's LENGTH
        /// bytes of UTF-8 and a newline.
        static func row(_ cell: Int, _ object: String) -> String { "\(rowPrefix)\(cell) \(object.utf8.count)\n\(object)\n" }
        static let rowPrefix = "row "

        init(track: Int, kind: FailureKind, error: String) {
            self.track = track
            self.kind = kind
            self.error = error
        }

        // Summaries may hold infinities (no background time ever spent), which JSON cannot.
        static let nonFinite = (positiveInfinity: "inf", negativeInfinity: "-inf", nan: "nan")

        static func encoder() -> JSONEncoder {
            let encoder = JSONEncoder()
            encoder.nonConformingFloatEncodingStrategy = .convertToString(
                positiveInfinity: nonFinite.positiveInfinity, negativeInfinity: nonFinite.negativeInfinity, nan: nonFinite.nan)
            return encoder
        }

        static func decoder() -> JSONDecoder {
            let decoder = JSONDecoder()
            decoder.nonConformingFloatDecodingStrategy = .convertFromString(
                positiveInfinity: nonFinite.positiveInfinity, negativeInfinity: nonFinite.negativeInfinity, nan: nonFinite.nan)
            return decoder
        }

        func encoded(_ encoder: JSONEncoder) -> String {
            // A summary always encodes: plain values, non-finite numbers as strings.
            let data = (try? encoder.encode(self)) ?? Data("{}".utf8)
            return String(decoding: data, as: UTF8.self) + "\n"
        }
    }
}
