import Foundation
import Scenario
import Simulation
import Testing
import TestSupport

/// Issue 18: the answer is the app's coverage of its goal (spec §4). Each goal kind and each
/// correct design of the ready scripts, with the exact figures the rules give.
@MainActor @Suite struct CoverageTests {
    /// The built-in app on the commute, with `change` applied to its settings.
    private func commute(_ change: (inout ReplaySettings) -> Void = { _ in }) throws -> SimSummary {
        var settings = ReplaySettings()
        change(&settings)
        return try ReplayRun(track: Shipped.track("city-commute.gpx"), settings: settings.resolved()).run().result.summary
    }

    private func only(_ summary: SimSummary) throws -> SimCoverage {
        try #require(summary.coverage.count == 1)
        return summary.coverage[0]
    }

    /// Metres to the centimetre, so that an exact figure reads as one.
    private func centimetres(_ metres: Double) -> Int { Int((metres * 100).rounded()) }

    @Test func theBuiltInAppNavigatesAndMeetsItsGoalOnTheCommute() throws {
        let summary = try commute()
        let coverage = try only(summary)
        #expect(coverage.goal == .location(.navigation()))
        #expect(summary.goalMet == true)
        #expect(coverage.fraction == 1)
        #expect(coverage.uncoveredSeconds == 0)
        #expect(coverage.gaps == [])
    }

    /// A 50 m filter at city speed holds back fixes for up to 6 s: twelve gaps of 1–6 missed
    /// seconds over the 5-s age, each caused by the filter and closed by the next fix (no wake
    /// needed). Each gap runs from its anchor (§4: the last fix before it, or where the car moved
    /// again after standing still since) to that next fix, on the second its fixes came again.
    @Test func aFiftyMetreFilterStarvesANavigationApp() throws {
        var settings = ReplaySettings()
        settings.distanceFilter = .meters(50)
        let outcome = try ReplayRun(track: Shipped.track("city-commute.gpx"), settings: settings.resolved()).run()
        let summary = outcome.result.summary
        let coverage = try only(summary)
        #expect(summary.goalMet == false)
        #expect(coverage.met == false)
        #expect(coverage.fraction == 330.0 / 371.0)
        #expect(coverage.uncoveredSeconds == 41)
        #expect(centimetres(coverage.uncoveredMetres) == 29_100)
        #expect(coverage.gapCount == 12)
        // The missed seconds: from the first missed to the fix that covered the next one.
        let missed: [[Double]] = [
            [6, 8], [83, 89], [226, 232], [252, 253], [268, 271], [489, 494],
            [499, 501], [506, 508], [513, 514], [519, 521], [556, 562], [709, 714],
        ]
        #expect(coverage.gaps.map { [$0.firstMissed, $0.to] } == missed)
        let fixes = outcome.result.events.filter { $0.kind == .fixDelivered }.map(\.time)
        #expect(Set(missed.map { $0[1] }).isSubset(of: Set(fixes)))
        var anchors: [Double] = []
        for (index, gap) in missed.enumerated() {
            anchors.append(expectedAnchor(firstMissed: gap[0], fixes: fixes, previousEnd: index > 0 ? missed[index - 1][1] : 0, on: outcome.trajectory))
        }
        #expect(coverage.gaps.map(\.from) == anchors)
        // The longest span, anchor to fix; the first gap from the fix at 0:00:01.
        #expect(coverage.longestGapSeconds == zip(anchors, missed).map { $1[1] - $0 }.max())
        #expect(anchors.first == 1)
        #expect(coverage.gaps.allSatisfy { $0.causes == [.fixesUnderDistanceFilter] && $0.closedBy == nil && $0.closed })
        // A gap's metres are its span's: the travel of each second from the anchor to the fix.
        let travel = (Int(anchors[1])..<89).reduce(0.0) { $0 + (outcome.trajectory.position(at: Double($1))?.speed ?? 0) }
        #expect(abs(coverage.gaps[1].metres - travel) < 1e-9)
    }

    /// Without background location the app is suspended 5 s after the task's 30 s end: the
    /// rest of the trip is one gap, not closed.
    @Test func anAppThatIsSuspendedMissesTheRestOfTheTrip() throws {
        let summary = try commute { $0.backgroundLocation = false }
        let coverage = try only(summary)
        #expect(summary.goalMet == false)
        let gap = try #require(coverage.gaps.last)
        #expect(coverage.gapCount == 1)
        #expect(gap.closed == false)
        #expect(gap.closedBy == nil)
        #expect(gap.to == 749)
        // The whole chain of the suspension, as the lifecycle verdict gives it.
        #expect(gap.causes == [.backgroundTimeExpired(budget: 30), .backgroundUpdatesOff, .tasksEndedInHandlers])
    }

    /// The significant-change fallback is correct for its stated goal (10 min, 1 km), and the
    /// default tracking goal (60 s, 100 m) shows the one stretch it gives up: from the end of
    /// the 60-s allowance after the pause's suspension to the significant-change wake.
    @Test func theSignificantChangeFallbackMeetsItsGoal() throws {
        let stated = try Shipped.replay("pause-fallback", on: "walk-with-cafe-stop.gpx", profile: "ios17").run().result.summary
        #expect(stated.goalMet == true)
        #expect(try only(stated).goal == .location(.tracking(maximumGapSeconds: 600, maximumGapMetres: 1000)))
        #expect(try only(stated).fraction == 1)

        let outcome = try Shipped.replay("pause-fallback", on: "walk-with-cafe-stop.gpx", profile: "ios17", goal: "tracking").run()
        let strict = outcome.result.summary
        let coverage = try only(strict)
        #expect(strict.goalMet == false)
        #expect(coverage.fraction == 1500.0 / 1801.0)
        #expect(coverage.uncoveredSeconds == 301)
        #expect(centimetres(coverage.uncoveredMetres) == 42_149)
        // The walker stood still in the café since the last fix and leaves it at 2100: the gap
        // opens there (§4), misses from 60 moving seconds later, 2160, and closes at the
        // significant change's fix at 2461; its metres are the walk between.
        let fixes = outcome.result.events.filter { $0.kind == .fixDelivered }.map(\.time)
        let anchor = expectedAnchor(firstMissed: 2160, fixes: fixes, on: outcome.trajectory)
        #expect(anchor == 2100)
        #expect(fixes.contains(2461))
        let travel = (2100..<2461).reduce(0.0) { $0 + (outcome.trajectory.position(at: Double($1))?.speed ?? 0) }
        #expect(coverage.gaps == [SimGap(
            from: anchor, firstMissed: 2160, to: 2461, seconds: 301, metres: travel,
            causes: [.backgroundTimeExpired(budget: 30), .updatesPausedAutomatically(windowSeconds: 600, activityType: .fitness), .tasksEndedInHandlers],
            closedBy: .systemWake(.significantLocationChange), closed: true)])
    }

    /// A geofence around the stop brings the recording back only for the wake: woken by the
    /// region exit (`CLLocationManager`) at 2378 s, relaunched by the monitor's event after a
    /// purge (`CLMonitor`) at 2421 s — the exit counted at 2335 s plus each mechanism's first
    /// seeded report delay (43 s, 86 s; GeofenceRecipeTests and GeofenceMonitorRecipeTests derive
    /// them). The first tracking gap runs from 2100 s (the walker leaves the café where she stood
    /// since the last fix), missed from 2160 s, to that wake: 218 s, 261 s missed.
    /// The updates the app restarts there deliver for the wake's 10 s only (§4: a region or
    /// monitor wake starts no keep-alive; issue 31), so a second gap runs from after them to the
    /// end of the walk (3002 s), not closed, naming that rule. The design's own goal (10 min or
    /// 1 km, 95 %) is still met: the walk ends 614 s after the wake.
    @Test(arguments: [("geofence-arrival", SimCause.systemWake(.regions(.exit)), 2_378.0, KeepAliveStartWake.region),
                      ("geofence-monitor", .systemLaunch(.monitor(.event)), 2_421, .monitor)])
    func geofenceWokenRecordingGetsOnlyTheWake(recipe: String, closer: SimCause, heard: Double, wake: KeepAliveStartWake) throws {
        let stated = try Shipped.replay(recipe, on: "walk-with-cafe-stop.gpx", profile: "ios17").run().result.summary
        #expect(stated.goalMet == true)
        let strict = try Shipped.replay(recipe, on: "walk-with-cafe-stop.gpx", profile: "ios17", goal: "tracking").run().result.summary
        let coverage = try only(strict)
        #expect(coverage.gaps.count == 2)
        let (first, second) = (coverage.gaps[0], coverage.gaps[1])
        // From 2100, when the walker leaves the café where she stood still since the last fix
        // (§4), missed from 60 moving seconds later, to the wake's first fix.
        #expect([first.from, first.firstMissed, first.to, first.seconds] == [2100, 2160, heard, heard - 2160])
        #expect(first.closedBy == closer)
        #expect(first.causes == [
            .backgroundTimeExpired(budget: 30), .updatesPausedAutomatically(windowSeconds: 600, activityType: .fitness), .tasksEndedInHandlers])
        // From the wake's last fix (the 10-s run's: heard + 9) to the end, not closed.
        #expect(second.from == heard + 9 && second.to == 3002 && !second.closed)
        #expect(second.causes.contains(.updatesStartedInBackgroundWake(wake)))
        #expect(coverage.uncoveredSeconds == first.seconds + second.seconds)
        #expect(coverage.fraction == (1801 - coverage.uncoveredSeconds) / 1801)
    }

    /// Live updates with a background activity session (iOS 17) cover the walk; before iOS 17
    /// the API does not exist, and the app is suspended at the lock for the rest of the walk.
    @Test func liveUpdatesWithASessionCoverTheWalkFromIOS17() throws {
        let modern = try Shipped.replay("live-updates-session", on: "walk-with-cafe-stop.gpx", profile: "ios17").run().result.summary
        #expect(try only(modern).goal == .location(.tracking()))
        #expect(modern.goalMet == true)
        #expect(try only(modern).fraction == 1)

        let old = try Shipped.replay("live-updates-session", on: "walk-with-cafe-stop.gpx", profile: "ios14").run().result.summary
        let coverage = try only(old)
        #expect(old.goalMet == false)
        #expect(coverage.fraction == 60.0 / 1801.0)
        #expect(coverage.uncoveredSeconds == 1741)
        // No fix ever reached the app: the gap runs from the start, the launch being its first
        // "fix" (the new process's allowance), and misses from 60 s into the walk.
        #expect(coverage.gaps.map { [$0.from, $0.firstMissed, $0.to] } == [[0, 60, 3002]])
        #expect(coverage.gaps.first?.causes == [.nothingHoldsApp])
        #expect(coverage.gaps.first?.closed == false)
    }

    /// BGAppRefreshTask every 15 min at the earliest, launched after the system's usage-based
    /// delay (one run in the two hours, at 3936: see BGTaskScriptTests): the default 6-h goal is
    /// met; a 20-min goal shows the late run as a gap closed by the task's wake, and the stretch
    /// after it as one left open at the end.
    @Test func refreshRunsAreMeasuredAgainstTheInterval() throws {
        let byDefault = try Shipped.replay("bg-refresh", on: "parked-car.gpx").run().result.summary
        #expect(try only(byDefault).goal == .bgTasks(RefreshGoal()))
        #expect(byDefault.goalMet == true)

        var settings = try ScenarioFile.parse(
            "goal: {refresh: {everySeconds: 1200}}\n" + String(contentsOfFile: Shipped.script("bg-refresh"), encoding: .utf8), name: "r.yaml")
        settings.$profile = Setting(text: "ios17")
        let summary = try ReplayRun(track: Shipped.track("parked-car.gpx"), settings: settings.resolved()).run().result.summary
        let coverage = try only(summary)
        #expect(coverage.goal == .bgTasks(RefreshGoal(intervalSeconds: 1200)))
        #expect(summary.goalMet == false)
        // Left at 60: due by 1260, run at 3936 (2676 s late); due again by 5136, none before 7200
        // (2064 s). Measured over 7200 - 60 = 7140 s: 1 - 4740 / 7140 = 40 / 119.
        #expect(coverage.fraction == 1 - 4740.0 / 7140.0)
        #expect(coverage.uncoveredSeconds == 4740)
        #expect(coverage.longestGapSeconds == 2676)
        #expect(coverage.gaps.map { [$0.from, $0.to] } == [[1260, 3936], [5136, 7200]])
        let wake = SimCause.systemWake(.bgTasks(.appRefresh))
        #expect(coverage.gaps.map(\.closedBy) == [wake, nil])
        // After the run, the suspension also says the BGTask no longer holds the app.
        let ended: [SimCause] = [.nothingHoldsApp, .bgTasks(.tasksEnded)]
        #expect(coverage.gaps.map(\.causes) == [[.nothingHoldsApp], ended])
    }
}

/// Geofence and visit goals on the walk (spec §4): crossings and visits reach the app's code in
/// time, or are lost for a reason the gap names.
@MainActor @Suite struct GeofenceCoverageTests {
    private func only(_ summary: SimSummary) throws -> SimCoverage {
        try #require(summary.coverage.count == 1)
        return summary.coverage[0]
    }

    private func visits(_ request: String) throws -> SimSummary {
        let text = "app:\n  info: {backgroundModes: [], whenInUseUsage: true, alwaysUsage: true}\n  on:\n    launch: [\(request), start-visits]\n"
        let settings = try ScenarioFile.parse(text, name: "v.yaml")
        return try ReplayRun(track: Shipped.track("walk-with-cafe-stop.gpx"), settings: settings.resolved()).run().result.summary
    }

    /// The app watches only a region: its goal is the geofence one, and iOS 18 relaunches the
    /// force-quit app for the exit.
    @Test func aGeofencingAppGetsBothCrossingsUntilIOS26() throws {
        let relaunched = try Shipped.replay("cafe-geofence", on: "walk-with-cafe-stop.gpx", profile: "ios18").run().result.summary
        let coverage = try only(relaunched)
        #expect(coverage.goal == .regions(EventLatencyGoal()))
        #expect(relaunched.goalMet == true)
        #expect(coverage.eventCount == 2)
        #expect(coverage.gapCount == 0)
    }

    /// iOS 26.4 does not relaunch a force-quit app for a region (§9, §16; 26.0–26.3 still do): the
    /// exit (crossed at 0:36:49, counted at 0:39:32) is lost, missed from 5 min after the crossing
    /// (0:41:49; §4, issue 31) to the end: 493 s, 689 m of the walk.
    @Test func onIOS26_4TheForceQuitAppLosesTheExit() throws {
        #expect(try Shipped.replay("cafe-geofence", on: "walk-with-cafe-stop.gpx", profile: "26.3").run().result.summary.goalMet == true)
        let summary = try Shipped.replay("cafe-geofence", on: "walk-with-cafe-stop.gpx", profile: "ios26.4").run().result.summary
        let coverage = try only(summary)
        #expect(summary.goalMet == false)
        #expect(coverage.eventCount == 2)
        #expect(coverage.fraction == 0.5)
        #expect(coverage.gaps.map { [$0.from, $0.to] } == [[2509, 3002]])
        #expect(coverage.gaps.first?.causes == [.forceQuit])
        #expect(coverage.gaps.first?.closed == false)
        #expect(Int(coverage.uncoveredMetres.rounded()) == 689)
    }

    /// `--goal geofence` on a CLMonitor app is measured on its monitor's events.
    @Test func aGeofenceGoalFollowsTheMechanismTheAppWatchesWith() throws {
        let summary = try Shipped.replay("geofence-monitor", on: "walk-with-cafe-stop.gpx", profile: "ios17", goal: "geofence").run().result.summary
        let coverage = try only(summary)
        #expect(coverage.goal == .monitor(EventLatencyGoal()))
        #expect(summary.goalMet == true)
        #expect(coverage.eventCount == 1)
    }

    /// Visits: an Always app hears the café's arrival and departure; a When In Use one loses
    /// both (iOS wakes an app for visits only with Always), each missed from 5 min after it.
    @Test func visitsNeedAlways() throws {
        let always = try only(visits("request-always"))
        #expect(always.goal == .visits(EventLatencyGoal()))
        #expect(always.met)
        #expect(always.eventCount == 2)

        let whenInUse = try only(visits("request-when-in-use"))
        #expect(!whenInUse.met)
        #expect(whenInUse.eventCount == 2)
        #expect(whenInUse.gaps.map { [$0.from, $0.to] } == [[1764, 3002], [2476, 3002]])
        #expect(whenInUse.gaps.allSatisfy { $0.causes == [.authorization(.authorizedWhenInUse), .nothingHoldsApp] })
        #expect(whenInUse.uncoveredSeconds == 1764)
    }

    /// Issue 19: a geofencing app across an OS update gets both crossings once the phone is
    /// unlocked; never unlocked, the exit waits and is missed, for the first unlock: from 5 min
    /// after the device crossed the boundary (2209 s; §4, issue 31: the geometric crossing, not
    /// the count) to the end.
    @Test func aGeofenceAppAcrossAnOSUpdate() throws {
        let unlocked = try Shipped.replay("geofence-os-update", on: "walk-with-cafe-stop.gpx").run().result.summary
        #expect(unlocked.goalMet == true)
        #expect(try only(unlocked).eventCount == 2)

        var settings = try ScenarioFile.read(contentsOf: Shipped.script("geofence-os-update"))
        settings.events.removeAll { $0.action == .unlock }
        let locked = try only(try ReplayRun(track: Shipped.track("walk-with-cafe-stop.gpx"), settings: settings.resolved()).run().result.summary)
        #expect(!locked.met)
        #expect(locked.eventCount == 2)
        #expect(locked.gaps.map { [$0.from, $0.to] } == [[2509, 3002]])
        #expect(locked.gaps.first?.causes.first == .device(.beforeFirstUnlock))
    }
}
