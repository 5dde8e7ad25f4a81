import Foundation
import Geodesy
import Testing
import TestSupport
@testable import Simulation

// An example of testing your own navigation logic with KeepAliveSim.
//
// `ArrivalDetector` stands for app code: it configures a location manager through the
// `LocationManaging` protocol (which `CLLocationManager` also satisfies on a device), watches the
// fixes, announces arrival within 50 m of the destination and then stops updates to save power.
// The tests drive it with the simulated manager and check what it does, and what iOS then
// does to the app, at exact simulated times.

@MainActor
final class ArrivalDetector {
    enum State: Equatable {
        case waiting, tracking, arrived(atSeconds: Double), cannotTrack
    }

    let destination: GeoCoordinate
    let radius: Double
    private(set) var state = State.waiting
    private let manager: any LocationManaging

    init(manager: any LocationManaging, destination: GeoCoordinate, radius: Double = 50) {
        self.manager = manager
        self.destination = destination
        self.radius = radius
        manager.distanceFilter = 20
        manager.allowsBackgroundLocationUpdates = true
        manager.pausesLocationUpdatesAutomatically = false
        manager.requestAlwaysAuthorization()
    }

    func authorizationChanged(allowed: Bool) {
        if allowed, state == .waiting || state == .cannotTrack {
            state = .tracking
            manager.startUpdatingLocation()
        } else if !allowed {
            state = .cannotTrack
        }
    }

    func received(_ coordinate: GeoCoordinate, atSeconds seconds: Double) {
        guard state == .tracking, Geodesy.distance(from: coordinate, to: destination) <= radius else { return }
        state = .arrived(atSeconds: seconds)
        manager.stopUpdatingLocation()
    }
}

/// The app around the detector: the only simulator-specific glue is this delegate adapter.
@MainActor
final class ArrivalApp: SimAppDelegate, SimLocationManagerDelegate {
    let destination: GeoCoordinate
    var detector: ArrivalDetector?
    var task = SimBackgroundTaskIdentifier.invalid

    init(destination: GeoCoordinate) { self.destination = destination }

    func applicationDidFinishLaunching(_ application: SimApplication, inBackground: Bool) {
        let manager = application.makeLocationManager()
        manager.delegate = self
        detector = ArrivalDetector(manager: manager, destination: destination)
    }

    func applicationDidEnterBackground(_ application: SimApplication) {
        task = application.beginBackgroundTask(withName: "finish trip") { [self] in application.endBackgroundTask(task) }
    }

    func locationManagerDidChangeAuthorization(_ manager: SimLocationManager) {
        let status = manager.authorizationStatus
        detector?.authorizationChanged(allowed: status == .authorizedAlways || status == .authorizedWhenInUse)
    }

    func locationManager(_ manager: SimLocationManager, didUpdateLocations locations: [SimLocation]) {
        for fix in locations { detector?.received(fix.coordinate, atSeconds: fix.time.seconds) }
    }
}

@MainActor @Suite struct ArrivalDetectorExampleTests {
    /// 2.5 km east of the start of `drive`, which moves at 10 m/s.
    private let destination = GeoCoordinate(latitude: 47, longitude: 8 + 2500 / (111_320 * cos(47 * Double.pi / 180)))

    @Test func announcesArrivalAndStopsUpdates() {
        // The user switches to another app at 60 (the device stays awake). The 20 m filter delivers a fix every 2 s; at 244 s the
        // destination is 60 m away, at 246 s 40 m: arrival. Stopping updates ends the location
        // keep-alive, and a fresh 30 s budget suspends the app at 276.
        let app = ArrivalApp(destination: destination)
        let result = KeepAliveSimulation(configuration(drive(seconds: 600), profile: exact(.iOS17), timeline: [
            SimScenarioEvent(at: 60, .enterBackground),
        ]), app: app).run()
        #expect(app.detector?.state == .arrived(atSeconds: 246))
        #expect(log(result, [.locationStop]) == [At(246, .locationStop(.standardUpdates, cause: .updatesStopped))])
        #expect(result.summary.verdict == .suspended)
        #expect(result.summary.suspendedAt == 276)
    }

    @Test func reportsThatItCannotTrackWhenDenied() {
        let app = ArrivalApp(destination: destination)
        let result = KeepAliveSimulation(configuration(drive(seconds: 600), authorization: .denied), app: app).run()
        #expect(app.detector?.state == .cannotTrack)
        #expect(result.summary.deliveredUpdates == 0)
    }

    @Test func recoversWhenTheUserAllowsLocationLater() {
        let app = ArrivalApp(destination: destination)
        let result = KeepAliveSimulation(configuration(drive(seconds: 600), profile: exact(.iOS17), authorization: .denied, timeline: [
            SimScenarioEvent(at: 100, .setAuthorization(.authorizedAlways)),
        ]), app: app).run()
        #expect(app.detector?.state == .arrived(atSeconds: 246))
        #expect(deliveredTimes(result).first == 100)
    }
}
