import Simulation

/// The JSON of `--format json`: the run's summary, with `null` for what did not happen.
public enum SummaryReport {
    public static func json(_ outcome: ReplayOutcome) -> JSONValue {
        let summary = outcome.result.summary
        func number(_ value: Double?) -> JSONValue { value.map(JSONValue.double) ?? .null }
        let states = summary.secondsInState.sorted { $0.key < $1.key }.map { ($0.key, JSONValue.double($0.value)) }
        return .object([
            ("track", .string(outcome.track)),
            ("verdict", .string(summary.verdict.rawValue)),
            ("suspendedAt", number(summary.suspendedAt)),
            ("terminatedAt", number(summary.terminatedAt)),
            ("reason", summary.reason.map(JSONValue.string) ?? .null),
            ("sentence", .string(summary.sentence)),
            ("policy", .string(summary.policy.rawValue)),
            ("profile", .string(summary.profile)),
            ("budgetSeconds", .double(summary.budgetSeconds)),
            ("deliveredUpdates", .int(summary.deliveredUpdates)),
            ("longestDeliveryGapSeconds", number(summary.longestDeliveryGapSeconds)),
            ("minimumBackgroundTimeRemaining", number(summary.minimumBackgroundTimeRemaining)),
            ("strictVerdict", .string(summary.strictVerdict.rawValue)),
            ("strictSuspendedAt", number(summary.strictSuspendedAt)),
            ("durationSeconds", .double(summary.durationSeconds)),
            ("secondsInState", .object(states)),
            ("seed", .uint(outcome.settings.seed)),
            ("warnings", .array(outcome.allWarnings.map(JSONValue.string))),
        ])
    }
}

/// `--format jsonl`: the whole event log, one JSON object a line.
public enum EventLinesReport {
    public static func lines(_ outcome: ReplayOutcome) -> String {
        outcome.result.events.map { event in
            func number(_ value: Double?) -> JSONValue { value.map(JSONValue.double) ?? .null }
            return JSONValue.object([
                ("time", .double(event.time)),
                ("kind", .string(event.kind.rawValue)),
                ("state", .string(event.state.rawValue)),
                ("message", .string(event.message)),
                ("remaining", number(event.remaining)),
                ("latitude", number(event.latitude)),
                ("longitude", number(event.longitude)),
                ("distanceFromLastDelivered", number(event.distanceFromLastDelivered)),
                ("delay", number(event.delay)),
            ]).compact()
        }.joined(separator: "\n") + "\n"
    }
}
