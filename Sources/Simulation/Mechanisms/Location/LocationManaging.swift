// The protocols in Apple's shape (`LocationManaging`, `LocationManagingDelegate`, `LocationFix`, …)
// live in the small module `PlatformShapes`, which app code imports without the simulation;
// `import Simulation` brings them too. Here the simulation's types take those shapes.
@_exported import PlatformShapes
import Geodesy

extension GeoCoordinate: LocationCoordinate {}
extension SimLocation: LocationFix {}
extension SimCircularRegion: CircularLocationRegion {}
extension SimVisit: LocationVisit {}
extension SimAuthorizationStatus: LocationAuthorizationStatus {}
extension SimAccuracyAuthorization: LocationAccuracyAuthorization {}
extension SimActivityType: LocationActivityType {}
extension SimLiveConfiguration: LiveUpdateConfiguration {}
extension SimLocationUpdateValue: LocationUpdateDiagnostics {}
extension SimBackgroundActivitySession: BackgroundActivitySession {}
extension SimServiceSession: ServiceSession {}

extension GeoCoordinate {
    /// The coordinate pair `coordinate` (`CLLocationCoordinate2D`'s shape).
    public init(_ coordinate: LocationCoordinate2D) {
        self.init(latitude: coordinate.latitude, longitude: coordinate.longitude)
    }
}

extension LocationCoordinate2D {
    /// The coordinate pair of `coordinate`.
    public init(_ coordinate: GeoCoordinate) {
        self.init(latitude: coordinate.latitude, longitude: coordinate.longitude)
    }
}
