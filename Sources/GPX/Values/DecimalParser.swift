/// Parses decimal numbers from raw bytes without `strtod` (whose meaning changes with `setlocale`)
/// and without allocating on the common path.
enum DecimalParser {
    /// Powers of ten that a `Double` holds exactly.
    private static let exactPowersOfTen: [Double] = (0...22).map { exponent in
        var value = 1.0
        for _ in 0..<exponent { value *= 10 }
        return value
    }

    /// A decimal number as in `xsd:decimal` (sign, digits, optional fraction), with an optional
    /// exponent tolerated; surrounding XML white space is ignored. `nil` for anything else,
    /// including `NaN`, `inf` and hexadecimal.
    static func double(_ bytes: UnsafeRawBufferPointer) -> Double? {
        let count = bytes.count
        var index = 0
        while index < count, ASCII.isXMLSpace(bytes[index]) { index += 1 }
        let start = index
        var negative = false
        if index < count, bytes[index] == UInt8(ascii: "-") || bytes[index] == UInt8(ascii: "+") {
            negative = bytes[index] == UInt8(ascii: "-")
            index += 1
        }
        // Up to 19 digits fit a UInt64 exactly; more send the number to the slow path.
        var mantissa: UInt64 = 0
        var digits = 0
        var fractionDigits = 0
        while index < count, ASCII.isDigit(bytes[index]) {
            if digits < 19 { mantissa = mantissa &* 10 &+ UInt64(bytes[index] &- 0x30) }
            digits += 1
            index += 1
        }
        if index < count, bytes[index] == UInt8(ascii: ".") {
            index += 1
            while index < count, ASCII.isDigit(bytes[index]) {
                if digits < 19 { mantissa = mantissa &* 10 &+ UInt64(bytes[index] &- 0x30) }
                digits += 1
                fractionDigits += 1
                index += 1
            }
        }
        guard digits > 0 else { return nil }
        var end = index
        while end < count, ASCII.isXMLSpace(bytes[end]) { end += 1 }
        if end < count {
            guard bytes[index] == UInt8(ascii: "e") || bytes[index] == UInt8(ascii: "E") else { return nil }
            return slowPath(ASCII.trimmed(bytes), exponentAt: index - start)
        }
        // Clinger's fast path: an exact mantissa (≤ 2⁵³) and an exact power of ten round once, correctly.
        if digits <= 19, mantissa <= 1 << 53, fractionDigits <= 22 {
            let magnitude = Double(mantissa) / exactPowersOfTen[fractionDigits]
            return negative ? -magnitude : magnitude
        }
        // More than 308 integer digits overflow to infinity, which is not a number here either.
        guard let value = Double(String(decoding: ASCII.trimmed(bytes), as: UTF8.self)), value.isFinite else { return nil }
        return value
    }

    /// Numbers with an exponent: check the exponent's form, then let Swift's locale-independent parser round.
    private static func slowPath(_ bytes: UnsafeRawBufferPointer, exponentAt start: Int) -> Double? {
        var index = start + 1
        if index < bytes.count, bytes[index] == UInt8(ascii: "-") || bytes[index] == UInt8(ascii: "+") {
            index += 1
        }
        guard index < bytes.count else { return nil }
        while index < bytes.count {
            guard ASCII.isDigit(bytes[index]) else { return nil }
            index += 1
        }
        guard let value = Double(String(decoding: bytes, as: UTF8.self)), value.isFinite else { return nil }
        return value
    }

    /// An integer (optional sign, up to 18 digits); surrounding XML white space is ignored.
    static func integer(_ raw: UnsafeRawBufferPointer) -> Int? {
        let bytes = ASCII.trimmed(raw)
        var index = 0
        var negative = false
        if index < bytes.count, bytes[index] == UInt8(ascii: "-") || bytes[index] == UInt8(ascii: "+") {
            negative = bytes[index] == UInt8(ascii: "-")
            index += 1
        }
        let digits = bytes.count - index
        guard digits > 0, digits <= 18 else { return nil }
        var value = 0
        while index < bytes.count {
            guard ASCII.isDigit(bytes[index]) else { return nil }
            value = value * 10 + Int(bytes[index] &- 0x30)
            index += 1
        }
        return negative ? -value : value
    }
}
