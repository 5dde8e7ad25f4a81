/// Swift's shortest round-trip text (`description`) for the doubles a jsonl line holds most
/// (coordinates, metres, seconds: 2⁻⁹ ≤ |value| < 2³³), computed exactly in integers.
///
/// The standard library's formatter costs about 590 instructions a number (issue 21: 108 M of a
/// day's jsonl replay, 624 a number with its call); this takes 390. It answers nil, and the
/// caller uses the standard library, outside that range, at a power of two (whose rounding
/// interval is lopsided), and when the nearest candidate is a tie or lies exactly on the
/// interval's edge (where the round-trip depends on round-half-even): the rare cases where it
/// would have to decide as the standard library does rather than by arithmetic alone.
package enum ShortestDecimal {
    /// The longest text this writes: a sign, 17 significant digits, a point and up to 3 leading zeros.
    static let longest = 24

    /// Writes `value`'s `description` at `start` and returns its length, or nil to leave it to the
    /// standard library. `start` must have ``longest`` bytes of room.
    ///
    /// With `value = m · 2⁻ᵉ` (m the 53-bit significand), every decimal that reads back as `value`
    /// lies strictly inside `(m ± ½) · 2⁻ᵉ`. At k fractional digits the candidate is the integer
    /// nearest `value · 10ᵏ`; the shortest text is the smallest k at which it lies inside. At the
    /// k where `10ᵏ ≥ 2ᵉ` the interval is at least one unit wide, so one does; a candidate at k − 1
    /// gives one at k (times ten), so the search walks down from there until one is missing.
    package static func write(_ value: Double, to start: UnsafeMutablePointer<UInt8>) -> Int? {
        let exponent = Int(value.exponent)
        guard value.isNormal, exponent >= -9, exponent <= 32, value.significandBitPattern != 0 else { return nil }
        let significand = (UInt64(1) << 52) | value.significandBitPattern
        let fractionBits = 52 - exponent          // 20...61
        // ⌈fractionBits · log₁₀ 2⌉ (78913 / 2¹⁸ is log₁₀ 2 to well within these exponents).
        var digits = ((fractionBits * 78_913) >> 18) + 1
        guard case .inside(var best) = candidate(significand, fractionBits, digits) else { return nil }
        while digits > 0 {
            switch candidate(significand, fractionBits, digits - 1) {
            case .inside(let shorter): best = shorter; digits -= 1
            case .outside: return text(best, fractionDigits: digits, negative: value < 0, at: start)
            case .undecided: return nil
            }
        }
        return text(best, fractionDigits: 0, negative: value < 0, at: start)
    }

    private enum Candidate {
        case inside(UInt64)
        case outside
        /// A tie between two candidates, or one on the interval's edge.
        case undecided
    }

    /// The integer nearest `m · 2⁻ᵉ · 10ᵏ`, and whether it lies inside the rounding interval,
    /// found in units of `2⁻⁽ᵉ⁺¹⁾ · 10⁻ᵏ`: the value is `2m · 10ᵏ` and the interval's half-width `10ᵏ`.
    @inline(__always)
    private static func candidate(_ significand: UInt64, _ fractionBits: Int, _ digits: Int) -> Candidate {
        let scale = powerOfTen(digits)
        let (high, low) = (significand << 1).multipliedFullWidth(by: scale)
        let shift = UInt64(fractionBits + 1)      // 21...62
        let unit = UInt64(1) << shift
        let half = unit >> 1
        let below = (high << (64 - shift)) | (low >> shift)
        let remainder = low & (unit - 1)
        let distance = min(remainder, unit - remainder)
        if distance > scale { return .outside }
        if distance == scale || remainder == half { return .undecided }
        return .inside(remainder < half ? below : below + 1)
    }

    /// `integer · 10⁻ᵈ` as `description` prints it: "0." before a fraction under one, ".0" after a
    /// whole number.
    private static func text(_ integer: UInt64, fractionDigits: Int, negative: Bool, at start: UnsafeMutablePointer<UInt8>) -> Int {
        // Written backwards from the end of the room, two digits at a time, then moved to its start.
        var cursor = start + longest
        var rest = integer
        var fraction = fractionDigits
        if fraction == 0 {
            cursor -= 1; cursor.pointee = UInt8(ascii: "0")
        }
        while fraction >= 2 {
            cursor -= 2; writePair(rest % 100, at: cursor)
            rest /= 100; fraction -= 2
        }
        if fraction == 1 {
            cursor -= 1; cursor.pointee = UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: rest % 10)
            rest /= 10
        }
        cursor -= 1; cursor.pointee = UInt8(ascii: ".")
        while rest >= 10 {
            cursor -= 2; writePair(rest % 100, at: cursor)
            rest /= 100
        }
        if rest > 0 || cursor[0] == UInt8(ascii: ".") {
            cursor -= 1; cursor.pointee = UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: rest)
        }
        if negative { cursor -= 1; cursor.pointee = UInt8(ascii: "-") }
        let count = start + longest - cursor
        UnsafeMutableRawPointer(start).copyMemory(from: cursor, byteCount: count)   // memmove
        return count
    }

    @inline(__always)
    private static func writePair(_ pair: UInt64, at destination: UnsafeMutablePointer<UInt8>) {
        let source = digitPairs.utf8Start + Int(truncatingIfNeeded: pair) * 2
        destination[0] = source[0]
        destination[1] = source[1]
    }

    /// "00" to "99": a constant in the binary, so no initialisation is checked on use.
    private static let digitPairs: StaticString = """
        00010203040506070809101112131415161718192021222324252627282930313233343536373839\
        40414243444546474849505152535455565758596061626364656667686970717273747576777879\
        8081828384858687888990919293949596979899
        """

    /// 10ᵏ for k in 0...19, as a switch: a table in the binary, with no initialisation to check.
    @inline(__always)
    private static func powerOfTen(_ exponent: Int) -> UInt64 {
        switch exponent {
        case 0: 1
        case 1: 10
        case 2: 100
        case 3: 1_000
        case 4: 10_000
        case 5: 100_000
        case 6: 1_000_000
        case 7: 10_000_000
        case 8: 100_000_000
        case 9: 1_000_000_000
        case 10: 10_000_000_000
        case 11: 100_000_000_000
        case 12: 1_000_000_000_000
        case 13: 10_000_000_000_000
        case 14: 100_000_000_000_000
        case 15: 1_000_000_000_000_000
        case 16: 10_000_000_000_000_000
        case 17: 100_000_000_000_000_000
        case 18: 1_000_000_000_000_000_000
        default: 10_000_000_000_000_000_000
        }
    }
}
