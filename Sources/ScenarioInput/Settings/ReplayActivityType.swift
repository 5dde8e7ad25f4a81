import Simulation

/// `--activity-type`: the app's `activityType`.
public enum ReplayActivityType: String, NamedSetting {
    case other
    case automotiveNavigation = "automotive-navigation"
    case fitness
    case otherNavigation = "other-navigation"
    case airborne

    /// The name of `type`, if it has one.
    public init?(_ type: SimActivityType) {
        guard let named = Self.allCases.first(where: { $0.activityType == type }) else { return nil }
        self = named
    }

    /// The `CLActivityType` it stands for.
    public var activityType: SimActivityType {
        switch self {
        case .other: .other
        case .automotiveNavigation: .automotiveNavigation
        case .fitness: .fitness
        case .otherNavigation: .otherNavigation
        case .airborne: .airborne
        }
    }
}
