/// `CLLocationManager` in Apple's shape: the settings, the state and the calls a navigation app
/// makes, with Apple's names and argument labels.
///
/// `SimLocationManager` (module `Simulation`) conforms, and on iOS so does the real
/// `CLLocationManager` (in this file, with no code of its own), so app logic written against
/// this protocol runs under the simulation in tests and on the device unchanged. This module
/// holds only the shapes: app code imports it, not the simulation.
///
/// Where Apple's type is concrete, the associated type is constrained to a small protocol that
/// Apple's type and the simulation's both satisfy, so code over `any LocationManaging` can
/// still compare and read:
///
/// ```swift
/// func lastLatitude(_ manager: any LocationManaging) -> Double? {
///     guard manager.authorizationStatus == .authorizedAlways else { return nil }
///     return manager.location?.coordinate.latitude
/// }
/// ```
///
/// What takes an associated type as an argument (`startMonitoring(for:)`, setting
/// `activityType`) and `monitoredRegions` (a `Set` of it) need the concrete manager: write that
/// code generic (`<Manager: LocationManaging>`), where `Manager.Region` is `CLRegion` on the
/// device and `SimCircularRegion` in the simulation.
@MainActor
public protocol LocationManaging: AnyObject {
    /// `CLLocation`.
    associatedtype Location: LocationFix
    /// `CLAuthorizationStatus`.
    associatedtype AuthorizationStatus: LocationAuthorizationStatus
    /// `CLAccuracyAuthorization`.
    associatedtype AccuracyAuthorization: LocationAccuracyAuthorization
    /// `CLActivityType`.
    associatedtype ActivityType: LocationActivityType
    /// `CLRegion`: what `startMonitoring(for:)` takes and the region callbacks name.
    associatedtype Region: LocationRegion
    /// `CLVisit`. No member of the manager names it (only the delegate's `didVisit`), so a
    /// conformance states it: `typealias Visit = CLVisit`.
    associatedtype Visit: LocationVisit
    /// What ``delegate`` holds: `any CLLocationManagerDelegate` on the device,
    /// `any LocationManagingDelegate<SimLocationManager>` in the simulation. Generic code can
    /// read it, compare it with `nil` and clear it; setting an object needs the concrete manager
    /// (on the device a generic class cannot be a `CLLocationManagerDelegate`: an `NSObject` one
    /// hands the callbacks on, as `Examples/NavApp`'s `LiveTrip` does).
    associatedtype Delegate

    /// The object that hears the manager's callbacks; held weakly, as Apple's.
    var delegate: Delegate? { get set }

    // MARK: Settings

    /// Metres a fix must lie from the last delivered one; −1 (`kCLDistanceFilterNone`) delivers every fix.
    var distanceFilter: Double { get set }
    /// `CLLocationAccuracy` in metres: −2 best for navigation, −1 best, 10, 100, 1000, 3000.
    var desiredAccuracy: Double { get set }
    /// Whether updates continue in the background; needs the `location` background mode.
    var allowsBackgroundLocationUpdates: Bool { get set }
    /// Whether Core Location may pause updates when the device stays put.
    var pausesLocationUpdatesAutomatically: Bool { get set }
    /// Whether an Always app in the background shows the blue indicator.
    var showsBackgroundLocationIndicator: Bool { get set }
    /// What is tracked; sets how soon updates pause.
    var activityType: ActivityType { get set }

    // MARK: State

    /// The last fix delivered.
    var location: Location? { get }
    /// What the user and the device allow the app.
    var authorizationStatus: AuthorizationStatus { get }
    /// Precise or approximate location.
    var accuracyAuthorization: AccuracyAuthorization { get }

    // MARK: Authorization and standard updates

    /// Asks for When In Use.
    func requestWhenInUseAuthorization()
    /// Asks for Always.
    func requestAlwaysAuthorization()
    /// Starts standard updates.
    func startUpdatingLocation()
    /// Stops standard updates.
    func stopUpdatingLocation()
    /// One fix, then updates stop (unless standard updates run).
    func requestLocation()

    // MARK: Significant changes

    /// Starts the significant-change service.
    func startMonitoringSignificantLocationChanges()
    /// Stops the significant-change service.
    func stopMonitoringSignificantLocationChanges()

    // MARK: Regions and visits

    /// The regions the app monitors (the app's, not this manager's).
    var monitoredRegions: Set<Region> { get }
    /// The largest region radius Core Location accepts, in metres.
    var maximumRegionMonitoringDistance: Double { get }
    /// Starts monitoring a region; the delegate hears of entries and exits.
    func startMonitoring(for region: Region)
    /// Stops monitoring the region with `region`'s identifier.
    func stopMonitoring(for region: Region)
    /// Starts the visit service; the delegate hears `didVisit`.
    func startMonitoringVisits()
    /// Stops the visit service.
    func stopMonitoringVisits()
}

#if canImport(CoreLocation) && os(iOS)
import CoreLocation

extension CLLocationCoordinate2D: LocationCoordinate {}
extension CLLocation: LocationFix {}
extension CLRegion: LocationRegion {}
extension CLCircularRegion: CircularLocationRegion {}
extension CLVisit: LocationVisit {}
extension CLAuthorizationStatus: LocationAuthorizationStatus {}
extension CLAccuracyAuthorization: LocationAccuracyAuthorization {}
extension CLActivityType: LocationActivityType {}

// `showsBackgroundLocationIndicator` exists on iOS only, so the conformance does too.
extension CLLocationManager: LocationManaging {
    public typealias Visit = CLVisit
}
#endif
