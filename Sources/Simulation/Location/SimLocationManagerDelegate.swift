/// `CLLocationManagerDelegate` for ``SimLocationManager``; every method has an empty default.
@MainActor
public protocol SimLocationManagerDelegate: AnyObject {
    func locationManager(_ manager: SimLocationManager, didUpdateLocations locations: [SimLocation])
    func locationManager(_ manager: SimLocationManager, didFailWithError error: SimLocationError)
    func locationManagerDidChangeAuthorization(_ manager: SimLocationManager)
    func locationManagerDidPauseLocationUpdates(_ manager: SimLocationManager)
    /// Updates restarted (by `startUpdatingLocation()`) after an automatic pause.
    func locationManagerDidResumeLocationUpdates(_ manager: SimLocationManager)
}

extension SimLocationManagerDelegate {
    public func locationManager(_ manager: SimLocationManager, didUpdateLocations locations: [SimLocation]) {}
    public func locationManager(_ manager: SimLocationManager, didFailWithError error: SimLocationError) {}
    public func locationManagerDidChangeAuthorization(_ manager: SimLocationManager) {}
    public func locationManagerDidPauseLocationUpdates(_ manager: SimLocationManager) {}
    public func locationManagerDidResumeLocationUpdates(_ manager: SimLocationManager) {}
}
