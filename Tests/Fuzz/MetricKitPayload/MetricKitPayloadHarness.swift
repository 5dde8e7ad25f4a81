import FuzzSupport
import ScenarioInput

/// The MetricKit payload reader under fuzzing: any bytes, as text (invalid UTF-8 repaired),
/// through `MetricKitPayload.parse`. It must return the summed counts or throw an
/// `InputFileError` of invalid data, on one line; warnings are one line each; an accepted file's
/// counts lie within the cap times its payloads, and no more payloads have exit data than exist.
enum MetricKitPayloadHarness {
    static func run(_ data: UnsafeRawBufferPointer) {
        let text = String(decoding: data, as: UTF8.self)
        let exits: MetricKitExits
        do throws(InputFileError) {
            exits = try MetricKitPayload.parse(text, name: "p.json")
        } catch {
            Fuzz.check(error.kind == .invalidData, "a payload failed as \(error.kind): \(error)")
            Fuzz.check(Fuzz.isOneLine(error.description), "the error is not one line: \(error.description.debugDescription)")
            return
        }
        Fuzz.check(exits.payloads >= 1 && exits.payloadsWithExits <= exits.payloads, "\(exits.payloadsWithExits) of \(exits.payloads) payloads have exits")
        for (counter, count) in exits.counts {
            Fuzz.check(count >= 0 && count <= MetricKitPayload.maximumCount * exits.payloads, "\(counter.key) sums to \(count) over \(exits.payloads) payloads")
        }
        for warning in exits.warnings {
            Fuzz.check(Fuzz.isOneLine(warning), "a warning is not one line: \(warning.debugDescription)")
        }
    }
}
