import Simulation

/// `--accuracy`: the app's `desiredAccuracy`, or `reduced`, the user's approximate location
/// (an authorization the user gives, not a setting of the app).
public enum ReplayAccuracy: String, NamedSetting {
    case bestForNavigation = "best-for-navigation"
    case best
    case nearestTenMeters = "10m"
    case hundredMeters = "100m"
    case kilometer = "1km"
    case threeKilometers = "3km"
    case reduced

    /// The `desiredAccuracy` it stands for; ``reduced`` stands for approximate fixes.
    public var accuracy: SimAccuracy {
        switch self {
        case .bestForNavigation: .bestForNavigation
        case .best: .best
        case .nearestTenMeters: .nearestTenMeters
        case .hundredMeters: .hundredMeters
        case .kilometer: .kilometer
        case .threeKilometers: .threeKilometers
        case .reduced: .reduced
        }
    }
}
