// The proof that the shapes accept Apple's types: Core Location's declarations as Apple
// documents them (module AppleDeclarations) take every protocol of PlatformShapes with no code.
// These lines are the ones PlatformShapes compiles on iOS against the real Core Location;
// `conformancesMatchTheIOSBlock` keeps the two lists the same.
import AppleDeclarations
import PlatformShapes

// BEGIN the iOS conformances
extension CLLocationCoordinate2D: LocationCoordinate {}
extension CLLocation: LocationFix {}
extension CLRegion: LocationRegion {}
extension CLCircularRegion: CircularLocationRegion {}
extension CLVisit: LocationVisit {}
extension CLAuthorizationStatus: LocationAuthorizationStatus {}
extension CLAccuracyAuthorization: LocationAccuracyAuthorization {}
extension CLActivityType: LocationActivityType {}
extension CLLocationManager: LocationManaging {
    public typealias Visit = CLVisit
}
// END the iOS conformances
