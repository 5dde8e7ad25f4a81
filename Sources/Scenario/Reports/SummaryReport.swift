import Simulation

/// The JSON of `--format json`: the run's summary, with `null` for what did not happen.
public enum SummaryReport {
    public static func json(_ outcome: ReplayOutcome) -> JSONValue {
        let summary = outcome.result.summary
        func number(_ value: Double?) -> JSONValue { value.map(JSONValue.double) ?? .null }
        let states = summary.secondsInState.sorted { $0.key < $1.key }.map { ($0.key, JSONValue.double($0.value)) }
        let causes = summary.causes.map { cause in
            JSONValue.object([("cause", .string(Prose.name(cause))), ("text", .string(Prose.text(cause)))])
        }
        let warnings = (outcome.allWarnings + summary.warnings.map(Prose.text)).map(JSONValue.string)
        return .object([
            ("track", .string(outcome.track)),
            ("verdict", .string(summary.verdict.rawValue)),
            ("suspendedAt", number(summary.suspendedAt)),
            ("terminatedAt", number(summary.terminatedAt)),
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
        ])
    }
}

/// `--format jsonl`: every event, one JSON object a line, written as the run goes.
@MainActor
public final class EventLinesReport: SimEventSink {
    private let write: (String) -> Void
    private var buffer = ""

    /// `write` receives the text in pieces of about 64 KiB, the last at the end of the run.
    public init(write: @escaping (String) -> Void) {
        self.write = write
        buffer.reserveCapacity(70_000)
    }

    public func receive(_ event: SimEvent) {
        buffer += Self.line(event)
        buffer += "\n"
        if buffer.utf8.count >= 65_536 {
            write(buffer)
            buffer.removeAll(keepingCapacity: true)
        }
    }

    public func finish() {
        if !buffer.isEmpty { write(buffer) }
        buffer = ""
    }

    /// The whole log of a finished run, for tests and library use.
    public static func lines(_ events: [SimEvent]) -> String {
        events.map(line).joined(separator: "\n") + "\n"
    }

    static func line(_ event: SimEvent) -> String {
        func number(_ value: Double?) -> JSONValue { value.map(JSONValue.double) ?? .null }
        let fix = event.fix
        return JSONValue.object([
            ("time", .double(event.time)),
            ("kind", .string(event.kind.rawValue)),
            ("state", .string(event.state.rawValue)),
            ("message", .string(Prose.message(event))),
            ("remaining", number(event.remaining)),
            ("latitude", number(fix?.latitude)),
            ("longitude", number(fix?.longitude)),
            ("distanceFromLastDelivered", number(fix?.distanceFromLastDelivered)),
            ("delay", number(fix?.delay)),
        ]).compact()
    }
}
