import Simulation

/// The verdict a run should have: one for every profile, or one per profile with a default.
public struct MatrixExpectation: Hashable, Sendable {
    /// Verdicts by profile name.
    public var byProfile: [String: SimVerdict]
    /// For profiles not in ``byProfile``; `nil` leaves them unchecked.
    public var otherwise: SimVerdict?

    public init(byProfile: [String: SimVerdict] = [:], otherwise: SimVerdict?) {
        self.byProfile = byProfile
        self.otherwise = otherwise
    }

    /// The expected verdict on `profile`, if any.
    public func verdict(for profile: String) -> SimVerdict? { byProfile[profile] ?? otherwise }
}
