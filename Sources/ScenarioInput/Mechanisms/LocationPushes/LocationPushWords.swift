import Scripting
import Simulation
import Yams

/// The words of location pushes (§16): the script actions `start-location-pushes`,
/// `stop-location-pushes` and the extension's `answer-location-push` (bare: one location, then
/// the completion block at once; or `{answer-location-push: {work: 5, location: false}}`), run
/// under the `location-push` trigger; the scenario verb `location-push`.
enum LocationPushWords {
    static let actionNames = ["start-location-pushes", "stop-location-pushes", "answer-location-push"]
    static let actionFields: [String: [String]] = ["answer-location-push": []]
    private static let answerFields = ["work", "location"]

    static func action(word: String) -> AppScript.Action? {
        switch word {
        case "start-location-pushes": .locationPushes(.startMonitoring)
        case "stop-location-pushes": .locationPushes(.stopMonitoring)
        case "answer-location-push": .locationPushes(.answer(workSeconds: 0, location: true))
        default: nil
        }
    }

    /// `{answer-location-push: {work: seconds, location: true|false}}`.
    static func action(_ key: String, _ value: Yams.Node, fields: [String: Yams.Node], depth: Int,
                       in reader: inout AppScriptReader) throws(ReplayError) -> AppScript.Action {
        guard let mapping = value.mapping else { throw reader.fail(key, "must be a mapping of \(AppScriptReader.list(answerFields))", value) }
        var work = 0.0, location = true
        for entry in try reader.entries(mapping, keys: answerFields) {
            switch entry.key {
            case "work": work = try reader.number("work", entry.value, .duration)
            case "location": location = try reader.bool("location", entry.value)
            default: throw reader.fail(entry.key, "is not a field of '\(key)' (\(AppScriptReader.list(answerFields)))", entry.keyNode)
            }
        }
        return .locationPushes(.answer(workSeconds: work, location: location))
    }

    static let verbs = ["location-push"]

    static func event(_ verb: String, fields: [String: Yams.Node], node: Yams.Node,
                      in reader: some ScenarioNodeReader) throws(ReplayError) -> (action: SimScenarioEvent.Action, allowed: Set<String>)? {
        verb == "location-push" ? (.locationPushes(.arrive), []) : nil
    }
}

extension LocationPushScenarioAction {
    /// The `do:` verb.
    var verb: String {
        switch self {
        case .arrive: "location-push"
        }
    }
}
