import Foundation

/// An instant read from a GPX `<time>` element, kept exactly as written (to the nanosecond).
///
/// GPX times are ISO 8601. `GPXTime` keeps whole seconds and nanoseconds as integers, so
/// `2015-12-11T15:43:13.994+01:00` or `1901-12-13T20:45:52.2073437Z` survive a round trip with no
/// floating-point drift. A time written without a zone is read as UTC and flagged by
/// ``hasTimeZone``.
///
/// ```swift
/// let t = GPXTime(iso8601: "2021-01-07T21:51:59.179Z")!
/// t.iso8601String   // "2021-01-07T21:51:59.179Z"
/// ```
public struct GPXTime: Hashable, Comparable, Sendable {
    /// Whole seconds since 1970-01-01T00:00:00Z (negative before it).
    public var secondsSince1970: Int64
    /// Fraction of the second, 0..<1,000,000,000 ns; digits past the ninth are dropped.
    public var nanoseconds: Int32
    /// The offset from UTC the file wrote, in seconds; `nil` when the time had no zone and was read as UTC.
    public var utcOffsetSeconds: Int32? {
        get { storedOffset == .min ? nil : storedOffset }
        set { storedOffset = newValue ?? .min }
    }
    /// `Int32.min` for "no zone": an optional would make every point 8 bytes larger.
    private var storedOffset: Int32

    /// Creates a time from its parts.
    public init(secondsSince1970: Int64, nanoseconds: Int32 = 0, utcOffsetSeconds: Int32? = 0) {
        self.secondsSince1970 = secondsSince1970
        self.nanoseconds = nanoseconds
        self.storedOffset = utcOffsetSeconds ?? .min
    }

    /// Parses an ISO 8601 date-time as GPX files write it; `nil` if it is not one.
    public init?(iso8601 text: String) {
        var text = text
        guard let parsed = text.withUTF8({ ISO8601TimeParser.parse(UnsafeRawBufferPointer($0)) }) else {
            return nil
        }
        self = parsed
    }

    /// Whether the file gave a zone (`Z` or an offset). Times without one are read as UTC.
    public var hasTimeZone: Bool { utcOffsetSeconds != nil }

    /// The instant as a Foundation `Date` (a `Double`, so sub-microsecond digits may round).
    public var date: Date {
        Date(timeIntervalSince1970: Double(secondsSince1970) + Double(nanoseconds) / 1e9)
    }

    /// Seconds from `other` to `self`, computed from the integer parts.
    public func seconds(since other: GPXTime) -> Double {
        Double(secondsSince1970 - other.secondsSince1970) + Double(nanoseconds - other.nanoseconds) / 1e9
    }

    /// The instant in UTC, e.g. `2021-01-07T21:51:59.179Z`; fractional digits only as many as needed.
    public var iso8601String: String {
        // Floor division without `secondsSince1970 - 86_399`, which overflowed for the earliest instants.
        var days = secondsSince1970 / 86_400
        var secondOfDay = secondsSince1970 % 86_400
        if secondOfDay < 0 {
            days -= 1
            secondOfDay += 86_400
        }
        let (year, month, day) = CivilCalendar.date(fromDaysSince1970: days)
        var result = ""
        result.reserveCapacity(30)
        // A year before 0000 (1 BC) as ISO 8601's expanded form writes it: "-0001", not "00-1".
        result += (year < 0 ? "-" + Self.pad(-year, 4) : Self.pad(year, 4))
        result += "-" + Self.pad(month, 2) + "-" + Self.pad(day, 2)
        result += "T" + Self.pad(secondOfDay / 3600, 2) + ":" + Self.pad(secondOfDay % 3600 / 60, 2)
        result += ":" + Self.pad(secondOfDay % 60, 2)
        if nanoseconds > 0 {
            var fraction = Self.pad(Int64(nanoseconds), 9)
            while fraction.hasSuffix("0") { fraction.removeLast() }
            result += "." + fraction
        }
        return result + "Z"
    }

    public static func < (lhs: GPXTime, rhs: GPXTime) -> Bool {
        (lhs.secondsSince1970, lhs.nanoseconds) < (rhs.secondsSince1970, rhs.nanoseconds)
    }

    /// Equal when they name the same instant, whatever zone the file wrote.
    public static func == (lhs: GPXTime, rhs: GPXTime) -> Bool {
        lhs.secondsSince1970 == rhs.secondsSince1970 && lhs.nanoseconds == rhs.nanoseconds
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(secondsSince1970)
        hasher.combine(nanoseconds)
    }

    private static func pad(_ value: some BinaryInteger, _ width: Int) -> String {
        let digits = String(value)
        return digits.count >= width ? digits : String(repeating: "0", count: width - digits.count) + digits
    }
}

extension GPXTime: CustomStringConvertible {
    public var description: String { iso8601String }
}

/// Proleptic Gregorian calendar arithmetic on day counts (H. Hinnant, "chrono-compatible
/// low-level date algorithms"), exact for any year a GPX file can write.
enum CivilCalendar {
    static func daysSince1970(year: Int64, month: Int64, day: Int64) -> Int64 {
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yearOfEra = y - era * 400
        let dayOfYear = (153 * (month + (month > 2 ? -3 : 9)) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }

    static func date(fromDaysSince1970 days: Int64) -> (year: Int64, month: Int64, day: Int64) {
        let z = days + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let dayOfEra = z - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let mp = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * mp + 2) / 5 + 1
        let month = mp < 10 ? mp + 3 : mp - 9
        return (yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, day)
    }

    static func daysInMonth(year: Int64, month: Int64) -> Int64 {
        switch month {
        case 2: return (year % 4 == 0 && year % 100 != 0) || year % 400 == 0 ? 29 : 28
        case 4, 6, 9, 11: return 30
        default: return 31
        }
    }
}
