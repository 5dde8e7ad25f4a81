import Foundation
import ShapeLogic
import Testing
import TestSupport
@testable import Simulation

// App logic over CLMonitor (Tests/ShapeLogic, PlatformShapes only): run here on the simulation.

@MainActor @Suite struct MonitorShapeSimTests {
    /// East at 10 m/s, as in `ConditionMonitoringTests`.
    private let trip = drive(seconds: 1_000)

    /// Opens the monitor with Apple's `await`, and runs the snippet in an app task.
    final class GeofenceApp: SimAppDelegate {
        let condition: SimCircularGeographicCondition
        var watched: (heard: [SimMonitorEvent], last: SimMonitoringState?, left: [String])?
        var endedAt: Double?

        init(_ condition: SimCircularGeographicCondition) { self.condition = condition }

        func applicationDidFinishLaunching(_ application: SimApplication, inBackground: Bool) {
            application.task { [self] in
                let monitor = await application.monitor("geo")
                watched = try? await watchUntilExit(monitor, condition, as: "cafe")
                endedAt = application.clock.now.seconds
            }
        }
    }

    /// `ConditionMonitoringTests`' 500-m circle around the trip at 300.5 s, the report delay made
    /// a constant 240 s: the snippet hears the entry (counted at 291, delivered at 531) and the
    /// exit (counted at 391, delivered at 631), leaves its loop at 631 with the record's last state unsatisfied, and removes the
    /// condition. `accuracyLimited` is iOS 18's, with approximate location; no refinement.
    @Test(arguments: [(SimProfile.iOS17, SimAccuracyAuthorization.reducedAccuracy, [String]()),
                      (.iOS18, .fullAccuracy, []),
                      (.iOS18, .reducedAccuracy, ["accuracyLimited"])])
    func theSnippetHearsTheExitAtItsSecond(profile: SimProfile, accuracy: SimAccuracyAuthorization, expected: [String]) async {
        let app = GeofenceApp(SimCircularGeographicCondition(center: trip.position(at: 300.5)!.coordinate, radius: 500))
        var configuration = configuration(trip, reportDelay: 240, profile: profile)
        configuration.initialAccuracyAuthorization = accuracy
        _ = await KeepAliveSimulation(configuration, app: app).runAsync()
        let watched = app.watched
        #expect(watched?.heard.map { "\($0.identifier) \($0.state.rawValue) \($0.date.timeIntervalSince(trip.startDate))" }
                == ["cafe satisfied 291.0", "cafe unsatisfied 391.0"])
        #expect(watched?.heard.map(diagnostics) == [expected, expected])
        #expect(watched?.last == .unsatisfied)
        #expect(watched?.left == [])
        #expect(app.endedAt == 631)
    }
}
