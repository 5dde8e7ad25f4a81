/// A moment of simulated time: nanoseconds since the simulation started.
///
/// Integer nanoseconds keep event times exact and their order total, so a run is reproducible to the bit.
///
/// Arithmetic saturates instead of trapping: `Int64` nanoseconds reach about ±292 years, and a
/// time or sum beyond that is held at ``SimInstant/distantFuture`` (or its negative), a moment
/// no run reaches (``SimLimits`` keeps real inputs within 100 years). NaN seconds read as 0.
public struct SimInstant: InstantProtocol, Hashable, Sendable, Codable, CustomStringConvertible {
    /// Nanoseconds since the start of the simulation.
    public var nanoseconds: Int64

    /// The start of the simulation.
    public static let zero = SimInstant(nanoseconds: 0)

    /// The latest representable instant (about 292 years), where saturating arithmetic stops.
    public static let distantFuture = SimInstant(nanoseconds: .max)

    /// Creates an instant from nanoseconds since the start.
    public init(nanoseconds: Int64) { self.nanoseconds = nanoseconds }

    /// Creates an instant from seconds since the start, rounded to the nanosecond; saturated
    /// beyond ±292 years, and 0 for NaN.
    public init(seconds: Double) { self.nanoseconds = Self.nanoseconds(fromSeconds: seconds) }

    /// Seconds since the start.
    public var seconds: Double { Double(nanoseconds) / 1e9 }

    public func advanced(by duration: Duration) -> SimInstant {
        SimInstant(nanoseconds: Self.saturatingSum(nanoseconds, duration.nanosecondsRounded))
    }

    public func duration(to other: SimInstant) -> Duration {
        let (difference, overflow) = other.nanoseconds.subtractingReportingOverflow(nanoseconds)
        return .nanoseconds(overflow ? (other.nanoseconds < nanoseconds ? .min : .max) : difference)
    }

    /// The instant `seconds` later (saturated).
    public func adding(seconds: Double) -> SimInstant {
        SimInstant(nanoseconds: Self.saturatingSum(nanoseconds, Self.nanoseconds(fromSeconds: seconds)))
    }

    /// Seconds from `other` to this instant.
    public func seconds(since other: SimInstant) -> Double {
        let (difference, overflow) = nanoseconds.subtractingReportingOverflow(other.nanoseconds)
        return overflow ? (Double(nanoseconds) - Double(other.nanoseconds)) / 1e9 : Double(difference) / 1e9
    }

    public static func < (lhs: SimInstant, rhs: SimInstant) -> Bool { lhs.nanoseconds < rhs.nanoseconds }

    public var description: String { "t+\(seconds)s" }

    /// `seconds` as whole nanoseconds, clamped to `Int64`; NaN is 0.
    static func nanoseconds(fromSeconds seconds: Double) -> Int64 {
        let scaled = (seconds * 1e9).rounded()
        if scaled.isNaN { return 0 }
        // 2⁶³ is exactly representable; Int64.max is not, so compare against 2⁶³.
        if scaled >= 9_223_372_036_854_775_808.0 { return .max }
        if scaled <= -9_223_372_036_854_775_808.0 { return .min }
        return Int64(scaled)
    }

    /// `a + b`, held at `Int64.min`/`.max` instead of overflowing.
    static func saturatingSum(_ a: Int64, _ b: Int64) -> Int64 {
        let (sum, overflow) = a.addingReportingOverflow(b)
        return overflow ? (b > 0 ? .max : .min) : sum
    }
}

extension Duration {
    /// The duration in whole nanoseconds, saturated to `Int64`.
    var nanosecondsRounded: Int64 {
        let (seconds, attoseconds) = components
        let (whole, overflow) = seconds.multipliedReportingOverflow(by: 1_000_000_000)
        if overflow { return seconds > 0 ? .max : .min }
        return SimInstant.saturatingSum(whole, attoseconds / 1_000_000_000)
    }
}
