import Simulation

/// Number and time formatting for reports: fixed, locale-free, and so byte-identical everywhere.
enum Formatting {
    /// `h:mm:ss`, with tenths when the time is not whole: the summary's own clock format.
    static func clock(_ seconds: Double) -> String { SimSummary.clockTime(seconds) }

    /// `value` with exactly `decimals` decimals.
    static func fixed(_ value: Double, _ decimals: Int) -> String {
        var scale = 1.0
        for _ in 0..<decimals { scale *= 10 }
        let scaled = Int64((abs(value) * scale).rounded())
        let integer = scaled / Int64(scale)
        var fraction = String(scaled % Int64(scale))
        fraction = String(repeating: "0", count: max(0, decimals - fraction.count)) + fraction
        let sign = value < 0 && scaled != 0 ? "-" : ""
        return sign + "\(integer)" + (decimals > 0 ? "." + fraction : "")
    }

    /// Seconds as a short duration: `45 s`, `12 min 5 s`, `2 h 3 min`.
    static func duration(_ seconds: Double) -> String {
        let whole = Int(seconds.rounded())
        if whole < 60 { return seconds == seconds.rounded() ? "\(whole) s" : "\(fixed(seconds, 1)) s" }
        if whole < 3600 { return whole % 60 == 0 ? "\(whole / 60) min" : "\(whole / 60) min \(whole % 60) s" }
        return whole % 3600 / 60 == 0 ? "\(whole / 3600) h" : "\(whole / 3600) h \(whole % 3600 / 60) min"
    }

    /// A number as short as it can be written exactly enough: `30`, `12.5`.
    static func short(_ value: Double) -> String {
        value == value.rounded() && abs(value) < 1e15 ? String(Int64(value)) : fixed(value, 1)
    }

    /// Two digits, zero-padded.
    static func twoDigits(_ value: Int) -> String { value < 10 ? "0\(value)" : "\(value)" }
}
