import Simulation

/// The navigation app as a Swift class: ``NavigationApp/script`` with its settings changed as
/// `Settings` says, run by a ``ScriptedApp`` (so there is one navigation app), keeping what it
/// received for tests to read.
///
/// On launch it creates a location manager, applies its settings, asks for authorization and
/// starts updates once allowed. When it enters the background it begins a background task that
/// its expiration handler ends (or never ends, with `leaksBackgroundTask`), and it ends the task
/// when it returns to the foreground.
@MainActor
public final class StandardNavigationApp: ScriptedApp {
    /// The manager's settings and the app's habits.
    public struct Settings: Hashable, Sendable {
        public var distanceFilter: Double = simDistanceFilterNone
        public var desiredAccuracy: SimAccuracy = .best
        public var allowsBackgroundLocationUpdates = true
        public var pausesLocationUpdatesAutomatically = true
        public var activityType = SimActivityType.automotiveNavigation
        public var showsBackgroundLocationIndicator = false
        /// Ask for Always (else When In Use).
        public var requestsAlways = true
        /// Begin a background task on entering the background.
        public var beginsBackgroundTask = true
        /// Never end that task, not even in its expiration handler.
        public var leaksBackgroundTask = false
        /// Keep every fix received in ``StandardNavigationApp/received`` (for tests); off, the
        /// app keeps only the count, so a long run's memory does not grow.
        public var keepsReceivedFixes = true

        public init() {}

        /// The script's changes these settings stand for.
        var changes: [AppChange] {
            var changes: [AppChange] = [
                .set(.distanceFilter(distanceFilter)), .set(.desiredAccuracy(desiredAccuracy)),
                .set(.allowsBackgroundLocationUpdates(allowsBackgroundLocationUpdates)),
                .set(.pausesLocationUpdatesAutomatically(pausesLocationUpdatesAutomatically)),
                .set(.activityType(activityType)), .set(.showsBackgroundLocationIndicator(showsBackgroundLocationIndicator)),
            ]
            if !requestsAlways { changes.append(.requestWhenInUse) }
            if !beginsBackgroundTask { changes.append(.noBackgroundTasks) } else if leaksBackgroundTask { changes.append(.neverEndTasks) }
            return changes
        }
    }

    public let settings: Settings
    /// Every fix the app received (with `keepsReceivedFixes`).
    public private(set) var received: [SimLocation] = []
    /// How many fixes the app received.
    public private(set) var receivedCount = 0
    /// Every error the app received.
    public private(set) var errors: [SimLocationError] = []

    public init(settings: Settings = Settings()) {
        self.settings = settings
        super.init(script: NavigationApp.script.applying(settings.changes))
    }

    public override func locationManager(_ manager: SimLocationManager, didUpdateLocations locations: [SimLocation]) {
        receivedCount += locations.count
        if settings.keepsReceivedFixes { received.append(contentsOf: locations) }
        super.locationManager(manager, didUpdateLocations: locations)
    }

    public override func locationManager(_ manager: SimLocationManager, didFailWithError error: SimLocationError) {
        errors.append(error)
        super.locationManager(manager, didFailWithError: error)
    }
}
