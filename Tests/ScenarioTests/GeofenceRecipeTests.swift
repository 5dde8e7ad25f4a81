import Foundation
import Geodesy
import Scenario
@testable import Simulation
import Testing
import TestSupport

/// `Tracks/Scenarios/geofence-arrival.yaml` on `walk-with-cafe-stop.gpx`, on the four eras.
@MainActor @Suite struct GeofenceRecipeTests {
    private func run(profile: String) throws -> ReplayOutcome {
        try Shipped.replay("geofence-arrival", on: "walk-with-cafe-stop.gpx", profile: profile).run()
    }

    /// The walk pauses at 25:01 (10 min still in the café, fitness) and the app monitors 100 m
    /// around its last fix; the fresh budget ends in a suspension at 25:01 + budget. §11: the
    /// device leaves the circle at 36:12 (2172 s), is 300 m from the centre (200 m beyond) at
    /// 38:35, stays so for 20 s: counted at 38:55 (2335 s); the report delay later (the regions'
    /// first seeded draw: 43 s at seed 0), at 39:38 (2378 s), iOS wakes the suspended app for
    /// 10 s; its `region-exit` restarts the updates, which deliver for that run only: updates
    /// started in a region's wake keep nothing alive (§4, DTS thread 776698; issue 31), so the
    /// run's end at 2388 suspends the app again, with that rule among the causes. The verdict is
    /// the suspension at the pause.
    @Test(arguments: [("ios6", 600.0), ("ios7", 180), ("ios13", 30), ("ios17", 30)])
    func theRegionExitBringsTheAppBackAfterTheThresholdAndItsDelay(profile: String, budget: Double) throws {
        let outcome = try run(profile: profile)
        let result = outcome.result
        #expect(result.summary.verdict == .suspended)
        #expect(result.summary.suspendedAt == 1_501 + budget)
        let events = result.events
        guard let start = events.first(where: { $0.kind == .regions(.start) }), case .regions(.start(let region)) = start.detail,
              let exit = events.first(where: { $0.kind == .regions(.exit) }),
              case .regions(.crossing(_, _, let crossedAt, let qualifiedAt)) = exit.detail else {
            Issue.record("no region start or exit")
            return
        }
        #expect(start.time == 1_501)
        #expect(region.radius == 100)
        #expect((crossedAt, qualifiedAt, exit.time) == (2_172, 2_335, 2_378))
        // The same times from the rule and the track: the first second outside, the first of 20 s
        // more than 200 m beyond, then the first delay of the regions' stream for the run's seed (0).
        let centre = GeoCoordinate(latitude: region.latitude, longitude: region.longitude)
        let distance = { (t: Int) in Geodesy.distance(from: centre, to: outcome.trajectory.position(at: Double(t))!.coordinate) }
        let seconds = Array(1_501...2_400)
        let outside = try #require(seconds.first { distance($0) > 100 })
        let beyond = try #require(seconds.first { t in (t...t + 20).allSatisfy { distance($0) > 300 } })
        var delays = ReportDelay(seed: 0 ^ RegionMonitoring.delaySalt)
        let delay = delays.next(RegionProfile())
        #expect((Double(outside), Double(beyond + 20), Double(beyond + 20) + delay) == (crossedAt, qualifiedAt, exit.time))
        #expect(log(result, [.appState]).contains(At(2_378, .stateChange(from: .suspended, to: .background, cause: .systemWake(.regions(.exit))))))
        #expect(!events.contains { $0.time >= 2_378 && $0.kind == .keepAliveStart })
        #expect(log(result, [.appState]).last == At(2_388, .stateChange(from: .background, to: .suspended, cause: .backgroundTimeExpired(budget: 10))))
        #expect(deliveredTimes(result).filter { $0 >= 2_378 } == Array(stride(from: 2_378.0, through: 2_387, by: 1)))
    }
}
