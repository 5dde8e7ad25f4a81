import Foundation
@testable import ScenarioInput
@testable import ScenarioReports
@testable import ScenarioRun
@testable import Simulation
import Testing
import TestSupport

/// The JSON Lines writer builds bytes directly; each line must equal what `JSONValue` writes.
@MainActor @Suite struct EventLinesReportTests {
    private func viaJSONValue(_ event: SimEvent) -> String {
        func number(_ value: Double?) -> JSONValue { value.map(JSONValue.double) ?? .null }
        return JSONValue.object([
            ("time", .double(event.time)), ("kind", .string(event.kind.rawValue)), ("state", .string(event.state.rawValue)),
            ("message", .string(Prose.message(event))), ("remaining", number(event.remaining)),
            ("latitude", number(event.fix?.latitude)), ("longitude", number(event.fix?.longitude)),
            ("distanceFromLastDelivered", number(event.fix?.distanceFromLastDelivered)), ("delay", number(event.fix?.delay)),
        ]).compact() + "\n"
    }

    @Test func linesEqualTheJSONValueForm() {
        let events = [
            SimEvent(time: 12.5, detail: .fix(SimFixRecord(latitude: 47.1234567, longitude: -8.5, delay: 0.25)), state: .background, remaining: 17.75),
            SimEvent(time: 3, detail: .taskBegin(SimTaskRecord(id: 1, name: "a \"quoted\"\\ name\n\t\u{1}é"), grantsTime: true), state: .background),
            SimEvent(time: 1e-9, detail: .fix(SimFixRecord(latitude: 0, longitude: 0, distanceFromLastDelivered: 10.018, reason: .underDistanceFilter)), state: .active),
            SimEvent(time: 0, detail: .deviceLocked, state: .notRunning, remaining: .infinity),
        ]
        #expect(EventLinesReport.lines(events) == events.map(viaJSONValue).joined())
        for line in EventLinesReport.lines(events).split(separator: "\n") {
            #expect((try? JSONSerialization.jsonObject(with: Data(line.utf8))) != nil)
        }
    }

    /// Whole numbers are written digit by digit (issue 21): the same text as `JSONValue`'s.
    @Test func wholeNumbersEqualTheJSONValueForm() {
        let fix = SimFixRecord(latitude: -90, longitude: -0.0, distanceFromLastDelivered: 999_999_999_999_999, delay: 1e15)
        let events = [
            SimEvent(time: 86_400, detail: .fix(fix), state: .background, remaining: -30),
            SimEvent(time: 3_155_760_000, detail: .fix(SimFixRecord(latitude: 10, longitude: -180)), state: .active, remaining: 0),
        ]
        #expect(EventLinesReport.lines(events) == events.map(viaJSONValue).joined())
        #expect(EventLinesReport.lines(events).hasPrefix(#"{"time":86400,"#))
    }

    @Test func theStreamingSinkWritesEveryLineOnce() {
        var written = ""
        let sink = EventLinesReport { written += $0 }
        let event = SimEvent(time: 1, detail: .fix(SimFixRecord(latitude: 1, longitude: 2)), state: .active)
        for _ in 0..<2_000 { sink.receive(event) }
        sink.finish()
        #expect(written == String(repeating: viaJSONValue(event), count: 2_000))
    }

    /// A line's kind, state and message are copied from the line before when they are the same
    /// (issue 33 item 7): every change of any of the three, alone or together, back and forth,
    /// still gives the `JSONValue` form of each line; equal texts from different storage too.
    @Test func repeatedWordsAreWrittenAsEachLineAlone() {
        let delivered = SimFixRecord(latitude: 47.5, longitude: 8.25)
        let late = SimFixRecord(latitude: 47.5, longitude: 8.25, delay: 3)
        let queued = SimFixRecord(latitude: 47.5, longitude: 8.25, reason: .appSuspended)
        let name = String(["é \"q\"", "\n"].joined())   // not a literal: another string's storage
        let events = [
            SimEvent(time: 1, detail: .fix(delivered), state: .background),
            SimEvent(time: 2, detail: .fix(delivered), state: .background),
            SimEvent(time: 3, detail: .fix(delivered), state: .active),         // the state alone
            SimEvent(time: 4, detail: .fix(late), state: .active),              // the message alone
            SimEvent(time: 5, detail: .fix(queued), state: .active),            // kind and message
            SimEvent(time: 6, detail: .fix(queued), state: .suspended),
            SimEvent(time: 7, detail: .appLog(name), state: .suspended),
            SimEvent(time: 8, detail: .appLog("é \"q\"\n"), state: .suspended),  // equal text, a literal
            SimEvent(time: 9, detail: .appLog(name + "!"), state: .suspended),
            SimEvent(time: 10, detail: .fix(delivered), state: .background),    // back to the first
        ]
        #expect(EventLinesReport.lines(events) == events.map(viaJSONValue).joined())
        #expect(EventLinesReport.lines(events) == events.map { EventLinesReport.lines([$0]) }.joined())
        var written = ""
        let sink = EventLinesReport { written += $0 }
        for event in events + events { sink.receive(event) }
        sink.finish()
        #expect(written == (events + events).map(viaJSONValue).joined())
    }

    /// `LineBytes.shortest` writes what `description` does.
    @Test func shortestDigitsEqualDescription() {
        let fixed: [Double] = [47.019914674901784, 8.025877049705471, -0.1, 0.1 + 0.2, 1e-7, 123_456.789, 1e15 + 0.5,
                               -2.2250738585072014e-308, .leastNonzeroMagnitude, .greatestFiniteMagnitude, 1.5, 2.5e20]
        var bytes = LineBytes(capacity: 8)
        for value in fixed { bytes.shortest(value); bytes.raw(" ") }
        #expect(bytes.string == fixed.map(\.description).joined(separator: " ") + " ")
        #expect(bytes.string.hasPrefix("47.019914674901784 8.025877049705471 -0.1 0.30000000000000004 1e-07 "))
        // Seeded values across every magnitude.
        var state: UInt64 = 21
        var mismatches = 0
        for _ in 0..<20_000 {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            let value = Double(bitPattern: state >> 1)
            guard value.isFinite else { continue }
            var one = LineBytes(capacity: 1)
            one.shortest(value)
            if one.string != value.description { mismatches += 1 }
        }
        #expect(mismatches == 0)
    }

    /// 200,000 seeded doubles of every magnitude written by `LineBytes.shortest` (the standard
    /// library's `write(to:)` into the buffer, issue 21) against `String(value)`, exactly.
    @Test func shortestDigitsEqualStringOnSeededValues() {
        let values = Self.seededDoubles(count: 200_000)
        #expect(values.count == 200_000)
        var bytes = LineBytes(capacity: 64)
        var mismatches: [Double] = []
        for value in values {
            bytes.removeAll()
            bytes.shortest(value)
            if bytes.string != String(value) { mismatches.append(value) }
        }
        #expect(mismatches.count == 0, "first: \(mismatches.prefix(5))")
        // The kinds the generator makes, so a change to it cannot leave one out unnoticed.
        #expect(values.contains { $0.isSubnormal } && values.contains { $0 < 0 } && values.contains { $0 > 1e300 })
        #expect(values.contains { $0 == $0.rounded() && $0 > 1e15 && $0 < 1e17 })
        #expect(values.contains { abs($0) > 0 && abs($0) < 1e-250 && !$0.isSubnormal })
    }

    /// The same values through the number rule (whole numbers under 1e15 as integers) in whole
    /// lines, against `JSONValue`.
    @Test func seededNumbersInLinesEqualTheJSONValueForm() {
        let values = Self.seededDoubles(count: 20_000)
        var events: [SimEvent] = []
        for start in stride(from: 0, to: values.count, by: 5) {
            let fix = SimFixRecord(latitude: values[start + 1], longitude: values[start + 2],
                                   distanceFromLastDelivered: values[start + 3], delay: values[start + 4])
            events.append(SimEvent(time: values[start], detail: .fix(fix), state: .background, remaining: values[start + 4]))
        }
        #expect(EventLinesReport.lines(events) == events.map(viaJSONValue).joined())
    }

    /// Seeded doubles (SplitMix64), in turn: coordinates, seconds of a long run, tiny, huge, negative
    /// of all sizes, subnormal, integral values from 1e15 to 1e17, whole seconds, and any bit pattern.
    static func seededDoubles(count: Int) -> [Double] {
        var random = SeededRandom(seed: 0x21_2026_1127)
        func next() -> UInt64 { random.next() }
        func unit() -> Double { random.unit() }
        var values: [Double] = []
        values.reserveCapacity(count)
        while values.count < count {
            let value: Double
            switch values.count % 9 {
            case 0: value = unit() * 360 - 180
            case 1: value = unit() * 31_557_600 * 30
            case 2: value = unit() * pow(10, -Double(next() % 300)) + .leastNormalMagnitude
            case 3: value = (1 + unit()) * pow(10, Double(16 + next() % 292))
            case 4: value = -unit() * pow(10, Double(Int(next() % 40) - 20))
            case 5: value = Double(bitPattern: next() & 0x000F_FFFF_FFFF_FFFF | 1)
            case 6: value = (1e15 + unit() * 9.9e16).rounded()
            case 7: value = Double(next() % 10_000_000) / 8
            default: value = Double(bitPattern: next())
            }
            if value.isFinite { values.append(value) }
        }
        return values
    }

    /// Whole lines with every character that needs escaping (or the escaping path), and the
    /// printable ones at the edges of the plain range, at every position of names of 1 to 20
    /// bytes, written as `JSONValue` writes them.
    @Test func everyCharacterAtEveryPositionEqualsTheJSONValueForm() {
        let specials = ["\u{0}", "\u{1F}", "\"", "\\", "\u{7F}", "\u{85}", "é", "\n"]
        let plain = [" ", "~", "!", "[", "]", "A"]
        var names: [String] = []
        for length in 1...20 {
            for position in 0..<length {
                for special in specials + plain {
                    names.append(String(repeating: "a", count: position) + special + String(repeating: "b", count: length - position - 1))
                }
            }
        }
        let events = names.enumerated().map { index, name in
            SimEvent(time: Double(index), detail: .taskBegin(SimTaskRecord(id: index, name: name), grantsTime: true), state: .background)
        }
        #expect(events.count == 2_940)
        #expect(EventLinesReport.lines(events) == events.map(viaJSONValue).joined())
    }

    /// The word-at-a-time test against the byte-wise rule, for every byte value at every
    /// position of 1 to 20 bytes (whole words, a tail, both).
    @Test func thePlainTextTestAgreesWithTheByteWiseRuleForEveryByte() {
        func byteWise(_ bytes: [UInt8]) -> Bool {
            bytes.allSatisfy { $0 >= 0x20 && $0 < 0x7F && $0 != UInt8(ascii: "\"") && $0 != UInt8(ascii: "\\") }
        }
        var checked = 0, disagreements: [[UInt8]] = []
        for length in 1...20 {
            for position in 0..<length {
                for value in UInt8.min...UInt8.max {
                    var bytes = [UInt8](repeating: UInt8(ascii: "x"), count: length)
                    bytes[position] = value
                    let plain = bytes.withUnsafeBufferPointer { EventLinesReport.isPlain($0) }
                    if plain != byteWise(bytes) { disagreements.append(bytes) }
                    checked += 1
                }
            }
        }
        #expect(checked == 53_760)
        #expect(disagreements.count == 0, "first: \(disagreements.prefix(3))")
    }

    /// Escapes the grown buffer writes by hand: C0, DEL and C1 as `\u00xx`, the rest as before.
    @Test func escapesEqualTheJSONValueForm() {
        let names = ["\u{0}\u{1F}\u{7F}\u{80}\u{9F}\u{A0}é\"\\\r\n\t", String(repeating: "\u{85}", count: 20_000)]
        let events = names.enumerated().map { index, name in
            SimEvent(time: Double(index), detail: .taskBegin(SimTaskRecord(id: index, name: name), grantsTime: true), state: .background)
        }
        #expect(EventLinesReport.lines(events) == events.map(viaJSONValue).joined())
        // U+00A0 is not a control character: written as it is.
        #expect(EventLinesReport.lines(Array(events.prefix(1))).contains(#"\u0000\u001f\u007f\u0080\u009f"# + "\u{A0}é" + #"\"\\\r\n\t\""#))
    }
}
