import Simulation
import Yams

/// `profile: {base: ios17, regions.crossingDistance: 300, location.keepAliveStartWakes: [significantChange, region]}`:
/// a named profile (or an iOS version) with some of its parameters (``SimProfile/parameters``)
/// set, each checked where it stands. The profile's name gains `+` and the names set, so the
/// reports say it is not the era's own.
extension ReplaySetting {
    static func profile(_ key: String, _ path: WritableKeyPath<ReplaySettings, Setting<SimProfile>> & Sendable) -> ReplaySetting {
        ReplaySetting(key, path, read: { node, reader throws(ReplayError) in
            guard let mapping = node.mapping else { return Setting(text: try reader.string(key, node)) }
            return Setting(wrappedValue: try ProfileOverrides.read(mapping, key: key, node: node, reader: reader))
        })
    }
}

enum ProfileOverrides {
    /// The key naming the profile the parameters change.
    static let baseKey = "base"

    /// The keys of a profile with parameters: `base` and the parameters' names.
    static let schema: FieldSchema<String> = {
        let names = SimProfile.parameters.map(\.name)
        var schema = FieldSchema(names: [baseKey] + names, .custom { written in
            "is not a profile parameter\(Suggestion.didYouMean(written, among: names)) (`keepalive profiles --parameters` lists them; see Docs/Model.md)"
        })
        schema.twice = { _, _ in "is set twice" }
        return schema
    }()

    static func read(_ mapping: Yams.Node.Mapping, key: String, node: Yams.Node, reader: any ScenarioNodeReader) throws(ReplayError) -> SimProfile {
        var profile: SimProfile?
        var changed: [String] = []
        var values: [(SimProfileParameter, SimParameterValue)] = []
        for field in try reader.fields(mapping, schema).ordered {
            let entry = try field.get()
            if entry.key == baseKey {
                let text = try reader.string(baseKey, entry.value)
                guard let base = SimProfile(settingText: text) else {
                    throw reader.fail(baseKey, "names no profile: \(SimProfile.notAValue(text))", entry.value)
                }
                profile = base
            } else if let parameter = SimProfile.parameter(named: entry.key) {
                values.append((parameter, try value(of: parameter, entry.value, reader)))
                changed.append(entry.key)
            }
        }
        guard var profile else {
            throw reader.fail(key, "must name its '\(baseKey)' profile (a profile or an iOS version) beside the parameters it sets", node)
        }
        for (parameter, value) in values { parameter.set(value, in: &profile) }
        if let conflict = profile.parameterConflict { throw reader.fail(key, "sets parameters that rule each other out: \(conflict)", node) }
        if !changed.isEmpty { profile.name += "+" + changed.joined(separator: "+") }
        return profile
    }

    /// The value a parameter's node writes, in its kind and range.
    static func value(of parameter: SimProfileParameter, _ node: Yams.Node, _ reader: any ScenarioNodeReader) throws(ReplayError) -> SimParameterValue {
        let key = parameter.name
        switch parameter.kind {
        case .number(let range, let unit):
            return .number(try number(key, node, range, unit, orOff: false, reader))
        case .numberOrOff(let range, let unit):
            if node.scalar?.string == "off" { return .numberOrOff(nil) }
            return .numberOrOff(try number(key, node, range, unit, orOff: true, reader))
        case .flag:
            return .flag(try reader.bool(key, node))
        case .flagOrEra:
            if node.scalar?.string == "era" { return .flagOrEra(nil) }
            guard let flag = node.bool else { throw reader.fail(key, "must be true, false or era", node) }
            return .flagOrEra(flag)
        case .version:
            let text = try reader.string(key, node)
            if text == "never" { return .version(nil) }
            guard let version = SimOSVersion(text) else { throw reader.fail(key, "must be an iOS release (16.4) or never, not '\(text)'", node) }
            return .version(version)
        case .wakeKinds:
            guard let list = node.sequence else { throw reader.fail(key, "must be a list of \(KeepAliveStartWake.allCases.map(\.rawValue).joined(separator: ", "))", node) }
            var kinds: Set<KeepAliveStartWake> = []
            for item in list { kinds.insert(try reader.named(key, item, "a kind of background run")) }
            return .wakeKinds(kinds)
        case .choice(let names):
            let text = try reader.string(key, node)
            guard let name = Suggestion.spelled(text, among: names) else {
                throw reader.fail(key, "must be \(names.joined(separator: " or ")), not '\(text)'", node)
            }
            return .choice(name)
        }
    }

    /// A finite number in `range` (whole for a count); the message says what a value is.
    private static func number(_ key: String, _ node: Yams.Node, _ range: ClosedRange<Double>, _ unit: SimParameterUnit, orOff: Bool,
                               _ reader: any ScenarioNodeReader) throws(ReplayError) -> Double {
        let expectation = "must be \(Prose.text(.number(range, unit)))" + (orOff ? ", or off" : "")
        guard let scalar = node.scalar, let number = Double(scalar.string), number.isFinite else { throw reader.fail(key, expectation, node) }
        guard range.contains(number), unit != .count || number == number.rounded() else {
            throw reader.fail(key, "\(expectation), not \(scalar.string)", node)
        }
        return number
    }
}
