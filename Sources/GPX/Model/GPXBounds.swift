/// A latitude/longitude rectangle: a file's declared `<bounds>` or the box around its points.
public struct GPXBounds: Hashable, Sendable, Codable {
    public var minLatitude: Double
    public var minLongitude: Double
    public var maxLatitude: Double
    public var maxLongitude: Double

    /// Creates a box from its corners.
    public init(minLatitude: Double, minLongitude: Double, maxLatitude: Double, maxLongitude: Double) {
        self.minLatitude = minLatitude
        self.minLongitude = minLongitude
        self.maxLatitude = maxLatitude
        self.maxLongitude = maxLongitude
    }

    /// A box holding one point.
    public init(latitude: Double, longitude: Double) {
        self.init(minLatitude: latitude, minLongitude: longitude, maxLatitude: latitude, maxLongitude: longitude)
    }

    /// Grows the box to hold a point.
    public mutating func include(latitude: Double, longitude: Double) {
        minLatitude = min(minLatitude, latitude)
        minLongitude = min(minLongitude, longitude)
        maxLatitude = max(maxLatitude, latitude)
        maxLongitude = max(maxLongitude, longitude)
    }
}
