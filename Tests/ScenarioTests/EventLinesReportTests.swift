import Foundation
@testable import Scenario
import Simulation
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
            SimEvent(time: 12.5, kind: .fixDelivered, detail: .fix(SimFixRecord(latitude: 47.1234567, longitude: -8.5, delay: 0.25)), state: .background, remaining: 17.75),
            SimEvent(time: 3, kind: .taskBegin, detail: .taskBegin(SimTaskRecord(id: 1, name: "a \"quoted\"\\ name\n\t\u{1}é"), grantsTime: true), state: .background),
            SimEvent(time: 1e-9, kind: .fixFiltered, detail: .fix(SimFixRecord(latitude: 0, longitude: 0, distanceFromLastDelivered: 10.018, reason: .underDistanceFilter)), state: .active),
            SimEvent(time: 0, kind: .deviceLock, detail: .none, state: .notRunning, remaining: .infinity),
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
            SimEvent(time: 86_400, kind: .fixDelivered, detail: .fix(fix), state: .background, remaining: -30),
            SimEvent(time: 3_155_760_000, kind: .fixDelivered, detail: .fix(SimFixRecord(latitude: 10, longitude: -180)), state: .active, remaining: 0),
        ]
        #expect(EventLinesReport.lines(events) == events.map(viaJSONValue).joined())
        #expect(EventLinesReport.lines(events).hasPrefix(#"{"time":86400,"#))
    }

    @Test func theStreamingSinkWritesEveryLineOnce() {
        var written = ""
        let sink = EventLinesReport { written += $0 }
        let event = SimEvent(time: 1, kind: .fixDelivered, detail: .fix(SimFixRecord(latitude: 1, longitude: 2)), state: .active)
        for _ in 0..<2_000 { sink.receive(event) }
        sink.finish()
        #expect(written == String(repeating: viaJSONValue(event), count: 2_000))
    }
}
