import Foundation
import Geodesy

/// `CLVisit`: a place where the device stayed (§11). An arrival visit has no departure yet
/// (`departureDate` is `Date.distantFuture`); a visit whose arrival was not seen has
/// `arrivalDate` `Date.distantPast`.
public struct SimVisit: Hashable, Sendable {
    public var coordinate: GeoCoordinate
    /// Metres.
    public var horizontalAccuracy: Double
    /// When the device arrived, in simulated time; `nil` when not known.
    public var arrival: SimInstant?
    /// When the device left; `nil` while it is still there.
    public var departure: SimInstant?
    /// The arrival as Core Location dates it (`distantPast` when not known).
    public var arrivalDate: Date
    /// The departure as Core Location dates it (`distantFuture` while the device is still there).
    public var departureDate: Date

    /// A visit; `startDate` is the date of simulated time 0.
    public init(coordinate: GeoCoordinate, horizontalAccuracy: Double, arrival: SimInstant?, departure: SimInstant?, startDate: Date) {
        self.coordinate = coordinate
        self.horizontalAccuracy = horizontalAccuracy
        self.arrival = arrival
        self.departure = departure
        arrivalDate = arrival.map { startDate.addingTimeInterval($0.seconds) } ?? .distantPast
        departureDate = departure.map { startDate.addingTimeInterval($0.seconds) } ?? .distantFuture
    }

    /// The visit as the event log names it.
    public var record: SimVisitRecord {
        SimVisitRecord(latitude: coordinate.latitude, longitude: coordinate.longitude, arrival: arrival?.seconds, departure: departure?.seconds)
    }
}
