import Geodesy
import PlatformShapes

/// `CLCircularRegion`: a circle the app asks Core Location to watch (§11).
///
/// ```swift
/// let cafe = SimCircularRegion(center: LocationCoordinate2D(latitude: 48.857, longitude: 2.352), radius: 150, identifier: "cafe")
/// manager.startMonitoring(for: cafe)
/// ```
/// The centre is a coordinate pair in Apple's shape (`LocationCoordinate2D`, which is
/// `CLLocationCoordinate2D` on the device), as `CLCircularRegion(center:radius:identifier:)`
/// takes it, or a `GeoCoordinate`.
/// Regions are identified by `identifier`: monitoring a second region with the same identifier
/// replaces the first, as in Core Location.
public struct SimCircularRegion: Hashable, Sendable, Codable {
    public var center: GeoCoordinate
    /// Metres.
    public var radius: Double
    public var identifier: String
    /// Whether the app hears of entries (`didEnterRegion`); true by default.
    public var notifyOnEntry = true
    /// Whether the app hears of exits (`didExitRegion`); true by default.
    public var notifyOnExit = true

    /// A region of `radius` metres around `center`.
    public init(center: GeoCoordinate, radius: Double, identifier: String) {
        self.center = center
        self.radius = radius
        self.identifier = identifier
    }

    /// `CLCircularRegion(center:radius:identifier:)`: a region of `radius` metres around `center`.
    public init(center: LocationCoordinate2D, radius: Double, identifier: String) {
        self.init(center: GeoCoordinate(center), radius: radius, identifier: identifier)
    }

    /// Whether `coordinate` lies inside the circle.
    public func contains(_ coordinate: GeoCoordinate) -> Bool {
        Geodesy.distance(from: center, to: coordinate) <= radius
    }

    /// The region as the event log names it.
    public var record: SimRegionRecord {
        SimRegionRecord(identifier: identifier, latitude: center.latitude, longitude: center.longitude, radius: radius)
    }
}
