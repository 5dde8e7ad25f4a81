/// Parses the ISO 8601 date-times GPX files write, from raw bytes, exactly.
///
/// Accepted: `YYYY-MM-DD` (four or more year digits), `T`, `t` or a space, `hh:mm:ss`, any number
/// of fractional digits (nanoseconds kept, the rest dropped), and a zone of `Z`, `z`, `±hh:mm`,
/// `±hhmm` or `±hh` — or none, which is read as UTC and flagged. Surrounding white space is ignored.
/// The instant, in UTC, must fall in the years 0000…999999999, the ones this grammar can write back.
enum ISO8601TimeParser {
    static func parse(_ raw: UnsafeRawBufferPointer) -> GPXTime? {
        let bytes = ASCII.trimmed(raw)
        var cursor = Cursor(bytes: bytes)

        guard let year = cursor.number(minDigits: 4, maxDigits: 9),
              cursor.take(UInt8(ascii: "-")),
              let month = cursor.number(minDigits: 2, maxDigits: 2),
              cursor.take(UInt8(ascii: "-")),
              let day = cursor.number(minDigits: 2, maxDigits: 2),
              cursor.takeDateTimeSeparator(),
              let hour = cursor.number(minDigits: 2, maxDigits: 2),
              cursor.take(UInt8(ascii: ":")),
              let minute = cursor.number(minDigits: 2, maxDigits: 2),
              cursor.take(UInt8(ascii: ":")),
              let second = cursor.number(minDigits: 2, maxDigits: 2)
        else { return nil }

        var nanoseconds: Int64 = 0
        if cursor.take(UInt8(ascii: ".")) {
            var digits = 0
            while let digit = cursor.digit() {
                if digits < 9 { nanoseconds = nanoseconds * 10 + digit }
                digits += 1
            }
            guard digits > 0 else { return nil }
            for _ in digits..<max(digits, 9) { nanoseconds *= 10 }
        }

        var offset: Int64? = nil
        if cursor.take(UInt8(ascii: "Z")) || cursor.take(UInt8(ascii: "z")) {
            offset = 0
        } else if let sign = cursor.takeSign() {
            guard let hours = cursor.number(minDigits: 2, maxDigits: 2), hours <= 23 else { return nil }
            var minutes: Int64 = 0
            if cursor.take(UInt8(ascii: ":")) {
                guard let m = cursor.number(minDigits: 2, maxDigits: 2) else { return nil }
                minutes = m
            } else if let m = cursor.number(minDigits: 2, maxDigits: 2) {
                minutes = m
            }
            guard minutes <= 59 else { return nil }
            offset = sign * (hours * 3600 + minutes * 60)
        }
        guard cursor.atEnd else { return nil }

        guard (1...12).contains(month),
              day >= 1, day <= CivilCalendar.daysInMonth(year: year, month: month),
              hour <= 23, minute <= 59, second <= 60  // 60: a leap second, as GPS logs may write
        else { return nil }

        let days = CivilCalendar.daysSince1970(year: year, month: month, day: day)
        let local = days * 86_400 + hour * 3600 + minute * 60 + second
        let instant = local - (offset ?? 0)
        // Only instants whose UTC year this grammar writes (a zone offset or a leap second at
        // either end could leave it), so that every time read formats as one that reads back.
        guard instant >= firstReadableSecond, instant < endOfReadableSeconds else { return nil }
        return GPXTime(
            secondsSince1970: instant,
            nanoseconds: Int32(nanoseconds),
            utcOffsetSeconds: offset.map { Int32($0) }
        )
    }

    /// 0000-01-01T00:00:00Z: the first instant of the smallest year the parser reads.
    private static let firstReadableSecond = CivilCalendar.daysSince1970(year: 0, month: 1, day: 1) * 86_400
    /// 1000000000-01-01T00:00:00Z: the first instant past the largest year (nine digits) the parser reads.
    private static let endOfReadableSeconds = CivilCalendar.daysSince1970(year: 1_000_000_000, month: 1, day: 1) * 86_400

    private struct Cursor {
        let bytes: UnsafeRawBufferPointer
        var index = 0

        init(bytes: UnsafeRawBufferPointer) { self.bytes = bytes }

        var atEnd: Bool { index == bytes.count }

        mutating func take(_ byte: UInt8) -> Bool {
            guard index < bytes.count, bytes[index] == byte else { return false }
            index += 1
            return true
        }

        mutating func takeDateTimeSeparator() -> Bool {
            take(UInt8(ascii: "T")) || take(UInt8(ascii: "t")) || take(UInt8(ascii: " "))
        }

        mutating func takeSign() -> Int64? {
            if take(UInt8(ascii: "+")) { return 1 }
            if take(UInt8(ascii: "-")) { return -1 }
            return nil
        }

        mutating func digit() -> Int64? {
            guard index < bytes.count, ASCII.isDigit(bytes[index]) else { return nil }
            defer { index += 1 }
            return Int64(bytes[index] &- 0x30)
        }

        mutating func number(minDigits: Int, maxDigits: Int) -> Int64? {
            var value: Int64 = 0
            var count = 0
            while count < maxDigits, let d = digit() {
                value = value * 10 + d
                count += 1
            }
            return count >= minDigits ? value : nil
        }
    }
}
