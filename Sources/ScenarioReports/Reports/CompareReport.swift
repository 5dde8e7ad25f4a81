import ScenarioInput
import ScenarioRun
import Simulation

/// The reports of `keepalive compare`: the device's coverage beside the model's, where they part,
/// the model's state at the first divergence and the §15 conditions tried there.
public enum CompareReport {
    /// The report for people.
    public static func text(_ comparison: DeviceComparison) -> String {
        let device = comparison.deviceCoverage, model = comparison.modelCoverage
        var lines = [
            "Track:  \(SafeText.terminal(comparison.track)) (\(Formatting.clock(comparison.summary.durationSeconds)))",
            "Device: \(SafeText.terminal(comparison.device)) (\(fixes(comparison)))",
            "Model:  \(comparison.summary.profile), \(comparison.modelFixes) fix\(comparison.modelFixes == 1 ? "" : "es") delivered to the app; \(Prose.shortVerdict(comparison.summary))",
            "Goal \(Prose.name(device.goal)): \(Prose.text(device.goal)), judged from each side's fixes",
            "",
        ]
        let rows: [(String, String, String)] = [
            ("", "device", "model"),
            ("covered", Prose.percent(device.fraction), Prose.percent(model.fraction)),
            ("uncovered", uncovered(device), uncovered(model)),
            ("gaps", String(device.gapCount), String(model.gapCount)),
            ("longest gap", device.gapCount > 0 ? Formatting.duration(device.longestGapSeconds) : "-",
             model.gapCount > 0 ? Formatting.duration(model.longestGapSeconds) : "-"),
            ("goal", device.met ? "met" : "missed", model.met ? "met" : "missed"),
        ]
        lines += rows.map { label, left, right in
            "  " + pad(label, 13) + pad(left, 24) + right
        }
        lines.append("")
        lines.append(heading("Gaps the device had that the model did not predict", comparison.unpredicted.count))
        lines += comparison.unpredicted.prefix(Prose.gapLinesShown).map { "  " + Prose.divergence($0, of: device.goal, otherSide: "model") }
        if comparison.unpredicted.count > Prose.gapLinesShown { lines.append("  … and \(comparison.unpredicted.count - Prose.gapLinesShown) more") }
        if let first = comparison.first {
            lines.append("First divergence at \(Formatting.clock(first.second)): " + Prose.moment(first.model, goal: comparison.goal))
            lines += Prose.conditions(first)
        }
        lines.append(heading("Gaps the model predicted that the device did not have (the model too strict)", comparison.tooStrict.count))
        lines += comparison.tooStrict.prefix(Prose.gapLinesShown).map { "  " + Prose.divergence($0, of: device.goal, otherSide: "device") }
        if comparison.tooStrict.count > Prose.gapLinesShown { lines.append("  … and \(comparison.tooStrict.count - Prose.gapLinesShown) more") }
        if !comparison.cells.isEmpty {
            lines.append("")
            lines += cellLines(comparison)
        }
        lines.append("")
        lines.append(comparison.diverged ? "The device and the model diverge." : "The device and the model agree: every gap of each is a gap of the other.")
        return lines.joined(separator: "\n") + "\n"
    }

    /// The profiles × conditions: a row a cell, then which reproduce the device's gaps and which do not.
    static func cellLines(_ comparison: DeviceComparison) -> [String] {
        let cells = comparison.cells
        let width = max(12, (cells.map(\.name.count).max() ?? 0) + 2)
        var lines = ["Profiles × conditions: \(cells.count) cell\(cells.count == 1 ? "" : "s"), each replayed whole and judged from its fixes as the model above"]
        lines.append("  " + pad("cell", width) + pad("device's gaps", 24) + pad("model too strict", 22) + "model covered")
        for cell in cells {
            let answer = switch cell.finding {
            case .agrees, .reproduces: "reproduced"
            case .reproducesFirst: "first only, \(cell.unpredictedCount) not"
            case .doesNotReproduce: "not: \(cell.unpredictedCount) unpredicted"
            }
            // The first gap the device did not have, whole, and how many more.
            let strict = cell.firstTooStrict.map { "\(Formatting.clock($0.gap.from))–\(Formatting.clock($0.gap.to))" + (cell.tooStrictCount > 1 ? " +\(cell.tooStrictCount - 1)" : "") } ?? "none"
            lines.append("  " + pad(cell.name, width) + pad(answer, 24) + pad(strict, 22) + Prose.percent(cell.modelFraction))
        }
        func names(_ keep: (CellComparison.Finding) -> Bool) -> String? {
            let found = cells.filter { keep($0.finding) }.map(\.name)
            return found.isEmpty ? nil : found.joined(separator: ", ")
        }
        lines.append("Reproduce the device's gaps (each is a gap of the cell's model): " + (names(\.reproducesAll) ?? "none"))
        if let exactly = names({ $0 == .agrees }) { lines.append("  exactly, with no gap the device did not have: \(exactly)") }
        if let first = names({ $0 == .reproducesFirst }) { lines.append("Reproduce the first divergence only: \(first)") }
        lines.append("Do not: " + (names({ $0 == .doesNotReproduce }) ?? "none"))
        return lines
    }

    /// The cells in JSON: each with its finding, counts and the first divergence of each kind.
    static func cellsJSON(_ cells: [CellComparison]) -> JSONValue {
        func divergence(_ divergence: GapDivergence?) -> JSONValue {
            guard let divergence else { return .null }
            return .object([("from", .double(divergence.gap.from)), ("firstMissed", .double(divergence.gap.firstMissed)), ("to", .double(divergence.gap.to)),
                            ("seconds", .double(divergence.gap.seconds)), ("firstSecond", .double(divergence.firstSecond))])
        }
        return .array(cells.map { cell in
            .object([
                ("profile", .string(cell.profile)),
                ("condition", .string(cell.condition.rawValue)),
                ("finding", .string(cell.finding.rawValue)),
                ("reproduces", .bool(cell.finding.reproducesAll)),
                ("modelFraction", .double(cell.modelFraction)),
                ("modelUncoveredSeconds", .double(cell.modelUncoveredSeconds)),
                ("modelGapCount", .int(cell.modelGapCount)),
                ("unpredictedCount", .int(cell.unpredictedCount)),
                ("firstUnpredicted", divergence(cell.firstUnpredicted)),
                ("tooStrictCount", .int(cell.tooStrictCount)),
                ("firstTooStrict", divergence(cell.firstTooStrict)),
            ])
        })
    }

    /// The report for programs: both coverages with typed fields, the divergences, the first one
    /// with the model's state and each condition's finding.
    public static func json(_ comparison: DeviceComparison) -> JSONValue {
        func divergences(_ list: [GapDivergence]) -> JSONValue {
            .array(list.map { divergence in
                .object([("from", .double(divergence.gap.from)), ("firstMissed", .double(divergence.gap.firstMissed)), ("to", .double(divergence.gap.to)),
                         ("seconds", .double(divergence.gap.seconds)), ("firstSecond", .double(divergence.firstSecond))])
            })
        }
        var first = JSONValue.null
        if let divergence = comparison.first {
            let model = divergence.model
            first = .object([
                ("second", .double(divergence.second)),
                ("lastDeviceFix", .double(divergence.lastDeviceFix)),
                ("model", .object([
                    ("appState", .string(model.appState.rawValue)),
                    ("process", .int(model.process)),
                    ("location", .string(Prose.name(model.location))),
                    ("locationStopCause", { if case .stopped(let cause) = model.location { return .string(Prose.name(cause)) } else { return .null } }()),
                    ("holds", .array(model.holds.map { .string(Prose.label($0)) })),
                    ("lastFixAt", model.lastFixAt.map(JSONValue.double) ?? .null),
                    ("text", .string(Prose.moment(model, goal: comparison.goal))),
                ])),
                ("conditions", .array(divergence.conditions.map { check in
                    .object([("condition", .string(check.condition.rawValue)), ("finding", .string(check.finding.rawValue))])
                })),
            ])
        }
        return .object([
            ("track", .string(comparison.track)),
            ("device", .string(comparison.device)),
            ("goal", .string(Prose.name(SimGoal.location(comparison.goal)))),
            ("deviceFixes", .int(comparison.deviceFixes)),
            ("deviceFixesInTrip", .int(comparison.deviceFixesInTrip)),
            ("outOfOrderDeviceFixes", .int(comparison.outOfOrderDeviceFixes)),
            ("modelFixes", .int(comparison.modelFixes)),
            ("deviceCoverage", SummaryReport.coverageJSON(comparison.deviceCoverage)),
            ("modelCoverage", SummaryReport.coverageJSON(comparison.modelCoverage)),
            ("runCoverage", comparison.runCoverage.map(SummaryReport.coverageJSON) ?? .null),
            ("verdict", .string(comparison.summary.verdict.rawValue)),
            ("unpredicted", divergences(comparison.unpredicted)),
            ("firstDivergence", first),
            ("tooStrict", divergences(comparison.tooStrict)),
            ("cells", cellsJSON(comparison.cells)),
            ("diverged", .bool(comparison.diverged)),
        ])
    }

    private static func fixes(_ comparison: DeviceComparison) -> String {
        var text = "\(comparison.deviceFixes) fix\(comparison.deviceFixes == 1 ? "" : "es"), \(comparison.deviceFixesInTrip) within the trip"
        if comparison.outOfOrderDeviceFixes > 0 { text += ", \(comparison.outOfOrderDeviceFixes) older than one before them (passed over)" }
        return text
    }

    private static func uncovered(_ coverage: SimCoverage) -> String {
        Formatting.duration(coverage.uncoveredSeconds) + (coverage.uncoveredMetres > 0 ? " (\(Prose.distance(coverage.uncoveredMetres)))" : "")
    }

    private static func heading(_ text: String, _ count: Int) -> String {
        count == 0 ? "\(text): none" : "\(text): \(count)"
    }

    private static func pad(_ text: String, _ width: Int) -> String {
        text + String(repeating: " ", count: max(1, width - text.count))
    }
}

/// `keepalive compare`'s words.
extension Prose {
    /// "0:09:59–0:15:00 (4.5 km), 4 min 56 s uncovered from 0:10:04: …; the model covered 0:10:04":
    /// the gap from its anchor (the last fix) to its end, as ``Prose/gap(_:of:)`` gives it.
    static func divergence(_ divergence: GapDivergence, of goal: SimGoal, otherSide: String) -> String {
        let gap = divergence.gap
        let metres = gap.metres > 0 ? " (\(Prose.distance(gap.metres)))" : ""
        let cause = gap.causes.isEmpty ? "" : ": \(reason(gap.causes) ?? "")"
        return "\(Formatting.clock(gap.from))–\(Formatting.clock(gap.to))\(metres), \(Formatting.duration(gap.seconds)) uncovered from \(Formatting.clock(gap.firstMissed))\(cause); the \(otherSide) covered \(Formatting.clock(divergence.firstSecond))"
    }

    /// The model's state in a sentence: "the model's app was in the background (process 1),
    /// standard location updates running, held by the location session; its last fix at 0:10:03."
    static func moment(_ moment: ModelMoment, goal: LocationGoal) -> String {
        var text = "the model's app was \(state(moment.appState)) (process \(moment.process)), "
        switch moment.location {
        case .off: text += "no location updates asked for"
        case .running(let service): text += "\(service == .standardUpdates ? "standard location updates" : "significant-change monitoring") running"
        case .paused: text += "location updates paused automatically"
        case .stopped(let cause): text += "location updates stopped (\(Self.text(cause)))"
        }
        text += moment.holds.isEmpty ? ", nothing holding it" : ", held by " + moment.holds.map { Self.text($0) }.joined(separator: " and ")
        text += moment.lastFixAt.map { "; its newest fix at \(Formatting.clock($0))" } ?? "; it had no fix yet"
        return text + "."
    }

    private static func state(_ state: SimAppState) -> String {
        switch state {
        case .notRunning: "not running"
        case .active: "active on screen"
        case .inactive: "inactive on screen"
        case .background: "running in the background"
        case .suspended: "suspended"
        case .terminated: "terminated"
        }
    }

    /// The location activity's name, as JSON writes it.
    static func name(_ location: ModelMoment.Location) -> String {
        switch location {
        case .off: "off"
        case .running(let service): service.rawValue
        case .paused: "paused"
        case .stopped: "stopped"
        }
    }

    /// A condition in words: "Low Power Mode".
    static func text(_ condition: CompareCondition) -> String {
        switch condition {
        case .lowPowerMode: "Low Power Mode"
        case .cpuLimit: "the CPU limit"
        case .memoryPressure: "critical memory pressure"
        case .restart: "a restart"
        case .appUpdate: "an app update"
        }
    }

    /// The conditions tried at the first divergence, grouped by what they found.
    static func conditions(_ divergence: FirstDivergence) -> [String] {
        func names(_ finding: ConditionFinding) -> String? {
            let found = divergence.conditions.filter { $0.finding == finding }.map { text($0.condition) }
            return found.isEmpty ? nil : found.joined(separator: ", ")
        }
        let at = Formatting.clock(divergence.lastDeviceFix)
        var lines: [String] = []
        lines.append("  Replayed from the device's last fix before it (\(at)), "
            + (names(.reproduces).map { "these reproduce it: \($0)" } ?? "no condition reproduces it: the model keeps its fixes under each"))
        if let none = names(.doesNotReproduce) { lines.append("  These do not: \(none)") }
        if let possible = names(.possible) { lines.append("  Not replayable at a second: \(possible), possible (the app ran in the background then)") }
        if let ruledOut = names(.ruledOut) { lines.append("  Not replayable at a second: \(ruledOut), ruled out (the app was not running in the background then)") }
        return lines
    }
}
