/// What the visit service warns about (§11).
public enum VisitWarning: Hashable, Sendable, Codable {
    /// A visit came while the app was not running, and its authorization (not Always) does not
    /// let iOS wake or relaunch it: the visit is lost.
    case eventNotDelivered(authorization: SimAuthorizationStatus)

    /// None is about the run as a whole: each is a line iOS logs at a moment (the event log keeps it).
    var isAboutTheRun: Bool { false }
}
