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

    /// `value` as a string, or `null`. One labelled call where `value.map(JSONValue.string) ??
    /// .null` would do: in a long object literal each `??` and `map` is a choice the type checker
    /// weighs against every other (`InspectReport.json` took seconds to type-check).
    public static func string(orNull value: String?) -> JSONValue {
        guard let value else { return .null }
        return .string(value)
    }

    /// `value` as a number, or `null` (see ``string(orNull:)``).
    public static func double(orNull value: Double?) -> JSONValue {
        guard let value else { return .null }
        return .double(value)
    }

    /// `value` as a Boolean, or `null` (see ``string(orNull:)``).
    public static func bool(orNull value: Bool?) -> JSONValue {
        guard let value else { return .null }
        return .bool(value)
    }

    public static func == (lhs: JSONValue, rhs: JSONValue) -> Bool {
        lhs.serialized() == rhs.serialized()
    }

    /// Pretty-printed with two-space indentation.
    public func serialized(indent: String = "") -> String {
        var bytes: [UInt8] = []
        write(into: &bytes, indent: Array(indent.utf8), pretty: true)
        return String(decoding: bytes, as: UTF8.self)
    }

    /// On one line, for JSON Lines.
    public func compact() -> String {
        var bytes: [UInt8] = []
        write(into: &bytes, indent: [], pretty: false)
        return String(decoding: bytes, as: UTF8.self)
    }

    // One byte buffer for the whole value: building each member's text and joining it into its
    // parent's copied every byte once per level (half of a 1,000-run matrix's time), and
    // appending to a String checks its storage on every piece.
    private func write(into out: inout [UInt8], indent: [UInt8], pretty: Bool) {
        switch self {
        case .null: out.append(contentsOf: "null".utf8)
        case .bool(let value): out.append(contentsOf: (value ? "true" : "false").utf8)
        case .int(let value): out.append(contentsOf: String(value).utf8)
        case .uint(let value): out.append(contentsOf: String(value).utf8)
        case .double(let value): out.append(contentsOf: (value.isFinite ? Self.number(value) : "null").utf8)
        case .string(let value): Self.appendQuoted(value, to: &out)
        case .array(let values):
            if values.isEmpty { return out.append(contentsOf: "[]".utf8) }
            let inner = indent + [0x20, 0x20]
            out.append(UInt8(ascii: "["))
            for (index, value) in values.enumerated() {
                if index > 0 { out.append(UInt8(ascii: ",")) }
                if pretty { Self.newLine(&out, inner) }
                value.write(into: &out, indent: inner, pretty: pretty)
            }
            if pretty { Self.newLine(&out, indent) }
            out.append(UInt8(ascii: "]"))
        case .object(let members):
            if members.isEmpty { return out.append(contentsOf: "{}".utf8) }
            let inner = indent + [0x20, 0x20]
            out.append(UInt8(ascii: "{"))
            for (index, (key, value)) in members.enumerated() {
                if index > 0 { out.append(UInt8(ascii: ",")) }
                if pretty { Self.newLine(&out, inner) }
                Self.appendQuoted(key, to: &out)
                out.append(UInt8(ascii: ":"))
                if pretty { out.append(0x20) }
                value.write(into: &out, indent: inner, pretty: pretty)
            }
            if pretty { Self.newLine(&out, indent) }
            out.append(UInt8(ascii: "}"))
        }
    }

    private static func newLine(_ out: inout [UInt8], _ indent: [UInt8]) {
        out.append(UInt8(ascii: "\n"))
        out.append(contentsOf: indent)
    }

    /// Integers without a fraction; other values as Swift's shortest round-trip form.
    package static func number(_ value: Double) -> String {
        if value == value.rounded(), abs(value) < 1e15 { return String(Int64(value)) }
        return String(value)
    }

    /// A JSON string literal; YAML reads JSON's escapes in a double-quoted scalar alike.
    package static func quoted(_ text: String) -> String {
        var bytes: [UInt8] = []
        appendQuoted(text, to: &bytes)
        return String(decoding: bytes, as: UTF8.self)
    }

    private static func appendQuoted(_ text: String, to out: inout [UInt8]) {
        out.append(UInt8(ascii: "\""))
        var previous: UInt8 = 0
        for byte in text.utf8 {
            defer { previous = byte }
            switch byte {
            case UInt8(ascii: "\""): out.append(contentsOf: #"\""#.utf8)
            case UInt8(ascii: "\\"): out.append(contentsOf: #"\\"#.utf8)
            case UInt8(ascii: "\n"): out.append(contentsOf: #"\n"#.utf8)
            case UInt8(ascii: "\r"): out.append(contentsOf: #"\r"#.utf8)
            case UInt8(ascii: "\t"): out.append(contentsOf: #"\t"#.utf8)
            case 0..<0x20, 0x7F: appendEscape(byte, to: &out)  // C0 and DEL, which a terminal may act on
            case 0x80...0x9F where previous == 0xC2:  // C1 (U+0080–U+009F): its lead byte is out already
                out.removeLast()
                appendEscape(byte, to: &out)
            default: out.append(byte)
            }
        }
        out.append(UInt8(ascii: "\""))
    }

    /// `\u00xx`, lowercase, for a control character below U+0100.
    private static func appendEscape(_ value: UInt8, to out: inout [UInt8]) {
        out.append(contentsOf: #"\u00"#.utf8)
        out.append(hexDigit(value >> 4))
        out.append(hexDigit(value & 0xF))
    }

    /// A lower-case hex digit's ASCII byte (the JSON Lines writer's escapes use it too).
    package static func hexDigit(_ digit: UInt8) -> UInt8 {
        digit < 10 ? UInt8(ascii: "0") + digit : UInt8(ascii: "a") + digit - 10
    }
}
