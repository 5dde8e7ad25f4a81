import Foundation
import GPX
import Scripting
import Simulation
import Yams

/// A background-location plugin's configuration read as an app script: `keepalive import` writes
/// it as a scenario, `--app-config` runs it. See `Docs/Plugins.md`.
public struct ImportedApp: Hashable, Sendable {
    /// The plugin the file configures.
    public var plugin: LocationPlugin
    /// The app as the plugin runs it.
    public var script: AppScript
    /// What the file holds that the script leaves out: ignored and unknown options, with their places.
    public var warnings: [String]
    /// What the import chose beyond the options (a mode added, how location runs), stated in the
    /// written scenario.
    public var decisions: [ImportDecision] = []

    /// A plugin app records a track: its goal is tracking, whatever its activity type (and a
    /// `fetch` mode adds no refresh goal).
    public static let goal = ReplayGoal.tracking

    /// The scenario file `keepalive import` writes: the goal and the script, which
    /// ``ScenarioFile`` reads back to ``settings``; `source` names the configuration in its header.
    public func scenarioText(source: String) -> String {
        AppScriptWriter.scenario(script, goal: Self.goal, comments: [
            "Imported from \(source) (\(plugin.rawValue)) by keepalive import: the app as the plugin runs it on iOS.",
            "Each option's mapping, and what is approximated, is in Docs/Plugins.md.",
        ] + (decisions.isEmpty ? [] : ["The import decided:"] + decisions.map { "- " + $0.text }))
    }

    /// The scenario settings that run it: the script and its goal.
    public var settings: ReplaySettings {
        var settings = ReplaySettings()
        settings.app = script
        settings.goal = StatedGoals([Self.goal.goal])
        return settings
    }
}

/// Reads a plugin's configuration: JSON (any YAML reads too), every key with its line and column.
public enum PluginConfig {
    /// The largest file read; a configuration is a few dozen lines.
    public static let maximumBytes = 1 << 20
    /// The most values (numbers, strings, objects, arrays) a configuration may hold, checked
    /// before its tree is built, aliases expanded: a configuration has a few dozen. Nesting is
    /// bounded as a scenario's (64 levels).
    public static let maximumValues = 10_000

    /// Reads `path`; `plugin` nil tells the plugin from the file's keys. A key that is no option
    /// of the plugin is an error with did-you-mean, or with `lenient` a warning (then ignored).
    /// - Throws: ``ReplayError/settingsFileUnreadable(_:)`` when it cannot be read,
    ///   ``ReplayError/invalidSettings(_:)`` when it is no configuration, naming file, line and column.
    public static func read(contentsOf path: String, plugin: LocationPlugin? = nil, lenient: Bool = false) throws(ReplayError) -> ImportedApp {
        InputFiles.note(path, .pluginConfiguration)
        let data: Data
        switch FileName.readRegularFile(path, upTo: maximumBytes) {
        case .success(let bytes): data = Data(bytes)
        case .failure(let error): throw .settingsFileUnreadable("\(path): cannot read the plugin configuration: \(error.description)")
        }
        guard data.count <= maximumBytes else { throw .invalidSettings("\(path): larger than 1 MB: not a plugin configuration") }
        return try parse(try ScenarioFile.text(data, name: path, what: "the configuration"), name: path, plugin: plugin, lenient: lenient)
    }

    /// The configuration in `text`, named `name` in messages; `lenient` as for ``read(contentsOf:plugin:lenient:)``.
    public static func parse(_ text: String, name: String, plugin: LocationPlugin? = nil, lenient: Bool = false) throws(ReplayError) -> ImportedApp {
        let node = try ScenarioFile.compose(text, name: name, language: "JSON", maximumNodes: maximumValues, what: "a plugin configuration")
        guard let mapping = node?.mapping else {
            throw .invalidSettings("\(name): a plugin configuration is a JSON object of options")
        }
        var reader = PluginConfigReader(name: name, lenient: lenient)
        return try reader.read(mapping, plugin: plugin)
    }
}

/// Walks the configuration's tree: options into the plugin's typed config, every number checked
/// where it enters, anything else a warning.
struct PluginConfigReader: ScenarioNodeReader {
    let name: String
    /// Unknown keys are warnings, not errors.
    let lenient: Bool
    var warnings: [String] = []
    var ignored: [String] = []

    /// `(key as written, key node, value)`, with 5.x groups opened.
    private func flattened(_ mapping: Yams.Node.Mapping, plugin: LocationPlugin?) throws(ReplayError) -> [KeyEntry] {
        var flat: [KeyEntry] = []
        let groups = plugin == nil || plugin == .backgroundGeolocation ? LocationPlugin.transistorGroups : []
        for entry in try entries(mapping, keys: groups) {
            guard groups.contains(entry.key) else {
                flat.append(entry)
                continue
            }
            if let inner = entry.value.mapping {
                flat += try entries(inner, keys: [])
            } else if entry.value.null == nil {
                // A 5.x group that is no object would otherwise read as an unknown option.
                throw fail(entry.written, "is a group of Config's options (5.x), so it must be an object ({\"\(entry.key == "geolocation" ? "distanceFilter" : entry.key == "app" ? "stopOnTerminate" : "stopTimeout")\": …}), not \(Self.shape(entry.value)); write its options inside braces, or flat at the top (4.x)", entry.value)
            }
        }
        return flat
    }

    mutating func read(_ mapping: Yams.Node.Mapping, plugin given: LocationPlugin?) throws(ReplayError) -> ImportedApp {
        let flat = try flattened(mapping, plugin: given)
        guard let plugin = given ?? LocationPlugin.recognized(by: flat.map(\.written) + mapping.keys.compactMap(\.scalar?.string)) else {
            let names = LocationPlugin.allCases.map(\.rawValue).joined(separator: ", ")
            throw .invalidSettings("\(name): cannot tell which plugin this configures from its keys; give --plugin (\(names))")
        }
        let script: AppScript
        let decisions: [ImportDecision]
        switch plugin {
        case .backgroundGeolocation:
            var config = BackgroundGeolocationConfig()
            for entry in try known(flat, plugin) { try read(entry, into: &config) }
            (script, decisions) = (config.script, config.decisions)
        case .location:
            var config = FlutterLocationConfig()
            for entry in try known(flat, plugin) { try read(entry, into: &config) }
            (script, decisions) = (config.script, config.decisions)
        case .geolocator:
            var config = GeolocatorConfig()
            for entry in try known(flat, plugin) { try read(entry, into: &config) }
            (script, decisions) = (config.script, config.decisions)
        }
        if !ignored.isEmpty {
            warnings.append("\(name): ignored (nothing the model has): \(ignored.map { SafeText.terminal($0) }.joined(separator: ", "))")
        }
        return ImportedApp(plugin: plugin, script: script, warnings: warnings, decisions: decisions)
    }

    /// The entries that name an option, spelled as the plugin does; the others become warnings.
    private mutating func known(_ flat: [KeyEntry], _ plugin: LocationPlugin) throws(ReplayError) -> [KeyEntry] {
        var schema = FieldSchema(names: plugin.options)
        schema.twice = { _, earlier in "and '\(earlier)' are one option given twice: give it once" }
        var options: [KeyEntry] = []
        let groups = plugin == .backgroundGeolocation ? LocationPlugin.transistorIgnoredGroups : []
        for entry in try fields(flat.map { (key: $0.keyNode, value: $0.value) }, schema).known {
            if plugin.options.contains(entry.key) {
                // JSON null (a Dart config's unset field) leaves the default.
                if entry.value.null == nil { options.append(entry) }
            } else if plugin.ignored.contains(where: { Suggestion.folded($0) == Suggestion.folded(entry.written) }) || groups.contains(entry.written) {
                ignored.append(entry.written)
            } else if lenient {
                let place = entry.keyNode.mark.map { ":\($0.line):\($0.column)" } ?? ""
                let known = plugin.options + plugin.ignored
                warnings.append("\(name)\(place): '\(SafeText.terminal(entry.written))' is not an option of \(plugin.rawValue)\(Suggestion.didYouMean(entry.written, among: known)); ignored")
            } else {
                // Ignored, a misspelt option would run the app with that option's default, maybe the opposite of the file's.
                let place = entry.keyNode.mark.map { ":\($0.line):\($0.column)" } ?? ""
                let guess = Suggestion.nearest(entry.written, among: plugin.options + plugin.ignored).map { " — did you mean '\($0)'?" } ?? ":"
                throw .invalidSettings("\(name)\(place): unknown key '\(SafeText.terminal(entry.written))'\(guess) \(plugin.rawValue) has no such option, and ignoring it would run the app with that option's default; correct the key (Docs/Plugins.md lists the options), or give --lenient to ignore it with a warning")
            }
        }
        return options
    }

    // MARK: Values

    /// A preset given by number or by name (`High`, `DesiredAccuracy.high`, `LocationAccuracy.high`).
    private func preset<T>(_ entry: KeyEntry, _ table: [(names: [String], value: T)], _ what: String) throws(ReplayError) -> T {
        let written = try string(entry.written, entry.value)
        let word = written.split(separator: ".").last.map(String.init) ?? written
        let numeric = Double(written)
        if let match = table.first(where: { row in row.names.contains { name in
            if let numeric, let number = Double(name) { return number == numeric }
            return Suggestion.folded(name) == Suggestion.folded(word)
        } }) { return match.value }
        let choices = table.map { $0.names.joined(separator: " or ") }.joined(separator: ", ")
        throw fail(entry.written, "\(SafeText.terminal(written)) is not \(what) (\(choices))", entry.value)
    }

    /// What a value is, for a message: "a number (5)", "an array", "a string ("x")".
    static func shape(_ node: Yams.Node) -> String {
        switch node {
        case .mapping: return "an object"
        case .sequence: return "an array"
        case .alias: return "an alias"
        case .scalar(let scalar):
            let shown = SafeText.terminal(String(scalar.string.prefix(40)))
            guard scalar.style == .plain else { return "a string (\"\(shown)\")" }
            return node.bool != nil ? "a boolean (\(shown))" : "a number (\(shown))"
        }
    }

    private func read(_ entry: KeyEntry, into config: inout BackgroundGeolocationConfig) throws(ReplayError) {
        let (key, value) = (entry.written, entry.value)
        switch entry.key {
        case "desiredAccuracy":
            config.desiredAccuracy = try preset(entry, BackgroundGeolocationConfig.accuracies.map { ([Formatting.short($0.value), $0.name], $0.accuracy) }, "a desiredAccuracy")
        case "distanceFilter": config.distanceFilter = try number(key, value, .distance)
        case "stopTimeout": config.stopTimeout = try number(key, value, .minutes)
        case "stationaryRadius": config.stationaryRadius = try number(key, value, .distance)
        case "preventSuspend": config.preventSuspend = try bool(key, value)
        case "heartbeatInterval": config.heartbeatInterval = try number(key, value, .timerInterval)
        case "stopOnTerminate": config.stopOnTerminate = try bool(key, value)
        case "startOnBoot": config.startOnBoot = try bool(key, value)
        case "useSignificantChangesOnly": config.useSignificantChangesOnly = try bool(key, value)
        case "disableStopDetection": config.disableStopDetection = try bool(key, value)
        case "pausesLocationUpdatesAutomatically": config.pausesLocationUpdatesAutomatically = try bool(key, value)
        case "locationAuthorizationRequest":
            config.locationAuthorizationRequest = try preset(entry, BackgroundGeolocationConfig.AuthorizationRequest.allCases.map { ([$0.rawValue], $0) }, "a locationAuthorizationRequest")
        case "activityType":
            config.activityType = try preset(entry, BackgroundGeolocationConfig.activityTypes.map { ([Formatting.short($0.value), $0.type.rawValue], $0.type) }, "an activityType")
        default:  // "showsBackgroundLocationIndicator"
            config.showsBackgroundLocationIndicator = try bool(key, value)
        }
    }

    private func read(_ entry: KeyEntry, into config: inout FlutterLocationConfig) throws(ReplayError) {
        let (key, value) = (entry.written, entry.value)
        switch entry.key {
        case "accuracy":
            config.accuracy = try preset(entry, FlutterLocationConfig.accuracies.enumerated().map { ([$0.element.name, "\($0.offset)"], $0.element.accuracy) }, "a LocationAccuracy")
        case "interval": config.interval = try number(key, value, .milliseconds)
        case "distanceFilter": config.distanceFilter = try number(key, value, .distance)
        default:  // "enableBackgroundMode"
            config.enableBackgroundMode = try bool(key, value)
        }
    }

    private func read(_ entry: KeyEntry, into config: inout GeolocatorConfig) throws(ReplayError) {
        let (key, value) = (entry.written, entry.value)
        switch entry.key {
        case "accuracy":
            config.accuracy = try preset(entry, GeolocatorConfig.accuracies.enumerated().map { ([$0.element.name, "\($0.offset)"], $0.element.accuracy) }, "a LocationAccuracy")
        case "distanceFilter": config.distanceFilter = try number(key, value, .distance)
        case "pauseLocationUpdatesAutomatically": config.pauseLocationUpdatesAutomatically = try bool(key, value)
        case "activityType":
            config.activityType = try preset(entry, GeolocatorConfig.activityTypes.enumerated().map { ([$0.element.name, "\($0.offset)"], $0.element.type) }, "an ActivityType")
        case "showBackgroundLocationIndicator": config.showBackgroundLocationIndicator = try bool(key, value)
        case "allowBackgroundLocationUpdates": config.allowBackgroundLocationUpdates = try bool(key, value)
        default:  // "timeLimit": a one-off request's limit, not the stream's
            _ = try number(key, value, .duration)
        }
    }
}
