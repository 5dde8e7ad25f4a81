import Scripting
import Simulation
import Yams

/// BGTaskScheduler's words (§12): the script actions `register-task`, `submit-refresh`,
/// `submit-processing`, `complete-task`, `submit-continued-processing`, `report-progress` and
/// `set-fetch-interval` (the legacy background fetch, on the same schedule as app refresh), and
/// the scenario verbs `bg-launch`, `bg-expire`, `background-app-refresh` and `bg-cancel` (`power`
/// is the device's: DeviceWords).
enum BGTaskWords {
    static let actionNames = [
        "register-task", "submit-refresh", "submit-processing", "complete-task",
        "submit-continued-processing", "report-progress", "set-fetch-interval",
    ]
    static let actionFields: [String: [String]] = [
        "register-task": [], "submit-refresh": [], "submit-processing": [], "complete-task": [],
        "submit-continued-processing": [], "report-progress": [], "set-fetch-interval": [],
    ]

    static func action(word: String) -> AppScript.Action? {
        word == "complete-task" ? .bgTasks(.completeTask(success: true)) : nil
    }

    static func action(_ key: String, _ value: Yams.Node, fields: [String: Yams.Node], depth: Int,
                       in reader: inout AppScriptReader) throws(ReplayError) -> AppScript.Action {
        switch key {
        case "submit-continued-processing": try submitContinued(value, in: reader)
        case "report-progress": try reportProgress(value, in: reader)
        case "set-fetch-interval": try fetchInterval(value, in: reader)
        default: try taskAction(key, value, depth: depth, in: &reader)
        }
    }

    static let verbs = ["bg-launch", "bg-expire", "background-app-refresh", "bg-cancel"]

    static func event(_ verb: String, fields: [String: Yams.Node], node: Yams.Node,
                      in reader: some ScenarioNodeReader) throws(ReplayError) -> (action: SimScenarioEvent.Action, allowed: Set<String>)? {
        switch verb {
        case "bg-launch", "bg-expire", "bg-cancel":
            guard let idNode = fields["id"] else { throw reader.fail("id", "is needed by '\(verb)'", node) }
            let identifier = try reader.string("id", idNode)
            guard !identifier.isEmpty else { throw reader.fail("id", "must be a task identifier", idNode) }
            let action: BGTaskScenarioAction = switch verb {
            case "bg-launch": .launch(identifier: identifier)
            case "bg-expire": .expire(identifier: identifier)
            default: .cancel(identifier: identifier)
            }
            return (.bgTasks(action), ["id"])
        case "background-app-refresh":
            guard let enabledNode = fields["enabled"] else { throw reader.fail("enabled", "is needed by 'background-app-refresh'", node) }
            let enabled = try reader.bool("enabled", enabledNode)
            // `scope: device` is the device-wide switch (§15); the app's own by default.
            let scope = try fields["scope"].map { value throws(ReplayError) in try reader.string("scope", value) } ?? "app"
            switch scope {
            case "app": return (.bgTasks(.setBackgroundAppRefresh(enabled: enabled)), ["enabled", "scope"])
            case "device": return (.device(.setBackgroundAppRefresh(enabled: enabled)), ["enabled", "scope"])
            default: throw reader.fail("scope", "must be app or device", fields["scope"] ?? node)
            }
        default:
            return nil
        }
    }

    /// The fields each BGTask action's mapping takes; `id` may also stand alone (`{register-task: refresh}`).
    private static let taskFields: [String: [String]] = [
        "register-task": ["id", "onExpiry"], "submit-refresh": ["id", "earliest"],
        "submit-processing": ["id", "earliest", "requiresExternalPower"], "complete-task": ["success"],
    ]

    /// `register-task`, `submit-refresh`, `submit-processing` (an identifier, or a mapping with
    /// `id`) and `complete-task` (a mapping with `success`).
    private static func taskAction(_ verb: String, _ node: Yams.Node, depth: Int, in reader: inout AppScriptReader) throws(ReplayError) -> AppScript.Action {
        let allowed = taskFields[verb] ?? []
        var fields: [String: Yams.Node] = [:]
        if let mapping = node.mapping {
            for field in try reader.fields(mapping, FieldSchema(names: allowed, .listed("a field of '\(verb)'", suggests: false))).ordered {
                let entry = try field.get()
                fields[entry.name] = entry.value
            }
        } else if verb != "complete-task", node.null == nil, node.scalar != nil {
            fields["id"] = node
        } else {
            throw reader.fail(verb, "must be a mapping of \(AppScriptReader.list(allowed))\(verb == "complete-task" ? "" : ", or a task identifier")", node)
        }
        if verb == "complete-task" {
            return .bgTasks(.completeTask(success: try fields["success"].map { node throws(ReplayError) in try reader.bool("success", node) } ?? true))
        }
        guard let idNode = fields["id"] else { throw reader.fail("id", "is needed by '\(verb)'", node) }
        let id = try reader.word("id", idNode, "a task identifier")
        let earliest = try fields["earliest"].map { node throws(ReplayError) in try reader.number("earliest", node, .duration) } ?? 0
        switch verb {
        case "register-task":
            let onExpiry = try fields["onExpiry"].map { node throws(ReplayError) in
                node.null != nil ? [] : try reader.actionList("onExpiry", node, depth: depth + 1)
            }
            return .bgTasks(.registerTask(id: id, onExpiry: onExpiry))
        case "submit-refresh":
            return .bgTasks(.submitRefresh(id: id, earliest: earliest))
        default:
            let power = try fields["requiresExternalPower"].map { node throws(ReplayError) in try reader.bool("requiresExternalPower", node) } ?? false
            return .bgTasks(.submitProcessing(id: id, earliest: earliest, requiresExternalPower: power))
        }
    }

    /// `submit-continued-processing`: a mapping of `id` and `title` (both needed), `subtitle`
    /// (default empty) and `strategy` (fail, queue; default queue, as Apple's).
    private static func submitContinued(_ node: Yams.Node, in reader: AppScriptReader) throws(ReplayError) -> AppScript.Action {
        let verb = "submit-continued-processing"
        let schema = FieldSchema(names: ["id", "title", "subtitle", "strategy"], .listed("a field of '\(verb)'", suggests: false))
        let fields = AppScriptReader.list(schema.names)
        guard let mapping = node.mapping else { throw reader.fail(verb, "must be a mapping of \(fields)", node) }
        var (id, title, subtitle, strategy): (String?, String?, String, SimBGContinuedProcessingStrategy) = (nil, nil, "", .queue)
        for field in try reader.fields(mapping, schema).ordered {
            let entry = try field.get(), (key, value) = (entry.name, entry.value)
            switch key {
            case "id":
                id = try reader.word(key, value, "a task identifier")
            case "title": title = try reader.string(key, value)
            case "subtitle": subtitle = try reader.string(key, value)
            default: strategy = try reader.named(key, value, "a strategy")  // "strategy"
            }
        }
        guard let id else { throw reader.fail("id", "is needed by '\(verb)'", node) }
        guard let title else { throw reader.fail("title", "is needed by '\(verb)'", node) }
        return .bgTasks(.submitContinuedProcessing(id: id, title: title, subtitle: subtitle, strategy: strategy))
    }

    /// `report-progress`: a mapping of `completed` or `add` (one of them) and `total`, whole
    /// numbers of units (0…``SimProgress/maximumUnitCount``).
    private static func reportProgress(_ node: Yams.Node, in reader: AppScriptReader) throws(ReplayError) -> AppScript.Action {
        let verb = "report-progress"
        let schema = FieldSchema(names: ["completed", "add", "total"], .listed("a field of '\(verb)'", suggests: false))
        let fields = AppScriptReader.list(schema.names)
        guard let mapping = node.mapping else { throw reader.fail(verb, "must be a mapping of \(fields)", node) }
        var counts: [String: Int64] = [:]
        for field in try reader.fields(mapping, schema).ordered {
            let entry = try field.get()
            counts[entry.name] = try unitCount(entry.name, entry.value, in: reader)
        }
        if counts["completed"] != nil, counts["add"] != nil { throw reader.fail("add", "cannot go with 'completed' in '\(verb)': one sets the count, the other adds to it", node) }
        guard counts["completed"] != nil || counts["add"] != nil || counts["total"] != nil else {
            throw reader.fail(verb, "needs completed, add or total", node)
        }
        return .bgTasks(.reportProgress(completed: counts["completed"], add: counts["add"], total: counts["total"]))
    }

    /// `set-fetch-interval`: `minimum` (`backgroundFetchIntervalMinimum`), `never`
    /// (`backgroundFetchIntervalNever`) or a duration in seconds.
    private static func fetchInterval(_ node: Yams.Node, in reader: AppScriptReader) throws(ReplayError) -> AppScript.Action {
        let key = "set-fetch-interval"
        if let word = node.scalar?.string, Double(word) == nil {
            guard let interval = Suggestion.spelled(word, among: FetchInterval.allCases.map(\.rawValue)).flatMap(FetchInterval.init(rawValue:)) else {
                throw reader.fail(key, "'\(word)' is not a fetch interval: minimum, never, or \(SettingRange.duration.expectation)", node)
            }
            return .bgTasks(.setFetchInterval(seconds: interval == .minimum ? 0 : nil))
        }
        return .bgTasks(.setFetchInterval(seconds: try reader.number(key, node, .duration)))
    }

    /// The named fetch intervals: `backgroundFetchIntervalMinimum`, `backgroundFetchIntervalNever`.
    private enum FetchInterval: String, CaseIterable {
        case minimum, never
    }

    /// A whole number of progress units.
    private static func unitCount(_ key: String, _ node: Yams.Node, in reader: AppScriptReader) throws(ReplayError) -> Int64 {
        let value = try reader.number(key, node, .unitCount)
        return Int64(value)
    }
}

extension BGTaskScenarioAction {
    var verb: String {
        switch self {
        case .launch: "bg-launch"
        case .expire: "bg-expire"
        case .setBackgroundAppRefresh: "background-app-refresh"
        case .cancel: "bg-cancel"
        }
    }
}
