/// Parses the ISO 8601 date-times GPX files write, from raw bytes, exactly.
///
/// Accepted: `YYYY-MM-DD` (years 0000…9999, and the instant in UTC within them too), `T`, `t` or a space, `hh:mm:ss`, any number
/// of fractional digits (nanoseconds kept, the rest dropped), and a zone of `Z`, `z`, `±hh:mm`,
/// `±hhmm` or `±hh` — or none, which is read as UTC and flagged. Surrounding white space is ignored.
package enum ISO8601TimeParser {
    package enum Failure: Error {
        case notISO8601
        /// A date-time whose instant (in UTC) falls outside 0000-01-01…9999-12-31, which
        /// ``GPXTime/iso8601String`` could not write back in four year digits.
        case outsideReadableYears
    }

    static func parse(_ raw: UnsafeRawBufferPointer) -> GPXTime? {
        try? parseChecked(raw).get()
    }

    /// The last fixed-width date read and its day number: a track's points share their date, so
    /// most times are read without their date's digits or calendar arithmetic.
    package struct DateMemo {
        fileprivate var dateBytes: (UInt64, UInt16) = (0, 0)
        fileprivate var daysSince1970: Int64 = 0
        fileprivate var isSet = false

        package init() {}
    }

    static func parseChecked(_ raw: UnsafeRawBufferPointer) -> Result<GPXTime, Failure> {
        var memo = DateMemo()
        return parseChecked(raw, memo: &memo)
    }

    /// As ``parseChecked(_:)``, remembering the date in `memo` for the next time.
    package static func parseChecked(_ raw: UnsafeRawBufferPointer, memo: inout DateMemo) -> Result<GPXTime, Failure> {
        let bytes = ASCII.trimmed(raw)
        var cursor = Cursor(bytes: bytes)

        let year, month, day, hour, minute, second: Int64
        var knownDays: Int64?
        if let fields = fixedWidthDateTime(bytes) {
            (year, month, day, hour, minute, second) = fields
            cursor.index = 19
            let dateBytes = (bytes.loadUnaligned(as: UInt64.self), bytes.loadUnaligned(fromByteOffset: 8, as: UInt16.self))
            if memo.isSet && memo.dateBytes == dateBytes {
                knownDays = memo.daysSince1970
            } else if (1...12).contains(month), day >= 1, day <= CivilCalendar.daysInMonth(year: year, month: month) {
                let days = CivilCalendar.daysSince1970(year: year, month: month, day: day)
                memo.dateBytes = dateBytes
                memo.daysSince1970 = days
                memo.isSet = true
                knownDays = days
            }
        } else {
            guard let parsedYear = cursor.number(minDigits: 4, maxDigits: 9),
                  cursor.take(UInt8(ascii: "-")),
                  let parsedMonth = cursor.number(minDigits: 2, maxDigits: 2),
                  cursor.take(UInt8(ascii: "-")),
                  let parsedDay = cursor.number(minDigits: 2, maxDigits: 2),
                  cursor.takeDateTimeSeparator(),
                  let parsedHour = cursor.number(minDigits: 2, maxDigits: 2),
                  cursor.take(UInt8(ascii: ":")),
                  let parsedMinute = cursor.number(minDigits: 2, maxDigits: 2),
                  cursor.take(UInt8(ascii: ":")),
                  let parsedSecond = cursor.number(minDigits: 2, maxDigits: 2)
            else { return .failure(.notISO8601) }
            (year, month, day, hour, minute, second) = (parsedYear, parsedMonth, parsedDay, parsedHour, parsedMinute, parsedSecond)
        }

        var nanoseconds: Int64 = 0
        if cursor.take(UInt8(ascii: ".")) {
            var digits = 0
            while let digit = cursor.digit() {
                if digits < 9 { nanoseconds = nanoseconds * 10 + digit }
                digits += 1
            }
            guard digits > 0 else { return .failure(.notISO8601) }
            for _ in digits..<max(digits, 9) { nanoseconds *= 10 }
        }

        var offset: Int64? = nil
        if cursor.take(UInt8(ascii: "Z")) || cursor.take(UInt8(ascii: "z")) {
            offset = 0
        } else if let sign = cursor.takeSign() {
            guard let hours = cursor.number(minDigits: 2, maxDigits: 2), hours <= 23 else { return .failure(.notISO8601) }
            var minutes: Int64 = 0
            if cursor.take(UInt8(ascii: ":")) {
                guard let m = cursor.number(minDigits: 2, maxDigits: 2) else { return .failure(.notISO8601) }
                minutes = m
            } else if let m = cursor.number(minDigits: 2, maxDigits: 2) {
                minutes = m
            }
            guard minutes <= 59 else { return .failure(.notISO8601) }
            offset = sign * (hours * 3600 + minutes * 60)
        }
        guard cursor.atEnd else { return .failure(.notISO8601) }

        // A remembered date is a valid one.
        guard knownDays != nil || ((1...12).contains(month) && day >= 1 && day <= CivilCalendar.daysInMonth(year: year, month: month)),
              hour <= 23, minute <= 59, second <= 60  // 60: a leap second, as GPS logs may write
        else { return .failure(.notISO8601) }

        let days = knownDays ?? CivilCalendar.daysSince1970(year: year, month: month, day: day)
        let local = days * 86_400 + hour * 3600 + minute * 60 + second
        let utc = local - (offset ?? 0)
        // Only what prints back in four year digits is read, so every time re-reads as written.
        guard year <= 9999, GPXTime.readableSeconds.contains(utc) else { return .failure(.outsideReadableYears) }
        return .success(GPXTime(
            secondsSince1970: utc,
            nanoseconds: Int32(nanoseconds),
            utcOffsetSeconds: offset.map { Int32($0) }
        ))
    }

    /// `YYYY-MM-DDThh:mm:ss` at the start of `bytes`, the shape nearly every file writes, read
    /// in one pass over fixed places: year, month, day, hour, minute, second; `nil` for any other
    /// shape (the general reading then decides). Only digits and separators are checked here.
    @inline(__always)
    private static func fixedWidthDateTime(_ bytes: UnsafeRawBufferPointer) -> (Int64, Int64, Int64, Int64, Int64, Int64)? {
        guard bytes.count >= 19 else { return nil }
        let separator = bytes[10]
        // A fifth year digit means an expanded year: the general reading takes it.
        guard bytes[4] == UInt8(ascii: "-"), bytes[7] == UInt8(ascii: "-"), bytes[13] == UInt8(ascii: ":"),
              bytes[16] == UInt8(ascii: ":"),
              separator == UInt8(ascii: "T") || separator == UInt8(ascii: "t") || separator == UInt8(ascii: " ")
        else { return nil }
        var valid = true
        func digit(_ index: Int) -> Int64 {
            let value = bytes[index] &- 0x30
            valid = valid && value < 10
            return Int64(value)
        }
        let year = digit(0) * 1000 + digit(1) * 100 + digit(2) * 10 + digit(3)
        let month = digit(5) * 10 + digit(6)
        let day = digit(8) * 10 + digit(9)
        let hour = digit(11) * 10 + digit(12)
        let minute = digit(14) * 10 + digit(15)
        let second = digit(17) * 10 + digit(18)
        return valid ? (year, month, day, hour, minute, second) : nil
    }

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
