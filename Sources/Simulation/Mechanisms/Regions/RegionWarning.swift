/// What region monitoring warns about (§11).
public enum RegionWarning: Hashable, Sendable, Codable {
    /// A region's event came while the app was not running, and its authorization (not Always)
    /// does not let iOS wake or relaunch it: the event is lost.
    case eventNotDelivered(identifier: String, authorization: SimAuthorizationStatus)
}
