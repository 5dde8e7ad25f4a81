import Foundation
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
    /// Reads a file; `.json` is read as JSON, anything else as YAML (of which JSON is a subset).
    /// - Throws: ``ReplayError/settingsFileUnreadable(_:)`` or ``ReplayError/invalidSettings(_:)``.
    public static func read(contentsOf path: String) throws(ReplayError) -> ReplaySettings {
        let text: String
        do {
            text = try String(contentsOfFile: path, encoding: .utf8)
        } catch {
            throw .settingsFileUnreadable("\(path): cannot read the scenario file")
        }
        return try parse(text, name: path)
    }

    /// Parses a scenario from text; `name` stands for the file in messages.
    public static func parse(_ text: String, name: String) throws(ReplayError) -> ReplaySettings {
        let node: Yams.Node?
        do {
            node = try Yams.compose(yaml: text)
        } catch let error as YamlError {
            throw .invalidSettings("\(name): not valid YAML or JSON: \(Self.describe(error))")
        } catch {
            throw .invalidSettings("\(name): not valid YAML or JSON")
        }
        guard let mapping = node?.mapping else {
            throw .invalidSettings("\(name): a scenario is a mapping of settings (and 'events')")
        }
        var reader = Reader(name: name)
        return try reader.settings(mapping)
    }

    private static func describe(_ error: YamlError) -> String {
        switch error {
        case .scanner(_, let problem, let mark, _), .parser(_, let problem, let mark, _):
            return "\(problem) at line \(mark.line), column \(mark.column)"
        default:
            return "\(error)"
        }
    }

    /// Walks the YAML tree, naming the key of anything it cannot use.
    private struct Reader {
        let name: String

        func fail(_ key: String, _ problem: String, _ node: Yams.Node) -> ReplayError {
            let place = node.mark.map { ":\($0.line):\($0.column)" } ?? ""
            return .invalidSettings("\(name)\(place): '\(key)' \(problem)")
        }

        func number(_ key: String, _ node: Yams.Node) throws(ReplayError) -> Double {
            guard let scalar = node.scalar, let value = Double(scalar.string), value.isFinite else {
                throw fail(key, "must be a number", node)
            }
            return value
        }

        func bool(_ key: String, _ node: Yams.Node) throws(ReplayError) -> Bool {
            guard let value = node.bool else { throw fail(key, "must be true or false", node) }
            return value
        }

        func string(_ key: String, _ node: Yams.Node) throws(ReplayError) -> String {
            guard let value = node.scalar?.string else { throw fail(key, "must be a string", node) }
            return value
        }

        mutating func settings(_ mapping: Yams.Node.Mapping) throws(ReplayError) -> ReplaySettings {
            var settings = ReplaySettings()
            for (keyNode, value) in mapping {
                let key = keyNode.scalar?.string ?? ""
                switch key {
                case "profile": settings.profile = try string(key, value)
                case "budget": settings.budget = try number(key, value)
                case "policy":
                    guard let policy = KeepAlivePolicy(rawValue: try string(key, value)) else {
                        throw fail(key, "must be session or delivery", value)
                    }
                    settings.policy = policy
                case "distanceFilter":
                    if value.scalar?.string == "none" {
                        settings.distanceFilter = ReplaySettings.DistanceFilter.none
                    } else {
                        settings.distanceFilter = .meters(try number(key, value))
                    }
                case "accuracy": settings.accuracy = try string(key, value)
                case "backgroundLocation": settings.backgroundLocation = try bool(key, value)
                case "backgroundModes":
                    guard let modes = value.sequence?.compactMap({ $0.scalar?.string }) else {
                        throw fail(key, "must be a list of modes", value)
                    }
                    settings.backgroundModes = modes
                case "pausesAutomatically": settings.pausesAutomatically = try bool(key, value)
                case "activityType": settings.activityType = try string(key, value)
                case "authorization": settings.authorization = try string(key, value)
                case "servicesOff": settings.servicesOff = try bool(key, value)
                case "revokeAt": settings.revokeAt = try number(key, value)
                case "backgroundTask": settings.backgroundTask = try bool(key, value)
                case "leakBackgroundTask": settings.leakBackgroundTask = try bool(key, value)
                case "enterBackgroundAt": settings.enterBackgroundAt = try number(key, value)
                case "lockAt": settings.lockAt = try number(key, value)
                case "speed": settings.speed = try number(key, value)
                case "seed":
                    guard let seed = value.scalar.flatMap({ UInt64($0.string) }) else { throw fail(key, "must be a whole number ≥ 0", value) }
                    settings.seed = seed
                case "lenient": settings.lenient = try bool(key, value)
                case "events":
                    guard let list = value.sequence else { throw fail(key, "must be a list of events", value) }
                    for item in list { settings.events.append(try event(item)) }
                default:
                    throw fail(key, "is not a scenario setting", keyNode)
                }
            }
            return settings
        }

        /// `{at: SECONDS, do: ACTION, …}`; see `Docs/Scenarios.md` for the actions.
        func event(_ node: Yams.Node) throws(ReplayError) -> SimScenarioEvent {
            guard let mapping = node.mapping else { throw fail("events", "entries must be mappings with 'at' and 'do'", node) }
            var fields: [String: Yams.Node] = [:]
            for (key, value) in mapping { fields[key.scalar?.string ?? ""] = value }
            guard let atNode = fields["at"], let doNode = fields["do"] else {
                throw fail("events", "entries need 'at' (seconds) and 'do' (an action)", node)
            }
            let time = try number("at", atNode)
            let verb = try string("do", doNode)
            let allowed: Set<String>
            let action: SimScenarioEvent.Action
            switch verb {
            case "background": (action, allowed) = (.enterBackground, [])
            case "foreground": (action, allowed) = (.returnToForeground, [])
            case "launch": (action, allowed) = (.launch, [])
            case "lock": (action, allowed) = (.lock, [])
            case "unlock": (action, allowed) = (.unlock, [])
            case "memory-pressure": (action, allowed) = (.memoryPressure, [])
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
                throw fail("do", "'\(verb)' is not an action (background, foreground, launch, lock, unlock, memory-pressure, force-quit, authorization, accuracy, location-services, begin-background-task, end-background-task, start-updates, stop-updates)", doNode)
            }
            if let extra = fields.keys.sorted().first(where: { !allowed.union(["at", "do"]).contains($0) }) {
                throw fail(extra, "is not a field of '\(verb)'", node)
            }
            return SimScenarioEvent(at: time, action)
        }
    }
}
