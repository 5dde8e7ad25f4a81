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
        bytes.append(contentsOf: #"{"time":"#.utf8)
        number(event.time, to: &bytes)
        bytes.append(contentsOf: #","kind":"#.utf8)
        string(event.kind.rawValue, to: &bytes)
        bytes.append(contentsOf: #","state":"#.utf8)
        string(event.state.rawValue, to: &bytes)
        bytes.append(contentsOf: #","message":"#.utf8)
        string(Prose.message(event), to: &bytes)
        bytes.append(contentsOf: #","remaining":"#.utf8)
        number(event.remaining, to: &bytes)
        bytes.append(contentsOf: #","latitude":"#.utf8)
        number(fix?.latitude, to: &bytes)
        bytes.append(contentsOf: #","longitude":"#.utf8)
        number(fix?.longitude, to: &bytes)
        bytes.append(contentsOf: #","distanceFromLastDelivered":"#.utf8)
        number(fix?.distanceFromLastDelivered, to: &bytes)
        bytes.append(contentsOf: #","delay":"#.utf8)
        number(fix?.delay, to: &bytes)
        bytes.append(contentsOf: "}\n".utf8)
    }

    /// As ``JSONValue`` writes numbers: integers bare, others in Swift's shortest round-trip form, `null` for none.
    private nonisolated static func number(_ value: Double?, to bytes: inout [UInt8]) {
        guard let value, value.isFinite else {
            bytes.append(contentsOf: "null".utf8)
            return
        }
        if value == value.rounded(), abs(value) < 1e15 {
            bytes.append(contentsOf: String(Int64(value)).utf8)  // a small string: no allocation
        } else {
            bytes.append(contentsOf: value.description.utf8)
        }
    }

    /// A JSON string; only quotes, backslashes and control characters are escaped, as ``JSONValue`` does.
    private nonisolated static func string(_ text: String, to bytes: inout [UInt8]) {
        bytes.append(UInt8(ascii: "\""))
        // Most messages need no escape: copy them whole, straight from the string's storage.
        let copied = text.utf8.withContiguousStorageIfAvailable { storage -> Bool in
            for byte in storage where byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") { return false }
            bytes.append(contentsOf: storage)
            return true
        }
        if copied == true {
            bytes.append(UInt8(ascii: "\""))
            return
        }
        for byte in text.utf8 {
            switch byte {
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
