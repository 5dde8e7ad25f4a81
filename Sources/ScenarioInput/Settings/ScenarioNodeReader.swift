import Yams

/// What every reader of a scenario file's YAML tree shares: errors that name the file, line,
/// column and key, and scalars checked where they enter. ``ScenarioFile`` reads the settings
/// with it, ``AppScriptReader`` the `app:` script.
protocol ScenarioNodeReader {
    /// The file, as messages name it.
    var name: String { get }
}

extension ScenarioNodeReader {
    /// `FILE:LINE:COLUMN: 'key' problem`.
    func fail(_ key: String, _ problem: String, _ node: Yams.Node) -> ReplayError {
        let place = node.mark.map { ":\($0.line):\($0.column)" } ?? ""
        return .invalidSettings("\(name)\(place): '\(SafeText.terminal(key))' \(problem)")
    }

    /// A number within `range` (see ``SettingRange``).
    func number(_ key: String, _ node: Yams.Node, _ range: SettingRange) throws(ReplayError) -> Double {
        guard let scalar = node.scalar, let value = Double(scalar.string), value.isFinite else {
            throw fail(key, "must be a number: \(range.expectation)", node)
        }
        if let problem = range.problem(value) { throw fail(key, problem, node) }
        return value
    }

    /// The name of a mapping key; a list or mapping as a key is an error.
    func keyName(_ keyNode: Yams.Node) throws(ReplayError) -> String {
        guard let name = keyNode.scalar?.string else {
            throw .invalidSettings("\(self.name)\(keyNode.mark.map { ":\($0.line):\($0.column)" } ?? ""): a key must be a name, not a list or mapping")
        }
        return name
    }

    /// A mapping's entries with each key as `keys` declares it, and a key of `aliases` (alias →
    /// key) as the key it stands for; a key no name spells stays as written, for the reader to
    /// report. The ``FieldSchema`` reading, for keys a mechanism's words list.
    func entries(_ mapping: Yams.Node.Mapping, keys: [String], aliases: [String: String] = [:]) throws(ReplayError) -> [KeyEntry] {
        var schema = FieldSchema(names: keys)
        schema.aliases = aliases.sorted { $0.key < $1.key }.map { (name: $0.key, key: $0.value) }
        return try fields(mapping, schema).known
    }

    func bool(_ key: String, _ node: Yams.Node) throws(ReplayError) -> Bool {
        guard let value = node.bool else { throw fail(key, "must be true or false", node) }
        return value
    }

    func string(_ key: String, _ node: Yams.Node) throws(ReplayError) -> String {
        guard let value = node.scalar?.string else { throw fail(key, "must be a string", node) }
        return value
    }

    /// A word naming a case of `T` by its raw value, spelled as keys are; else `key` "'word' is
    /// not `what` (the names)".
    func named<T: RawRepresentable & CaseIterable>(_ key: String, _ node: Yams.Node, _ what: String) throws(ReplayError) -> T
    where T.RawValue == String {
        let word = try string(key, node)
        guard let value = Suggestion.spelled(word, among: T.allCases.map(\.rawValue)).flatMap(T.init(rawValue:)) else {
            throw fail(key, "'\(word)' is not \(what) (\(T.allCases.map(\.rawValue).joined(separator: ", ")))", node)
        }
        return value
    }
}

/// A mapping's entry whose key is a name (``ScenarioNodeReader/entries(_:keys:aliases:)``).
typealias KeyEntry = FieldEntry<String>
