/// What region monitoring warns about (§11).
public enum RegionWarning: Hashable, Sendable, Codable {
    /// A region's event came while the app was not running, and its authorization (not Always)
    /// does not let iOS wake or relaunch it: the event is lost.
    case eventNotDelivered(identifier: String, authorization: SimAuthorizationStatus)

    /// None is about the run as a whole: each is a line iOS logs at a moment (the event log keeps it).
    var isAboutTheRun: Bool { false }
}
