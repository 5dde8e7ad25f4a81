/// A visit as the event log names it: times in seconds from the start, `nil` when not known
/// (an arrival visit has no departure yet).
public struct SimVisitRecord: Hashable, Sendable, Codable {
    public var latitude: Double
    public var longitude: Double
    public var arrival: Double?
    public var departure: Double?

    public init(latitude: Double, longitude: Double, arrival: Double?, departure: Double?) {
        self.latitude = latitude
        self.longitude = longitude
        self.arrival = arrival
        self.departure = departure
    }
}
