import Foundation

// The values Core Location hands an app, as protocols that Apple's types and the simulation's
// both satisfy. Each requirement is a member Apple's type already has, with its name and type
// (`CLLocationDegrees`, `CLLocationAccuracy`, … are `Double`), so the conformances need no code.

/// `CLLocationCoordinate2D`: a latitude and a longitude in degrees.
public protocol LocationCoordinate {
    /// Degrees north of the equator.
    var latitude: Double { get }
    /// Degrees east of Greenwich.
    var longitude: Double { get }
}

/// `CLLocation`: one location fix.
///
/// Code over `any LocationManaging` reads `manager.location?.coordinate.latitude` through this
/// protocol; `coordinate` is `any LocationCoordinate` there.
public protocol LocationFix {
    /// `CLLocationCoordinate2D` on a device.
    associatedtype Coordinate: LocationCoordinate
    /// Where the fix puts the device.
    var coordinate: Coordinate { get }
    /// Metres above sea level; meaningful when `verticalAccuracy` ≥ 0.
    var altitude: Double { get }
    /// Radius of uncertainty in metres; negative when the coordinate is invalid.
    var horizontalAccuracy: Double { get }
    /// Uncertainty of `altitude` in metres; negative when there is no altitude.
    var verticalAccuracy: Double { get }
    /// Metres per second; negative when unknown.
    var speed: Double { get }
    /// Degrees from true north; negative when unknown.
    var course: Double { get }
    /// When the fix was taken.
    var timestamp: Date { get }
}

/// `CLRegion`: what `startMonitoring(for:)` watches and the region callbacks name.
public protocol LocationRegion: Hashable {
    /// The app's name for the region; monitoring another with the same one replaces it.
    var identifier: String { get }
    /// Whether the app hears of entries.
    var notifyOnEntry: Bool { get set }
    /// Whether the app hears of exits.
    var notifyOnExit: Bool { get set }
}

/// `CLCircularRegion`: a circle around a point.
public protocol CircularLocationRegion: LocationRegion {
    /// `CLLocationCoordinate2D` on a device.
    associatedtype Coordinate: LocationCoordinate
    /// The circle's centre.
    var center: Coordinate { get }
    /// Metres.
    var radius: Double { get }
}

/// `CLVisit`: a place where the device stayed.
public protocol LocationVisit {
    /// `CLLocationCoordinate2D` on a device.
    associatedtype Coordinate: LocationCoordinate
    /// The place.
    var coordinate: Coordinate { get }
    /// Metres.
    var horizontalAccuracy: Double { get }
    /// When the device arrived; `Date.distantPast` when not known.
    var arrivalDate: Date { get }
    /// When it left; `Date.distantFuture` while it is still there.
    var departureDate: Date { get }
}
