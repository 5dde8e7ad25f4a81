#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import FuzzSupport
import GPX

/// The GPX reader under fuzzing. An input is two control bytes and a document:
///
/// - byte 0: bit 0 lenient; bits 1–2 the API (0 `GPXReader.read(bytes:)`, 1 `GPXStreamReader.next()`,
///   2 `forEachEvent` stopped early after `byte 0 >> 3` events, 3 a file read through `contentsOf:`);
/// - byte 1: the chunk size handed to libexpat (1…200 bytes, or odd multiples of 997 bytes);
/// - the rest: the document.
///
/// Properties checked, besides "no crash, no hang, no leak, no memory error":
/// 1. the outcome (document, or the error with its kind, position and message) does not depend
///    on the chunk size or on the API (each mode is compared with a read in one 64 KiB chunk),
///    except for the details of libexpat's own errors, which move with chunking (see
///    `expatPositionCleared`);
/// 2. a file that reads strictly reads leniently too, to the same events;
/// 3. a consumer that stops early gets a prefix of the events, and nothing after it.
enum GPXReaderHarness {
    static let name = "fuzz.gpx"

    static func run(_ data: UnsafeRawBufferPointer) {
        var input = FuzzInput(data)
        let flags = input.byte()
        let chunkSize = chunkSize(input.byte())
        let lenient = flags & 1 != 0
        let document = Array(input.rest)

        switch (flags >> 1) & 3 {
        case 0:
            let reference = readDocument(document, lenient: lenient, chunkSize: 1 << 16)
            let odd = readDocument(document, lenient: lenient, chunkSize: chunkSize)
            Fuzz.check(reference.mapError(expatPositionCleared) == odd.mapError(expatPositionCleared), "GPXReader: chunk size \(chunkSize) changed the outcome:\n  64 KiB: \(reference)\n  odd:    \(odd)")
            if case .success(let strictDocument) = reference, !lenient {
                let lenientOutcome = readDocument(document, lenient: true, chunkSize: 1 << 16)
                Fuzz.check(lenientOutcome == .success(strictDocument), "a strict read succeeded, a lenient one did not agree: \(lenientOutcome)")
            }
        case 1:
            let reference = sinkEvents(document, lenient: lenient, chunkSize: 1 << 16)
            let stream = GPXStreamReader(bytes: document, name: name, options: options(lenient, chunkSize))
            let odd = pullEvents(stream)
            Fuzz.check(reference.expatPositionCleared == odd.expatPositionCleared, "next() with chunk size \(chunkSize) disagrees with forEachEvent:\n  \(reference)\n  \(odd)")
            if reference.error == nil, !lenient {
                let lenientOutcome = sinkEvents(document, lenient: true, chunkSize: 1 << 16)
                Fuzz.check(lenientOutcome == reference, "a strict read succeeded, a lenient one did not agree: \(lenientOutcome)")
            }
        case 2:
            let limit = Int(flags >> 3)
            let reference = sinkEvents(document, lenient: lenient, chunkSize: 1 << 16)
            let stream = GPXStreamReader(bytes: document, name: name, options: options(lenient, chunkSize))
            var seen: [GPXEvent] = []
            var outcome = EventOutcome()
            do {
                try stream.forEachEvent { event in
                    if seen.count == limit { throw Stop() }
                    seen.append(event)
                }
            } catch is Stop {
                Fuzz.check(seen.count == limit, "forEachEvent stopped without a stop")
                let after = pullEvents(stream)
                Fuzz.check(after == EventOutcome(), "events after the consumer stopped: \(after)")
            } catch let error as GPXReadError {
                outcome.error = error
            } catch {
                Fuzz.check(false, "forEachEvent threw \(error)")
            }
            outcome.events = seen
            if seen.count == limit && outcome.error == nil {
                Fuzz.check(Array(reference.events.prefix(limit)) == seen, "an early stop saw other events:\n  \(reference)\n  \(seen)")
            } else {
                Fuzz.check(reference.expatPositionCleared == outcome.expatPositionCleared, "forEachEvent with chunk size \(chunkSize) disagrees:\n  \(reference)\n  \(outcome)")
            }
        default:
            let reference = sinkEvents(document, lenient: lenient, chunkSize: 1 << 16)
            let odd = ScratchFile.shared.withPath(holding: document) { path in
                do throws(GPXReadError) {
                    return pullEvents(try GPXStreamReader(contentsOf: path, options: options(lenient, chunkSize)))
                } catch {
                    return EventOutcome(events: [], error: error)
                }
            }
            Fuzz.check(reference.ignoringFileName.expatPositionCleared == odd.ignoringFileName.expatPositionCleared, "a file read in chunks of \(chunkSize) disagrees:\n  \(reference)\n  \(odd)")
        }
    }

    /// 1…200, or 997…55,832 (an odd number well past a typical token).
    static func chunkSize(_ byte: UInt8) -> Int {
        byte < 200 ? Int(byte) + 1 : (Int(byte) - 199) * 997
    }

    static func options(_ lenient: Bool, _ chunkSize: Int) -> GPXReadOptions {
        GPXReadOptions(isLenient: lenient, chunkSize: chunkSize)
    }

    /// libexpat's own verdicts, reduced to what does not depend on how the input was cut. For
    /// malformed bytes, libexpat 2.5.0 itself reports a different error code and position with
    /// different chunking (`\xF4\0\xF6\xC0` is a "syntax error" in one chunk and an "invalid
    /// token" in 1-byte chunks; `\xF4\0…` is at column 2, or 1; Python's pyexpat does the same),
    /// and an invalid sequence at the very end may be an unclosed token (so `truncated`) or an
    /// invalid one. So "not well-formed" and "truncated" count as one verdict, without code,
    /// message or position, and the entity-expansion limit keeps only its kind. The events before
    /// them, and the grammar's own errors (kind, position, message), must still agree exactly.
    static func expatPositionCleared(_ error: GPXReadError) -> GPXReadError {
        switch error.kind {
        case .notWellFormed, .truncated:
            return GPXReadError(kind: .notWellFormed(expatCode: -1), file: error.file, position: nil, message: "rejected by libexpat")
        case .entityExpansionLimit:
            return GPXReadError(kind: error.kind, file: error.file, position: nil, message: "")
        default:
            return error
        }
    }

    static func readDocument(_ bytes: [UInt8], lenient: Bool, chunkSize: Int) -> Result<GPXDocument, GPXReadError> {
        do throws(GPXReadError) {
            return .success(try GPXReader(options: options(lenient, chunkSize)).read(bytes: bytes, name: name))
        } catch {
            return .failure(error)
        }
    }

    struct EventOutcome: Equatable, CustomStringConvertible {
        var events: [GPXEvent] = []
        var error: GPXReadError?

        var expatPositionCleared: EventOutcome {
            var copy = self
            copy.error = error.map(GPXReaderHarness.expatPositionCleared)
            return copy
        }

        var ignoringFileName: EventOutcome {
            var copy = self
            copy.error?.file = ""
            return copy
        }

        var description: String { "\(events.count) events, last \(events.last.map { "\($0)" } ?? "-"); error: \(error.map { "\($0.kind) \($0)" } ?? "none")" }
    }

    struct Stop: Error {}

    static func sinkEvents(_ bytes: [UInt8], lenient: Bool, chunkSize: Int) -> EventOutcome {
        var outcome = EventOutcome()
        do {
            try GPXStreamReader(bytes: bytes, name: name, options: options(lenient, chunkSize)).forEachEvent { outcome.events.append($0) }
        } catch let error as GPXReadError {
            outcome.error = error
        } catch {
            Fuzz.check(false, "forEachEvent threw \(error)")
        }
        return outcome
    }

    static func pullEvents(_ stream: GPXStreamReader) -> EventOutcome {
        var outcome = EventOutcome()
        do throws(GPXReadError) {
            while let event = try stream.next() { outcome.events.append(event) }
            // After the end, the stream stays at its end.
            let after = try stream.next()
            Fuzz.check(after == nil, "next() returned \(String(describing: after)) after nil")
        } catch {
            outcome.error = error
            // After an error, the stream is over.
            let after = try? stream.next()
            Fuzz.check(after == nil, "next() returned \(String(describing: after)) after an error")
        }
        return outcome
    }
}

/// One scratch file per process for the `contentsOf:` path: created, unlinked at once (so nothing
/// is left behind), and reopened by the reader through /proc/self/fd.
final class ScratchFile: @unchecked Sendable {
    static let shared = ScratchFile()
    private let descriptor: Int32

    private init() {
        var template = Array("/tmp/keepalive-fuzz-XXXXXX".utf8CString)
        descriptor = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
        Fuzz.check(descriptor >= 0, "cannot create a scratch file")
        template.withUnsafeBufferPointer { _ = unlink($0.baseAddress!) }
    }

    func withPath<T>(holding bytes: [UInt8], _ body: (String) -> T) -> T {
        Fuzz.check(ftruncate(descriptor, 0) == 0, "ftruncate failed")
        let written = bytes.withUnsafeBytes { pwrite(descriptor, $0.baseAddress, $0.count, 0) }
        Fuzz.check(written == bytes.count, "pwrite failed")
        return body("/proc/self/fd/\(descriptor)")
    }
}
