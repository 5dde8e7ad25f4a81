/// What became of the app's location pushes and its Location Push Service Extension (§16): the
/// detail of a `.locationPushes` event. `push` numbers the pushes of the run from 1.
public enum LocationPushEvent: Hashable, Sendable, Codable {
    /// The kinds of location-push events, as the JSON Lines report names them.
    public enum Kind: String, Hashable, Sendable, Codable, CaseIterable {
        case monitoring = "locationpush.monitoring"
        case arrive = "locationpush.arrive"
        case drop = "locationpush.drop"
        case location = "locationpush.location"
        case complete = "locationpush.complete"
        case willTerminate = "locationpush.will-terminate"
        case terminate = "locationpush.terminate"
    }

    /// Why a location push never reached the extension.
    public enum DropReason: Hashable, Sendable, Codable {
        /// Before iOS 15 there are no location pushes.
        case unavailable
        /// The app never started monitoring location pushes, or stopped.
        case notMonitoring
        /// The app's `startMonitoringLocationPushes` failed with this error.
        case monitoringFailed(SimLocationPushServiceError)
        /// The app is not authorized Always (this is its authorization): the extension is not eligible.
        case notAlways(SimAuthorizationStatus)
    }

    /// `startMonitoringLocationPushes` succeeded: the app has an APNs token for location pushes.
    case monitoringStarted
    /// It failed with this error.
    case monitoringFailed(SimLocationPushServiceError)
    /// `stopMonitoringLocationPushes()`.
    case monitoringStopped
    /// A `location` push arrived: the system runs the extension's `didReceiveLocationPushPayload`
    /// without launching the app.
    case arrived(push: Int)
    /// A `location` push arrived and nothing ran.
    case dropped(push: Int, DropReason)
    /// The extension asked for one location.
    case locationRequested(push: Int)
    /// The extension received a location with this `horizontalAccuracy`.
    case located(push: Int, accuracy: Double)
    /// No location could be had (no position known: a signal gap).
    case locationUnavailable(push: Int)
    /// The extension called the completion block, with a location in hand or not.
    case completed(push: Int, located: Bool)
    /// `serviceExtensionWillTerminate()`: the extension took too long.
    case willTerminate(push: Int)
    /// The system terminated the extension before it called the completion block.
    case terminated(push: Int)

    /// The event's kind.
    public var kind: Kind {
        switch self {
        case .monitoringStarted, .monitoringFailed, .monitoringStopped: .monitoring
        case .arrived: .arrive
        case .dropped: .drop
        case .locationRequested, .located, .locationUnavailable: .location
        case .completed: .complete
        case .willTerminate: .willTerminate
        case .terminated: .terminate
        }
    }
}

extension SimSystem {
    /// Logs a location-push event with its kind.
    func emit(_ event: LocationPushEvent) {
        emit(.locationPushes(event))
    }
}
