import Foundation
import Scripting
import Simulation
import Yams

/// The app's CPU and memory words (§15): the script actions `cpu` (`{cpu: 40ms}`),
/// `busy-loop` (`{busy-loop: 30}` seconds at a full core, or `{busy-loop: {seconds: 30, cpu: 0.9,
/// wakeups: 200}}`), `footprint` (`{footprint: 180 MB}`) and `grow-footprint` (`{grow-footprint:
/// 0.05 MB}`). The scenario verb `memory-pressure` is the core's; its `level: critical` is
/// this mechanism's action.
enum ResourceWords {
    static let actionNames = ["cpu", "busy-loop", "footprint", "grow-footprint"]
    static let actionFields: [String: [String]] = ["cpu": [], "busy-loop": [], "footprint": [], "grow-footprint": []]
    private static let busyFields = ["seconds", "cpu", "wakeups"]
    /// CPU time's units; a bare number is seconds.
    private static let timeUnits: [(unit: String, seconds: Double)] = [("ms", 0.001), ("s", 1)]
    /// Memory's units; a bare number is MB.
    private static let memoryUnits: [(unit: String, megabytes: Double)] = [("KB", 1.0 / 1024), ("MB", 1), ("GB", 1024)]
    /// The largest footprint a script may give: 1 TB, far past any phone.
    static let maximumMegabytes = 1024.0 * 1024
    /// The most wake-ups a second a busy loop may give.
    static let maximumWakeupsPerSecond = 1_000_000.0

    static func action(_ key: String, _ value: Yams.Node, fields: [String: Yams.Node], depth: Int,
                       in reader: inout AppScriptReader) throws(ReplayError) -> AppScript.Action {
        switch key {
        case "cpu":
            let seconds = try quantity(key, value, timeUnits, what: "CPU time (40ms, 0.04 s)", max: SimLimits.maximumSeconds, in: reader)
            guard seconds > 0 else { throw reader.fail(key, "must be more than no CPU time (40ms, 0.04 s)", value) }
            return .resources(.cpu(seconds: seconds))
        case "busy-loop":
            return try busyLoop(value, in: reader)
        case "footprint":
            return .resources(.footprint(megabytes: try quantity(key, value, memoryUnits, what: "a footprint (180 MB)", max: maximumMegabytes, in: reader)))
        default:  // "grow-footprint"
            return .resources(.grow(megabytes: try quantity(key, value, memoryUnits, what: "a growth (0.05 MB)", max: maximumMegabytes, in: reader)))
        }
    }

    /// `busy-loop: SECONDS` or `{seconds, cpu, wakeups}`.
    private static func busyLoop(_ value: Yams.Node, in reader: AppScriptReader) throws(ReplayError) -> AppScript.Action {
        var given: [String: Yams.Node] = [:]
        if let mapping = value.mapping {
            for field in try reader.fields(mapping, FieldSchema(names: busyFields, .listed("a field of 'busy-loop'", suggests: false))).ordered {
                let entry = try field.get()
                given[entry.name] = entry.value
            }
        } else {
            given["seconds"] = value
        }
        guard let secondsNode = given["seconds"] else { throw reader.fail("seconds", "is needed by 'busy-loop'", value) }
        let seconds = try reader.number("seconds", secondsNode, .positiveDuration)
        let cpu = try given["cpu"].map { node throws(ReplayError) in try reader.number("cpu", node, .fraction) } ?? 1
        let wakeups = try given["wakeups"].map { node throws(ReplayError) in
            try quantity("wakeups", node, [], what: "wake-ups a second", max: maximumWakeupsPerSecond, in: reader)
        } ?? 0
        return .resources(.busyLoop(seconds: seconds, cpu: cpu, wakeups: wakeups))
    }

    /// A number, with one of `units` after it or none (the unit of factor 1): `40ms`, `180 MB`, `0.5`.
    private static func quantity(_ key: String, _ node: Yams.Node, _ units: [(String, Double)], what: String, max: Double,
                                 in reader: AppScriptReader) throws(ReplayError) -> Double {
        let expected = "must be \(what)\(units.isEmpty ? "" : ", in \(units.map(\.0).joined(separator: ", "))")"
        guard node.null == nil, let text = node.scalar?.string else { throw reader.fail(key, expected, node) }
        var digits = Substring(text.trimmingCharacters(in: .whitespaces))
        var factor = 1.0
        if let (unit, unitFactor) = units.first(where: { digits.hasSuffix($0.0) }) {
            digits = digits.dropLast(unit.count)
            factor = unitFactor
        }
        guard let number = Double(digits.trimmingCharacters(in: .whitespaces)), number.isFinite, number >= 0 else {
            throw reader.fail(key, expected, node)
        }
        let value = number * factor
        // The limit in the unit a bare number is in (MB, s), or as the quantity's words say (wake-ups a second).
        let limit = units.first { $0.1 == 1 }.map { "\(Formatting.short(max)) \($0.0)" } ?? "\(Formatting.short(max)) \(what)"
        guard value <= max else { throw reader.fail(key, "\(text) is more than the most a script may give (\(limit))", node) }
        return value
    }
}

extension ResourceScenarioAction {
    var verb: String { "memory-pressure" }
}
