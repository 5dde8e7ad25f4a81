import Foundation
import Geodesy
import NavLogic
import Simulation
import Testing

// NavLogic's TripRecorder, unchanged from the app, on the simulation: the only test-side glue is
// the SimAppDelegate that makes the manager, as the app's LiveTrip does on the device.

/// The simulated app: makes the simulation's manager and hands it to the shared logic.
@MainActor
final class NavSimApp: SimAppDelegate {
    let destination: SimCircularRegion
    private(set) var recorder: TripRecorder<SimLocationManager>?

    init(destination: SimCircularRegion) { self.destination = destination }

    func applicationDidFinishLaunching(_ application: SimApplication, inBackground: Bool) {
        let manager = application.makeLocationManager()
        let recorder = TripRecorder(manager: manager, destination: destination)
        manager.delegate = recorder
        self.recorder = recorder
        recorder.start()
    }
}

/// East along 47° N at a nominal 10 m/s (10.018 m/s on the WGS-84 ellipsoid) for `driving`
/// seconds, then parked until `until`, one sample a second; none in `gap`.
func trip(driving: Int, until: Int, gap: ClosedRange<Int>? = nil) -> Trajectory {
    var pieces: [[TrajectorySample]] = [[]]
    for second in 0...until {
        if let gap, gap.contains(second) {
            if !pieces[pieces.count - 1].isEmpty { pieces.append([]) }
            continue
        }
        let metres = 10 * Double(min(second, driving))
        let coordinate = GeoCoordinate(latitude: 47, longitude: 8 + metres / (111_320 * cos(47 * Double.pi / 180)))
        pieces[pieces.count - 1].append(TrajectorySample(time: Double(second), coordinate: coordinate, altitude: 400))
    }
    return Trajectory(pieces: pieces)
}

/// `base` with fixes exactly on the true positions, for exact times.
func exact(_ base: SimProfile) -> SimProfile {
    var profile = base
    profile.accuracyProfiles = profile.accuracyProfiles.mapValues { accuracy in
        var accuracy = accuracy
        accuracy.horizontalAccuracy = accuracy.horizontalAccuracy.lowerBound...accuracy.horizontalAccuracy.lowerBound
        accuracy.errorFraction = 0
        return accuracy
    }
    return profile
}

@MainActor @Suite struct TripRecorderTests {
    /// 3 km of driving, then parked for 20 minutes.
    private let commute = trip(driving: 300, until: 1_500)
    /// 200 m around where the car parks.
    private var office: SimCircularRegion {
        SimCircularRegion(center: commute.position(at: 300)!.coordinate, radius: 200, identifier: "office")
    }

    private func run(_ trajectory: Trajectory, authorization: SimAuthorizationStatus) -> (NavSimApp, SimulationResult) {
        let app = NavSimApp(destination: office)
        let configuration = SimulationConfiguration(
            trajectory: trajectory, profile: exact(.iOS17), initialAuthorization: authorization,
            timeline: [SimScenarioEvent(at: 60, .enterBackground)])  // the phone goes in the pocket
        return (app, KeepAliveSimulation(configuration, app: app).run())
    }

    @Test func recordsTheRouteAndStopsOnArrival() throws {
        let (app, result) = run(commute, authorization: .authorizedAlways)
        let recorder = try #require(app.recorder)
        let start = commute.startDate
        // The 50 m filter passes a fix every 5 s while driving (50.09 m apart): 0, 5, …, 300.
        #expect(recorder.route.count == 61)
        #expect(recorder.route.first?.timestamp == start)
        #expect(recorder.route.last?.timestamp == start.addingTimeInterval(300))
        // 300 × 10 m of longitude at 47° N measured on a 6,371 km sphere: 3,000 × 111,194.9 / 111,320.
        #expect(recorder.distance.rounded() == 2_997)
        // §11: an entry counts 100 m inside the 200 m region (half the radius) after 20 s there, and
        // is heard a report delay later, drawn from the run's seed (the regions' first draw at seed
        // 0: 43 s). At 290 s the car is 10 × 10.018 = 100.18 m from the centre, at 291 90.16 m:
        // counted at 311, heard at 354, when updates stop. The last fix then is the one at 300.
        #expect(recorder.state == .arrived(start.addingTimeInterval(300)))
        let stops = result.events.filter { $0.kind == .locationStop }.map(\.time)
        #expect(stops == [354])
        // Parked from 300 (the visit's 100 m circle last moved then), a visit after 10 min: at 900.
        #expect(recorder.stays == [Stay(arrival: start.addingTimeInterval(300), departure: .distantFuture)])
        #expect(recorder.errorCount == 0)
    }

    @Test func cannotRecordWhenDenied() throws {
        let (app, result) = run(commute, authorization: .denied)
        let recorder = try #require(app.recorder)
        #expect(recorder.state == .cannotRecord)
        #expect(recorder.route == [])
        #expect(result.summary.deliveredUpdates == 0)
    }

    @Test func asksThenRecordsOnceAllowed() throws {
        // The user answers the prompt after 1 s (provisional Always, iOS 13+): updates start at 1,
        // and the first fix, at 1, is 10 m along.
        let (app, _) = run(commute, authorization: .notDetermined)
        let recorder = try #require(app.recorder)
        #expect(recorder.route.first?.timestamp == commute.startDate.addingTimeInterval(1))
        #expect(recorder.route.count == 60)
        #expect(recorder.state == .arrived(commute.startDate.addingTimeInterval(296)))
    }

    @Test func aTunnelIsAnErrorAndAGapInTheRoute() throws {
        // No signal from 100 to 159 s: one locationUnknown, and no fix in the gap.
        let (app, _) = run(trip(driving: 300, until: 1_500, gap: 100...159), authorization: .authorizedAlways)
        let recorder = try #require(app.recorder)
        #expect(recorder.errorCount == 1)
        #expect(recorder.signalLosses == 1)
        let seconds = recorder.route.map { $0.timestamp.timeIntervalSince(commute.startDate) }
        #expect(seconds.filter { (95...165).contains($0) } == [95, 160, 165])
    }

    @Test func codeOverAnyManagerReadsTheSimulation() throws {
        let (app, _) = run(commute, authorization: .authorizedWhenInUse)
        let manager: any LocationManaging = try #require(app.recorder?.manager)
        #expect(isAllowed(manager))
        #expect(manager.authorizationStatus == .authorizedWhenInUse)
        #expect(manager.authorizationStatus != .authorizedAlways)
        #expect(lastKnownPoint(of: manager) == app.recorder?.route.last)
        #expect(manager.location?.coordinate.latitude == 47)
    }
}
