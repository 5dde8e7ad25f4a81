import Geodesy
import Testing
import TestSupport
import Scripting
@testable import Simulation

/// §3 and §4 with exact fixes (no error): a drive east at 10 m/s, one sample a second.
@MainActor @Suite struct LocationScenarioTests {
    /// Stopped at a red light from 100 to 200 s; distance filter 95 m, so fixes come every 10 s
    /// while driving (at 0, 10, …, 100) and none while stopped, until 210.
    private func trafficLight(_ policy: KeepAlivePolicy) -> SimulationResult {
        runStandard(configuration(drive(seconds: 300, stops: [100...200]), profile: exact(.iOS17), policy: policy, timeline: [
            SimScenarioEvent(at: 60, .enterBackground),
        ])) { $0.distanceFilter = 95 }.0
    }

    @Test func trafficLightLongerThanTheBudgetUnderTheSessionPolicy() {
        // The running session keeps the app alive; the strict reading suspends it 30 s after the last delivery.
        let result = trafficLight(.session)
        #expect(Array(deliveredTimes(result).prefix(12)) == [0, 10, 20, 30, 40, 50, 60, 70, 80, 90, 100, 210])
        #expect(result.summary.verdict == .keptAlive)
        #expect(result.summary.longestDeliveryGapSeconds == 110)
        #expect(result.summary.strictVerdict == .suspended)
        #expect(result.summary.strictSuspendedAt == 130)
    }

    @Test func trafficLightLongerThanTheBudgetUnderTheDeliveryPolicy() {
        let result = trafficLight(.delivery)
        #expect(result.summary.verdict == .suspended)
        #expect(result.summary.suspendedAt == 130)
        #expect(result.summary.causes == [.noDeliveryWithinBudget(budget: 30), .tasksEndedInHandlers])
        #expect(result.summary.strictSuspendedAt == 130)
        // Suspended: later fixes wait for the app.
        #expect(log(result, [.fixQueued]).first.map { [$0.time] } == [210])
        #expect(result.events.first { $0.kind == .fixQueued }?.fix?.reason == .appSuspended)
    }

    /// Parked from 300 s to 2000 s; fitness pauses after 600 s standing still.
    private func longStop(pauses: Bool) -> SimulationResult {
        runStandard(configuration(drive(seconds: 3000, stops: [300...2000]), profile: exact(.iOS17), timeline: [
            SimScenarioEvent(at: 60, .enterBackground),
        ])) {
            $0.pausesLocationUpdatesAutomatically = pauses
            $0.activityType = .fitness
        }.0
    }

    @Test func longStopWithAutoPause() {
        // Standing still from 300; paused at 900; the keep-alive ends and a fresh 30 s budget runs out at 930.
        let result = longStop(pauses: true)
        #expect(log(result, [.locationPause]) == [At(900, .locationPause(windowSeconds: 600, radius: 25, activityType: .fitness))])
        #expect(deliveredTimes(result).last == 900)
        #expect(result.summary.verdict == .suspended)
        #expect(result.summary.suspendedAt == 930)
        #expect(result.summary.strictSuspendedAt == 930)
    }

    @Test func longStopWithoutAutoPause() {
        let result = longStop(pauses: false)
        #expect(result.summary.verdict == .keptAlive)
        #expect(result.summary.deliveredUpdates == 3001)
        #expect(result.summary.strictVerdict == .keptAlive)
    }

    @Test func theFirstFixIsAlwaysDelivered() {
        // A 10 km filter on a 3 km drive: only first fixes, after the start and after a restart.
        let (result, _) = runStandard(configuration(drive(seconds: 300), profile: exact(.iOS17), timeline: [
            SimScenarioEvent(at: 100, .stopUpdatingLocation), SimScenarioEvent(at: 101, .startUpdatingLocation),
        ])) { $0.distanceFilter = 10_000 }
        #expect(deliveredTimes(result) == [0, 101])
        #expect(result.events.filter { $0.kind == .fixFiltered }.count == 298)
    }

    @Test func theFilterMeasuresFromTheLastDeliveredFix() throws {
        // Fixes 10 m apart, a 15 m filter: every second fix is 20 m from the last delivered one.
        // (Measured from the last offered fix, none would pass.)
        let (result, _) = runStandard(configuration(drive(seconds: 100), profile: exact(.iOS17))) { $0.distanceFilter = 15 }
        #expect(deliveredTimes(result) == Array(stride(from: 0.0, through: 100, by: 2)))
        let firstFiltered = try #require(result.events.first { $0.kind == .fixFiltered })
        #expect(firstFiltered.time == 1)
        #expect(firstFiltered.fix?.reason == .underDistanceFilter)
        #expect(abs(firstFiltered.fix!.distanceFromLastDelivered! - 10.018) < 0.001)
    }

    @Test func aTunnelGivesLocationUnknownAndTheSessionStillKeepsTheAppAlive() {
        let (result, app) = runStandard(configuration(drive(seconds: 300, gaps: [100...160]), timeline: [
            SimScenarioEvent(at: 60, .enterBackground),
        ]))
        #expect(app.errors == [.locationUnknown])
        #expect(log(result, [.fixUnavailable, .locationError]) == [At(100, .fixUnavailable), At(100, .locationError(.locationUnknown))])
        #expect(result.summary.verdict == .keptAlive)
        #expect(result.summary.longestDeliveryGapSeconds == 62)
        #expect(result.summary.strictSuspendedAt == 129)
    }

    /// Uses only the significant-change service, which wakes a suspended Always app.
    final class SignificantChangeApp: SimAppDelegate {
        var manager: SimLocationManager?
        func applicationDidFinishLaunching(_ application: SimApplication, inBackground: Bool) {
            let manager = application.makeLocationManager()
            manager.startMonitoringSignificantLocationChanges()
            self.manager = manager
        }
    }

    @Test func significantChangesWakeASuspendedApp() {
        // No task, no background updates: suspended 5 s after leaving at 10. The service delivers at 0,
        // then after ≥ 500 m and ≥ 300 s, at 300 (checked every 60 s): iOS wakes the app, which is
        // suspended again 5 s later.
        let result = KeepAliveSimulation(configuration(drive(seconds: 700), profile: exact(.iOS17), timeline: [
            SimScenarioEvent(at: 10, .enterBackground),
        ]), app: SignificantChangeApp()).run()
        #expect(deliveredTimes(result) == [0, 300, 600])
        // Each wake is the short run of §9 (30 s of background time), not a grace period.
        #expect(log(result, [.appState]).suffix(5) == [
            state(15, .background, .suspended, .nothingHoldsApp),
            state(300, .suspended, .background, .systemWake(.significantLocationChange)),
            state(330, .background, .suspended, .backgroundTimeExpired(budget: 30)),
            state(600, .suspended, .background, .systemWake(.significantLocationChange)),
            state(630, .background, .suspended, .backgroundTimeExpired(budget: 30)),
        ])
        #expect(result.summary.suspendedAt == 15)
    }

    @Test(arguments: [(SimProfile.iOS7, true), (.iOS17, true), (.iOS18, true), (.iOS26, true), (.iOS26_4, false)])
    func significantChangesRelaunchAPurgedAppAndAForceQuitOneUntilIOS26_4(profile: SimProfile, afterForceQuit: Bool) {
        // §9 by era: a purge never stops the service; a force quit stops it only from iOS 26.4.
        func run(_ ending: SimScenarioEvent.Action) -> SimulationResult {
            KeepAliveSimulation(configuration(drive(seconds: 400), profile: exact(profile), timeline: [
                SimScenarioEvent(at: 10, .enterBackground), SimScenarioEvent(at: 100, ending),
            ]), app: SignificantChangeApp()).run()
        }
        let relaunched = [
            At(0, .launch(process: 1, inBackground: false, cause: .tripStarts)),
            At(300, .launch(process: 2, inBackground: true, cause: .systemLaunch(.significantLocationChange))),
        ]
        let purged = run(.memoryPressure)
        #expect(log(purged, [.appLaunch]) == relaunched)
        #expect(purged.summary.processes == 2)
        #expect(deliveredTimes(purged) == [0, 300])
        let quit = run(.forceQuit)
        #expect(log(quit, [.appLaunch]) == (afterForceQuit ? relaunched : [relaunched[0]]))
        #expect(deliveredTimes(quit) == (afterForceQuit ? [0, 300] : [0]))
    }

    @Test func sameSeedSameRunOtherSeedOtherFixes() {
        func run(seed: UInt64) -> SimulationResult {
            var config = configuration(drive(seconds: 600, stops: [200...300]), timeline: [SimScenarioEvent(at: 60, .enterBackground)])
            config.seed = seed
            return runStandard(config) { $0.distanceFilter = 50 }.0
        }
        #expect(run(seed: 7) == run(seed: 7))
        #expect(run(seed: 7).events.compactMap(\.fix?.latitude) != run(seed: 8).events.compactMap(\.fix?.latitude))
    }

    @Test func fixesCarryTruthPlusSeededError() {
        let (_, app) = runStandard(configuration(drive(seconds: 60)))
        #expect(app.received.count == 61)
        #expect(app.received.allSatisfy { (5...10).contains($0.horizontalAccuracy) && $0.verticalAccuracy == 6 && $0.altitude == 400 })
        // The error stays within a few standard deviations of the reported accuracy.
        let truth = drive(seconds: 60)
        #expect(app.received.allSatisfy { fix in
            fix.distance(from: SimLocation(coordinate: truth.position(at: fix.time.seconds)!.coordinate, altitude: 0,
                                           horizontalAccuracy: 0, verticalAccuracy: 0, speed: 0, course: 0, time: fix.time,
                                           timestamp: fix.timestamp)) < 4 * fix.horizontalAccuracy
        })
        // `drive` lays out its 10 m steps with a spherical metres-per-degree factor; on the
        // ellipsoid they measure 10.018 m, which is the speed derived from them.
        #expect(abs(app.received[30].speed - 10.018) < 0.001)
        #expect(abs(app.received[30].course - 90) < 0.01)
    }

    @Test func coarseAccuracyComesLessOften() {
        let (result, app) = runStandard(configuration(drive(seconds: 120))) { $0.desiredAccuracy = .hundredMeters }
        #expect(deliveredTimes(result) == [0, 10, 20, 30, 40, 50, 60, 70, 80, 90, 100, 110, 120])
        #expect(app.received.allSatisfy { (30...100).contains($0.horizontalAccuracy) && $0.verticalAccuracy == -1 })
    }

    @Test func aFixThatImprovesAccuracyPassesTheFilterWhenTheFlagIsOn() {
        // Standing still: with the flag, a fix more accurate than the last delivered one passes anyway.
        var profile = SimProfile.iOS17
        profile.deliversFixesWhenAccuracyImproves = true
        let trip = drive(seconds: 60, stops: [0...60])
        let off = runStandard(configuration(trip)) { $0.distanceFilter = 100 }.0
        let (on, app) = runStandard(configuration(trip, profile: profile)) { $0.distanceFilter = 100 }
        #expect(off.summary.deliveredUpdates == 1)
        let accuracies = app.received.map(\.horizontalAccuracy)
        #expect(accuracies.count > 1)
        #expect(zip(accuracies, accuracies.dropFirst()).allSatisfy { $1 < $0 })
        #expect(on.summary.deliveredUpdates == accuracies.count)
    }

    @Test func downgradeToWhenInUseMidTripKeepsUpdatesStartedInTheForeground() {
        let (result, _) = runStandard(configuration(drive(seconds: 300), timeline: [
            SimScenarioEvent(at: 60, .enterBackground), SimScenarioEvent(at: 100, .setAuthorization(.authorizedWhenInUse)),
        ]))
        #expect(log(result, [.authorizationChange]) == [At(100, .authorizationChange(from: .authorizedAlways, to: .authorizedWhenInUse, accuracy: nil, cause: .settingsChanged))])
        #expect(result.summary.verdict == .keptAlive)
        #expect(result.summary.deliveredUpdates == 301)
    }

    @Test func restrictedIsRefusedLikeDenied() {
        let (result, app) = runStandard(configuration(drive(seconds: 100), authorization: .restricted, timeline: [
            SimScenarioEvent(at: 1, .startUpdatingLocation),
        ]))
        #expect(app.errors == [.denied])
        #expect(result.summary.deliveredUpdates == 0)
    }

    @Test func aTrackDenserThanOneHertzIsSampledAtTheCadence() {
        // Five samples a second; fixes still come once a second.
        let samples = (0...50).map { TrajectorySample(time: Double($0) / 5, coordinate: GeoCoordinate(latitude: 47, longitude: 8 + Double($0) * 1e-5)) }
        let (result, _) = runStandard(configuration(Trajectory(pieces: [samples])))
        #expect(deliveredTimes(result) == [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10])
    }
}
