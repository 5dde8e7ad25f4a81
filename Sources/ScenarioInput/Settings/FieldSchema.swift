import Yams

/// The keys a YAML mapping takes, declared once for its reader and, where the tool writes the
/// mapping back (``AppScriptWriter``), for its writer: each key's name, other names it is read
/// as, whether it must be given, its range, and what is said of a key the mapping does not take.
/// Scenario files, app scripts, matrices and plugin configurations are all read against one
/// (``ScenarioNodeReader/fields(_:_:)``), so that spelling, keys given twice and unknown keys
/// read and fail alike everywhere.
///
/// A key is matched by ``Suggestion/spelled(_:among:)``, the one rule: `distance-filter`,
/// `distance_filter` and `DistanceFilter` read as `distanceFilter`.
struct FieldSchema<Key: Hashable & Sendable>: Sendable {
    /// A declared key: the name files write, and what the reader switches on.
    struct Field: Sendable {
        let name: String
        let key: Key
        /// A missing one is an error (``FieldEntries/missing(_:)``).
        var isRequired = false
        /// A number's valid values (``FieldEntries/number(_:)``).
        var range: SettingRange?
    }

    /// What a key the schema does not declare is.
    enum Unknown: Sendable {
        /// An error at the key: "is not `what`; did you mean 'X'? (the names)", the suggestion
        /// only with `suggests` (some readers' messages, shown in the docs, give none).
        case listed(_ what: String, suggests: Bool = true)
        /// An error at the key saying where it belongs if another block of a scenario takes it
        /// (``ScenarioBlock/unknown(_:what:)``).
        case block(ScenarioBlock, _ what: String)
        /// An error at the key, in the reader's own words.
        case custom(@Sendable (_ written: String) -> String)
        /// Not an error: kept as the key `key(written)`, for the reader to judge (a plugin's
        /// configuration warns of it; a mechanism's words read it themselves).
        case kept(@Sendable (_ written: String) -> Key)
    }

    let fields: [Field]
    /// Other names read as a declared key: Apple's Info.plist names under `info`. Two different
    /// aliases of one key may both be given (an Info.plist declaring both eras' Always strings).
    var aliases: [(name: String, key: Key)] = []
    var unknown: Unknown
    /// What a key given twice is told, from the name it was written as the second time and the first.
    var twice: @Sendable (_ written: String, _ earlier: String) -> String = { _, earlier in
        "and '\(earlier)' are one key written two ways: give it once"
    }
    /// What a required key that is missing is told (a timer's: "is needed by a timer").
    var missing = "is needed"

    /// The declared names, in the order messages list them.
    var names: [String] { fields.map(\.name) }

    /// The name of `key`, a declared one, as a writer writes it.
    func name(_ key: Key) -> String {
        guard let field = field(key) else { preconditionFailure("\(key) is not declared") }
        return field.name
    }

    /// The field of `key`.
    func field(_ key: Key) -> Field? {
        fields.first { $0.key == key }
    }
}

extension FieldSchema where Key: RawRepresentable<String> & CaseIterable {
    /// A field a case, named by its raw value: `case beginTask = "begin-task"`.
    init(_ unknown: Unknown, required: Set<Key> = [], ranges: [Key: SettingRange] = [:], missing: String = "is needed") {
        fields = Key.allCases.map { Field(name: $0.rawValue, key: $0, isRequired: required.contains($0), range: ranges[$0]) }
        self.unknown = unknown
        self.missing = missing
    }
}

extension FieldSchema where Key == String {
    /// A field a name, the key its own name.
    init(names: [String], _ unknown: Unknown = .kept({ $0 }), ranges: [String: SettingRange] = [:]) {
        fields = names.map { Field(name: $0, key: $0, range: ranges[$0]) }
        self.unknown = unknown
    }
}

/// A mapping's entry as read against a ``FieldSchema``: the key it stands for, and as written.
struct FieldEntry<Key: Hashable & Sendable> {
    let key: Key
    /// The key's declared name, as messages about its value name it: `distanceFilter`.
    let name: String
    /// The key as written, for messages: `UIBackgroundModes` where the file says so.
    let written: String
    /// The alias it was written as (`UIBackgroundModes`), or nil.
    let alias: String?
    let keyNode: Yams.Node
    let value: Yams.Node
}

/// The entries of a mapping, in the order written, each key once.
struct FieldEntries<Key: Hashable & Sendable> {
    /// Every entry in the order written; one whose key the schema does not take is its error,
    /// thrown where the reader reaches it (`try entry.get()`).
    let ordered: [Result<FieldEntry<Key>, ReplayError>]
    let schema: FieldSchema<Key>
    /// The mapping, where a missing key is reported.
    let node: Yams.Node?
    let reader: any ScenarioNodeReader

    /// The entries whose keys the schema takes (or keeps).
    var known: [FieldEntry<Key>] {
        ordered.compactMap { try? $0.get() }
    }

    /// The value given for `key`, or nil.
    subscript(_ key: Key) -> Yams.Node? {
        known.first { $0.key == key }?.value
    }

    /// The error for a required key that is missing, at the mapping: "'every' is needed by a timer".
    func missing(_ key: Key) -> ReplayError {
        assert(schema.field(key)?.isRequired == true, "\(key) is not declared required")
        return reader.fail(schema.field(key)?.name ?? "\(key)", schema.missing, node ?? Yams.Node(""))
    }

    /// The number given for `key`, in its field's range; nil when not given.
    func number(_ key: Key) throws(ReplayError) -> Double? {
        guard let value = self[key], let field = schema.field(key), let range = field.range else { return nil }
        return try reader.number(field.name, value, range)
    }
}

extension ScenarioNodeReader {
    /// `mapping`'s entries read against `schema`: each key as the schema declares it, and one key
    /// written two ways an error naming both. A key the schema does not take is an error where
    /// the caller reaches it (readers read in the order written, so that of two mistakes the
    /// first written is reported), or with `atOnce` where it is read (a matrix's keys are all
    /// checked before any value), or kept if the schema says so.
    /// `node` is the mapping, where a missing required key is reported.
    func fields<Key>(_ mapping: Yams.Node.Mapping, _ schema: FieldSchema<Key>, at node: Yams.Node? = nil,
                     atOnce: Bool = false) throws(ReplayError) -> FieldEntries<Key> {
        try fields(Array(mapping), schema, at: node, atOnce: atOnce)
    }

    /// The same for entries gathered from several mappings (a plugin's groups opened).
    func fields<Key>(_ pairs: [(key: Yams.Node, value: Yams.Node)], _ schema: FieldSchema<Key>, at node: Yams.Node? = nil,
                     atOnce: Bool = false) throws(ReplayError) -> FieldEntries<Key> {
        let names = schema.names, aliasNames = schema.aliases.map(\.name)
        var ordered: [Result<FieldEntry<Key>, ReplayError>] = []
        var declared: [(key: Key, written: String, alias: String?)] = []
        for (keyNode, value) in pairs {
            let written = try keyName(keyNode)
            let name = Suggestion.spelled(written, among: names)
            let alias = name == nil ? Suggestion.spelled(written, among: aliasNames) : nil
            let key: Key
            if let name, let field = schema.fields.first(where: { $0.name == name }) {
                key = field.key
            } else if let alias, let aliased = schema.aliases.first(where: { $0.name == alias }) {
                key = aliased.key
            } else if case .kept(let keep) = schema.unknown {
                ordered.append(.success(FieldEntry(key: keep(written), name: written, written: written, alias: nil, keyNode: keyNode, value: value)))
                continue
            } else {
                let error = fail(written, unknown(written, schema), keyNode)
                if atOnce { throw error }
                ordered.append(.failure(error))
                continue
            }
            if let earlier = declared.first(where: { $0.key == key }), earlier.alias == nil || alias == nil || earlier.alias == alias {
                throw fail(written, schema.twice(written, earlier.written), keyNode)
            }
            declared.append((key, written, alias))
            let declaredName = schema.fields.first { $0.key == key }?.name ?? written
            ordered.append(.success(FieldEntry(key: key, name: declaredName, written: written, alias: alias, keyNode: keyNode, value: value)))
        }
        return FieldEntries(ordered: ordered, schema: schema, node: node, reader: self)
    }

    /// What is said of `written`, a key `schema` does not take.
    private func unknown<Key>(_ written: String, _ schema: FieldSchema<Key>) -> String {
        switch schema.unknown {
        case .listed(let what, let suggests):
            let names = schema.names
            let suggestion = suggests ? Suggestion.didYouMean(written, among: names + schema.aliases.map(\.name)) : ""
            return "is not \(what)\(suggestion) (\(Suggestion.choices(names, near: written)))"
        case .block(let block, let what): return block.unknown(written, what: what)
        case .custom(let problem): return problem(written)
        case .kept: return ""
        }
    }
}
