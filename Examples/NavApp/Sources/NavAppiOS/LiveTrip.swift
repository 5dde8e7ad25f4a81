// The iOS app's side: Core Location's manager, and a CLLocationManagerDelegate that hands each
// callback, with the same arguments, to the shared TripRecorder. On Linux this module is empty.
#if canImport(CoreLocation) && os(iOS)
import CoreLocation
import NavLogic
import PlatformShapes

/// A trip on the device.
@MainActor
public final class LiveTrip: NSObject {
    public let manager = CLLocationManager()
    public let recorder: TripRecorder<CLLocationManager>

    /// A trip to within `radius` metres of `destination` (`LocationCoordinate2D` is
    /// `CLLocationCoordinate2D` here: the shared logic stores destinations in it).
    public init(to destination: LocationCoordinate2D, radius: CLLocationDistance) {
        recorder = TripRecorder(manager: manager, destination: CLCircularRegion(center: destination, radius: radius, identifier: "destination"))
        super.init()
        manager.delegate = self
        recorder.start()
    }
}

// Core Location calls its delegate on the thread that made the manager: here the main thread.
extension LiveTrip: @preconcurrency CLLocationManagerDelegate {
    public func locationManagerDidChangeAuthorization(_ manager: CLLocationManager) {
        recorder.locationManagerDidChangeAuthorization(manager)
    }

    public func locationManager(_ manager: CLLocationManager, didUpdateLocations locations: [CLLocation]) {
        recorder.locationManager(manager, didUpdateLocations: locations)
    }

    public func locationManager(_ manager: CLLocationManager, didFailWithError error: any Error) {
        recorder.locationManager(manager, didFailWithError: error)
    }

    public func locationManager(_ manager: CLLocationManager, didEnterRegion region: CLRegion) {
        recorder.locationManager(manager, didEnterRegion: region)
    }

    public func locationManager(_ manager: CLLocationManager, didVisit visit: CLVisit) {
        recorder.locationManager(manager, didVisit: visit)
    }
}
#endif
