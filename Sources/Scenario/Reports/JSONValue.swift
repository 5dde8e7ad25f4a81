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
        let inner = indent + "  "
        switch self {
        case .null: return "null"
        case .bool(let value): return value ? "true" : "false"
        case .int(let value): return String(value)
        case .uint(let value): return String(value)
        case .double(let value): return value.isFinite ? Self.number(value) : "null"
        case .string(let value): return Self.quoted(value)
        case .array(let values):
            if values.isEmpty { return "[]" }
            return "[\n" + values.map { inner + $0.serialized(indent: inner) }.joined(separator: ",\n")
                + "\n" + indent + "]"
        case .object(let members):
            if members.isEmpty { return "{}" }
            return "{\n" + members.map { inner + Self.quoted($0.0) + ": " + $0.1.serialized(indent: inner) }
                .joined(separator: ",\n") + "\n" + indent + "}"
        }
    }

    /// On one line, for JSON Lines.
    public func compact() -> String {
        switch self {
        case .array(let values): "[" + values.map { $0.compact() }.joined(separator: ",") + "]"
        case .object(let members): "{" + members.map { Self.quoted($0.0) + ":" + $0.1.compact() }.joined(separator: ",") + "}"
        default: serialized()
        }
    }

    /// Integers without a fraction; other values as Swift's shortest round-trip form.
    static func number(_ value: Double) -> String {
        if value == value.rounded(), abs(value) < 1e15 { return String(Int64(value)) }
        return String(value)
    }

    /// A JSON string literal; YAML reads JSON's escapes in a double-quoted scalar alike.
    static func quoted(_ text: String) -> String {
        var result = "\""
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
        return result + "\""
    }
}
