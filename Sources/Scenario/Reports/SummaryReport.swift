import Simulation

/// The JSON of `--format json`: the run's summary, with `null` for what did not happen.
public enum SummaryReport {
    /// The summary; with an explanation (`--explain`), its `fixes` as well; with `debugger`
    /// (`--compare-debugger`), the same run under Xcode's debugger.
    public static func json(_ outcome: ReplayOutcome, explanation: Explanation? = nil, debugger: SimSummary? = nil) -> JSONValue {
        let summary = outcome.result.summary
        func number(_ value: Double?) -> JSONValue { value.map(JSONValue.double) ?? .null }
        let states = summary.secondsInState.sorted { $0.key < $1.key }.map { ($0.key, JSONValue.double($0.value)) }
        let causes = summary.causes.map { cause in
            JSONValue.object([("cause", .string(Prose.name(cause))), ("text", .string(Prose.text(cause)))])
        }
        let warnings = (outcome.allWarnings + summary.warnings.map(Prose.text)).map(JSONValue.string)
        var fields: [(String, JSONValue)] = [
            ("track", .string(outcome.track)),
            ("goal", goalName(summary)),
            ("goalMet", summary.goalMet.map(JSONValue.bool) ?? .null),
            ("answer", .string(Prose.answer(summary).first ?? Prose.sentence(summary))),
            ("coverage", .array(summary.coverage.map(coverageJSON))),
            ("verdict", .string(summary.verdict.rawValue)),
            ("suspendedAt", number(summary.suspendedAt)),
            ("terminatedAt", number(summary.terminatedAt)),
            ("terminationCause", summary.terminationCause.map { cause in
                JSONValue.object([("cause", .string(Prose.name(cause))), ("text", .string(Prose.text(cause)))])
            } ?? .null),
            ("reason", Prose.reason(summary.causes).map(JSONValue.string) ?? .null),
            ("causes", .array(causes)),
            ("sentence", .string(Prose.sentence(summary))),
            ("policy", .string(summary.policy.rawValue)),
            ("profile", .string(summary.profile)),
            ("profileChoice", profileChoice(outcome.settings.profile)),
            ("budgetSeconds", .double(summary.budgetSeconds)),
            ("deliveredUpdates", .int(summary.deliveredUpdates)),
            ("longestDeliveryGapSeconds", number(summary.longestDeliveryGapSeconds)),
            ("minimumBackgroundTimeRemaining", number(summary.minimumBackgroundTimeRemaining)),
            ("strictVerdict", .string(summary.strictVerdict.rawValue)),
            ("strictSuspendedAt", number(summary.strictSuspendedAt)),
            ("durationSeconds", .double(summary.durationSeconds)),
            ("processes", .int(summary.processes)),
            ("secondsInState", .object(states)),
            ("seed", .uint(outcome.settings.seed)),
            ("warnings", .array(warnings)),
            ("exitCategory", summary.exitCategory.map { .string($0.rawValue) } ?? .null),
            ("exitMetricKitProperty", summary.exitCategory.map { .string($0.metricKitProperty) } ?? .null),
            ("exitMetricKitClass", summary.exitCategory.map { _ in .string(SimExitCategory.metricKitClass(inForeground: summary.exitedInForeground)) } ?? .null),
            ("infoPlistFindings", .array(summary.infoPlistFindings.map(Self.json))),
        ]
        if let debugger {
            fields.append(("debugger", .object([
                ("profile", .string(debugger.profile)),
                ("verdict", .string(debugger.verdict.rawValue)),
                ("suspendedAt", number(debugger.suspendedAt)),
                ("terminatedAt", number(debugger.terminatedAt)),
                ("exitCategory", debugger.exitCategory.map { .string($0.rawValue) } ?? .null),
                ("sameAsDevice", .bool(debugger.verdict == summary.verdict && debugger.suspendedAt == summary.suspendedAt
                    && debugger.terminatedAt == summary.terminatedAt)),
                ("text", .string(Prose.debuggerComparison(device: summary, debugger: debugger))),
            ])))
        }
        if let explanation { fields.append(("fixes", Prose.json(explanation))) }
        return .object(fields)
    }

    /// Why the run used its profile when it was asked for an iOS version the profile stands in
    /// for: `{"requestedVersion": 16, "coversVersions": [14, 16], "text": …}`; `null` when it was named.
    static func profileChoice(_ profile: SimProfile) -> JSONValue {
        guard let version = profile.requestedVersion else { return .null }
        let range = profile.coversVersions.map { JSONValue.array([.int($0.lowerBound), .int($0.upperBound)]) } ?? .null
        return .object([("requestedVersion", .int(version)), ("coversVersions", range), ("text", .string(Prose.profile(profile)))])
    }

    /// A lint finding: `{"finding": "modeDeclaredButUnused", "key": "fetch", "text": …}`.
    static func json(_ finding: SimPlistFinding) -> JSONValue {
        let (name, key) = switch finding {
        case .modeDeclaredButUnused(let mode): ("modeDeclaredButUnused", mode.rawValue)
        case .modeUsedButNotDeclared(let mode): ("modeUsedButNotDeclared", mode.rawValue)
        case .usageDescriptionMissing(let usage): ("usageDescriptionMissing", usage.rawValue)
        case .taskIdentifierNotPermitted(let identifier): ("taskIdentifierNotPermitted", identifier)  // §12
        }
        return .object([("finding", .string(name)), ("key", .string(key)), ("text", .string(Prose.text(finding)))])
    }

    /// The goals' names joined by `+` (`navigation+refresh`); `null` with none.
    static func goalName(_ summary: SimSummary) -> JSONValue {
        summary.coverage.isEmpty ? .null : .string(summary.coverage.map { Prose.name($0.goal) }.joined(separator: "+"))
    }

    /// One goal's coverage: `goal`, `met`, `fraction`, `uncoveredSeconds`, `uncoveredMetres`,
    /// `longestGapSeconds`, `events` (for a goal over events — crossings, visits, VoIP pushes —
    /// how many it counted; else `null`), `gapCount` and `gaps` (`from`, `to`, `seconds`,
    /// `metres`, `cause` (the first cause's name, `null` for no fix), `causes`, `closedBy`
    /// (`null` when it closed by itself or not at all), `closed`, `text`).
    static func coverageJSON(_ coverage: SimCoverage) -> JSONValue {
        let gaps = coverage.gaps.map { gap in
            JSONValue.object([
                ("from", .double(gap.from)), ("to", .double(gap.to)), ("seconds", .double(gap.seconds)), ("metres", .double(gap.metres)),
                ("cause", gap.causes.first.map { .string(Prose.name($0)) } ?? .null),
                ("causes", .array(gap.causes.map { .string(Prose.name($0)) })),
                ("closedBy", gap.closedBy.map { .string(Prose.name($0)) } ?? .null),
                ("closed", .bool(gap.closed)),
                ("text", .string(Prose.gap(gap, of: coverage.goal))),
            ])
        }
        return .object([
            ("goal", .string(Prose.name(coverage.goal))), ("wants", .string(Prose.text(coverage.goal))), ("met", .bool(coverage.met)),
            ("fraction", .double(coverage.fraction)), ("uncoveredSeconds", .double(coverage.uncoveredSeconds)),
            ("uncoveredMetres", .double(coverage.uncoveredMetres)), ("longestGapSeconds", .double(coverage.longestGapSeconds)),
            ("events", coverage.eventCount.map(JSONValue.int) ?? .null),
            ("gapCount", .int(coverage.gapCount)), ("gaps", .array(gaps)),
        ])
    }
}

/// `--format jsonl`: every event, one JSON object a line, written as the run goes.
///
/// Lines are written straight into a byte buffer with the keys as constants: a day at 1 Hz is
/// 86,000 lines, so no intermediate JSON values are built per line.
@MainActor
public final class EventLinesReport: SimEventSink {
    private let write: (String) -> Void
    private var buffer: [UInt8] = []

    /// `write` receives the text in pieces of about 64 KiB, the last at the end of the run.
    public init(write: @escaping (String) -> Void) {
        self.write = write
        buffer.reserveCapacity(70_000)
    }

    public func receive(_ event: SimEvent) {
        Self.append(event, to: &buffer)
        if buffer.count >= 65_536 { flush() }
    }

    public func finish() { flush() }

    private func flush() {
        guard !buffer.isEmpty else { return }
        write(String(decoding: buffer, as: UTF8.self))
        buffer.removeAll(keepingCapacity: true)
    }

    /// The whole log of a finished run, for tests and library use.
    public nonisolated static func lines(_ events: [SimEvent]) -> String {
        var bytes: [UInt8] = []
        for event in events { append(event, to: &bytes) }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// One event as a line: `{"time":…,"kind":…,"state":…,"message":…,"remaining":…,"latitude":…,
    /// "longitude":…,"distanceFromLastDelivered":…,"delay":…}` and a newline.
    // The helpers are nonisolated: closures inside a main-actor method would check the executor
    // at every call (a fifth of the time per line, measured with perf).
    nonisolated static func append(_ event: SimEvent, to bytes: inout [UInt8]) {
        let fix = event.fix
        raw(#"{"time":"#, to: &bytes)
        number(event.time, to: &bytes)
        raw(#","kind":"#, to: &bytes)
        string(event.kind.rawValue, to: &bytes)
        raw(#","state":"#, to: &bytes)
        string(event.state.rawValue, to: &bytes)
        raw(#","message":"#, to: &bytes)
        string(Prose.message(event), to: &bytes)
        raw(#","remaining":"#, to: &bytes)
        number(event.remaining, to: &bytes)
        raw(#","latitude":"#, to: &bytes)
        number(fix?.latitude, to: &bytes)
        raw(#","longitude":"#, to: &bytes)
        number(fix?.longitude, to: &bytes)
        raw(#","distanceFromLastDelivered":"#, to: &bytes)
        number(fix?.distanceFromLastDelivered, to: &bytes)
        raw(#","delay":"#, to: &bytes)
        number(fix?.delay, to: &bytes)
        raw("}\n", to: &bytes)
    }

    /// Constant text, copied straight from the binary (a `String`'s UTF-8 view goes through a
    /// generic copy that cost more than the line's numbers).
    @inline(__always)
    private nonisolated static func raw(_ text: StaticString, to bytes: inout [UInt8]) {
        bytes.append(contentsOf: UnsafeBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount))
    }

    /// As ``JSONValue`` writes numbers: integers bare, others in Swift's shortest round-trip form, `null` for none.
    private nonisolated static func number(_ value: Double?, to bytes: inout [UInt8]) {
        guard let value, value.isFinite else {
            raw("null", to: &bytes)
            return
        }
        if value == value.rounded(), abs(value) < 1e15 {
            integer(Int64(value), to: &bytes)
        } else {
            // The shortest round-trip digits are the standard library's; only the copy is ours.
            var text = value.description
            text.withUTF8 { bytes.append(contentsOf: $0) }
        }
    }

    /// The decimal digits of `value`, as `String(value)` writes them, without making a string.
    private nonisolated static func integer(_ value: Int64, to bytes: inout [UInt8]) {
        if value < 0 { bytes.append(UInt8(ascii: "-")) }
        var magnitude = value.magnitude
        // 20 digits hold any UInt64; written from the end.
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 20) { digits in
            var start = 20
            repeat {
                start -= 1
                digits[start] = UInt8(ascii: "0") + UInt8(magnitude % 10)
                magnitude /= 10
            } while magnitude > 0
            bytes.append(contentsOf: UnsafeBufferPointer(rebasing: digits[start...]))
        }
    }

    /// A JSON string; only quotes, backslashes and control characters (C0, DEL, C1) are escaped,
    /// as ``JSONValue`` does.
    private nonisolated static func string(_ text: String, to bytes: inout [UInt8]) {
        bytes.append(UInt8(ascii: "\""))
        // Most messages need no escape: copy them whole, straight from the string's storage.
        let copied = text.utf8.withContiguousStorageIfAvailable { storage -> Bool in
            // 0xC2 leads U+0080…U+00BF, among them C1.
            for byte in storage where byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") || byte == 0x7F || byte == 0xC2 { return false }
            bytes.append(contentsOf: storage)
            return true
        }
        if copied == true {
            bytes.append(UInt8(ascii: "\""))
            return
        }
        var afterC2 = false
        for byte in text.utf8 {
            defer { afterC2 = byte == 0xC2 }
            switch byte {
            case 0x80...0x9F where afterC2:  // C1: the 0xC2 already written is taken back
                bytes.removeLast()
                bytes.append(contentsOf: ("\\u00" + String(byte, radix: 16)).utf8)
            case 0x7F: bytes.append(contentsOf: #"\u007f"#.utf8)
            case UInt8(ascii: "\""): bytes.append(contentsOf: #"\""#.utf8)
            case UInt8(ascii: "\\"): bytes.append(contentsOf: #"\\"#.utf8)
            case UInt8(ascii: "\n"): bytes.append(contentsOf: #"\n"#.utf8)
            case UInt8(ascii: "\r"): bytes.append(contentsOf: #"\r"#.utf8)
            case UInt8(ascii: "\t"): bytes.append(contentsOf: #"\t"#.utf8)
            case ..<0x20:
                let hex = String(byte, radix: 16)
                bytes.append(contentsOf: ("\\u" + String(repeating: "0", count: 4 - hex.count) + hex).utf8)
            default: bytes.append(byte)
            }
        }
        bytes.append(UInt8(ascii: "\""))
    }
}
