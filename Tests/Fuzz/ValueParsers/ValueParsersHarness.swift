import FuzzSupport

/// The time and number parsers under fuzzing. `Linked/` holds symbolic links to their sources in
/// `Sources/GPX`, compiled into this target, because the parsers are internal to the GPX module
/// and `@testable import` would break `swift build -c release`. Byte 0 picks the property:
///
/// - 0: any bytes as a time: if they parse, formatting and parsing again gives the same instant,
///      and formatting that gives the same text;
/// - 1: any instant (8 bytes of seconds, 4 of nanoseconds): formatting never fails, and parses
///      back to the same instant whenever its year is one the parser reads (0000…9999, in UTC);
/// - 2: any bytes as a decimal: an accepted number is finite and equal, to the last bit, to
///      `Double(String)` of the same text; an accepted integer equals `Int(String)`; and a number
///      in the plain decimal grammar that `Double(String)` reads as finite is accepted;
/// - 3: any finite double (8 bytes): its shortest text (`"\(value)"`), its `%.17g`-style text and
///      a fixed-point text parse back to the same bits, with surrounding XML white space too.
enum ValueParsersHarness {
    static func run(_ data: UnsafeRawBufferPointer) {
        var input = FuzzInput(data)
        switch input.byte() % 4 {
        case 0: timeText(input.rest)
        case 1: timeInstant(seconds: input.integer(Int64.self), nanoseconds: input.integer(UInt32.self))
        case 2: decimalText(input.rest)
        default: doubleValue(Double(bitPattern: input.integer(UInt64.self)))
        }
    }

    static func parseTime(_ text: String) -> GPXTime? {
        var text = text
        return text.withUTF8 { ISO8601TimeParser.parse(UnsafeRawBufferPointer($0)) }
    }

    static func timeText(_ bytes: UnsafeRawBufferPointer) {
        guard let time = ISO8601TimeParser.parse(bytes) else { return }
        let shown = String(decoding: bytes, as: UTF8.self)
        Fuzz.check((0..<1_000_000_000).contains(time.nanoseconds), "\(shown): nanoseconds \(time.nanoseconds)")
        let formatted = time.iso8601String
        guard let again = parseTime(formatted) else {
            return Fuzz.check(false, "\(shown) parses, but its formatting \(formatted) does not")
        }
        Fuzz.check(again == time && again.hasTimeZone, "\(shown) → \(formatted) → \(again.secondsSince1970)s \(again.nanoseconds)ns, not \(time.secondsSince1970)s \(time.nanoseconds)ns")
        Fuzz.check(again.iso8601String == formatted, "\(formatted) formats as \(again.iso8601String)")
    }

    static func timeInstant(seconds: Int64, nanoseconds: UInt32) {
        let time = GPXTime(secondsSince1970: seconds, nanoseconds: Int32(nanoseconds % 1_000_000_000))
        let formatted = time.iso8601String
        // Only the years 0000…9999 are read (and printed with four digits); others print expanded.
        guard GPXTime.readableSeconds.contains(seconds) else {
            Fuzz.check(parseTime(formatted) == nil, "\(formatted) is outside the readable years but reads")
            return
        }
        let again = parseTime(formatted)
        Fuzz.check(again == time, "\(seconds)s \(time.nanoseconds)ns → \(formatted) → \(again.map { "\($0.secondsSince1970)s \($0.nanoseconds)ns" } ?? "nil")")
    }

    static func decimalText(_ bytes: UnsafeRawBufferPointer) {
        let trimmed = String(decoding: ASCII.trimmed(bytes), as: UTF8.self)
        let reference = Double(trimmed)
        if let value = DecimalParser.double(bytes) {
            Fuzz.check(value.isFinite, "\"\(trimmed)\" parses as \(value)")
            Fuzz.check(reference?.bitPattern == value.bitPattern, "\"\(trimmed)\" parses as \(value) (\(value.bitPattern)), Double(String) gives \(String(describing: reference)) (\(String(describing: reference?.bitPattern)))")
        } else if let reference, reference.isFinite, isPlainDecimal(trimmed) {
            Fuzz.check(false, "\"\(trimmed)\" is refused, Double(String) reads \(reference)")
        }
        if let integer = DecimalParser.integer(bytes) {
            Fuzz.check(Int(trimmed) == integer, "\"\(trimmed)\" parses as the integer \(integer), Int(String) gives \(String(describing: Int(trimmed)))")
        }
    }

    /// `[+-]? (digits [. digits*]? | . digits) ([eE] [+-]? digits)?`, the grammar the parser documents.
    static func isPlainDecimal(_ text: String) -> Bool {
        var bytes = Array(text.utf8)[...]
        if let first = bytes.first, first == UInt8(ascii: "+") || first == UInt8(ascii: "-") { bytes = bytes.dropFirst() }
        let integerDigits = bytes.prefix(while: ASCII.isDigit).count
        bytes = bytes.dropFirst(integerDigits)
        var fractionDigits = 0
        if bytes.first == UInt8(ascii: ".") {
            bytes = bytes.dropFirst()
            fractionDigits = bytes.prefix(while: ASCII.isDigit).count
            bytes = bytes.dropFirst(fractionDigits)
        }
        guard integerDigits + fractionDigits > 0 else { return false }
        if let first = bytes.first, first == UInt8(ascii: "e") || first == UInt8(ascii: "E") {
            bytes = bytes.dropFirst()
            if let sign = bytes.first, sign == UInt8(ascii: "+") || sign == UInt8(ascii: "-") { bytes = bytes.dropFirst() }
            let exponentDigits = bytes.prefix(while: ASCII.isDigit).count
            guard exponentDigits > 0 else { return false }
            bytes = bytes.dropFirst(exponentDigits)
        }
        return bytes.isEmpty
    }

    static func doubleValue(_ value: Double) {
        guard value.isFinite else { return }
        var texts = ["\(value)", " \(value)\n", "\t+\(value.magnitude)\r\n".replacingPlus(if: value.sign == .minus)]
        texts.append(fixedPoint(value))
        for text in texts {
            var text = text
            let parsed = text.withUTF8 { DecimalParser.double(UnsafeRawBufferPointer($0)) }
            Fuzz.check(parsed?.bitPattern == value.bitPattern, "\(value) (\(value.bitPattern)) → \"\(text)\" → \(String(describing: parsed)) (\(String(describing: parsed?.bitPattern)))")
        }
    }

    /// The exact decimal expansion of a finite double, without an exponent (up to 1,100 digits).
    static func fixedPoint(_ value: Double) -> String {
        // value = significand × 2^exponent exactly; expand in base 10 with big-number arithmetic.
        let magnitude = value.magnitude
        guard magnitude != 0 else { return value.sign == .minus ? "-0" : "0" }
        let exponent = Int(magnitude.exponent) - Double.significandBitCount
        var significand = magnitude.significandBitPattern | (magnitude.isNormal ? 1 << UInt64(Double.significandBitCount) : 0)
        var shift = exponent
        if !magnitude.isNormal { shift = Int(Double.leastNormalMagnitude.exponent) - Double.significandBitCount }
        while significand & 1 == 0 && shift < 0 { significand >>= 1; shift += 1 }
        // Digits, least significant first, base 10^9.
        var limbs: [UInt64] = [significand % 1_000_000_000, significand / 1_000_000_000 % 1_000_000_000, significand / 1_000_000_000_000_000_000]
        func multiply(_ factor: UInt64) {
            var carry: UInt64 = 0
            for index in limbs.indices {
                let product = limbs[index] * factor + carry
                limbs[index] = product % 1_000_000_000
                carry = product / 1_000_000_000
            }
            while carry > 0 { limbs.append(carry % 1_000_000_000); carry /= 1_000_000_000 }
        }
        var fractionDigits = 0
        if shift >= 0 {
            for _ in 0..<shift { multiply(2) }
        } else {
            // m / 2^k = m × 5^k / 10^k
            for _ in 0..<(-shift) { multiply(5) }
            fractionDigits = -shift
        }
        var digits = limbs.reversed().map { limb in
            let text = String(limb)
            return String(repeating: "0", count: 9 - text.count) + text
        }.joined()
        while digits.count > 1 && digits.first == "0" { digits.removeFirst() }
        if fractionDigits > 0 {
            if digits.count <= fractionDigits { digits = String(repeating: "0", count: fractionDigits - digits.count + 1) + digits }
            digits.insert(".", at: digits.index(digits.endIndex, offsetBy: -fractionDigits))
        }
        return (value.sign == .minus ? "-" : "") + digits
    }
}

extension String {
    fileprivate func replacingPlus(if negative: Bool) -> String {
        guard negative, let plus = firstIndex(of: "+") else { return self }
        var copy = self
        copy.replaceSubrange(plus...plus, with: "-")
        return copy
    }
}
