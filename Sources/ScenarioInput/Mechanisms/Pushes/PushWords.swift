import Scripting
import Simulation
import Yams

/// The words of pushes and background fetch (§14): the script actions `report-call` and
/// `complete` (bare for newData, or `{complete: noData}`), and the scenario verbs
/// `silent-push`, `voip-push` and `fetch`.
enum PushWords {
    static let actionNames = ["report-call", "complete"]
    static let actionFields: [String: [String]] = ["complete": []]

    static func action(word: String) -> AppScript.Action? {
        switch word {
        case "report-call": .pushes(.reportCall)
        case "complete": .pushes(.complete(.newData))
        default: nil
        }
    }

    /// `{complete: newData|noData|failed}`.
    static func action(_ key: String, _ value: Yams.Node, fields: [String: Yams.Node], depth: Int,
                       in reader: inout AppScriptReader) throws(ReplayError) -> AppScript.Action {
        .pushes(.complete(try reader.named(key, value, "a result")))
    }

    static let verbs = ["silent-push", "voip-push", "fetch"]

    static func event(_ verb: String, fields: [String: Yams.Node], node: Yams.Node,
                      in reader: some ScenarioNodeReader) throws(ReplayError) -> (action: SimScenarioEvent.Action, allowed: Set<String>)? {
        switch verb {
        case "silent-push": (.pushes(.arrive(.silent)), [])
        case "voip-push": (.pushes(.arrive(.voip)), [])
        case "fetch": (.pushes(.arrive(.fetch)), [])
        default: nil
        }
    }
}

extension PushScenarioAction {
    var verb: String {
        switch self {
        case .arrive(.silent): "silent-push"
        case .arrive(.voip): "voip-push"
        case .arrive(.fetch): "fetch"
        }
    }
}
