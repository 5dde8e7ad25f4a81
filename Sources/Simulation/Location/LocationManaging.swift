/// The part of `CLLocationManager` a navigation app's logic usually touches.
///
/// ``SimLocationManager`` conforms, and on Apple platforms so does the real `CLLocationManager`
/// (in this file), so app code written against this protocol runs under the simulator in tests
/// and on the device unchanged.
public protocol LocationManaging: AnyObject {
    var distanceFilter: Double { get set }
    var desiredAccuracy: Double { get set }
    var allowsBackgroundLocationUpdates: Bool { get set }
    var pausesLocationUpdatesAutomatically: Bool { get set }
    var showsBackgroundLocationIndicator: Bool { get set }
    func requestWhenInUseAuthorization()
    func requestAlwaysAuthorization()
    func startUpdatingLocation()
    func stopUpdatingLocation()
    func requestLocation()
    func startMonitoringSignificantLocationChanges()
    func stopMonitoringSignificantLocationChanges()
}

#if canImport(CoreLocation) && !os(Linux)
import CoreLocation

extension CLLocationManager: LocationManaging {}
#endif
