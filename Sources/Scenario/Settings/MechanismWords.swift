import Scripting
import Simulation
import Yams

/// A mechanism's words in app scripts and scenario timelines. Each mechanism's folder under
/// `Sources/Scenario/Mechanisms/` declares one, and ``ScenarioMechanisms/all`` lists them, one
/// line each; the readers ask them for any word that is not the core's.
protocol MechanismWords: Sendable {
    /// Its script actions, written as a bare word or as a mapping's key, in the order messages list them.
    static var actionNames: [String] { get }
    /// Its actions written as a mapping, with the fields each takes besides its own key.
    static var actionFields: [String: [String]] { get }
    /// The action a bare word stands for, or nil.
    static func action(word: String) -> AppScript.Action?
    /// The action written as `{key: value, fields…}`; asked only for a key of ``actionFields``.
    static func action(_ key: String, _ value: Yams.Node, fields: [String: Yams.Node], depth: Int,
                       in reader: inout AppScriptReader) throws(ReplayError) -> AppScript.Action
    /// Its scenario `do:` verbs, in the order messages list them.
    static var verbs: [String] { get }
    /// The scenario action `verb` stands for with `fields`, and the fields it allows besides
    /// `at` and `do`; nil when `verb` is not one of ``verbs``.
    static func event(_ verb: String, fields: [String: Yams.Node], node: Yams.Node,
                      in reader: some ScenarioNodeReader) throws(ReplayError) -> (action: SimScenarioEvent.Action, allowed: Set<String>)?
}

extension MechanismWords {
    static var actionNames: [String] { [] }
    static var actionFields: [String: [String]] { [:] }
    static func action(word: String) -> AppScript.Action? { nil }
    static func action(_ key: String, _ value: Yams.Node, fields: [String: Yams.Node], depth: Int,
                       in reader: inout AppScriptReader) throws(ReplayError) -> AppScript.Action {
        throw reader.fail(key, "is not an action", value)
    }
    static var verbs: [String] { [] }
    static func event(_ verb: String, fields: [String: Yams.Node], node: Yams.Node,
                      in reader: some ScenarioNodeReader) throws(ReplayError) -> (action: SimScenarioEvent.Action, allowed: Set<String>)? { nil }
}

/// A mechanism's scenario action as a scenario file writes it (the reverse of its words).
protocol MechanismScenarioAction {
    /// The `do:` verb.
    var verb: String { get }
}
