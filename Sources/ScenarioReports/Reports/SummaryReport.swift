import ScenarioInput
import ScenarioRun
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
            ("longestDeliveryGapPlace", summary.longestDeliveryGapPlace.map { .string($0.rawValue) } ?? .null),
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
    /// for: `{"requestedVersion": 16, "version": "16.3", "coversVersions": [16, 16], "span": {"from": "16.0",
    /// "until": "16.4"}, "text": …}`; `null` when it was named.
    static func profileChoice(_ profile: SimProfile) -> JSONValue {
        guard let version = profile.requestedOSVersion else { return .null }
        let range = profile.span.map { JSONValue.array([.int($0.majors.lowerBound), .int($0.majors.upperBound)]) } ?? .null
        let span = profile.span.map { JSONValue.object([("from", .string("\($0.from)")), ("until", .string("\($0.until)"))]) } ?? .null
        return .object([("requestedVersion", .int(version.major)), ("version", .string("\(version)")), ("coversVersions", range),
                        ("span", span), ("text", .string(Prose.profile(profile)))])
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
    /// `longestGapSeconds`, `events` (for a goal over events — crossings, visits, VoIP pushes,
    /// background tasks, timer fires, jobs — how many it counted; else `null`), for the job goal
    /// `cancelledByUser`, `gapCount` and `gaps` (`from` — for a location goal the anchor, the
    /// last fix before the gap —, `firstMissed`, `to`, `seconds` (missed), `metres` (over the span
    /// `from`–`to`), `cause` (the first cause's name, `null` for no fix), `causes`, `closedBy`
    /// (`null` when it closed by itself or not at all), `fix` (the configuration change
    /// `--explain` tries for the root cause, as in `fixes`; `null` when the root is none), `closed`,
    /// `text`).
    static func coverageJSON(_ coverage: SimCoverage) -> JSONValue {
        let gaps = coverage.gaps.map { gap in
            JSONValue.object([
                ("from", .double(gap.from)), ("firstMissed", .double(gap.firstMissed)), ("to", .double(gap.to)),
                ("seconds", .double(gap.seconds)), ("metres", .double(gap.metres)),
                ("cause", gap.causes.first.map { .string(Prose.name($0)) } ?? .null),
                ("causes", .array(gap.causes.map { .string(Prose.name($0)) })),
                ("closedBy", gap.closedBy.map { .string(Prose.name($0)) } ?? .null),
                ("fix", ExplainChange.fixing(gap.causes).map(Prose.json) ?? .null),
                ("closed", .bool(gap.closed)),
                ("text", .string(Prose.gap(gap, of: coverage.goal))),
            ])
        }
        var fields: [(String, JSONValue)] = [
            ("goal", .string(Prose.name(coverage.goal))), ("wants", .string(Prose.text(coverage.goal))), ("met", .bool(coverage.met)),
            ("fraction", .double(coverage.fraction)), ("uncoveredSeconds", .double(coverage.uncoveredSeconds)),
            ("uncoveredMetres", .double(coverage.uncoveredMetres)), ("longestGapSeconds", .double(coverage.longestGapSeconds)),
            ("events", coverage.eventCount.map(JSONValue.int) ?? .null),
        ]
        // The job goal's cancelled jobs (met, and reported).
        if let cancelled = coverage.cancelledByUser { fields.append(("cancelledByUser", .int(cancelled))) }
        return .object(fields + [("gapCount", .int(coverage.gapCount)), ("gaps", .array(gaps))])
    }
}

/// `--format jsonl`: every event, one JSON object a line, written as the run goes.
///
/// Lines are written straight into a byte buffer with the keys as constants: a day at 1 Hz is
/// 86,000 lines, so no intermediate JSON values or strings are built per line.
@MainActor
public final class EventLinesReport: SimEventSink {
    private let write: (UnsafeRawBufferPointer) -> Void
    private var buffer = LineBytes(capacity: 70_000)
    private var lastWords = LineWords()

    /// `write` receives the text in pieces of about 64 KiB, the last at the end of the run.
    public convenience init(write: @escaping (String) -> Void) {
        self.init(writeBytes: { write(String(decoding: $0, as: UTF8.self)) })
    }

    /// `writeBytes` receives the UTF-8 text in pieces of about 64 KiB, the last at the end of the
    /// run, valid only during the call: no string is made of each piece (a file or a pipe takes
    /// the bytes as they are).
    public init(writeBytes: @escaping (UnsafeRawBufferPointer) -> Void) {
        self.write = writeBytes
    }

    public func receive(_ event: SimEvent) {
        Self.append(event, to: &buffer, words: &lastWords)
        if buffer.count >= 65_536 { flush() }
    }

    public func finish() { flush() }

    private func flush() {
        guard buffer.count > 0 else { return }
        buffer.withBytes(write)
        buffer.removeAll()
    }

    /// The whole log of a finished run, for tests and library use.
    public nonisolated static func lines(_ events: [SimEvent]) -> String {
        var bytes = LineBytes(capacity: 4_096)
        var words = LineWords()
        for event in events { append(event, to: &bytes, words: &words) }
        return bytes.string
    }

    /// One event as a line: `{"time":…,"kind":…,"state":…,"message":…,"remaining":…,"latitude":…,
    /// "longitude":…,"distanceFromLastDelivered":…,"delay":…}` and a newline. `words` holds the
    /// last line's kind, state and message as written: the fixes of a run repeat them line after
    /// line, so they are copied instead of escaped again.
    // The helpers are nonisolated: closures inside a main-actor method would check the executor
    // at every call (a fifth of the time per line, measured with perf).
    nonisolated static func append(_ event: SimEvent, to bytes: inout LineBytes, words: inout LineWords) {
        let fix = event.fix
        bytes.raw(#"{"time":"#)
        number(event.time, to: &bytes)
        let kind = event.kind.rawValue, state = event.state, message = Prose.message(event)
        if !words.holds(kind: kind, state: state, message: message) {
            var written = LineBytes(capacity: kind.utf8.count + message.utf8.count + 64)
            written.raw(#","kind":"#)
            string(kind, to: &written)
            written.raw(#","state":"#)
            string(state.rawValue, to: &written)
            written.raw(#","message":"#)
            string(message, to: &written)
            words = LineWords(kind: kind, state: state, message: message, bytes: written.array)
        }
        words.bytes.withUnsafeBufferPointer { written in
            bytes.reserve(written.count)
            bytes.append(written)
        }
        bytes.raw(#","remaining":"#)
        number(event.remaining, to: &bytes)
        bytes.raw(#","latitude":"#)
        number(fix?.latitude, to: &bytes)
        bytes.raw(#","longitude":"#)
        number(fix?.longitude, to: &bytes)
        bytes.raw(#","distanceFromLastDelivered":"#)
        number(fix?.distanceFromLastDelivered, to: &bytes)
        bytes.raw(#","delay":"#)
        number(fix?.delay, to: &bytes)
        bytes.raw("}\n")
    }

    /// As ``JSONValue`` writes numbers: integers bare, others in Swift's shortest round-trip form, `null` for none.
    private nonisolated static func number(_ value: Double?, to bytes: inout LineBytes) {
        guard let value, value.isFinite else {
            bytes.raw("null")
            return
        }
        // Whole and under 1e15 (as JSONValue asks), tested without a call to libm's `round`.
        if abs(value) < 1e15, Double(Int64(value)) == value {
            integer(Int64(value), to: &bytes)
        } else {
            bytes.shortest(value)
        }
    }

    /// The decimal digits of `value`, as `String(value)` writes them, without making a string.
    private nonisolated static func integer(_ value: Int64, to bytes: inout LineBytes) {
        bytes.reserve(20)
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
            bytes.append(UnsafeBufferPointer(rebasing: digits[start...]))
        }
    }

    /// A JSON string; only quotes, backslashes and control characters (C0, DEL, C1) are escaped,
    /// as ``JSONValue`` does.
    private nonisolated static func string(_ text: String, to bytes: inout LineBytes) {
        var text = text
        text.withUTF8 { storage in
            // Room for the quotes and the longest escape (`\u00xx`, 6 bytes) of every byte.
            bytes.reserve(storage.count * 6 + 2)
            bytes.append(UInt8(ascii: "\""))
            // Most texts are printable ASCII with no quote or backslash: copy them whole. Any
            // other byte (DEL, and every byte of a non-ASCII character, among them C1's 0xC2
            // lead) takes the escaping path, which copies what needs no escape as it is.
            if Self.isPlain(storage) {
                bytes.append(storage)
            } else {
                escaped(storage, to: &bytes)
            }
            bytes.append(UInt8(ascii: "\""))
        }
    }

    /// Whether every byte is printable ASCII other than a quote or a backslash, tested eight
    /// bytes at a time (the byte-wise test was a fifth of the writer's time, issue 21): the last
    /// word ends at the text's end, overlapping the one before; a text under eight bytes is tested
    /// byte by byte. Each word test is exact about whether any of its bytes matches, which is all
    /// that is asked.
    nonisolated static func isPlain(_ storage: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let start = storage.baseAddress, storage.count >= 8 else {
            for byte in storage where byte &- 0x20 >= 0x5F || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") {
                return false
            }
            return true
        }
        let ones: UInt64 = 0x0101_0101_0101_0101
        let highs: UInt64 = 0x8080_8080_8080_8080
        @inline(__always) func hasZeroByte(_ word: UInt64) -> Bool { (word &- ones) & ~word & highs != 0 }
        @inline(__always) func needsWork(_ word: UInt64) -> Bool {
            (word &- ones &* 0x20) & ~word & highs != 0          // a byte under 0x20
                || ((word &+ ones) | word) & highs != 0           // a byte of 0x7F or more
                || hasZeroByte(word ^ (ones &* 0x22))             // a quote
                || hasZeroByte(word ^ (ones &* 0x5C))             // a backslash
        }
        let raw = UnsafeRawPointer(start)
        var offset = 0
        while offset + 8 < storage.count {
            if needsWork(raw.loadUnaligned(fromByteOffset: offset, as: UInt64.self)) { return false }
            offset += 8
        }
        return !needsWork(raw.loadUnaligned(fromByteOffset: storage.count - 8, as: UInt64.self))
    }

    /// The escaping path of ``string(_:to:)``; room is already reserved.
    private nonisolated static func escaped(_ storage: UnsafeBufferPointer<UInt8>, to bytes: inout LineBytes) {
        var afterC2 = false
        for byte in storage {
            defer { afterC2 = byte == 0xC2 }
            switch byte {
            case 0x80...0x9F where afterC2:  // C1: the 0xC2 already written is taken back
                bytes.removeLast()
                bytes.unicodeEscape(byte)
            case 0x7F: bytes.unicodeEscape(byte)
            case UInt8(ascii: "\""): bytes.raw(#"\""#)
            case UInt8(ascii: "\\"): bytes.raw(#"\\"#)
            case UInt8(ascii: "\n"): bytes.raw(#"\n"#)
            case UInt8(ascii: "\r"): bytes.raw(#"\r"#)
            case UInt8(ascii: "\t"): bytes.raw(#"\t"#)
            case ..<0x20: bytes.unicodeEscape(byte)
            default: bytes.append(byte)
            }
        }
    }
}

/// The middle of the last JSON line (`,"kind":…,"state":…,"message":…`, escaped), with what it
/// was written from.
struct LineWords {
    private(set) var kind = ""
    private(set) var state = SimAppState.notRunning
    private(set) var message = ""
    /// Empty until a line is written.
    private(set) var bytes: [UInt8] = []

    init() {}

    init(kind: String, state: SimAppState, message: String, bytes: [UInt8]) {
        (self.kind, self.state, self.message, self.bytes) = (kind, state, message, bytes)
    }

    /// Whether these are the words written last (the texts compared whole).
    func holds(kind: String, state: SimAppState, message: String) -> Bool {
        !bytes.isEmpty && state == self.state && kind == self.kind && message == self.message
    }
}

/// The bytes of JSON lines, grown by hand: `[UInt8].append(contentsOf:)` checked uniqueness and
/// capacity on each of a line's twenty pieces, a quarter of the writer's time (issue 21). Each
/// writer makes room for what it writes (`reserve`), then copies without checks.
struct LineBytes: ~Copyable {
    private var base: UnsafeMutablePointer<UInt8>
    private var capacity: Int
    private(set) var count = 0

    init(capacity: Int) {
        self.capacity = max(capacity, 64)
        base = .allocate(capacity: self.capacity)
    }

    deinit { base.deallocate() }

    /// The bytes so far, as text.
    var string: String { String(decoding: UnsafeBufferPointer(start: base, count: count), as: UTF8.self) }

    /// The bytes so far, as an array.
    var array: [UInt8] { Array(UnsafeBufferPointer(start: base, count: count)) }

    /// The bytes written so far, valid during `body`.
    func withBytes(_ body: (UnsafeRawBufferPointer) -> Void) {
        body(UnsafeRawBufferPointer(start: base, count: count))
    }

    mutating func removeAll() { count = 0 }

    /// Room for `extra` more bytes.
    @inline(__always)
    mutating func reserve(_ extra: Int) {
        if count + extra > capacity { grow(to: count + extra) }
    }

    private mutating func grow(to needed: Int) {
        let larger = max(capacity * 2, needed)
        let moved = UnsafeMutablePointer<UInt8>.allocate(capacity: larger)
        moved.initialize(from: base, count: count)
        base.deallocate()
        base = moved
        capacity = larger
    }

    /// One byte; the caller reserved room.
    @inline(__always)
    mutating func append(_ byte: UInt8) {
        base[count] = byte
        count += 1
    }

    /// Bytes; the caller reserved room.
    @inline(__always)
    mutating func append(_ bytes: UnsafeBufferPointer<UInt8>) {
        guard let start = bytes.baseAddress else { return }
        (base + count).initialize(from: start, count: bytes.count)
        count += bytes.count
    }

    mutating func removeLast() { count -= 1 }

    /// Constant text, copied straight from the binary.
    @inline(__always)
    mutating func raw(_ text: StaticString) {
        reserve(text.utf8CodeUnitCount)
        append(UnsafeBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount))
    }

    /// `\u00xx` in lower-case hex, as ``JSONValue`` escapes a control character.
    mutating func unicodeEscape(_ byte: UInt8) {
        raw(#"\u00"#)
        reserve(2)
        append(Self.hex(byte >> 4))
        append(Self.hex(byte & 0xF))
    }

    /// A lower-case hex digit's ASCII byte, as JSONValue's escapes write it.
    static func hex(_ digit: UInt8) -> UInt8 { JSONValue.hexDigit(digit) }

    /// A finite double in Swift's shortest round-trip form (`description`'s text), written straight
    /// into the buffer: by ``ShortestDecimal`` where it can, else `write(to:)` hands the standard
    /// library's digits over as ASCII bytes, so no string is made per number (`description`
    /// allocated and freed one for each latitude and longitude, issue 21).
    mutating func shortest(_ value: Double) {
        reserve(NumberText.longest)
        if let written = ShortestDecimal.write(value, to: base + count) {
            count += written
            return
        }
        var text = NumberText(start: base + count)
        value.write(to: &text)
        count += text.count
    }
}

/// Receives a number's text from `Double.write(to:)` into room ``LineBytes`` reserved.
///
/// Not the runtime's `swift_float64ToString`: on Swift 6.3.1 it leaves the "0" of "0.…" to the
/// caller's buffer (it wrote `" .6878487396077402"` into one filled with spaces).
private struct NumberText: TextOutputStream {
    /// The longest text of a finite double is 24 bytes (`-2.2250738585072014e-308`); 32 leaves room.
    static let longest = 32
    let start: UnsafeMutablePointer<UInt8>
    var count = 0

    /// The standard library's path for a number: its ASCII digits, without a string.
    mutating func _writeASCII(_ text: UnsafeBufferPointer<UInt8>) {
        precondition(count + text.count <= Self.longest, "a number's text is longer than \(Self.longest) bytes")
        guard let source = text.baseAddress else { return }
        (start + count).initialize(from: source, count: text.count)
        count += text.count
    }

    /// Any other text (not used by `Double.write(to:)` today), copied alike.
    mutating func write(_ string: String) {
        var string = string
        string.withUTF8 { _writeASCII($0) }
    }
}
