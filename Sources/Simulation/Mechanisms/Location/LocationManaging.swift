/// The part of `CLLocationManager` a navigation app's logic usually touches.
///
/// ``SimLocationManager`` conforms, and on iOS so does the real `CLLocationManager` (in this
/// file), so app logic written against this protocol runs under the simulator in tests and on
/// the device unchanged.
@MainActor
public protocol LocationManaging: AnyObject {
    associatedtype Location
    associatedtype AuthorizationStatus
    associatedtype AccuracyAuthorization
    associatedtype ActivityType
    var distanceFilter: Double { get set }
    var desiredAccuracy: Double { get set }
    var allowsBackgroundLocationUpdates: Bool { get set }
    var pausesLocationUpdatesAutomatically: Bool { get set }
    var showsBackgroundLocationIndicator: Bool { get set }
    var activityType: ActivityType { get set }
    /// The last fix delivered.
    var location: Location? { get }
    var authorizationStatus: AuthorizationStatus { get }
    var accuracyAuthorization: AccuracyAuthorization { get }
    func requestWhenInUseAuthorization()
    func requestAlwaysAuthorization()
    func startUpdatingLocation()
    func stopUpdatingLocation()
    func requestLocation()
    func startMonitoringSignificantLocationChanges()
    func stopMonitoringSignificantLocationChanges()
}

#if canImport(CoreLocation) && os(iOS)
import CoreLocation

// `showsBackgroundLocationIndicator` exists on iOS only, so the conformance does too.
extension CLLocationManager: LocationManaging {}
#endif
