#if !(canImport(CoreLocation) && os(iOS))
/// `CLLocationCoordinate2D` in Apple's shape: a latitude and a longitude in degrees, what app
/// code builds regions and destinations from.
///
/// ```swift
/// let office = LocationCoordinate2D(latitude: 47.3769, longitude: 8.5417)
/// // On the device: CLCircularRegion(center: office, radius: 200, identifier: "office")
/// // In a test:     SimCircularRegion(center: office, radius: 200, identifier: "office")
/// ```
///
/// On iOS `LocationCoordinate2D` is `CLLocationCoordinate2D` itself.
public struct LocationCoordinate2D: LocationCoordinate, Hashable, Sendable {
    /// Degrees north of the equator.
    public var latitude: Double
    /// Degrees east of Greenwich.
    public var longitude: Double

    /// `CLLocationCoordinate2D(latitude:longitude:)`.
    public init(latitude: Double, longitude: Double) {
        self.latitude = latitude
        self.longitude = longitude
    }

    /// `CLLocationCoordinate2D()`: 0°, 0°.
    public init() {
        self.init(latitude: 0, longitude: 0)
    }
}
#endif

#if canImport(CoreLocation) && os(iOS)
import CoreLocation

public typealias LocationCoordinate2D = CLLocationCoordinate2D
#endif
