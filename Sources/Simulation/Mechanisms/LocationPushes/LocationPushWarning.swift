/// What the simulator warns about for location pushes: a `SimWarning.locationPushes`.
public enum LocationPushWarning: Hashable, Sendable, Codable {
    /// `startMonitoringLocationPushes` on a profile before iOS 15: the API does not exist.
    case unavailable(profile: String)

    /// A line iOS logs at a moment, not a fact about the run.
    var isAboutTheRun: Bool { false }
}
