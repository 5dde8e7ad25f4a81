import Foundation
import Simulation

/// The worker's side of a parallel matrix run: replays some tracks and writes one JSON line per
/// cell (`{"cell":N,"summary":{…}}`), or one per track that cannot be replayed
/// (`{"track":N,"kind":"invalidData","error":"…"}`), which ``MatrixWorkerPool`` reads back.
public enum MatrixWorker {
    /// Replays `tracks` (indices into `matrix.tracks`) and hands each track's lines to `write`.
    /// A track that fails is reported and the others still run, so that the parent can name
    /// the first failing track in plan order whatever the split.
    @MainActor
    public static func run<E: Error>(_ matrix: Matrix, tracks: [Int], write: (String) throws(E) -> Void) throws(E) {
        let encoder = Line.encoder()
        for track in tracks {
            var text = ""
            do throws(MatrixError) {
                let summaries = try MatrixRunner.run(matrix, track: track)
                for (index, summary) in zip(matrix.cells(onTrack: track), summaries) {
                    text += Line(cell: index, summary: summary).encoded(encoder)
                }
            } catch {
                text = Line(track: track, kind: error.kind, error: error.description).encoded(encoder)
            }
            try write(text)
        }
    }

    /// Ends this worker process when its parent ends: a thread reads standard input, a pipe
    /// only the parent writes to (``MatrixWorkerPool``), and exits at its end. A parent killed
    /// by SIGTERM, SIGHUP or SIGKILL leaves no worker running.
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

        init(cell: Int, summary: SimSummary) {
            self.cell = cell
            self.summary = summary
        }

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
