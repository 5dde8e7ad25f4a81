/// Parses decimal numbers from raw bytes, correctly rounded, without `strtod` (whose meaning
/// changes with `setlocale`), without making a `String` and without allocating on the common path.
package enum DecimalParser {
    /// What a text is as a number.
    enum Outcome: Equatable {
        case value(Double)
        /// A decimal whose magnitude rounds past `Double.greatestFiniteMagnitude`.
        case tooLarge
        case notANumber
    }

    /// A decimal number as in `xsd:decimal` (sign, digits, optional fraction), with an optional
    /// exponent tolerated; surrounding XML white space is ignored. `nil` for anything else,
    /// including `NaN`, `inf`, hexadecimal and decimals too large for a `Double`.
    package static func double(_ bytes: UnsafeRawBufferPointer) -> Double? {
        if case .value(let value) = parse(bytes) { return value }
        return nil
    }

    /// Why ``double(_:)`` refused `bytes`, for messages: a decimal too large for a `Double`, or no number at all.
    static func refusal(_ bytes: UnsafeRawBufferPointer) -> String {
        parse(bytes) == .tooLarge ? "is too large to be a number" : "is not a number"
    }

    /// The number `bytes` hold, rounded to the nearest `Double` (ties to even), as `strtod` in the C locale rounds.
    static func parse(_ bytes: UnsafeRawBufferPointer) -> Outcome {
        guard let base = bytes.baseAddress?.assumingMemoryBound(to: UInt8.self) else { return .notANumber }
        let end = base + bytes.count
        var cursor = base
        while cursor < end, ASCII.isXMLSpace(cursor.pointee) { cursor += 1 }
        var negative = false
        if cursor < end, cursor.pointee == UInt8(ascii: "-") || cursor.pointee == UInt8(ascii: "+") {
            negative = cursor.pointee == UInt8(ascii: "-")
            cursor += 1
        }
        // Up to 19 digits fit a UInt64 exactly; with more, the mantissa wraps and is not used.
        var mantissa: UInt64 = 0
        let integerStart = cursor
        while cursor < end {
            let digit = cursor.pointee &- 0x30
            guard digit < 10 else { break }
            mantissa = mantissa &* 10 &+ UInt64(digit)
            cursor += 1
        }
        let integerDigits = cursor - integerStart
        var fractionStart = cursor
        var fractionDigits = 0
        if cursor < end, cursor.pointee == UInt8(ascii: ".") {
            cursor += 1
            fractionStart = cursor
            while cursor < end {
                let digit = cursor.pointee &- 0x30
                guard digit < 10 else { break }
                mantissa = mantissa &* 10 &+ UInt64(digit)
                cursor += 1
            }
            fractionDigits = cursor - fractionStart
        }
        let digits = integerDigits + fractionDigits
        guard digits > 0 else { return .notANumber }
        var exponent = 0
        if cursor < end, cursor.pointee | 0x20 == UInt8(ascii: "e") {
            cursor += 1
            guard let written = readExponent(&cursor, end) else { return .notANumber }
            exponent = written
        }
        while cursor < end, ASCII.isXMLSpace(cursor.pointee) { cursor += 1 }
        guard cursor == end else { return .notANumber }
        let decimalExponent = exponent - fractionDigits
        // Clinger's fast path: an exact mantissa (≤ 2⁵³) and an exact power of ten round once, correctly.
        if digits <= 19, mantissa <= 1 << 53, decimalExponent >= -22, decimalExponent <= 22 {
            let magnitude = decimalExponent < 0
                ? Double(mantissa) / exactPowerOfTen(-decimalExponent)
                : Double(mantissa) * exactPowerOfTen(decimalExponent)
            return .value(negative ? -magnitude : magnitude)
        }
        let integerPart = UnsafeBufferPointer(start: integerStart, count: integerDigits)
        let fractionPart = UnsafeBufferPointer(start: fractionStart, count: fractionDigits)
        guard let magnitude = ExactDecimal(integerPart, fractionPart, exponent: decimalExponent).rounded() else {
            return .tooLarge
        }
        return .value(negative ? -magnitude : magnitude)
    }

    /// `[+-]digits` after an `e`; a value past ±10⁹ is kept at that (far beyond any `Double`'s range).
    private static func readExponent(_ cursor: inout UnsafePointer<UInt8>, _ end: UnsafePointer<UInt8>) -> Int? {
        var negative = false
        if cursor < end, cursor.pointee == UInt8(ascii: "-") || cursor.pointee == UInt8(ascii: "+") {
            negative = cursor.pointee == UInt8(ascii: "-")
            cursor += 1
        }
        let start = cursor
        var value = 0
        while cursor < end {
            let digit = cursor.pointee &- 0x30
            guard digit < 10 else { break }
            value = min(value * 10 + Int(digit), 1_000_000_000)
            cursor += 1
        }
        guard cursor > start else { return nil }
        return negative ? -value : value
    }

    /// 10⁰…10²², which a `Double` holds exactly; a switch, so the look-up is a constant table.
    @inline(__always)
    static func exactPowerOfTen(_ exponent: Int) -> Double {
        switch exponent {
        case 0: 1e0
        case 1: 1e1
        case 2: 1e2
        case 3: 1e3
        case 4: 1e4
        case 5: 1e5
        case 6: 1e6
        case 7: 1e7
        case 8: 1e8
        case 9: 1e9
        case 10: 1e10
        case 11: 1e11
        case 12: 1e12
        case 13: 1e13
        case 14: 1e14
        case 15: 1e15
        case 16: 1e16
        case 17: 1e17
        case 18: 1e18
        case 19: 1e19
        case 20: 1e20
        case 21: 1e21
        default: 1e22
        }
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

/// A decimal `digits × 10^exponent` rounded to the nearest `Double` by exact comparison: an
/// estimate within a few units in the last place, moved one unit at a time until the decimal lies
/// within half a unit of it (ties to the even significand). For the numbers the fast path cannot
/// take: more than 19 digits (Garmin Connect writes 30), mantissas above 2⁵³, large exponents.
struct ExactDecimal {
    /// Significant digits kept (their values, 0…9), without leading zeros.
    private var digits: [UInt8] = []
    /// The value is `digits × 10^exponent`, plus a little when `inexact`.
    private var exponent: Int
    /// Nonzero digits were dropped after the kept ones.
    private var inexact = false

    /// A `Double`'s halfway points have at most 767 significant digits: a decimal cut after 800
    /// compares with each of them as the whole decimal does, once the dropped digits are noted.
    private static let keptDigits = 800

    init(_ integerPart: UnsafeBufferPointer<UInt8>, _ fractionPart: UnsafeBufferPointer<UInt8>, exponent: Int) {
        self.exponent = exponent
        for part in [integerPart, fractionPart] {
            for byte in part {
                let digit = byte &- 0x30
                if digits.isEmpty && digit == 0 { continue }
                if digits.count < Self.keptDigits {
                    digits.append(digit)
                } else {
                    self.exponent += 1
                    if digit != 0 { inexact = true }
                }
            }
        }
        while let last = digits.last, last == 0, !inexact {
            digits.removeLast()
            self.exponent += 1
        }
    }

    /// The nearest `Double` (non-negative), or `nil` when that is past the largest finite one.
    func rounded() -> Double? {
        guard !digits.isEmpty else { return 0 }
        // The decimal lies in [10^(point − 1), 10^point).
        let point = digits.count + exponent
        if point > 310 { return nil }
        if point < -330 { return 0 }
        var candidate = estimate()
        while true {
            let above = compare(toHalfwayAbove: candidate)
            if above > 0 || (above == 0 && candidate.bitPattern & 1 == 1) {
                guard candidate < .greatestFiniteMagnitude else { return nil }
                candidate = candidate.nextUp
                continue
            }
            if candidate > 0 {
                let below = compare(toHalfwayAbove: candidate.nextDown)
                if below < 0 || (below == 0 && candidate.bitPattern & 1 == 1) {
                    candidate = candidate.nextDown
                    continue
                }
            }
            return candidate
        }
    }

    /// The first 19 digits scaled by powers of ten in floating point: a few units off at most.
    private func estimate() -> Double {
        var leading: UInt64 = 0
        let used = min(digits.count, 19)
        for digit in digits.prefix(used) { leading = leading * 10 + UInt64(digit) }
        var value = Double(leading)
        var scale = exponent + digits.count - used
        while scale > 22 {
            value *= 1e22
            scale -= 22
        }
        while scale < -22 {
            value /= 1e22
            scale += 22
        }
        value = scale < 0 ? value / DecimalParser.exactPowerOfTen(-scale) : value * DecimalParser.exactPowerOfTen(scale)
        return value.isFinite ? value : .greatestFiniteMagnitude
    }

    /// The sign of `decimal − h`, where h is halfway between `value` (finite, ≥ 0) and the next
    /// `Double` up (2¹⁰²⁴ above the largest finite one).
    private func compare(toHalfwayAbove value: Double) -> Int {
        let (lowSignificand, lowExponent) = Self.parts(value)
        let (highSignificand, highExponent) = value == .greatestFiniteMagnitude ? (UInt64(1) << 52, 972) : Self.parts(value.nextUp)
        // Neighbours' exponents differ by at most one: the sum fits 55 bits.
        let common = min(lowExponent, highExponent)
        let sum = (lowSignificand << UInt64(lowExponent - common)) + (highSignificand << UInt64(highExponent - common))
        // decimal = digits · 5^e · 2^e; halfway = sum · 2^(common − 1).
        var decimal = BigUnsigned(decimalDigits: digits)
        var halfway = BigUnsigned(sum)
        var decimalTwos = 0, halfwayTwos = common - 1
        if exponent >= 0 {
            decimal.multiply(byPowerOfFive: exponent)
            decimalTwos += exponent
        } else {
            halfway.multiply(byPowerOfFive: -exponent)
            halfwayTwos -= exponent
        }
        if decimalTwos > halfwayTwos {
            decimal.shiftLeft(decimalTwos - halfwayTwos)
        } else {
            halfway.shiftLeft(halfwayTwos - decimalTwos)
        }
        let order = decimal.compare(halfway)
        return order == 0 && inexact ? 1 : order
    }

    /// `value = significand · 2^exponent` for a finite `value` ≥ 0.
    private static func parts(_ value: Double) -> (UInt64, Int) {
        let fraction = value.bitPattern & ((1 << 52) - 1)
        let biased = Int(value.bitPattern >> 52)
        return biased == 0 ? (fraction, -1074) : (fraction | (1 << 52), biased - 1075)
    }
}

/// Just enough of an unsigned big integer for ``ExactDecimal``: 32-bit limbs, least significant first.
struct BigUnsigned {
    private var limbs: [UInt32]

    init(_ value: UInt64) {
        limbs = [UInt32(truncatingIfNeeded: value), UInt32(truncatingIfNeeded: value >> 32)]
        trim()
    }

    init(decimalDigits: [UInt8]) {
        limbs = []
        limbs.reserveCapacity(decimalDigits.count / 9 + 2)
        var index = 0
        while index < decimalDigits.count {
            let chunk = min(9, decimalDigits.count - index)
            var value: UInt32 = 0
            var scale: UInt32 = 1
            for digit in decimalDigits[index..<index + chunk] {
                value = value * 10 + UInt32(digit)
                scale *= 10
            }
            multiply(by: scale, adding: value)
            index += chunk
        }
    }

    mutating func multiply(by factor: UInt32, adding addend: UInt32 = 0) {
        var carry = UInt64(addend)
        for index in limbs.indices {
            let product = UInt64(limbs[index]) * UInt64(factor) + carry
            limbs[index] = UInt32(truncatingIfNeeded: product)
            carry = product >> 32
        }
        if carry != 0 { limbs.append(UInt32(carry)) }
    }

    mutating func multiply(byPowerOfFive exponent: Int) {
        var remaining = exponent
        while remaining >= 13 {
            multiply(by: 1_220_703_125)  // 5¹³, the largest power of five under 2³²
            remaining -= 13
        }
        var factor: UInt32 = 1
        for _ in 0..<remaining { factor *= 5 }
        if factor > 1 { multiply(by: factor) }
    }

    mutating func shiftLeft(_ bits: Int) {
        guard bits > 0, !limbs.isEmpty else { return }
        let whole = bits / 32, part = UInt32(bits % 32)
        if part > 0 {
            var carry: UInt32 = 0
            for index in limbs.indices {
                let limb = limbs[index]
                limbs[index] = (limb << part) | carry
                carry = limb >> (32 - part)
            }
            if carry != 0 { limbs.append(carry) }
        }
        limbs.insert(contentsOf: repeatElement(0, count: whole), at: 0)
    }

    /// −1, 0 or 1 as `self` is below, equal to or above `other`.
    func compare(_ other: BigUnsigned) -> Int {
        if limbs.count != other.limbs.count { return limbs.count < other.limbs.count ? -1 : 1 }
        for index in limbs.indices.reversed() where limbs[index] != other.limbs[index] {
            return limbs[index] < other.limbs[index] ? -1 : 1
        }
        return 0
    }

    private mutating func trim() {
        while let last = limbs.last, last == 0 { limbs.removeLast() }
    }
}
