import Testing
@testable import Scenario

/// A matrix's parent lays out its workers' compact runs with `JSONValue.indent(compact:at:into:)`:
/// the bytes must be those `serialized(indent:)` writes for the same value.
@Suite struct JSONValueIndentTests {
    static let values: [JSONValue] = [
        .object([]),
        .array([]),
        .object([("a", .array([])), ("b", .object([])), ("c", .null)]),
        .object([
            ("text", .string(#"braces { } [ ], a colon: and, commas; "quoted" and \ backslash"#)),
            ("controls", .string("tab\there\nline \u{1B}[2J \u{9B} end")),
            ("numbers", .array([.int(-3), .double(0.1), .double(1e-7), .uint(18_446_744_073_709_551_615), .double(2)])),
            ("nested", .array([.object([("x", .array([.array([]), .object([("y", .bool(true))])]))]), .string("")])),
        ]),
        .array([.string("{}"), .string("[]"), .string(#"\"#), .bool(false)]),
    ]

    @Test(arguments: values)
    func indentingTheCompactTextGivesTheSerializedText(value: JSONValue) {
        for indent in ["", "    "] {
            var bytes: [UInt8] = []
            JSONValue.indent(compact: value.compact(), at: indent, into: &bytes)
            #expect(String(decoding: bytes, as: UTF8.self) == value.serialized(indent: indent))
        }
    }
}
