/// `CLLocationManagerDelegate` in Apple's shape, for any ``LocationManaging`` manager: Apple's
/// names and labels, `Error` for errors, the manager's own fix, region and visit types. Every
/// method has an empty default, as Apple's are optional.
///
/// App logic written as a delegate generic over its manager runs on both:
///
/// ```swift
/// final class Trip<Manager: LocationManaging>: LocationManagingDelegate {
///     func locationManager(_ manager: Manager, didUpdateLocations locations: [Manager.Location]) { … }
/// }
/// ```
///
/// In a test, `simManager.delegate = Trip<SimLocationManager>()`. On the device, a class written
/// for `CLLocationManagerDelegate` satisfies this protocol as it stands (with
/// `typealias Manager = CLLocationManager`), and its methods can forward to a `Trip<CLLocationManager>`
/// one to one.
@MainActor
public protocol LocationManagingDelegate<Manager>: AnyObject {
    /// The manager whose callbacks this delegate hears.
    associatedtype Manager: LocationManaging

    /// New fixes, oldest first.
    func locationManager(_ manager: Manager, didUpdateLocations locations: [Manager.Location])
    /// No fix now (`locationUnknown`: keep trying), or access denied (`denied`: stop).
    func locationManager(_ manager: Manager, didFailWithError error: any Error)
    /// The authorization changed; also called once after the manager is made.
    func locationManagerDidChangeAuthorization(_ manager: Manager)
    /// Core Location paused updates because the device stayed put.
    func locationManagerDidPauseLocationUpdates(_ manager: Manager)
    /// Updates restarted (by `startUpdatingLocation()`) after an automatic pause.
    func locationManagerDidResumeLocationUpdates(_ manager: Manager)
    /// The device entered a monitored region.
    func locationManager(_ manager: Manager, didEnterRegion region: Manager.Region)
    /// The device left a monitored region.
    func locationManager(_ manager: Manager, didExitRegion region: Manager.Region)
    /// A region could not be monitored.
    func locationManager(_ manager: Manager, monitoringDidFailFor region: Manager.Region?, withError error: any Error)
    /// An arrival or departure at a place the device stayed.
    func locationManager(_ manager: Manager, didVisit visit: Manager.Visit)
}

extension LocationManagingDelegate {
    public func locationManager(_ manager: Manager, didUpdateLocations locations: [Manager.Location]) {}
    public func locationManager(_ manager: Manager, didFailWithError error: any Error) {}
    public func locationManagerDidChangeAuthorization(_ manager: Manager) {}
    public func locationManagerDidPauseLocationUpdates(_ manager: Manager) {}
    public func locationManagerDidResumeLocationUpdates(_ manager: Manager) {}
    public func locationManager(_ manager: Manager, didEnterRegion region: Manager.Region) {}
    public func locationManager(_ manager: Manager, didExitRegion region: Manager.Region) {}
    public func locationManager(_ manager: Manager, monitoringDidFailFor region: Manager.Region?, withError error: any Error) {}
    public func locationManager(_ manager: Manager, didVisit visit: Manager.Visit) {}
}
