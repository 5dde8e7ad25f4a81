import Testing
import TestSupport
@testable import ScenarioInput
@testable import ScenarioReports
@testable import ScenarioRun
@testable import Simulation

/// Spec §9: a system wake gives the app its short run whether or not the device sleeps; the
/// sleep rule applies to what holds the app after that run. Each case locks the device at 1:00,
/// as a phone in a pocket is.
@MainActor @Suite struct LockedPhoneWakeTests {
    private func replay(_ text: String, on track: String, profile: String? = nil) throws -> SimulationResult {
        var settings = try ScenarioFile.parse(text, name: "s.yaml")
        if let profile { settings.$profile = Setting(text: profile) }
        return try ReplayRun(track: Shipped.track(track), settings: settings.resolved()).run().result
    }

    private func states(_ result: SimulationResult, from start: Double) -> [At] {
        log(result, [.appState]).filter { $0.time >= start }
    }

    @Test func aRegionExitRelaunchesAPurgedAppOnALockedPhoneAndItHearsTheExit() throws {
        // Paused in the café at 0:25:01, the app monitors a region and is suspended; purged at
        // 0:38:20. The exit, counted at 0:38:55 (2335) and reported after the regions' first
        // seeded delay (43 s at seed 0), at 0:39:38, relaunches it with a 10 s run:
        // didExitRegion reaches the new process, whose restarted updates deliver a fix a second
        // for that run only (2378–2387: 10): updates started in a region's launch keep nothing
        // alive (§4, issue 31), so the run's end at 2388 suspends it.
        let result = try replay("""
            app:
              info: {backgroundModes: [location], whenInUseUsage: true, alwaysUsage: true}
              on:
                launch:
                  - set: {allowsBackgroundLocationUpdates: true, activityType: fitness}
                  - request-always
                  - {if: foreground, do: start-updates}
                paused: [{monitor-region: {radius: 100, id: stop}}]
                region-exit: [{log: exit heard}, start-updates, {stop-monitoring-region: stop}]
            events: [{at: 60, do: lock}, {at: 2300, do: memory-pressure}]
            """, on: "walk-with-cafe-stop.gpx")
        #expect(heard(result) == ["2378 p2 exit heard"])
        #expect(states(result, from: 2300) == [
            state(2300, .suspended, .terminated, .memoryPressure),
            state(2378, .terminated, .background, .systemLaunch(.regions(.exit))),
            state(2388, .background, .suspended, .backgroundTimeExpired(budget: 10)),
        ])
        #expect(deliveredTimes(result).filter { $0 >= 2378 } == Array(stride(from: 2378.0, through: 2387, by: 1)))
    }

    @Test func aSignificantChangeWakesAndRelaunchesTheAppOnALockedPhone() throws {
        // Left and locked at 1:00 with nothing holding it: suspended at once. Each change (5 min and
        // 500 m apart: 1:00, 6:00, 11:00) gives it a 30 s run that hears the fix; the one at 6:00
        // relaunches the process purged at 3:20.
        let result = try replay("""
            app:
              info: {whenInUseUsage: true, alwaysUsage: true}
              on:
                launch: [request-always, start-significant-changes]
                location: [{log: fix heard}]
            events: [{at: 60, do: lock}, {at: 200, do: memory-pressure}]
            """, on: "city-commute.gpx")
        #expect(heard(result) == ["60 p1 fix heard", "360 p2 fix heard", "660 p2 fix heard"])
        #expect(states(result, from: 60) == [
            state(60, .active, .inactive, .userLeavesApp), state(60, .inactive, .background, .userLeavesApp),
            state(60, .background, .suspended, .nothingHoldsApp),
            state(60, .suspended, .background, .systemWake(.significantLocationChange)),
            state(90, .background, .suspended, .backgroundTimeExpired(budget: 30)),
            state(200, .suspended, .terminated, .memoryPressure),
            state(360, .terminated, .background, .systemLaunch(.significantLocationChange)),
            state(390, .background, .suspended, .backgroundTimeExpired(budget: 30)),
            state(660, .suspended, .background, .systemWake(.significantLocationChange)),
            state(690, .background, .suspended, .backgroundTimeExpired(budget: 30)),
        ])
    }

    @Test func aSilentPushOnALockedPhoneRunsItsHandlerAndTheCompletionEndsTheRun() throws {
        // §14: woken at 5:00, the handler runs and calls the completion handler; the device
        // sleeps, so with nothing holding the app it is suspended at once (no grace).
        let result = try replay("""
            app:
              info: {backgroundModes: [remote-notification]}
              on: {push: [{log: push heard}, complete]}
            events: [{at: 60, do: lock}, {at: 300, do: silent-push}]
            """, on: "city-commute.gpx")
        #expect(heard(result) == ["300 p1 push heard"])
        #expect(states(result, from: 300) == [
            state(300, .suspended, .background, .systemWake(.pushes(.silent))),
            state(300, .background, .suspended, .nothingHoldsApp),
        ])
    }

    @Test func aSilentPushWhoseHandlerNeverCompletesRunsItsThirtySecondsOnALockedPhone() throws {
        let result = try replay("""
            app:
              info: {backgroundModes: [remote-notification]}
              on: {push: [{log: push heard}]}
            events: [{at: 60, do: lock}, {at: 300, do: silent-push}]
            """, on: "city-commute.gpx")
        #expect(states(result, from: 300) == [
            state(300, .suspended, .background, .systemWake(.pushes(.silent))),
            state(330, .background, .suspended, .backgroundTimeExpired(budget: 30)),
        ])
    }

    @Test func aLiveUpdatesRelaunchOnALockedPhoneRunsTheLaunchCodeAndKeepsTheApp() throws {
        // live-updates-session.yaml, purged at 0:30:00 while the walker sits in the café. When
        // the walk goes on (0:35:18) iOS relaunches the app; its launch code re-creates the
        // session and restarts the updates, which hold it to the end (886 fixes).
        let script = try String(contentsOfFile: Shipped.script("live-updates-session"), encoding: .utf8)
        let result = try replay(script + "  - {at: 1800, do: memory-pressure}\n", on: "walk-with-cafe-stop.gpx", profile: "ios17")
        #expect(states(result, from: 1800) == [
            state(1800, .suspended, .terminated, .memoryPressure),
            state(2118, .terminated, .background, .systemLaunch(.liveUpdates(.updatesAvailable))),
        ])
        #expect(deliveredTimes(result).filter { $0 >= 2118 }.count == 886)
        let starts = result.events.filter { if case .liveUpdates(.started) = $0.detail { true } else { false } }
        #expect(starts.map { [$0.time, Double($0.process)] } == [[0, 1], [2118, 2]])
        #expect(starts.map(\.state) == [.inactive, .background])
    }

    @Test func theDeliveryPolicyJudgesALockedAppByItsDeliveriesToo() throws {
        // Locked on screen at 0:30 with a 2 km filter: no fix reaches the app for the 30 s
        // budget. Sleep pauses background tasks' time, not a location session's: under the
        // delivery reading the app is suspended at 1:00, as the strict check says.
        let result = try replay("""
            policy: delivery
            distanceFilter: 2000
            events: [{at: 30, do: lock}]
            """, on: "city-commute.gpx")
        #expect(result.summary.verdict == .suspended)
        #expect(result.summary.suspendedAt == 60)
        #expect(result.summary.causes.first == .noDeliveryWithinBudget(budget: 30))
        #expect(result.summary.strictSuspendedAt == 60)
    }
}
