/// `CLLocationManagerDelegate` for ``SimLocationManager``: `LocationManagingDelegate` with the
/// simulation's manager, so a class conforming to either can be the manager's delegate.
///
/// Errors come as `any Error`, as in Apple's delegate: a `LocationError` (`CLError`'s shape).
/// Code written before Apple's shape implemented the two error callbacks with
/// ``SimLocationError``; those still work: the `any Error` defaults here pass the error on to
/// them as a `SimLocationError`. Implement one of the two forms.
@MainActor
public protocol SimLocationManagerDelegate: LocationManagingDelegate where Manager == SimLocationManager {
    /// An error as ``SimLocationError``: called by the default `didFailWithError: any Error`.
    func locationManager(_ manager: SimLocationManager, didFailWithError error: SimLocationError)
    /// A region failure as ``SimLocationError``: called by the default `monitoringDidFailFor:withError: any Error`.
    func locationManager(_ manager: SimLocationManager, monitoringDidFailFor region: SimCircularRegion?, withError error: SimLocationError)
}

extension SimLocationManagerDelegate {
    public func locationManager(_ manager: SimLocationManager, didFailWithError error: SimLocationError) {}
    public func locationManager(_ manager: SimLocationManager, monitoringDidFailFor region: SimCircularRegion?, withError error: SimLocationError) {}

    public func locationManager(_ manager: SimLocationManager, didFailWithError error: any Error) {
        // The simulation reports only `LocationError`s of the codes `SimLocationError` has.
        if let error = SimLocationError(error) { locationManager(manager, didFailWithError: error) }
    }

    public func locationManager(_ manager: SimLocationManager, monitoringDidFailFor region: SimCircularRegion?, withError error: any Error) {
        if let error = SimLocationError(error) { locationManager(manager, monitoringDidFailFor: region, withError: error) }
    }
}
