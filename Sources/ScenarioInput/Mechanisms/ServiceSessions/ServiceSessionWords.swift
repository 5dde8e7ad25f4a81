import Scripting
import Simulation
import Yams

/// `CLServiceSession`'s words (§10): `begin-service-session` (a requirement, or
/// `{requirement: …}`) and `invalidate-service-session` (bare for all, or a requirement).
enum ServiceSessionWords {
    static let actionNames = ["begin-service-session", "invalidate-service-session"]
    static let actionFields: [String: [String]] = ["begin-service-session": [], "invalidate-service-session": []]

    static func action(word: String) -> AppScript.Action? {
        word == "invalidate-service-session" ? .serviceSessions(.invalidate(nil)) : nil
    }

    static func action(_ key: String, _ value: Yams.Node, fields: [String: Yams.Node], depth: Int,
                       in reader: inout AppScriptReader) throws(ReplayError) -> AppScript.Action {
        let requirement = try requirement(key, value, reader)
        return key == "begin-service-session" ? .serviceSessions(.begin(requirement)) : .serviceSessions(.invalidate(requirement))
    }

    /// A service session's requirement: `always`, or `{requirement: always}`.
    private static func requirement(_ verb: String, _ node: Yams.Node, _ reader: AppScriptReader) throws(ReplayError) -> SimServiceSessionRequirement {
        var valueNode = node
        if let mapping = node.mapping {
            guard mapping.count == 1, let (keyNode, value) = mapping.first else {
                throw reader.fail(verb, "must be a requirement, or a mapping of requirement", node)
            }
            let key = try reader.keyName(keyNode)
            guard key == "requirement" else { throw reader.fail(key, "is not a field of '\(verb)' (requirement)", keyNode) }
            valueNode = value
        }
        return try reader.named(verb, valueNode, "a requirement")
    }
}
