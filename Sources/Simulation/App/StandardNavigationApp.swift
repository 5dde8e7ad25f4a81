/// The app most navigation apps are: the pattern `keepalive replay` simulates unless told otherwise.
///
/// On launch it creates a location manager, applies its settings, asks for authorization and
/// starts updates once allowed. When it enters the background it begins a background task that
/// its expiration handler ends (or never ends, with `leaksBackgroundTask`), and it ends the task
/// when it returns to the foreground.
@MainActor
public final class StandardNavigationApp: SimAppDelegate, SimLocationManagerDelegate {
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
        /// app keeps only the count and the last, so a long run's memory does not grow.
        public var keepsReceivedFixes = true

        public init() {}
    }

    public let settings: Settings
    /// The app's manager, once launched.
    public private(set) var manager: SimLocationManager?
    /// Every fix the app received (with `keepsReceivedFixes`).
    public private(set) var received: [SimLocation] = []
    /// How many fixes the app received.
    public private(set) var receivedCount = 0
    /// Every error the app received.
    public private(set) var errors: [SimLocationError] = []
    private var application: SimApplication?
    private var task = SimBackgroundTaskIdentifier.invalid

    public init(settings: Settings = Settings()) {
        self.settings = settings
    }

    public func applicationDidFinishLaunching(_ application: SimApplication, inBackground: Bool) {
        self.application = application
        let manager = application.makeLocationManager()
        self.manager = manager
        manager.delegate = self
        manager.distanceFilter = settings.distanceFilter
        manager.desiredAccuracy = settings.desiredAccuracy.meters
        manager.pausesLocationUpdatesAutomatically = settings.pausesLocationUpdatesAutomatically
        manager.activityType = settings.activityType
        manager.showsBackgroundLocationIndicator = settings.showsBackgroundLocationIndicator
        manager.allowsBackgroundLocationUpdates = settings.allowsBackgroundLocationUpdates
        if settings.requestsAlways { manager.requestAlwaysAuthorization() } else { manager.requestWhenInUseAuthorization() }
        startIfAllowed()
    }

    public func applicationDidEnterBackground(_ application: SimApplication) {
        guard settings.beginsBackgroundTask else { return }
        task = application.beginBackgroundTask(withName: "navigation") { [weak self] in
            guard let self, !settings.leaksBackgroundTask else { return }
            application.endBackgroundTask(task)
            task = .invalid
        }
    }

    public func applicationWillEnterForeground(_ application: SimApplication) {
        guard task != .invalid, !settings.leaksBackgroundTask else { return }
        application.endBackgroundTask(task)
        task = .invalid
    }

    public func locationManagerDidChangeAuthorization(_ manager: SimLocationManager) {
        startIfAllowed()
    }

    public func locationManager(_ manager: SimLocationManager, didUpdateLocations locations: [SimLocation]) {
        receivedCount += locations.count
        if settings.keepsReceivedFixes { received.append(contentsOf: locations) }
    }

    public func locationManager(_ manager: SimLocationManager, didFailWithError error: SimLocationError) {
        errors.append(error)
    }

    private func startIfAllowed() {
        guard let manager, !manager.isUpdatingLocation else { return }
        switch manager.authorizationStatus {
        case .authorizedAlways, .authorizedWhenInUse:
            manager.startUpdatingLocation()
        default:
            break
        }
    }
}
