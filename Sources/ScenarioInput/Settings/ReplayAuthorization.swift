import Simulation

/// `--authorization`: the app's location authorization when the trip starts.
public enum ReplayAuthorization: String, NamedSetting {
    case always
    case whenInUse = "when-in-use"
    case denied
    case restricted
    case notDetermined = "not-determined"

    /// The `CLAuthorizationStatus` it stands for.
    public var status: SimAuthorizationStatus {
        switch self {
        case .always: .authorizedAlways
        case .whenInUse: .authorizedWhenInUse
        case .denied: .denied
        case .restricted: .restricted
        case .notDetermined: .notDetermined
        }
    }
}
