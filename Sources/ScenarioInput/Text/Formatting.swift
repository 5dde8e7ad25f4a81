/// Number and time formatting for reports: fixed, locale-free, and so byte-identical everywhere.
///
/// No function here converts a `Double` to an integer type it might not fit: values too large
/// to print digit by digit (and NaN or infinities) are written in Swift's shortest form
/// (`1e+18`, `nan`, `inf`), so a report never traps on a number.
package enum Formatting {
    /// Below this magnitude a `Double` holds every integer exactly (2⁵³), so rounding to an
    /// integer and printing its digits is exact and fits `Int64`.
    private static let exactIntegers = 9_007_199_254_740_992.0

    /// `h:mm:ss`, with tenths when the time is not whole; rounded once, so 59.96 s reads 0:01:00.
    /// Negative times get a leading `-`; times too large for a clock read as seconds (`1e+18 s`).
    package static func clock(_ seconds: Double) -> String {
        guard seconds.isFinite, abs(seconds) * 10 < exactIntegers else { return "\(short(seconds)) s" }
        let tenthsTotal = Int64((abs(seconds) * 10).rounded())
        let whole = tenthsTotal / 10
        let tenths = tenthsTotal % 10
        let sign = seconds < 0 && tenthsTotal != 0 ? "-" : ""
        let text = "\(sign)\(whole / 3600):\(twoDigits(Int(whole % 3600 / 60))):\(twoDigits(Int(whole % 60)))"
        return tenths == 0 ? text : "\(text).\(tenths)"
    }

    /// `value` with exactly `decimals` decimals (up to 15); beyond 2⁵³ once scaled, Swift's
    /// shortest round-trip form instead.
    package static func fixed(_ value: Double, _ decimals: Int) -> String {
        var scale = 1.0
        for _ in 0..<min(max(decimals, 0), 15) { scale *= 10 }
        guard value.isFinite, abs(value) * scale < exactIntegers else { return String(value) }
        let scaled = Int64((abs(value) * scale).rounded())
        let integer = scaled / Int64(scale)
        var fraction = String(scaled % Int64(scale))
        fraction = String(repeating: "0", count: max(0, decimals - fraction.count)) + fraction
        let sign = value < 0 && scaled != 0 ? "-" : ""
        return sign + "\(integer)" + (decimals > 0 ? "." + fraction : "")
    }

    /// Seconds as a short duration: `45 s`, `12 min 5 s`, `2 h 3 min`.
    package static func duration(_ seconds: Double) -> String {
        guard seconds.isFinite, abs(seconds) < exactIntegers else { return "\(short(seconds)) s" }
        let whole = Int64(seconds.rounded())
        if whole < 60 { return seconds == seconds.rounded() ? "\(whole) s" : "\(fixed(seconds, 1)) s" }
        if whole < 3600 { return whole % 60 == 0 ? "\(whole / 60) min" : "\(whole / 60) min \(whole % 60) s" }
        return whole % 3600 / 60 == 0 ? "\(whole / 3600) h" : "\(whole / 3600) h \(whole % 3600 / 60) min"
    }

    /// A number as short as it can be written exactly enough: `30`, `12.5`, `1e+18`.
    package static func short(_ value: Double) -> String {
        guard value.isFinite, abs(value) < exactIntegers else { return String(value) }
        return value == value.rounded() ? String(Int64(value)) : fixed(value, 1)
    }

    /// Two digits, zero-padded.
    package static func twoDigits(_ value: Int) -> String { value < 10 ? "0\(value)" : "\(value)" }
}
