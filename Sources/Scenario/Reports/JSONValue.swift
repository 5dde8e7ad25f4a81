/// A JSON value whose objects keep their keys in the order given, so output is stable and readable.
///
/// The reports build their JSON with it: `JSONEncoder` leaves out `nil` values, and the
/// documented outputs show them as `null`.
public enum JSONValue: Equatable, Sendable {
    case null
    case bool(Bool)
    case int(Int)
    /// A whole number that may not fit `Int` (a seed), printed exactly.
    case uint(UInt64)
    case double(Double)
    case string(String)
    case array([JSONValue])
    case object([(String, JSONValue)])

    public static func == (lhs: JSONValue, rhs: JSONValue) -> Bool {
        lhs.serialized() == rhs.serialized()
    }

    /// Pretty-printed with two-space indentation.
    public func serialized(indent: String = "") -> String {
        var text = ""
        write(into: &text, indent: indent, pretty: true)
        return text
    }

    /// On one line, for JSON Lines.
    public func compact() -> String {
        var text = ""
        write(into: &text, indent: "", pretty: false)
        return text
    }

    // One buffer for the whole value: building each member's text and joining it into its
    // parent's copied every byte once per level (half of a 1,000-run matrix's time).
    private func write(into text: inout String, indent: String, pretty: Bool) {
        switch self {
        case .null: text += "null"
        case .bool(let value): text += value ? "true" : "false"
        case .int(let value): text += String(value)
        case .uint(let value): text += String(value)
        case .double(let value): text += value.isFinite ? Self.number(value) : "null"
        case .string(let value): Self.appendQuoted(value, to: &text)
        case .array(let values):
            if values.isEmpty { text += "[]"; return }
            let inner = indent + "  "
            text += pretty ? "[\n" : "["
            for (index, value) in values.enumerated() {
                if index > 0 { text += pretty ? ",\n" : "," }
                if pretty { text += inner }
                value.write(into: &text, indent: inner, pretty: pretty)
            }
            text += pretty ? "\n" + indent + "]" : "]"
        case .object(let members):
            if members.isEmpty { text += "{}"; return }
            let inner = indent + "  "
            text += pretty ? "{\n" : "{"
            for (index, (key, value)) in members.enumerated() {
                if index > 0 { text += pretty ? ",\n" : "," }
                if pretty { text += inner }
                Self.appendQuoted(key, to: &text)
                text += pretty ? ": " : ":"
                value.write(into: &text, indent: inner, pretty: pretty)
            }
            text += pretty ? "\n" + indent + "}" : "}"
        }
    }

    /// Integers without a fraction; other values as Swift's shortest round-trip form.
    static func number(_ value: Double) -> String {
        if value == value.rounded(), abs(value) < 1e15 { return String(Int64(value)) }
        return String(value)
    }

    /// A JSON string literal; YAML reads JSON's escapes in a double-quoted scalar alike.
    static func quoted(_ text: String) -> String {
        var result = ""
        appendQuoted(text, to: &result)
        return result
    }

    private static func appendQuoted(_ text: String, to result: inout String) {
        result += "\""
        // Most names need no escape: copy them whole. 0xC2 leads U+0080–U+00BF, the C1 controls among them.
        if !text.utf8.contains(where: { $0 < 0x20 || $0 == 0x22 || $0 == 0x5C || $0 == 0x7F || $0 == 0xC2 }) {
            result += text
            result += "\""
            return
        }
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": result += "\\\""
            case "\\": result += "\\\\"
            case "\n": result += "\\n"
            case "\r": result += "\\r"
            case "\t": result += "\\t"
            case _ where SafeText.isControl(scalar):  // C0, and DEL and C1, which a terminal may act on
                let hex = String(scalar.value, radix: 16)
                result += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: result.unicodeScalars.append(scalar)
            }
        }
        result += "\""
    }
}
