import Scripting
import Simulation
import Yams

/// Reads a scenario file's `app:` into an ``AppScript``; see "App scripts" in `Docs/Scenarios.md`.
///
/// ```yaml
/// app:
///   info: {backgroundModes: [location], whenInUseUsage: true, alwaysUsage: true}
///   on:
///     launch: [request-always, {set: {allowsBackgroundLocationUpdates: true}}, start-updates]
///     background: [{begin-task: {name: nav, as: task, onExpiry: [{end-task: task}]}}]
///   timers:
///     - {every: 60, while: background, do: [start-updates, {after: 1, do: [stop-updates]}]}
/// ```
///
/// Anything it cannot use is an error naming the file, line, column and key or word, with the
/// valid choices; so is an `end-task` whose variable no `begin-task … as:` stores.
struct AppScriptReader: ScenarioNodeReader {
    /// Actions nested deeper than this (an action list inside an action, and so on) are refused:
    /// a script needs a few levels, and a hostile file must not run the reader deep.
    static let maximumDepth = 16

    /// The actions, as the error messages list them: the core's, then the mechanisms'.
    static let actionNames = coreActionNames + mechanisms.flatMap { $0.actionNames }

    /// The core's actions (app code that names no mechanism).
    private static let coreActionNames = [
        "request-always", "request-when-in-use", "set", "start-updates", "stop-updates", "request-location",
        "start-significant-changes", "stop-significant-changes", "begin-task", "end-task", "after", "if", "log",
        "idle-timer-disabled",
    ]

    /// The action a bare word stands for. A function, not a dictionary of values: an indirect
    /// enum's box held by a static is reported as a leak by LeakSanitizer, failing the fuzzer.
    static func action(word: String) -> AppScript.Action? {
        switch word {
        case "request-always": .requestAlways
        case "request-when-in-use": .requestWhenInUse
        case "start-updates": .startUpdates
        case "stop-updates": .stopUpdates
        case "request-location": .requestLocation
        case "start-significant-changes": .startSignificantChanges
        case "stop-significant-changes": .stopSignificantChanges
        case "begin-task": .beginTask(name: nil, variable: nil, onExpiry: [])
        default: mechanisms.lazy.compactMap { $0.action(word: word) }.first
        }
    }

    /// The mechanisms' words (see ``MechanismWords``); their actions follow the core's.
    static let mechanisms = MechanismWords.allCases

    /// The actions written as a mapping, with the fields each takes besides its own key.
    static let fields = mechanisms.reduce(coreFields) { fields, mechanism in fields.merging(mechanism.actionFields) { core, _ in core } }

    /// The keys an action written as a mapping may hold: the actions' and their fields.
    private static let mappingKeys = Array(Set(fields.keys).union(fields.values.joined())).sorted()

    private static let coreFields: [String: [String]] = [
        "set": [], "begin-task": [], "end-task": [], "log": [], "after": ["do", "as"], "if": ["do", "else"],
        "idle-timer-disabled": [],
    ]

    /// The keys of `app:`.
    enum AppKey: String, CaseIterable { case info, on, timers }

    /// The keys of `info:`, the Info.plist's entries a script models.
    enum InfoKey: String, CaseIterable { case backgroundModes, whenInUseUsage, alwaysUsage, bgTaskIdentifiers, requireExplicitServiceSession, locationPushEntitlement, from }

    /// The keys of a timer.
    enum TimerKey: String, CaseIterable { case every, `while`, `do` }

    /// The keys of a reaction limited to an identifier: `{id: IDENTIFIER, do: ACTIONS}`.
    enum LimitedKey: String, CaseIterable { case id, `do` }

    /// The keys of `begin-task`'s mapping.
    enum BeginTaskKey: String, CaseIterable { case name, `as`, onExpiry }

    static let appSchema = FieldSchema<AppKey>(.block(.app, "a field of 'app'"))
    static let infoSchema: FieldSchema<InfoKey> = {
        var schema = FieldSchema<InfoKey>(.block(.info, "a field of 'info'"))
        schema.aliases = infoPlistNames.compactMap { name in InfoKey(rawValue: name.key).map { (name: name.apple, key: $0) } }
        return schema
    }()
    static let triggerSchema = FieldSchema<AppScript.Trigger>(.block(.triggers, "a trigger"))
    static let timerSchema = FieldSchema<TimerKey>(.block(.timer, "a field of a timer"), required: [.every, .do],
                                                   ranges: [.every: .timerInterval], missing: "is needed by a timer")
    static let beginTaskSchema = FieldSchema<BeginTaskKey>(.listed("a field of 'begin-task'", suggests: false))
    static let setSchema = FieldSchema<AppScript.ManagerSetting.Property>(.block(.set, "a property"))

    /// The keys of `info:`, as messages list them.
    static var infoKeys: [String] { infoSchema.names }

    /// Apple's Info.plist names, as Xcode's source view writes them, and the `info:` key each
    /// reads as: an Info.plist's entries may be copied as they are. A usage description takes its
    /// text (any text declares it). The model keeps one Always string, so both Always keys
    /// declare it, and an Info.plist may give both (an app that supports iOS 8–10 and 11+ does).
    static let infoPlistNames: [(apple: String, key: String)] = [
        ("UIBackgroundModes", "backgroundModes"),
        ("NSLocationWhenInUseUsageDescription", "whenInUseUsage"),
        ("NSLocationAlwaysAndWhenInUseUsageDescription", "alwaysUsage"),
        ("NSLocationAlwaysUsageDescription", "alwaysUsage"),
        ("BGTaskSchedulerPermittedIdentifiers", "bgTaskIdentifiers"),
        ("NSLocationRequireExplicitServiceSession", "requireExplicitServiceSession"),  // iOS 18, §10
    ]

    /// The desired accuracies a script may set: `kCLLocationAccuracy…` by Core Location's names.
    static let accuracies: [SimAccuracy] = [.bestForNavigation, .best, .nearestTenMeters, .hundredMeters, .kilometer, .threeKilometers]

    let name: String
    /// The variables `end-task` names, where it names them, in reading order; checked once every
    /// `begin-task` is read, since one may come later in the file.
    private var endedVariables: [(variable: String, node: Yams.Node)] = []

    private init(name: String) {
        self.name = name
    }

    /// The script `node` (the value of `app:`) describes; `name` stands for the file in messages.
    static func script(_ node: Yams.Node, name: String) throws(ReplayError) -> AppScript {
        var reader = AppScriptReader(name: name)
        return try reader.script(node)
    }

    private mutating func script(_ node: Yams.Node) throws(ReplayError) -> AppScript {
        guard let mapping = node.mapping else { throw fail("app", "must be a mapping of info, on and timers", node) }
        // An Info.plist without the keys the file leaves out: no background modes, no usage strings.
        var script = AppScript(info: SimCapabilities(backgroundModes: [], whenInUseUsageDescription: nil, alwaysAndWhenInUseUsageDescription: nil))
        for field in try fields(mapping, Self.appSchema).ordered {
            let entry = try field.get(), (key, value) = (entry.key.rawValue, entry.value)
            switch entry.key {
            case .info: script.info = try info(value)
            case .on:
                guard let triggers = value.mapping else { throw fail(key, "must be a mapping of triggers to actions", value) }
                for trigger in try fields(triggers, Self.triggerSchema).ordered {
                    let trigger = try trigger.get()
                    try reaction(trigger.key, trigger.value, into: &script)
                }
            case .timers:
                guard let list = value.sequence else { throw fail(key, "must be a list of timers", value) }
                for item in list { script.timers.append(try timer(item)) }
            }
        }
        let variables = script.variables
        if let (variable, node) = endedVariables.first(where: { !variables.contains($0.variable) }) {
            let known = variables.isEmpty ? "the script has none" : "variables: \(Self.list(variables.sorted()))"
            throw fail("end-task", "'\(variable)' is not stored by any begin-task's 'as' (\(known))", node)
        }
        return script
    }

    // MARK: The Info.plist

    private func info(_ node: Yams.Node) throws(ReplayError) -> SimCapabilities {
        guard let mapping = node.mapping else {
            throw fail("info", "must be a mapping of \(Self.list(Self.infoKeys))", node)
        }
        var info = SimCapabilities(backgroundModes: [], whenInUseUsageDescription: nil, alwaysAndWhenInUseUsageDescription: nil)
        // The text does not matter, only whether it is there; the navigation app's, so that its
        // script declares the same Info.plist as the built-in app.
        let described = SimCapabilities()
        let entries = try fields(mapping, Self.infoSchema)
        // `from: Info.plist` first (the app's real file, relative to the scenario's folder); the
        // keys beside it override what it says.
        if let from = entries.known.first(where: { $0.key == .from }) {
            let path = InfoPlistPath.relative(try word(from.written, from.value, "the path of an Info.plist"), to: name)
            info = try InfoPlist.read(contentsOf: path.path).capabilities
        }
        for field in entries.ordered {
            let entry = try field.get()
            // Messages name the key as written: `UIBackgroundModes` where the file says so.
            let (key, value) = (entry.written, entry.value)
            switch entry.key {
            case .from: break
            case .backgroundModes:
                guard let list = value.sequence else { throw fail(key, "must be a list of modes", value) }
                info.backgroundModes = []  // the list replaces what `from` said
                for item in list {
                    guard let modeName = item.scalar?.string else { throw fail(key, "must be a list of mode names, not of lists or mappings", item) }
                    guard let mode = SimBackgroundMode(settingText: modeName) else {
                        throw fail(key, SimBackgroundMode.notAValue(modeName), item)
                    }
                    info.backgroundModes.insert(mode)
                }
            case .whenInUseUsage:
                info.whenInUseUsageDescription = try usage(entry, described.whenInUseUsageDescription)
            case .alwaysUsage:
                info.alwaysAndWhenInUseUsageDescription = try usage(entry, described.alwaysAndWhenInUseUsageDescription)
            case .bgTaskIdentifiers:  // §12: BGTaskSchedulerPermittedIdentifiers
                guard let list = value.sequence else { throw fail(key, "must be a list of task identifiers", value) }
                info.permittedBackgroundTaskIdentifiers = []  // the list replaces what `from` said
                for item in list {
                    info.permittedBackgroundTaskIdentifiers.append(try word(key, item, "a list of task identifiers, not of lists or mappings"))
                }
            case .requireExplicitServiceSession:  // §10: NSLocationRequireExplicitServiceSession
                info.requiresExplicitServiceSession = try bool(key, value)
            case .locationPushEntitlement: info.locationPushEntitlement = try bool(key, value)  // §16: com.apple.developer.location.push
            }
        }
        return info
    }

    /// A usage description: `true` or `false` under the script's key (declared with `text`, or
    /// not); under Apple's name, the prompt's text, which declares it.
    private func usage(_ entry: FieldEntry<InfoKey>, _ text: String?) throws(ReplayError) -> String? {
        guard entry.alias != nil else { return try bool(entry.written, entry.value) ? text : nil }
        return try word(entry.written, entry.value, "the text the prompt shows (any text declares it)")
    }

    // MARK: Reactions

    /// A trigger's value: a list of actions, or one action, run for every occurrence; for a
    /// trigger that takes an `id` (``AppScript/Trigger/takesID``), a mapping `{id: …, do: …}`, or
    /// such mappings among the list's actions, limits those actions to one identifier.
    private mutating func reaction(_ trigger: AppScript.Trigger, _ node: Yams.Node, into script: inout AppScript) throws(ReplayError) {
        let name = trigger.rawValue
        let items = node.sequence.map(Array.init) ?? [node]
        var every: [AppScript.Action] = []
        var limited = false
        for item in items {
            if let mapping = item.mapping, mapping.keys.contains(where: { $0.scalar?.string == "id" }) {
                guard trigger.takesID else {
                    throw fail("id", "is not a field of trigger '\(name)': only \(Self.list(AppScript.Trigger.allCases.filter(\.takesID).map(\.rawValue))) takes an id", item)
                }
                let (id, actions) = try limitedReaction(name, mapping, item)
                script.reactionsByID[trigger, default: [:]][id, default: []] += actions
                limited = true
            } else if node.sequence != nil {
                guard item.sequence == nil else { throw fail(name, "must be a list of actions, not of lists", item) }
                every.append(try action(name, item, depth: 1))
            } else {
                every = try actionList(name, item, depth: 1)
            }
        }
        if !every.isEmpty || !limited { script.reactions[trigger] = every }
    }

    /// `{id: IDENTIFIER, do: ACTIONS}` under a trigger that takes an id.
    private mutating func limitedReaction(_ trigger: String, _ mapping: Yams.Node.Mapping, _ node: Yams.Node) throws(ReplayError) -> (String, [AppScript.Action]) {
        var (id, actions): (String?, [AppScript.Action]?) = (nil, nil)
        let schema = FieldSchema<LimitedKey>(.listed("a field of '\(trigger)' limited to an id"))
        for field in try fields(mapping, schema).ordered {
            let entry = try field.get(), (key, value) = (entry.key.rawValue, entry.value)
            switch entry.key {
            case .id: id = try word(key, value, "a task identifier")
            case .do: actions = try actionList(key, value, depth: 2)
            }
        }
        guard let actions else { throw fail("do", "is needed with 'id' under '\(trigger)'", node) }
        return (id ?? "", actions)
    }

    // MARK: Timers

    private mutating func timer(_ node: Yams.Node) throws(ReplayError) -> AppScript.Timer {
        guard let mapping = node.mapping else { throw fail("timers", "entries must be mappings with 'every' and 'do'", node) }
        var seconds: Double?
        var condition = AppScript.Timer.Condition.always
        var actions: [AppScript.Action]?
        let entries = try fields(mapping, Self.timerSchema, at: node)
        for field in entries.ordered {
            let entry = try field.get(), (key, value) = (entry.key.rawValue, entry.value)
            switch entry.key {
            case .every: seconds = try entries.number(.every)
            case .while: condition = try named(key, value, "a timer condition")
            case .do: actions = try actionList(key, value, depth: 1)
            }
        }
        guard let seconds else { throw entries.missing(.every) }
        guard let actions else { throw entries.missing(.do) }
        return AppScript.Timer(every: seconds, while: condition, actions: actions)
    }

    // MARK: Actions

    /// A list of actions, or one action on its own, under `key`; `depth` is 1 for a trigger's or
    /// a timer's own list and one more for each action it sits inside.
    mutating func actionList(_ key: String, _ node: Yams.Node, depth: Int) throws(ReplayError) -> [AppScript.Action] {
        guard depth <= Self.maximumDepth else {
            throw fail(key, "nests actions more than \(Self.maximumDepth) deep; a script needs no more", node)
        }
        if node.null != nil { throw fail(key, "needs an action or a list of actions", node) }
        guard let list = node.sequence else { return [try action(key, node, depth: depth)] }
        var actions: [AppScript.Action] = []
        for item in list {
            guard item.sequence == nil else { throw fail(key, "must be a list of actions, not of lists", item) }
            actions.append(try action(key, item, depth: depth))
        }
        return actions
    }

    /// A bare word (`start-updates`) or a mapping keyed by the action (`{end-task: task}`).
    private mutating func action(_ key: String, _ node: Yams.Node, depth: Int) throws(ReplayError) -> AppScript.Action {
        guard let mapping = node.mapping else {
            let written = try string(key, node)
            let word = Suggestion.spelled(written, among: Self.actionNames) ?? written  // `startUpdates` is `start-updates`
            if let action = Self.action(word: word) { return action }
            if Self.fields[word] != nil { throw fail(word, "needs a value: {\(word): …}", node) }
            throw fail(key, "'\(word)' \(Self.notAnAction(word))", node)
        }
        let keyed = try entries(mapping, keys: Self.mappingKeys)
        guard let verb = keyed.first(where: { Self.fields[$0.key] != nil }) else {
            guard let first = keyed.first else { throw fail(key, "holds an empty mapping where an action belongs", node) }
            throw fail(first.key, Self.notAnAction(first.key), first.keyNode)
        }
        let allowed = Self.fields[verb.key] ?? []
        var fields: [String: Yams.Node] = [:]
        for entry in keyed where entry.key != verb.key {
            guard allowed.contains(entry.key) else {
                let valid = allowed.isEmpty ? "it has none: one action a mapping" : Self.list(allowed)
                throw fail(entry.key, "is not a field of '\(verb.key)' (\(valid))", entry.keyNode)
            }
            fields[entry.key] = entry.value
        }
        let value = verb.value
        if let mechanism = Self.mechanisms.first(where: { $0.actionFields[verb.key] != nil }) {
            return try mechanism.action(verb.key, value, fields: fields, depth: depth, in: &self)
        }
        switch verb.key {
        case "set": return .set(try settings(value))
        case "begin-task": return try beginTask(value, depth: depth)
        case "end-task":
            let variable = try variableName(verb.key, value)
            endedVariables.append((variable, value))
            return .endTask(variable: variable)
        case "log":
            guard value.null == nil, let line = value.scalar?.string else { throw fail(verb.key, "must be a line of text", value) }
            return .log(line)
        case "idle-timer-disabled":  // §15: `UIApplication.isIdleTimerDisabled`
            return .setIdleTimerDisabled(try bool(verb.key, value))
        case "after":
            let seconds = try number(verb.key, value, .duration)
            guard let actions = fields["do"] else { throw fail("do", "is needed by 'after'", node) }
            let list = try actionList("do", actions, depth: depth + 1)
            // `as: NAME` names the timer: a later `after` of that name replaces it unfired.
            if let name = fields["as"] { return .namedAfter(name: try word("as", name, "a timer's name"), seconds: seconds, actions: list) }
            return .after(seconds: seconds, actions: list)
        default:  // "if"
            let condition: AppScript.Condition = try named(verb.key, value, "a condition")
            guard fields["do"] != nil || fields["else"] != nil else { throw fail("do", "or 'else' is needed by 'if'", node) }
            let actions = try fields["do"].map { node throws(ReplayError) in try actionList("do", node, depth: depth + 1) } ?? []
            let otherwise = try fields["else"].map { node throws(ReplayError) in try actionList("else", node, depth: depth + 1) } ?? []
            return .when(condition, actions: actions, otherwise: otherwise)
        }
    }

    /// `begin-task`'s value: nothing, or a mapping of `name`, `as` and `onExpiry`, all optional.
    private mutating func beginTask(_ node: Yams.Node, depth: Int) throws(ReplayError) -> AppScript.Action {
        if node.null != nil { return .beginTask(name: nil, variable: nil, onExpiry: []) }
        guard let mapping = node.mapping else { throw fail("begin-task", "must be a mapping of name, as and onExpiry", node) }
        var (name, variable, onExpiry): (String?, String?, [AppScript.Action]) = (nil, nil, [])
        for field in try fields(mapping, Self.beginTaskSchema).ordered {
            let entry = try field.get(), (key, value) = (entry.key.rawValue, entry.value)
            switch entry.key {
            case .name: name = try string(key, value)
            case .as: variable = try variableName(key, value)
            case .onExpiry: onExpiry = try actionList(key, value, depth: depth + 1)
            }
        }
        return .beginTask(name: name, variable: variable, onExpiry: onExpiry)
    }

    /// A word that may not be empty (an identifier, a name); else `key` "must be `what`".
    func word(_ key: String, _ node: Yams.Node, _ what: String) throws(ReplayError) -> String {
        guard node.null == nil, let word = node.scalar?.string, !word.isEmpty else { throw fail(key, "must be \(what)", node) }
        return word
    }

    /// A variable's name: a word, not empty.
    private func variableName(_ key: String, _ node: Yams.Node) throws(ReplayError) -> String {
        try word(key, node, "a variable name")
    }

    /// `set`'s mapping of manager properties to values, in the order written.
    private func settings(_ node: Yams.Node) throws(ReplayError) -> [AppScript.ManagerSetting] {
        let properties = Self.list(ScenarioBlock.set.keys)
        guard let mapping = node.mapping else { throw fail("set", "must be a mapping of properties to values (\(properties))", node) }
        var settings: [AppScript.ManagerSetting] = []
        for field in try fields(mapping, Self.setSchema).ordered {
            let entry = try field.get()
            settings.append(try setting(entry.key, entry.value))
        }
        return settings
    }

    private func setting(_ property: AppScript.ManagerSetting.Property, _ node: Yams.Node) throws(ReplayError) -> AppScript.ManagerSetting {
        let key = property.rawValue
        switch property {
        case .distanceFilter:
            if node.scalar?.string == "none" { return .distanceFilter(simDistanceFilterNone) }
            guard let scalar = node.scalar, let metres = Double(scalar.string), metres.isFinite else {
                throw fail(key, "must be none or a number: \(SettingRange.distance.expectation)", node)
            }
            if let problem = SettingRange.distance.problem(metres) { throw fail(key, problem, node) }
            return .distanceFilter(metres)
        case .desiredAccuracy:
            let word = try string(key, node)
            guard let accuracy = Self.accuracies.first(where: { $0.rawValue == word }) else {
                throw fail(key, "'\(word)' is not an accuracy (\(Self.list(Self.accuracies.map(\.rawValue))))", node)
            }
            return .desiredAccuracy(accuracy)
        case .activityType:
            return .activityType(try named(key, node, "an activity type"))
        case .allowsBackgroundLocationUpdates: return .allowsBackgroundLocationUpdates(try bool(key, node))
        case .pausesLocationUpdatesAutomatically: return .pausesLocationUpdatesAutomatically(try bool(key, node))
        case .showsBackgroundLocationIndicator: return .showsBackgroundLocationIndicator(try bool(key, node))
        }
    }

    /// What to say of a word that names no action: the action it most likely meant, and the nearest few.
    static func notAnAction(_ word: String) -> String {
        "is not an action\(Suggestion.didYouMean(word, among: actionNames)) (\(Suggestion.choices(actionNames, near: word)))"
    }

    static func list(_ names: [String]) -> String {
        names.joined(separator: ", ")
    }
}
