/// A position on the WGS-84 ellipsoid, in decimal degrees.
///
/// ```swift
/// let zurich = GeoCoordinate(latitude: 47.3769, longitude: 8.5417)
/// ```
public struct GeoCoordinate: Hashable, Sendable, Codable {
    /// Degrees north of the equator, −90…90.
    public var latitude: Double
    /// Degrees east of Greenwich, −180…180.
    public var longitude: Double

    /// Creates a coordinate from decimal degrees.
    public init(latitude: Double, longitude: Double) {
        self.latitude = latitude
        self.longitude = longitude
    }
}
