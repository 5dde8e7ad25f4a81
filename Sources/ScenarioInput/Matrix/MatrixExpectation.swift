import Simulation

/// What a run should end with: one for every profile, or one per profile with a default.
public struct MatrixExpectation: Hashable, Sendable {
    /// Verdicts by profile name, or by field condition name.
    public var byProfile: [String: MatrixExpected]
    /// For profiles not in ``byProfile``; `nil` leaves them unchecked.
    public var otherwise: MatrixExpected?

    public init(byProfile: [String: MatrixExpected] = [:], otherwise: MatrixExpected?) {
        self.byProfile = byProfile
        self.otherwise = otherwise
    }

    /// The expected answer on `profile` under `condition`, if any: a key naming the condition
    /// first, then one naming the profile, then `default`.
    public func verdict(for profile: String, condition: FieldCondition = .normal) -> MatrixExpected? {
        byProfile[condition.rawValue] ?? byProfile[profile] ?? otherwise
    }

    /// As ``verdict(for:condition:)``: a key naming the version the profile was asked for
    /// (`ios15.2`) before one naming its era (`ios15`).
    public func verdict(for profile: SimProfile, condition: FieldCondition = .normal) -> MatrixExpected? {
        byProfile[condition.rawValue] ?? byProfile[profile.writtenName] ?? byProfile[profile.name] ?? otherwise
    }
}

/// What `expect` may name: the answer (`met`, `missed`: the goals of spec §4), or a lifecycle
/// verdict (`kept-alive`, `suspended`, …) for a check of the lifecycle itself.
public enum MatrixExpected: Hashable, Sendable {
    case goal(met: Bool)
    case verdict(SimVerdict)

    public static let met = MatrixExpected.goal(met: true)
    public static let missed = MatrixExpected.goal(met: false)
    public static let keptAlive = MatrixExpected.verdict(.keptAlive)
    public static let suspended = MatrixExpected.verdict(.suspended)
    public static let terminated = MatrixExpected.verdict(.terminated)
    public static let crashed = MatrixExpected.verdict(.crashed)
    public static let foregroundOnly = MatrixExpected.verdict(.foregroundOnly)

    /// Its name in a matrix file and the reports.
    public var name: String {
        switch self {
        case .goal(let met): met ? "met" : "missed"
        case .verdict(let verdict): verdict.rawValue
        }
    }

    /// Every value, as `expect` names them: the answer first.
    public static let all: [MatrixExpected] = [.goal(met: true), .goal(met: false)] + MatrixFile.verdicts.map(MatrixExpected.verdict)

    /// Whether `summary` is as expected; a goal expectation of a run with no goal is not.
    public func matches(_ summary: SimSummary) -> Bool {
        switch self {
        case .goal(let met): summary.goalMet == met
        case .verdict(let verdict): summary.verdict == verdict
        }
    }
}
