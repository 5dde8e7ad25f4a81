/// A moment of simulated time: nanoseconds since the simulation started.
///
/// Integer nanoseconds keep event times exact and their order total, so a run is reproducible to the bit.
public struct SimInstant: InstantProtocol, Hashable, Sendable, Codable, CustomStringConvertible {
    /// Nanoseconds since the start of the simulation.
    public var nanoseconds: Int64

    /// The start of the simulation.
    public static let zero = SimInstant(nanoseconds: 0)

    /// Creates an instant from nanoseconds since the start.
    public init(nanoseconds: Int64) { self.nanoseconds = nanoseconds }

    /// Creates an instant from seconds since the start, rounded to the nanosecond.
    public init(seconds: Double) { self.nanoseconds = Int64((seconds * 1e9).rounded()) }

    /// Seconds since the start.
    public var seconds: Double { Double(nanoseconds) / 1e9 }

    public func advanced(by duration: Duration) -> SimInstant {
        SimInstant(nanoseconds: nanoseconds + duration.nanosecondsRounded)
    }

    public func duration(to other: SimInstant) -> Duration {
        .nanoseconds(other.nanoseconds - nanoseconds)
    }

    /// The instant `seconds` later.
    public func adding(seconds: Double) -> SimInstant {
        SimInstant(nanoseconds: nanoseconds + Int64((seconds * 1e9).rounded()))
    }

    /// Seconds from `other` to this instant.
    public func seconds(since other: SimInstant) -> Double {
        Double(nanoseconds - other.nanoseconds) / 1e9
    }

    public static func < (lhs: SimInstant, rhs: SimInstant) -> Bool { lhs.nanoseconds < rhs.nanoseconds }

    public var description: String { "t+\(seconds)s" }
}

extension Duration {
    /// The duration in whole nanoseconds.
    var nanosecondsRounded: Int64 {
        let (seconds, attoseconds) = components
        return seconds * 1_000_000_000 + attoseconds / 1_000_000_000
    }
}
