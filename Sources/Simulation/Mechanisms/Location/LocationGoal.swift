/// A location goal (spec §4 "Default goals"): while the user moves, the app's running code
/// holds a fix fresh enough. Every number is a parameter with the spec's default. [model]
public struct LocationGoal: Hashable, Sendable, Codable {
    /// What kind of app the numbers stand for.
    public enum Kind: String, Hashable, Sendable, Codable, CaseIterable {
        /// Turn-by-turn: a fix at most a few seconds old at every moving second.
        case navigation
        /// Recording a trip: no long stretch, in time or distance, without a fix.
        case tracking
    }

    public var kind: Kind
    /// The oldest a fix may be, in seconds of moving since it was taken (a fix taken standing
    /// still stays good until the user moves), for a moving second to count as covered.
    public var maximumFixAgeSeconds: Double
    /// The farthest the user may have moved since the last fix, in metres (`nil`: no limit).
    public var maximumMetresSinceFix: Double?
    /// The fraction of moving seconds that must be covered.
    public var requiredFraction: Double
    /// The track speed from which a second counts as moving, in m/s.
    public var movingSpeed: Double

    public init(kind: Kind, maximumFixAgeSeconds: Double, maximumMetresSinceFix: Double?, requiredFraction: Double, movingSpeed: Double = 1) {
        self.kind = kind
        self.maximumFixAgeSeconds = maximumFixAgeSeconds
        self.maximumMetresSinceFix = maximumMetresSinceFix
        self.requiredFraction = requiredFraction
        self.movingSpeed = movingSpeed
    }

    /// Navigation: a fix at most 5 s old at every moving second (≥ 1 m/s), met at 99 %.
    public static func navigation(maximumFixAgeSeconds: Double = 5, requiredFraction: Double = 0.99) -> LocationGoal {
        LocationGoal(kind: .navigation, maximumFixAgeSeconds: maximumFixAgeSeconds, maximumMetresSinceFix: nil, requiredFraction: requiredFraction)
    }

    /// Tracking: no stretch longer than 60 s or 100 m of travel without a fix, met at 95 %.
    public static func tracking(maximumGapSeconds: Double = 60, maximumGapMetres: Double = 100, requiredFraction: Double = 0.95) -> LocationGoal {
        LocationGoal(kind: .tracking, maximumFixAgeSeconds: maximumGapSeconds, maximumMetresSinceFix: maximumGapMetres, requiredFraction: requiredFraction)
    }
}
