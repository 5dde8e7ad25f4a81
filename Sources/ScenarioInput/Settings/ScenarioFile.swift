import Foundation
import GPX
import Simulation
import Yams

/// A scenario file: the replay's settings and a timeline of events, in JSON or YAML.
///
/// ```yaml
/// profile: ios13
/// distanceFilter: 50
/// enterBackgroundAt: 120
/// events:
///   - at: 300
///     do: lock
///   - at: 900
///     do: authorization
///     status: denied
/// ```
///
/// Keys are those of the command-line options in camelCase (`distanceFilter`, `revokeAt`, …);
/// an unknown key is an error, so a typo never passes silently. See `Docs/Scenarios.md`.
public enum ScenarioFile {
    /// The largest scenario file read: a scenario is a few dozen lines, and a larger file
    /// (or `/dev/zero`) is refused before it can fill memory.
    public static let maximumBytes = 1 << 20

    /// Reads a file; `.json` is read as JSON, anything else as YAML (of which JSON is a subset).
    /// - Throws: ``ReplayError/settingsFileUnreadable(_:)`` when it cannot be opened or read,
    ///   ``ReplayError/invalidSettings(_:)`` when it is too large, not UTF-8, or not a scenario.
    public static func read(contentsOf path: String) throws(ReplayError) -> ReplaySettings {
        InputFiles.note(path, .scenarioFile)
        // A regular file or standard input only: a FIFO without a writer would block for ever
        // (as a track is refused).
        let data: Data
        switch StandardInput.readFile(path, upTo: maximumBytes) {
        case .success(let bytes): data = Data(bytes)
        case .failure(let error): throw .settingsFileUnreadable("\(path): cannot read the scenario file: \(StandardInput.reason(error))")
        }
        guard data.count <= maximumBytes else {
            throw .invalidSettings("\(path): larger than \(maximumBytes / 1024 / 1024) MB: not a scenario file")
        }
        return try parse(try text(data, name: path), name: path)
    }

    /// `data` as UTF-8 text, or an error naming the line and column of the first byte that is not
    /// (and telling to save `what` as UTF-8).
    static func text(_ data: Data, name: String, what: String = "the scenario") throws(ReplayError) -> String {
        if let text = String(validating: data, as: UTF8.self) { return text }
        var line = 1, column = 1, index = data.startIndex
        var decoder = UTF8()
        var iterator = data.makeIterator()
        while case .scalarValue(let scalar) = decoder.decode(&iterator) {
            index += UTF8.width(scalar)
            if scalar == "\n" { (line, column) = (line + 1, 1) } else { column += 1 }
        }
        let byte = index < data.endIndex ? data[index] : 0
        let hex = String(byte, radix: 16, uppercase: true)
        throw .invalidSettings("\(name):\(line):\(column): not UTF-8 text (byte 0x\(hex.count < 2 ? "0" : "")\(hex)); save \(what) as UTF-8")
    }

    /// Whether YAML (and so JSON, read through it) allows `scalar` in a file: tab, line feed,
    /// carriage return, the printable characters, NEL and the rest of Unicode but U+FFFE and
    /// U+FFFF (YAML 1.1 §5.1, as libyaml checks). A byte order mark is allowed too.
    static func isAllowed(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x09, 0x0A, 0x0D, 0x20...0x7E, 0x85, 0xA0...0xD7FF, 0xE000...0xFFFD, 0x10000...0x10FFFF: true
        default: false
        }
    }

    /// Throws `FILE:LINE:COLUMN` of the first character YAML and JSON do not allow in a file
    /// (libyaml's own error gives no place): a NUL, as UTF-16 text has between its ASCII
    /// characters, says to save the file as UTF-8; any other, to remove it or write it escaped.
    static func refuseControlCharacters(_ text: String, name: String) throws(ReplayError) {
        guard let bad = text.unicodeScalars.firstIndex(where: { !isAllowed($0) }) else { return }
        var line = 1, column = 1
        for scalar in text.unicodeScalars[..<bad] {
            if scalar == "\n" { (line, column) = (line + 1, 1) } else { column += 1 }
        }
        let scalar = text.unicodeScalars[bad]
        let hex = String(scalar.value, radix: 16, uppercase: true)
        let code = "U+" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
        let advice = scalar.value == 0
            ? "a NUL character, as UTF-16 text has; save the file as UTF-8"
            : "control character \(code), which YAML and JSON do not allow in a file; remove it, or write it as \\u\(String(code.dropFirst(2))) in a double-quoted string"
        throw .invalidSettings("\(name):\(line):\(column): \(advice)")
    }

    /// Parses a scenario from text; `name` stands for the file in messages.
    public static func parse(_ text: String, name: String) throws(ReplayError) -> ReplaySettings {
        let node = try compose(text, name: name)
        guard let mapping = node?.mapping else {
            throw .invalidSettings("\(name): a scenario is a mapping of settings (and 'events')")
        }
        return try settings(mapping, name: name)
    }

    /// The settings a mapping of scenario keys holds, wherever it stands (a matrix's run);
    /// messages name `name` and the nodes' own lines and columns.
    static func settings(_ mapping: Yams.Node.Mapping, name: String) throws(ReplayError) -> ReplaySettings {
        var reader = Reader(name: name)
        return try reader.settings(mapping)
    }

    /// Yams' errors in a line, `FILE:LINE:COLUMN: not valid YAML or JSON: problem` where Yams
    /// gives a place (its marks count from 1, as editors do); its own description quotes the whole file.
    /// The node tree of `text` (YAML or JSON), after the shape guard (at most `maximumNodes`
    /// nodes in `what`); errors name `name`, the line and column, and `language` (what the file
    /// should have been).
    static func compose(_ text: String, name: String, language: String = "YAML or JSON",
                        maximumNodes: Int = YAMLShapeGuard.maximumNodes, what: String = "a scenario") throws(ReplayError) -> Yams.Node? {
        try refuseControlCharacters(text, name: name)
        if let problem = YAMLShapeGuard.problem(in: text, maximumNodes: maximumNodes, what: what) {
            throw .invalidSettings("\(name):\(problem.line):\(problem.column): \(problem.message)")
        }
        do {
            return try Yams.compose(yaml: text)
        } catch let error as YamlError {
            throw .invalidSettings(located(error, in: name, language: language))
        } catch {
            throw .invalidSettings("\(name): not valid \(language)")
        }
    }

    static func located(_ error: YamlError, in name: String, language: String = "YAML or JSON") -> String {
        let (mark, problem): (Yams.Mark?, String)
        switch error {
        case .scanner(_, let text, let at, _), .parser(_, let text, let at, _), .composer(_, let text, let at, _):
            (mark, problem) = (at, text)
        case .duplicatedKeysInMapping(let duplicates, let context):
            // The keys are the file's own text: a line break in one must not forge a line of output.
            let keys = duplicates.sorted().map { "'\(SafeText.terminal($0))'" }.joined(separator: ", ")
            (mark, problem) = (context.mark, "a key is given twice (\(keys))")
        case .reader(let text, _, _, _):
            (mark, problem) = (nil, text)
        default:
            (mark, problem) = (nil, "\(error)")
        }
        return "\(name)\(mark.map { ":\($0.line):\($0.column)" } ?? ""): not valid \(language): \(problem)"
    }

    /// A key of a scenario: a setting of ``ReplaySettings/all`` (its index there), `app`, `events` or `answer`.
    enum TopKey: Hashable, Sendable { case setting(Int), app, events, answer }

    /// The keys of a scenario, the settings' named by their declarations.
    static let topSchema = FieldSchema<TopKey>(
        fields: ReplaySettings.all.enumerated().map { .init(name: $0.element.key, key: .setting($0.offset)) }
            + [.init(name: "app", key: .app), .init(name: "events", key: .events), .init(name: "answer", key: .answer)],
        unknown: .block(.top, "a scenario setting"))

    /// The keys of an answer to a location prompt: `{at: SECONDS, with: CHOICE}` (others are not read).
    static let answerSchema = FieldSchema(names: ["at", "with"])

    /// The keys every event takes: `{at: SECONDS, do: ACTION}`; the action's own are checked with it.
    static let eventSchema = FieldSchema(names: ["at", "do"])

    /// The actions a scenario's `do:` may name, as the error message lists them: the core's, then the mechanisms'.
    public static let verbs = coreVerbs + AppScriptReader.mechanisms.flatMap { $0.verbs }

    private static let coreVerbs = [
        "background", "foreground", "launch", "lock", "unlock", "memory-pressure", "force-quit", "authorization",
        "accuracy", "location-services", "begin-background-task", "end-background-task", "start-updates", "stop-updates",
    ]

    /// The `do:` name of an action, as a scenario file writes it (the reverse of the parser's switch).
    public static func verb(_ action: SimScenarioEvent.Action) -> String {
        switch action {
        case .enterBackground: "background"
        case .returnToForeground: "foreground"
        case .launch: "launch"
        case .lock: "lock"
        case .unlock: "unlock"
        case .memoryPressure: "memory-pressure"
        case .forceQuit: "force-quit"
        case .setAuthorization: "authorization"
        case .setAccuracyAuthorization: "accuracy"
        case .setLocationServices: "location-services"
        case .beginBackgroundTask: "begin-background-task"
        case .endBackgroundTask: "end-background-task"
        case .startUpdatingLocation: "start-updates"
        case .stopUpdatingLocation: "stop-updates"
        case .bgTasks(let action): action.verb
        case .audio(let action): action.verb
        case .pushes(let action): action.verb
        case .locationPushes(let action): action.verb
        case .device(let action): action.verb
        case .resources(let action): action.verb
        }
    }

    /// Walks the YAML tree, naming the key of anything it cannot use.
    private struct Reader: ScenarioNodeReader {
        let name: String

        mutating func settings(_ mapping: Yams.Node.Mapping) throws(ReplayError) -> ReplaySettings {
            var settings = ReplaySettings()
            for field in try fields(mapping, ScenarioFile.topSchema).ordered {
                let entry = try field.get(), (key, value) = (entry.name, entry.value)
                switch entry.key {
                case .app: settings.app = try AppScriptReader.script(value, name: name)
                case .events:
                    guard let list = value.sequence else { throw fail(key, "must be a list of events", value) }
                    for item in list { settings.events.append(try event(item)) }
                case .answer:  // §5: one answer, or a list of them for the prompts in order
                    if let list = value.sequence {
                        for item in list { settings.answers.append(try answer(item)) }
                    } else {
                        settings.answers = [try answer(value)]
                    }
                case .setting(let index): try ReplaySettings.all[index].read(value, self, &settings)
                }
            }
            return settings
        }

        /// A mechanism's scenario action, if `verb` is one of a mechanism's.
        private func mechanismEvent(_ verb: String, fields: [String: Yams.Node], node: Yams.Node) throws(ReplayError) -> (action: SimScenarioEvent.Action, allowed: Set<String>)? {
            for mechanism in AppScriptReader.mechanisms {
                if let event = try mechanism.event(verb, fields: fields, node: node, in: self) { return event }
            }
            return nil
        }

        /// `{at: SECONDS, with: CHOICE}`: the user's answer to the next location prompt (§5).
        func answer(_ node: Yams.Node) throws(ReplayError) -> SimPromptAnswer {
            guard let mapping = node.mapping else { throw fail("answer", "must be {at: SECONDS, with: CHOICE} or a list of them", node) }
            let fields = try self.fields(mapping, ScenarioFile.answerSchema)
            guard let atNode = fields["at"], let withNode = fields["with"] else {
                throw fail("answer", "needs 'at' (seconds) and 'with' (\(SimPromptAnswer.Choice.allCases.map(\.rawValue).joined(separator: ", ")))", node)
            }
            let choices = SimPromptAnswer.Choice.allCases.map(\.rawValue)
            let written = try string("with", withNode)
            guard let choice = Suggestion.spelled(written, among: choices).flatMap(SimPromptAnswer.Choice.init(rawValue:)) else {
                throw fail("with", "'\(written)' is not an answer\(Suggestion.didYouMean(written, among: choices)) (\(choices.joined(separator: ", ")))", withNode)
            }
            return SimPromptAnswer(at: try number("at", atNode, .time), choice)
        }

        /// `{at: SECONDS, do: ACTION, …}`; see `Docs/Scenarios.md` for the actions.
        func event(_ node: Yams.Node) throws(ReplayError) -> SimScenarioEvent {
            guard let mapping = node.mapping else { throw fail("events", "entries must be mappings with 'at' and 'do'", node) }
            var fields: [String: Yams.Node] = [:]
            for entry in try self.fields(mapping, ScenarioFile.eventSchema).known { fields[entry.key] = entry.value }
            guard let atNode = fields["at"], let doNode = fields["do"] else {
                throw fail("events", "entries need 'at' (seconds) and 'do' (an action)", node)
            }
            let time = try number("at", atNode, .time)
            let written = try string("do", doNode)
            let verb = Suggestion.spelled(written, among: ScenarioFile.verbs) ?? written  // `memoryPressure` is `memory-pressure`
            let allowed: Set<String>
            let action: SimScenarioEvent.Action
            switch verb {
            case "background": (action, allowed) = (.enterBackground, [])
            case "foreground": (action, allowed) = (.returnToForeground, [])
            case "launch": (action, allowed) = (.launch, [])
            case "lock": (action, allowed) = (.lock, [])
            case "unlock": (action, allowed) = (.unlock, [])
            case "memory-pressure":
                // §15: `warning` (the default) purges a suspended app; `critical` also kills a running
                // background one on a task or a wake's run; `extreme` also one held by location or audio.
                let levels = ["warning", "critical", "extreme"]
                let written = try fields["level"].map { node throws(ReplayError) in try string("level", node) } ?? "warning"
                let level = Suggestion.spelled(written, among: levels) ?? written
                guard levels.contains(level) else {
                    throw fail("level", "must be warning, critical or extreme\(Suggestion.didYouMean(level, among: levels))", fields["level"]!)
                }
                let pressure: SimScenarioEvent.Action = switch level {
                case "critical": .resources(.criticalMemoryPressure)
                case "extreme": .resources(.extremeMemoryPressure)
                default: .memoryPressure
                }
                (action, allowed) = (pressure, ["level"])
            case "force-quit": (action, allowed) = (.forceQuit, [])
            case "end-background-task": (action, allowed) = (.endBackgroundTask, [])
            case "start-updates": (action, allowed) = (.startUpdatingLocation, [])
            case "stop-updates": (action, allowed) = (.stopUpdatingLocation, [])
            case "begin-background-task":
                let name = try fields["name"].map { node throws(ReplayError) in try string("name", node) } ?? "scenario"
                (action, allowed) = (.beginBackgroundTask(name: name), ["name"])
            case "authorization":
                guard let statusNode = fields["status"] else { throw fail("status", "is needed by 'authorization'", node) }
                let status = try string("status", statusNode)
                guard let value = ReplaySettings.authorizationNames.first(where: { $0.0 == status })?.1 else {
                    throw fail("status", "must be one of \(ReplaySettings.authorizationNames.map(\.0).joined(separator: ", "))", statusNode)
                }
                (action, allowed) = (.setAuthorization(value), ["status"])
            case "accuracy":
                guard let levelNode = fields["level"] else { throw fail("level", "is needed by 'accuracy'", node) }
                let level = try string("level", levelNode)
                guard level == "full" || level == "reduced" else { throw fail("level", "must be full or reduced", levelNode) }
                (action, allowed) = (.setAccuracyAuthorization(level == "full" ? .fullAccuracy : .reducedAccuracy), ["level"])
            case "location-services":
                guard let enabledNode = fields["enabled"] else { throw fail("enabled", "is needed by 'location-services'", node) }
                (action, allowed) = (.setLocationServices(enabled: try bool("enabled", enabledNode)), ["enabled"])
            default:
                guard let event = try mechanismEvent(verb, fields: fields, node: node) else {
                    let verbs = ScenarioFile.verbs
                    throw fail("do", "'\(verb)' is not an action\(Suggestion.didYouMean(verb, among: verbs)) (\(Suggestion.choices(verbs, near: verb)))", doNode)
                }
                (action, allowed) = event
            }
            if let extra = fields.keys.sorted().first(where: { !allowed.union(["at", "do"]).contains($0) }) {
                throw fail(extra, "is not a field of '\(verb)'", node)
            }
            return SimScenarioEvent(at: time, action)
        }
    }
}
