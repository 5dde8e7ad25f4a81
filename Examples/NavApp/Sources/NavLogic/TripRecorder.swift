import Foundation
import PlatformShapes

/// One point of the recorded route.
public struct RoutePoint: Hashable, Sendable {
    public var latitude: Double
    public var longitude: Double
    public var timestamp: Date

    public init(latitude: Double, longitude: Double, timestamp: Date) {
        self.latitude = latitude
        self.longitude = longitude
        self.timestamp = timestamp
    }

    /// The point of a fix, from any manager.
    public init(_ fix: any LocationFix) {
        self.init(latitude: fix.coordinate.latitude, longitude: fix.coordinate.longitude, timestamp: fix.timestamp)
    }
}

/// A stay the visit service reported.
public struct Stay: Hashable, Sendable {
    public var arrival: Date
    /// `Date.distantFuture` while the device is still there.
    public var departure: Date

    public init(arrival: Date, departure: Date) {
        self.arrival = arrival
        self.departure = departure
    }
}

/// A navigation app's trip recorder, written once for the device and the tests: it records the
/// route while the trip lasts, and when the device enters the destination region it stops
/// updates (to save power) and keeps only the visit service.
///
/// It is the delegate of its manager (`Manager` is `CLLocationManager` on the device,
/// `SimLocationManager` in the tests) and knows it only through ``LocationManaging``.
@MainActor
public final class TripRecorder<Manager: LocationManaging>: LocationManagingDelegate {
    public enum State: Hashable, Sendable {
        case idle
        case waitingForPermission
        case recording
        /// Arrived; the date of the last fix then.
        case arrived(Date?)
        case cannotRecord
    }

    public let manager: Manager
    /// Where the trip ends: a region the app makes (`CLCircularRegion` on the device).
    public let destination: Manager.Region
    public private(set) var state = State.idle
    public private(set) var route: [RoutePoint] = []
    public private(set) var stays: [Stay] = []
    /// Errors heard (`locationUnknown` in a tunnel, `denied`).
    public private(set) var errorCount = 0
    /// Of those, `locationUnknown`: no fix for a while (a tunnel).
    public private(set) var signalLosses = 0

    public init(manager: Manager, destination: Manager.Region) {
        self.manager = manager
        self.destination = destination
    }

    /// Called at launch: sets the manager up and starts recording, or asks for permission.
    public func start() {
        manager.distanceFilter = 50
        manager.desiredAccuracy = -1  // kCLLocationAccuracyBest
        manager.activityType = .automotiveNavigation
        manager.allowsBackgroundLocationUpdates = true
        manager.pausesLocationUpdatesAutomatically = false
        startIfAllowed()
    }

    /// Metres along the recorded route (great circles on a sphere of 6,371 km).
    public var distance: Double {
        zip(route, route.dropFirst()).reduce(0) { $0 + greatCircleMetres($1.0, $1.1) }
    }

    private func startIfAllowed() {
        switch state {
        case .idle, .waitingForPermission, .cannotRecord:
            if isAllowed(manager) {
                state = .recording
                manager.startUpdatingLocation()
                // Region monitoring fails without authorization: started once it is given.
                manager.startMonitoring(for: destination)
                manager.startMonitoringVisits()
            } else if manager.authorizationStatus == .notDetermined {
                state = .waitingForPermission
                manager.requestAlwaysAuthorization()
            } else {
                state = .cannotRecord
            }
        case .recording:
            if !isAllowed(manager) { state = .cannotRecord }
        case .arrived:
            break
        }
    }

    // MARK: LocationManagingDelegate

    public func locationManagerDidChangeAuthorization(_ manager: Manager) {
        startIfAllowed()
    }

    public func locationManager(_ manager: Manager, didUpdateLocations locations: [Manager.Location]) {
        guard state == .recording else { return }
        route += locations.map { RoutePoint($0) }
    }

    public func locationManager(_ manager: Manager, didFailWithError error: any Error) {
        errorCount += 1
        // Core Location's error in its shape (`CLError` on the device).
        if let error = error as? LocationError, error.code == .locationUnknown { signalLosses += 1 }
    }

    public func locationManager(_ manager: Manager, didEnterRegion region: Manager.Region) {
        guard region.identifier == destination.identifier, state == .recording else { return }
        state = .arrived(lastKnownPoint(of: manager)?.timestamp)
        manager.stopUpdatingLocation()
        manager.stopMonitoring(for: destination)
    }

    public func locationManager(_ manager: Manager, didVisit visit: Manager.Visit) {
        stays.append(Stay(arrival: visit.arrivalDate, departure: visit.departureDate))
    }
}

// Code over `any LocationManaging`: it does not care which manager runs.

/// Whether the user lets the app record.
@MainActor
public func isAllowed(_ manager: any LocationManaging) -> Bool {
    switch manager.authorizationStatus {
    case .authorizedAlways, .authorizedWhenInUse: return true
    default: return false
    }
}

/// The last fix the manager delivered, as a route point.
@MainActor
public func lastKnownPoint(of manager: any LocationManaging) -> RoutePoint? {
    manager.location.map { RoutePoint($0) }
}

private func greatCircleMetres(_ a: RoutePoint, _ b: RoutePoint) -> Double {
    let radians = Double.pi / 180
    let dLat = (b.latitude - a.latitude) * radians
    let dLon = (b.longitude - a.longitude) * radians
    let h = sin(dLat / 2) * sin(dLat / 2) + cos(a.latitude * radians) * cos(b.latitude * radians) * sin(dLon / 2) * sin(dLon / 2)
    return 2 * 6_371_000 * asin(min(1, h.squareRoot()))
}
