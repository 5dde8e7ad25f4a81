/// `CLLocationManagerDelegate` for ``SimLocationManager``; every method has an empty default.
@MainActor
public protocol SimLocationManagerDelegate: AnyObject {
    func locationManager(_ manager: SimLocationManager, didUpdateLocations locations: [SimLocation])
    func locationManager(_ manager: SimLocationManager, didFailWithError error: SimLocationError)
    func locationManagerDidChangeAuthorization(_ manager: SimLocationManager)
    func locationManagerDidPauseLocationUpdates(_ manager: SimLocationManager)
    /// Updates restarted (by `startUpdatingLocation()`) after an automatic pause.
    func locationManagerDidResumeLocationUpdates(_ manager: SimLocationManager)
    // MARK: Regions and visits (§11)
    /// The device entered a monitored region (reported minutes after the crossing).
    func locationManager(_ manager: SimLocationManager, didEnterRegion region: SimCircularRegion)
    /// The device left a monitored region.
    func locationManager(_ manager: SimLocationManager, didExitRegion region: SimCircularRegion)
    /// A region could not be monitored: the app already monitors 20, or may not monitor any.
    func locationManager(_ manager: SimLocationManager, monitoringDidFailFor region: SimCircularRegion?, withError error: SimLocationError)
    /// An arrival or departure at a place the device stayed.
    func locationManager(_ manager: SimLocationManager, didVisit visit: SimVisit)
}

extension SimLocationManagerDelegate {
    public func locationManager(_ manager: SimLocationManager, didUpdateLocations locations: [SimLocation]) {}
    public func locationManager(_ manager: SimLocationManager, didFailWithError error: SimLocationError) {}
    public func locationManagerDidChangeAuthorization(_ manager: SimLocationManager) {}
    public func locationManagerDidPauseLocationUpdates(_ manager: SimLocationManager) {}
    public func locationManagerDidResumeLocationUpdates(_ manager: SimLocationManager) {}
    // MARK: Regions and visits (§11)
    public func locationManager(_ manager: SimLocationManager, didEnterRegion region: SimCircularRegion) {}
    public func locationManager(_ manager: SimLocationManager, didExitRegion region: SimCircularRegion) {}
    public func locationManager(_ manager: SimLocationManager, monitoringDidFailFor region: SimCircularRegion?, withError error: SimLocationError) {}
    public func locationManager(_ manager: SimLocationManager, didVisit visit: SimVisit) {}
}
