/// A monitored region (or a `CLMonitor` condition) as the event log names it.
public struct SimRegionRecord: Hashable, Sendable, Codable {
    public var identifier: String
    public var latitude: Double
    public var longitude: Double
    /// Metres.
    public var radius: Double

    public init(identifier: String, latitude: Double, longitude: Double, radius: Double) {
        self.identifier = identifier
        self.latitude = latitude
        self.longitude = longitude
        self.radius = radius
    }
}
