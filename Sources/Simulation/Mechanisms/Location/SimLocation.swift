import Foundation
import Geodesy

/// A location fix as the simulated manager delivers it; the counterpart of `CLLocation`.
public struct SimLocation: Hashable, Sendable, Codable {
    /// Where the fix puts the device (the true position plus the accuracy profile's error).
    public var coordinate: GeoCoordinate
    /// Metres above sea level; meaningful when `verticalAccuracy` ≥ 0.
    public var altitude: Double
    /// Radius of uncertainty in metres; negative when the coordinate is invalid.
    public var horizontalAccuracy: Double
    /// Uncertainty of `altitude` in metres; negative when there is no altitude.
    public var verticalAccuracy: Double
    /// Metres per second; negative when unknown, as in Core Location.
    public var speed: Double
    /// Degrees from true north, 0..<360; negative when unknown.
    public var course: Double
    /// When the fix was taken, in simulated time.
    public var time: SimInstant
    /// The same moment as a date: the track's start date plus the simulated time.
    public var timestamp: Date

    /// Creates a fix.
    public init(
        coordinate: GeoCoordinate, altitude: Double, horizontalAccuracy: Double, verticalAccuracy: Double,
        speed: Double, course: Double, time: SimInstant, timestamp: Date
    ) {
        self.coordinate = coordinate
        self.altitude = altitude
        self.horizontalAccuracy = horizontalAccuracy
        self.verticalAccuracy = verticalAccuracy
        self.speed = speed
        self.course = course
        self.time = time
        self.timestamp = timestamp
    }

    /// Metres to another fix, on the WGS-84 ellipsoid.
    public func distance(from other: SimLocation) -> Double {
        Geodesy.distance(from: other.coordinate, to: coordinate)
    }
}
