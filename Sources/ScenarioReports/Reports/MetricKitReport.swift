import ScenarioInput
import ScenarioRun
import Simulation

extension Prose {
    /// What in the model gives an exit, for a reader who wants to see it: "critical memory
    /// pressure (the matrix condition memory-pressure, or a scenario's memory-pressure event with
    /// level critical) kills a background app that only a task or a wake's run keeps".
    public static func text(_ cause: ModelExitCause) -> String {
        let limits = ResourceProfile()
        func window(_ limit: ResourceProfile.WindowLimit?, _ unit: String) -> String {
            guard let limit else { return "" }
            return "; \(Formatting.short(limit.perSecond * (unit == "%" ? 100 : 1)))\(unit) over \(Formatting.short(limit.windowSeconds)) s by default"
        }
        return switch cause {
        case .criticalMemoryPressure:
            "critical memory pressure, which kills a background app that only a task or a wake's run keeps (§15; the matrix condition \(FieldCondition.memoryPressure.rawValue), or a scenario's memory-pressure event with level critical)"
        case .memoryPressureWhileHeld:
            "memory pressure that reaches a background app although location or audio holds it (§15; a scenario's memory-pressure event with level extreme, or the what-if resources.heldAppJetsamPerHour)"
        case .purgedWhileSuspended:
            "memory pressure purging the suspended app (§9; a scenario's memory-pressure event)"
        case .cpuLimit:
            "the app's CPU in the background over resources.cpuLimit (§15\(window(limits.cpuLimit, "%")); a script's cpu or busy-loop)"
        case .wakeupsLimit:
            "the app's wake-ups over resources.wakeupsLimit (§15\(window(limits.wakeupsLimit, " a second")))"
        case .footprintLimit:
            "the app's footprint in the background over resources.backgroundFootprintLimitMB (§15; \(Formatting.short(limits.backgroundFootprintLimitMB ?? 0)) MB by default; a script's footprint or grow-footprint)"
        case .backgroundTaskWatchdog:
            "background tasks still open after their expiration, ended by the watchdog (§2)"
        case .bgTaskNotCompleted:
            "a BGTask not completed before its time ran out (§12)"
        case .backgroundLocationWithoutMode:
            "allowsBackgroundLocationUpdates without the location background mode (§3)"
        case .forceQuit:
            "the user swiping the app away in the app switcher, which Apple counts as a normal exit on screen (a scenario's force-quit event)"
        case .voipPushWithoutCall:
            "a VoIP push not reported as a call (§14)"
        case .bgTaskSchedulerException:
            "a BGTaskScheduler exception: an identifier registered twice, after launch, or with no handler (§12)"
        case .monitorOpenedTwice:
            "a CLMonitor opened twice under one name (§11)"
        case .stackOverflow:
            "a stack overflow: the app's callbacks calling back into themselves without end"
        }
    }

    /// A counter's exit in words: "memory pressure exit", or what a simulated-only key counts.
    public static func text(_ counter: MetricKitCounter) -> String {
        if let category = counter.category { return text(category) + (counter.inSDK ? "" : ", in Xcode's simulated payloads only") }
        return switch counter.key {
        case "cumulativeBackgroundURLSessionCompletionTimeoutExitCount": "background URL session completion timeout, in Xcode's simulated payloads only"
        case "cumulativeBackgroundFetchCompletionTimeoutExitCount": "background fetch completion timeout, in Xcode's simulated payloads only"
        default: "\(counter.key), in Xcode's simulated payloads only"
        }
    }

    /// Why a counter's counts differ, and what in the model gives its exit.
    static func disagreement(_ row: MetricKitComparison.Row, conditions: [FieldCondition]) -> String {
        func exits(_ count: Int) -> String { "\(count) exit\(count == 1 ? "" : "s")" }
        func runs(_ count: Int) -> String { "\(count) run\(count == 1 ? "" : "s")" }
        let counts = switch row.agreement {
        case .deviceOnly: "the device had \(exits(row.device)); no run of the model ended so."
        case .modelOnly: "the model ended \(runs(row.model)) so; the device had none."
        case .countsDiffer, .agree: "the device had \(exits(row.device)), the model ended \(runs(row.model)) so."
        }
        let causes = row.causes
        guard !causes.isEmpty else {
            return counts + " Nothing in the model gives this exit."
        }
        var text = counts + " In the model it comes from: " + causes.map { Prose.text($0) }.joined(separator: "; ") + "."
        let missing = causes.compactMap(\.fieldCondition).filter { !conditions.contains($0) }
        if row.agreement == .deviceOnly, !missing.isEmpty {
            text += " The matrix has no \(missing.map(\.rawValue).joined(separator: " or ")) condition: add it to conditions:."
        }
        return text
    }
}

/// `keepalive matrix --metrickit`: a day's MetricKit exit counts beside the matrix's, as text or
/// as a member of the matrix's JSON. Each is a function of the comparison alone.
public enum MetricKitReport {
    /// The counts side by side (the counters either side counted), then where they disagree.
    public static func text(_ comparison: MetricKitComparison) -> String {
        let exits = comparison.exits
        let payloads = "\(exits.payloads) payload\(exits.payloads == 1 ? "" : "s")"
        var text = "MetricKit: \(SafeText.terminal(exits.file)), \(payloads) (\(exits.payloadsWithExits) with exit metrics), against the \(comparison.runs) runs of the matrix\n"
        let shown = comparison.rows.filter { $0.device != 0 || $0.model != 0 }
        if shown.isEmpty {
            text += "No exit on either side.\n"
        } else {
            let table = [["COUNTER", "DEVICE", "MODEL"]] + shown.map { [$0.counter.name, String($0.device), String($0.model)] }
            let widths = (0..<3).map { column in table.map { $0[column].count }.max() ?? 0 }
            for line in table {
                text += line[0] + String(repeating: " ", count: widths[0] - line[0].count)
                for column in 1..<3 { text += "  " + String(repeating: " ", count: widths[column] - line[column].count) + line[column] }
                text += "\n"
            }
            text += "Every other counter: 0 on both.\n"
        }
        if comparison.exitsWithoutCounter > 0 {
            text += "\(comparison.exitsWithoutCounter) run\(comparison.exitsWithoutCounter == 1 ? "" : "s") of the model ended where MetricKit counts no exit (a restart, an update).\n"
        }
        let disagreements = comparison.disagreements
        if disagreements.isEmpty {
            text += "\nThe device and the model agree on every counter.\n"
        } else {
            text += "\nWhere they disagree:\n"
            for row in disagreements {
                text += "  \(row.counter.name) (\(Prose.text(row.counter))): \(Prose.disagreement(row, conditions: comparison.conditions))\n"
            }
        }
        if !exits.warnings.isEmpty {
            text += "\nNot read from the payload:\n" + exits.warnings.map { "  \(SafeText.terminal($0))\n" }.joined()
        }
        return text
    }

    /// Every counter with both counts, its agreement, the model's causes and its source.
    public static func json(_ comparison: MetricKitComparison) -> JSONValue {
        let counters = comparison.rows.map { row -> JSONValue in
            .object([
                ("class", .string(row.counter.exitData.className)),
                ("key", .string(row.counter.key)),
                ("exitCategory", row.counter.category.map { .string($0.rawValue) } ?? .null),
                ("inSDK", .bool(row.counter.inSDK)),
                ("device", .int(row.device)),
                ("model", .int(row.model)),
                ("agreement", .string(row.agreement.rawValue)),
                ("modelCauses", .array(row.causes.map { .string($0.rawValue) })),
                ("source", .string(row.counter.source)),
            ])
        }
        return .object([
            ("payloadFile", .string(comparison.exits.file)),
            ("payloads", .int(comparison.exits.payloads)),
            ("payloadsWithExitMetrics", .int(comparison.exits.payloadsWithExits)),
            ("runs", .int(comparison.runs)),
            ("counters", .array(counters)),
            ("disagreements", .array(comparison.disagreements.map { .string($0.counter.name) })),
            ("runsEndedWithoutCounter", .int(comparison.exitsWithoutCounter)),
            ("agrees", .bool(comparison.agrees)),
            ("warnings", .array(comparison.exits.warnings.map(JSONValue.string))),
        ])
    }

    /// The matrix's JSON with the comparison as its last member, `metricKit`.
    public static func json(_ outcome: MatrixOutcome, _ comparison: MetricKitComparison) -> JSONValue {
        guard case .object(let members) = MatrixReport.json(outcome) else { return MatrixReport.json(outcome) }
        return .object(members + [("metricKit", json(comparison))])
    }
}
