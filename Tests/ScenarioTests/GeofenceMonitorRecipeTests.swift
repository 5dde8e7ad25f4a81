import Foundation
import Geodesy
import Scenario
@testable import Simulation
import Testing
import TestSupport

/// `Tracks/Scenarios/geofence-monitor.yaml` on `walk-with-cafe-stop.gpx`: the geofence of
/// `geofence-arrival.yaml` as a `CLMonitor` condition, the app purged at 0:40:00 (§11, iOS 17+).
@MainActor @Suite struct GeofenceMonitorRecipeTests {
    private func run(profile: String) throws -> ReplayOutcome {
        try Shipped.replay("geofence-monitor", on: "walk-with-cafe-stop.gpx", profile: profile).run()
    }

    /// The walk pauses at 25:01 (10 min still in the café, fitness); the app adds 100 m around its
    /// last fix to "geofences", assumed satisfied (it is inside: no first event), and is
    /// suspended when its fresh budget ends (25:31), purged at 40:00. §11, as for a region: the
    /// device leaves the circle at 36:12 (2172 s), is 200 m beyond it from 38:35, counted at 38:55
    /// (2335 s), and the report delay later (the monitor's first seeded draw: 86 s at seed 0), at
    /// 40:21 (2421 s), the Always app is relaunched (process 2).
    /// Its launch opens "geofences": the event that waited is delivered at once, `region-exit`
    /// restarts the updates, which deliver for the 10 s run only (§4: updates started in a
    /// CLMonitor launch keep nothing alive; issue 31): suspended again at 2431. The verdict is the
    /// first suspension.
    @Test(arguments: ["ios17", "ios18"])
    func theRelaunchedAppGetsTheExitWhenItOpensTheMonitor(profile: String) throws {
        let outcome = try run(profile: profile)
        let result = outcome.result
        #expect(result.summary.verdict == .suspended)
        #expect(result.summary.suspendedAt == 1_531)
        #expect(result.summary.terminatedAt == 2_400)
        let events = result.events
        guard let add = events.first(where: { $0.kind == .monitor(.add) }), case .monitor(.added(_, let condition, _, _, _)) = add.detail,
              let delivery = events.first(where: { $0.kind == .monitor(.event) }), case .monitor(.delivered(_, let exit)) = delivery.detail,
              let crossedAt = exit.crossedAt else {
            Issue.record("no condition added or event delivered")
            return
        }
        #expect(log(result, [.monitor(.add)]) == [At(1_501, .monitor(.added(monitor: "geofences", condition, assuming: .satisfied, kept: false, monitored: true)))])
        #expect(condition.radius == 100)
        #expect((crossedAt, exit.date, delivery.time) == (2_172, 2_335, 2_421))
        // The same times from the rule and the track: the first second outside, the first of 20 s
        // more than 200 m beyond, then the first delay of the monitor's stream for the run's seed (0).
        let centre = GeoCoordinate(latitude: condition.latitude, longitude: condition.longitude)
        let distance = { (t: Int) in Geodesy.distance(from: centre, to: outcome.trajectory.position(at: Double(t))!.coordinate) }
        let seconds = Array(1_501...2_400)
        let outside = try #require(seconds.first { distance($0) > 100 })
        let beyond = try #require(seconds.first { t in (t...t + 20).allSatisfy { distance($0) > 300 } })
        var delays = ReportDelay(seed: 0 ^ ConditionMonitoring.delaySalt)
        let delay = delays.next(RegionProfile())
        #expect((Double(outside), Double(beyond + 20), Double(beyond + 20) + delay) == (crossedAt, exit.date, delivery.time))
        #expect(log(result, [.appLaunch]).last == At(2_421, .launch(process: 2, inBackground: true, cause: .systemLaunch(.monitor(.event)))))
        #expect(log(result, [.monitor(.open), .monitor(.event), .monitor(.held), .monitor(.remove)]) == [
            At(0, .monitor(.opened(monitor: "geofences", conditions: 0, pending: 0))),
            At(2_421, .monitor(.opened(monitor: "geofences", conditions: 1, pending: 1))),
            At(2_421, .monitor(.delivered(monitor: "geofences", SimMonitorEventRecord(identifier: "stop", state: .unsatisfied, date: 2_335, crossedAt: 2_172)))),
            At(2_421, .monitor(.removed(monitor: "geofences", identifier: "stop"))),
        ])
        #expect(!events.contains { $0.kind == .keepAliveStart && $0.process == 2 })
        #expect(log(result, [.appState]).last == At(2_431, .stateChange(from: .background, to: .suspended, cause: .backgroundTimeExpired(budget: 10))))
        // The report tells it.
        let text = TimelineReport.text(outcome)
        #expect(text.contains("0:40:21  background  10 s  CLMonitor(\"geofences\") opened; Core Location keeps 1 condition for it, 1 event waited for it"))
        #expect(text.contains("0:40:21  background  10 s  CLMonitor \"geofences\" event \"stop\": unsatisfied (the device crossed the boundary at 0:36:12, the crossing counted at 0:38:55, reported 1 min 26 s later)"))
    }

    /// Before iOS 17 there is no CLMonitor: a warning at launch, no condition, and the purged app
    /// is never brought back. Suspended when the budget after the pause ends (25:01 + budget).
    @Test(arguments: [("ios6", 600.0), ("ios7", 180), ("ios13", 30)])
    func beforeIOS17TheAppIsNotBroughtBack(profile: String, budget: Double) throws {
        let result = try run(profile: profile).result
        #expect(result.summary.verdict == .suspended)
        #expect(result.summary.suspendedAt == 1_501 + budget)
        #expect(result.summary.terminatedAt == 2_400)
        #expect(log(result, [.warning]).first == At(0, .warning(.monitor(.unavailable(profile: profile)))))
        #expect(log(result, [.monitor(.open), .monitor(.add), .monitor(.event), .monitor(.held)]) == [])
        #expect(log(result, [.appLaunch]).count == 1)
    }

    /// iOS 18 without the `.always` service session (§10): the exit at 40:21 finds the app
    /// terminated and not in use, so iOS holds the event instead of relaunching it; iOS 17 has
    /// no service sessions and relaunches it all the same.
    @Test(arguments: ["ios17", "ios18"])
    func withoutAnAlwaysSessionIOS18HoldsTheExit(profile: String) throws {
        let text = try String(contentsOfFile: Shipped.script("geofence-monitor"), encoding: .utf8)
        let edited = text.replacingOccurrences(of: "      - {begin-service-session: always}\n", with: "")
        #expect(edited != text)
        var settings = try ScenarioFile.parse(edited, name: "geofence-monitor.yaml")
        settings.$profile = Setting(text: profile)
        let result = try ReplayRun(track: Shipped.track("walk-with-cafe-stop.gpx"), settings: settings.resolved()).run().result
        let held = SimMonitorEventRecord(identifier: "stop", state: .unsatisfied, date: 2_335, crossedAt: 2_172)
        if profile == "ios18" {
            #expect(log(result, [.monitor(.held)]) == [At(2_421, .monitor(.held(monitor: "geofences", held, .serviceSession(.insufficientlyInUse))))])
            #expect(log(result, [.appLaunch]).map(\.time) == [0])
        } else {
            #expect(log(result, [.monitor(.held)]) == [])
            #expect(log(result, [.appLaunch]).map(\.time) == [0, 2_421])
        }
    }
}
