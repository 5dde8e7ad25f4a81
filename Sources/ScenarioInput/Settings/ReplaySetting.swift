import Simulation
import Yams

/// One replay setting: its scenario file key (the ``ReplaySettings`` property's name), the
/// command-line option named after it, and how it is read, merged and checked.
/// ``ReplaySettings/all`` lists them.
public struct ReplaySetting: Sendable {
    /// The key in scenario files and matrix runs: `leakBackgroundTask`.
    public let key: String
    /// The property it sets.
    let path: PartialKeyPath<ReplaySettings> & Sendable
    /// Reads the value of the key from a scenario file into the settings.
    let read: @Sendable (Yams.Node, any ScenarioNodeReader, inout ReplaySettings) throws(ReplayError) -> Void
    /// Takes the setting from the first settings into the second, if it was written.
    let take: @Sendable (ReplaySettings, inout ReplaySettings) -> Void
    /// What is wrong with the setting, or `nil`: what was written is not a value, or is out of range.
    let problem: @Sendable (ReplaySettings) -> String?
    /// Sets an option's value, of the setting's type or a ``Setting`` of it; `false` for another type.
    let assign: @Sendable (Any, inout ReplaySettings) -> Bool

    /// The command-line option: the key in kebab case, `--leak-background-task`.
    public var option: String { "--" + kebabKey }

    /// The switch that turns the setting off: `--no-background-task`.
    public var negatedOption: String { "--no-" + kebabKey }

    /// The keys are ASCII camel case: each capital letter becomes `-` and its small letter, a
    /// byte at a time (the CLI names its options from these at every start).
    private var kebabKey: String {
        var kebab = ""
        for scalar in key.unicodeScalars {
            if ("A"..."Z").contains(scalar) {
                kebab += "-"
                kebab.unicodeScalars.append(Unicode.Scalar(UInt8(scalar.value) + 32))
            } else {
                kebab.unicodeScalars.append(scalar)
            }
        }
        return kebab
    }

    init<Value>(
        _ key: String, _ path: WritableKeyPath<ReplaySettings, Setting<Value>> & Sendable,
        read: @escaping @Sendable (Yams.Node, any ScenarioNodeReader) throws(ReplayError) -> Setting<Value>,
        problem valueProblem: @escaping @Sendable (Value, ReplaySettings) -> String? = { _, _ in nil }
    ) {
        self.key = key
        self.path = path
        self.read = { node, reader, settings throws(ReplayError) in settings[keyPath: path] = try read(node, reader) }
        take = { other, settings in
            if other[keyPath: path].isWritten { settings[keyPath: path] = other[keyPath: path] }
        }
        problem = { settings in
            let setting = settings[keyPath: path]
            return setting.problem ?? setting.wrappedValue.flatMap { valueProblem($0, settings) }
        }
        assign = { value, settings in
            if let setting = value as? Setting<Value>? {
                if let setting { settings[keyPath: path] = setting }
            } else if let value = value as? Value? {
                if let value { settings[keyPath: path].wrappedValue = value }
            } else {
                return false
            }
            return true
        }
    }
}

extension ReplaySetting {
    /// A number in `range`: a scenario file's out of range is an error where it stands.
    static func number(
        _ key: String, _ path: WritableKeyPath<ReplaySettings, Setting<Double>> & Sendable, _ range: SettingRange
    ) -> ReplaySetting {
        ReplaySetting(key, path, read: { node, reader throws(ReplayError) in Setting(wrappedValue: try reader.number(key, node, range)) },
                      problem: { value, _ in range.problem(value) })
    }

    /// `true` or `false`; `problem` is what else the value rules out.
    static func flag(
        _ key: String, _ path: WritableKeyPath<ReplaySettings, Setting<Bool>> & Sendable,
        problem: @escaping @Sendable (Bool, ReplaySettings) -> String? = { _, _ in nil }
    ) -> ReplaySetting {
        ReplaySetting(key, path, read: { node, reader throws(ReplayError) in Setting(wrappedValue: try reader.bool(key, node)) },
                      problem: problem)
    }

    /// A whole number from 0 to `UInt64.max`.
    static func wholeNumber(_ key: String, _ path: WritableKeyPath<ReplaySettings, Setting<UInt64>> & Sendable) -> ReplaySetting {
        ReplaySetting(key, path, read: { node, reader throws(ReplayError) in
            guard let value = node.scalar.flatMap({ UInt64($0.string) }) else {
                throw reader.fail(key, "must be a whole number from 0 to \(UInt64.max)", node)
            }
            return Setting(wrappedValue: value)
        })
    }

    /// A limit: a whole number from 1 up.
    static func limit(_ key: String, _ path: WritableKeyPath<ReplaySettings, Setting<Int>> & Sendable) -> ReplaySetting {
        ReplaySetting(key, path, read: { node, reader throws(ReplayError) in
            guard let value = node.scalar.flatMap({ Int($0.string) }), value >= 1 else {
                throw reader.fail(key, "must be a whole number from 1 to \(Int.max)", node)
            }
            return Setting(wrappedValue: value)
        }, problem: { value, _ in value >= 1 ? nil : "must be a whole number from 1 to \(Int.max)" })
    }

    /// A name; one that is none of the values is reported by ``ReplaySettings/resolved()``
    /// (naming the option), unless an option replaces it.
    static func name<Value: NamedSetting>(_ key: String, _ path: WritableKeyPath<ReplaySettings, Setting<Value>> & Sendable) -> ReplaySetting {
        ReplaySetting(key, path, read: { node, reader throws(ReplayError) in Setting(text: try reader.string(key, node)) })
    }

    /// A file's path, relative to the scenario file's folder when it is not absolute.
    static func infoPlist(_ key: String, _ path: WritableKeyPath<ReplaySettings, Setting<InfoPlistPath>> & Sendable) -> ReplaySetting {
        ReplaySetting(key, path, read: { node, reader throws(ReplayError) in
            let text = try reader.string(key, node)
            guard !text.isEmpty else { throw reader.fail(key, InfoPlistPath.notAValue(text), node) }
            return Setting(wrappedValue: .relative(text, to: reader.name))
        })
    }

    /// A name that must be one of the values where it stands: "'policy' must be session or delivery".
    static func choice<Value: NamedSetting>(_ key: String, _ path: WritableKeyPath<ReplaySettings, Setting<Value>> & Sendable) -> ReplaySetting {
        ReplaySetting(key, path, read: { node, reader throws(ReplayError) in
            guard let value = Value(settingText: try reader.string(key, node)) else {
                throw reader.fail(key, "must be \(Value.settingNames.joined(separator: " or "))", node)
            }
            return Setting(wrappedValue: value)
        })
    }

    /// A list of background modes (empty names skipped); the first that is none is reported by
    /// ``ReplaySettings/resolved()``, as for ``name(_:_:)``.
    static func backgroundModes(_ key: String, _ path: WritableKeyPath<ReplaySettings, Setting<[SimBackgroundMode]>> & Sendable) -> ReplaySetting {
        ReplaySetting(key, path, read: { node, reader throws(ReplayError) in
            guard let list = node.sequence else { throw reader.fail(key, "must be a list of modes", node) }
            var modes: [SimBackgroundMode] = []
            var problem: String?
            for item in list {
                guard let name = item.scalar?.string else {
                    throw reader.fail(key, "must be a list of mode names, not of lists or mappings", item)
                }
                if name.isEmpty { continue }
                if let mode = SimBackgroundMode(settingText: name) { modes.append(mode) } else { problem = problem ?? SimBackgroundMode.notAValue(name) }
            }
            return problem.map { Setting(problem: $0) } ?? Setting(wrappedValue: modes)
        })
    }

    /// Metres in `range`, or none.
    static func distanceFilter(
        _ key: String, _ path: WritableKeyPath<ReplaySettings, Setting<DistanceFilter>> & Sendable, _ range: SettingRange
    ) -> ReplaySetting {
        ReplaySetting(key, path, read: { node, reader throws(ReplayError) in
            if node.scalar?.string == DistanceFilter.noneText { return Setting(wrappedValue: DistanceFilter.none) }
            return Setting(wrappedValue: .meters(try reader.number(key, node, range)))
        }, problem: { filter, _ in
            guard case .meters(let metres) = filter else { return nil }
            return range.problem(metres).map { "\($0), or '\(DistanceFilter.noneText)'" }
        })
    }

    /// Goals: names (`navigation`, `tracking+refresh`), or a mapping of kinds to their numbers,
    /// each range-checked where it stands.
    static func goals(_ key: String, _ path: WritableKeyPath<ReplaySettings, Setting<StatedGoals>> & Sendable) -> ReplaySetting {
        ReplaySetting(key, path, read: { node, reader throws(ReplayError) in
            guard let mapping = node.mapping else { return Setting(text: try reader.string(key, node)) }
            var goals: [SimGoal] = []
            for (kindNode, fieldsNode) in mapping {
                let name = try reader.keyName(kindNode)
                guard let kind = ReplayGoal(settingText: name) else { throw reader.fail(key, StatedGoals.notAValue(name), kindNode) }
                var numbers: [String: Double] = [:]
                if fieldsNode.scalar?.string.isEmpty == false || fieldsNode.sequence != nil {
                    throw reader.fail(name, "must be a mapping of \(StatedGoals.fields[kind, default: []].joined(separator: ", "))", fieldsNode)
                }
                let entries = try reader.fields(fieldsNode.mapping ?? [:], goalSchema(kind, name))
                for field in entries.ordered {
                    let entry = try field.get()
                    numbers[entry.key] = try entries.number(entry.key)
                }
                goals.append(goal(kind.goal, numbers))
            }
            return Setting(wrappedValue: StatedGoals(goals))
        })
    }

    /// The fields of a goal of `kind`, written `name`, each with its range.
    private static func goalSchema(_ kind: ReplayGoal, _ name: String) -> FieldSchema<String> {
        FieldSchema(names: StatedGoals.fields[kind, default: []], .listed("a field of '\(name)'"), ranges: goalFieldRanges)
    }

    /// Every goal field's range.
    private static let goalFieldRanges: [String: SettingRange] = [
        "fraction": .fraction, "maxGapMetres": .distance, "withinMetres": .distance, "onTimeSeconds": .duration,
        "allowedMisses": .unitCount, "maxFixAgeSeconds": .positiveDuration, "maxGapSeconds": .positiveDuration,
        "everySeconds": .positiveDuration, "withinSeconds": .positiveDuration, "resumeWithinSeconds": .positiveDuration,
    ]

    /// `goal` with the numbers a scenario gave it; the others keep the spec's defaults.
    private static func goal(_ goal: SimGoal, _ numbers: [String: Double]) -> SimGoal {
        switch goal {
        case .location(var location):
            if let age = numbers["maxFixAgeSeconds"] ?? numbers["maxGapSeconds"] { location.maximumFixAgeSeconds = age }
            if let metres = numbers["maxGapMetres"] { location.maximumMetresSinceFix = metres }
            if let fraction = numbers["fraction"] { location.requiredFraction = fraction }
            return .location(location)
        case .bgTasks(var refresh):
            if let every = numbers["everySeconds"] { refresh.intervalSeconds = every }
            return .bgTasks(refresh)
        case .regions(let latency): return .regions(self.latency(latency, numbers))
        case .monitor(let latency): return .monitor(self.latency(latency, numbers))
        case .visits(let latency): return .visits(self.latency(latency, numbers))
        case .audio(var audio):
            if let within = numbers["resumeWithinSeconds"] { audio.resumeWithinSeconds = within }
            return .audio(audio)
        case .pushes(var call):
            if let fraction = numbers["fraction"] { call.requiredFraction = fraction }
            return .pushes(call)
        case .backgroundTasks(var finish):
            if let misses = numbers["allowedMisses"] { finish.allowedMisses = Int(misses) }
            return .backgroundTasks(finish)
        case .timers(var timer):
            if let seconds = numbers["onTimeSeconds"] { timer.onTimeSeconds = seconds }
            if let fraction = numbers["fraction"] { timer.requiredFraction = fraction }
            return .timers(timer)
        case .significantChanges(var change):
            if let metres = numbers["maxGapMetres"] { change.maximumMetres = metres }
            if let seconds = numbers["maxGapSeconds"] { change.maximumAgeSeconds = seconds }
            if let fraction = numbers["fraction"] { change.requiredFraction = fraction }
            return .significantChanges(change)
        case .continuedProcessing(var job):
            if let fraction = numbers["fraction"] { job.requiredFraction = fraction }
            return .continuedProcessing(job)
        case .locationPushes(let goal): return .locationPushes(goal.with(fraction: numbers["fraction"]))
        }
    }

    private static func latency(_ goal: EventLatencyGoal, _ numbers: [String: Double]) -> EventLatencyGoal {
        var goal = goal
        if let seconds = numbers["withinSeconds"] { goal.latencySeconds = seconds }
        if let metres = numbers["withinMetres"] { goal.travelMetres = metres }
        return goal
    }
}
