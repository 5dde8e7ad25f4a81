/// Why a location push was not answered with a location (§16): a `SimCause.locationPushes`.
public enum LocationPushCause: Hashable, Sendable, Codable {
    /// The push never reached the extension.
    case dropped(LocationPushEvent.DropReason)
    /// The extension did not call its completion block in time: the system terminated it.
    case timedOut
    /// The extension asked for a location and none could be had.
    case locationUnavailable
    /// The extension called its completion block without a location (it asked for none, or
    /// before one came).
    case completedWithoutLocation
    /// The run ended while the extension still ran.
    case runEnded
}

extension LocationPushCause {
    /// None ends the app's process (the extension is not the app): MetricKit counts no exit.
    var exitCategory: SimExitCategory? { nil }
}
