import Scripting
import Simulation
import Yams

/// Background transfers' words: the script actions `start-transfer` (an identifier, or a mapping
/// of `id`, `seconds` and `session`) and `complete-transfer-events`; their trigger,
/// `transfer-finished`, is an `AppScript.Trigger`.
enum TransferWords {
    static let actionNames = ["start-transfer", "complete-transfer-events"]
    static let actionFields: [String: [String]] = ["start-transfer": []]
    private static let startFields = ["id", "seconds", "session"]

    static func action(word: String) -> AppScript.Action? {
        word == "complete-transfer-events" ? .transfers(.completeTransferEvents) : nil
    }

    static func action(_ key: String, _ value: Yams.Node, fields: [String: Yams.Node], depth: Int,
                       in reader: inout AppScriptReader) throws(ReplayError) -> AppScript.Action {
        var given: [String: Yams.Node] = [:]
        if let mapping = value.mapping {
            for field in try reader.fields(mapping, FieldSchema(names: startFields, .listed("a field of '\(key)'", suggests: false))).ordered {
                let entry = try field.get()
                given[entry.name] = entry.value
            }
        } else {
            given["id"] = value
        }
        guard let idNode = given["id"] else { throw reader.fail("id", "is needed by '\(key)'", value) }
        let id = try reader.word("id", idNode, "a transfer's name")
        let seconds = try given["seconds"].map { node throws(ReplayError) in try reader.number("seconds", node, .positiveDuration) } ?? 60
        let session = try given["session"].map { node throws(ReplayError) in try reader.word("session", node, "a session identifier") } ?? "background"
        return .transfers(.startTransfer(id: id, seconds: seconds, session: session))
    }
}
