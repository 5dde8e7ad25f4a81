import Foundation
import Testing
import TestSupport
@testable import Scripting
@testable import Simulation

/// §12 "When app refresh runs": the usage-based cadence of BGAppRefreshTask and of the legacy
/// background fetch (§14), with exact instants from the spec's numbers. Unless a test says
/// otherwise each delay is exactly 1000 s (median = 90th percentile = 1000 s, no minimum), with
/// the spec's back-off (×2 per run without an opening, none after 4).
@MainActor @Suite struct AppRefreshCadenceTests {
    private static let id = "com.example.refresh"
    private let refresh = SimBGTaskRecord(identifier: id, kind: .appRefresh)
    private let fetch = SimBGTaskRecord(identifier: BackgroundTaskScheduler.backgroundFetchIdentifier, kind: .backgroundFetch)

    // MARK: The delay's distribution

    @Test func theDelayIsLognormalWithTheSpecsQuantiles() {
        let cadence = AppRefreshCadence()
        // Φ⁻¹ against known values (AS 241 is good to ~1e-16).
        #expect(abs(AppRefreshCadence.normalQuantile(0.9) - 1.2815515655446008) < 1e-12)
        #expect(abs(AppRefreshCadence.normalQuantile(0.975) - 1.9599639845400536) < 1e-12)
        #expect(abs(AppRefreshCadence.normalQuantile(0.01) + 2.3263478740408408) < 1e-12)
        #expect(abs(AppRefreshCadence.normalQuantile(1e-10) + 6.361340902404056) < 1e-9)
        #expect(AppRefreshCadence.normalQuantile(0.5) == 0)
        // The median at u = 0.5, the 90th percentile at u = 0.9.
        #expect(cadence.delay(u: 0.5, runsWithoutUse: 0) == 7_200)
        #expect(cadence.delay(u: 0.9, runsWithoutUse: 0) == 28_800)
        // A lognormal is symmetric in ln: the 10th percentile is median² / p90 = 7200² / 28800.
        #expect(cadence.delay(u: 0.1, runsWithoutUse: 0) == 1_800)
        // At u = 0.02 the lognormal gives 7200·e^(σ·Φ⁻¹(0.02)) ≈ 781 s: never under 15 min.
        #expect(cadence.delay(u: 0.02, runsWithoutUse: 0) == 900)
        // Each run without an opening doubles it: 7200·2³ after three.
        #expect(cadence.delay(u: 0.5, runsWithoutUse: 3) == 57_600)
        // The minimum applies before the back-off: 900·2.
        #expect(cadence.delay(u: 0.001, runsWithoutUse: 1) == 1_800)
        #expect(AppRefreshCadence.fixed(seconds: 100).delay(u: 0.99, runsWithoutUse: 5) == 100)
    }

    // MARK: Runs

    private func cadence(_ change: (inout AppRefreshCadence) -> Void = { _ in }) -> SimProfile {
        var profile = SimProfile.iOS17
        profile.bgTasks.refresh.delayMedian = 1_000
        profile.bgTasks.refresh.delayP90 = 1_000
        profile.bgTasks.refresh.delayMinimum = 0
        change(&profile.bgTasks.refresh)
        return profile
    }

    private var info: SimCapabilities {
        var info = SimCapabilities(backgroundModes: [.fetch, .processing])
        info.permittedBackgroundTaskIdentifiers = [Self.id, "com.example.clean"]
        return info
    }

    /// Registers at launch, submits (earliest now) on leaving, and in each run submits the next
    /// and completes the task at once.
    private var script: AppScript {
        AppScript(info: info, reactions: [
            .launch: [.bgTasks(.registerTask(id: Self.id, onExpiry: [])), .bgTasks(.registerTask(id: "com.example.clean", onExpiry: []))],
            .background: [.bgTasks(.submitRefresh(id: Self.id, earliest: 0))],
            .bgTask: [.bgTasks(.submitRefresh(id: Self.id, earliest: 0)), .bgTasks(.completeTask(success: true))],
        ])
    }

    private func run(_ script: AppScript, seconds: Int, profile: SimProfile, _ timeline: [SimScenarioEvent]) -> SimulationResult {
        let config = configuration(drive(seconds: seconds, speed: 0), profile: profile, timeline: timeline, capabilities: script.info)
        return KeepAliveSimulation(config, app: ScriptedApp(script: script)).run()
    }

    private let planKinds: Set<SimEvent.Kind> = [.bgTasks(.submit), .bgTasks(.deferred), .bgTasks(.launch)]

    @Test func eachRunWithoutUseDoublesTheNextDelayAndAfterFourNoneComesUntilTheAppIsOpened() {
        // Leaves at 10: due 10 + 1000 = 1010. Each run submits the next at once, the delay
        // doubled per run since the last opening: 1010 + 2000 = 3010, 3010 + 4000 = 7010,
        // 7010 + 8000 = 15010. After the fourth run (15010) the next is planned 16000 s later,
        // at 31010, and waits there: four runs without use. The user opens the app at 40000: the
        // waiting request is planned again from the opening with the cadence reset (40000 + 1000),
        // and on leaving at 40100 the app's own submit replaces it: 40100 + 1000 = 41100.
        let result = run(script, seconds: 42_000, profile: cadence(), [
            SimScenarioEvent(at: 10, .enterBackground), SimScenarioEvent(at: 40_000, .returnToForeground),
            SimScenarioEvent(at: 40_100, .enterBackground),
        ])
        #expect(log(result, planKinds.union([.bgTasks(.submit)])) == [
            At(10, .bgTasks(.submit(refresh, earliest: 10, launchAt: 1_010, replaced: false))),
            At(1_010, .bgTasks(.launch(refresh, seconds: 30, forced: false))),
            At(1_010, .bgTasks(.submit(refresh, earliest: 1_010, launchAt: 3_010, replaced: false))),
            At(3_010, .bgTasks(.launch(refresh, seconds: 30, forced: false))),
            At(3_010, .bgTasks(.submit(refresh, earliest: 3_010, launchAt: 7_010, replaced: false))),
            At(7_010, .bgTasks(.launch(refresh, seconds: 30, forced: false))),
            At(7_010, .bgTasks(.submit(refresh, earliest: 7_010, launchAt: 15_010, replaced: false))),
            At(15_010, .bgTasks(.launch(refresh, seconds: 30, forced: false))),
            At(15_010, .bgTasks(.submit(refresh, earliest: 15_010, launchAt: 31_010, replaced: false))),
            At(31_010, .bgTasks(.deferred(refresh, .runsWithoutUse))),
            At(40_000, .bgTasks(.rescheduled(refresh, launchAt: 41_000))),
            At(40_100, .bgTasks(.submit(refresh, earliest: 40_100, launchAt: 41_100, replaced: true))),
            At(41_100, .bgTasks(.launch(refresh, seconds: 30, forced: false))),
            At(41_100, .bgTasks(.submit(refresh, earliest: 41_100, launchAt: 43_100, replaced: false))),
        ])
    }

    @Test func anAppNotOpenedForDaysGetsNoRefreshUntilItIsOpened() {
        // recentUseDays 0.01 = 864 s since the last opening (the run's start). Due at 1010: too
        // late, it waits. Opened at 2000: planned again at 2000 + 1000 = 3000; the user stays on
        // screen until 3500 (it waits for the background), and on leaving the app's own submit
        // replaces it, the cadence reset by the opening: 3500 + 1000.
        let result = run(script, seconds: 4_000, profile: cadence { $0.recentUseDays = 0.01 }, [
            SimScenarioEvent(at: 10, .enterBackground), SimScenarioEvent(at: 2_000, .returnToForeground),
            SimScenarioEvent(at: 3_500, .enterBackground),
        ])
        #expect(log(result, planKinds) == [
            At(10, .bgTasks(.submit(refresh, earliest: 10, launchAt: 1_010, replaced: false))),
            At(1_010, .bgTasks(.deferred(refresh, .notOpenedRecently))),
            At(2_000, .bgTasks(.rescheduled(refresh, launchAt: 3_000))),
            At(3_000, .bgTasks(.deferred(refresh, .appInUse))),
            At(3_500, .bgTasks(.submit(refresh, earliest: 3_500, launchAt: 4_500, replaced: true))),
        ])
    }

    @Test func aNewInstallWaitsItsLearningHours() {
        // learningHours 1: nothing before 3600 s from the start (the install), though the
        // delay alone would give 10 + 1000.
        let result = run(script, seconds: 4_000, profile: cadence { $0.learningHours = 1 }, [SimScenarioEvent(at: 10, .enterBackground)])
        #expect(log(result, planKinds).prefix(2) == [
            At(10, .bgTasks(.submit(refresh, earliest: 10, launchAt: 3_600, replaced: false))),
            At(3_600, .bgTasks(.launch(refresh, seconds: 30, forced: false))),
        ])
    }

    @Test func lowPowerModeHoldsRefreshAndProcessingUntilItEnds() {
        // A refresh due at 1010 and a processing task due at 10 + 100 on a locked device wait
        // while Low Power Mode lasts (50…2000); when it ends both run at that scheduling check.
        var profile = cadence()
        profile.bgTasks.launchDelay = 100...100
        var script = self.script
        script.reactions[.background] = [
            .bgTasks(.submitRefresh(id: Self.id, earliest: 0)),
            .bgTasks(.submitProcessing(id: "com.example.clean", earliest: 0, requiresExternalPower: false)),
        ]
        script.reactions[.bgTask] = [.bgTasks(.completeTask(success: true))]
        let clean = SimBGTaskRecord(identifier: "com.example.clean", kind: .processing)
        let result = run(script, seconds: 2_500, profile: profile, [
            SimScenarioEvent(at: 10, .enterBackground), SimScenarioEvent(at: 20, .lock),
            SimScenarioEvent(at: 50, .device(.setLowPowerMode(true))), SimScenarioEvent(at: 2_000, .device(.setLowPowerMode(false))),
        ])
        #expect(log(result, [.bgTasks(.deferred), .bgTasks(.launch)]) == [
            At(110, .bgTasks(.deferred(clean, .lowPowerMode))),
            At(1_010, .bgTasks(.deferred(refresh, .lowPowerMode))),
            At(2_000, .bgTasks(.launch(refresh, seconds: 30, forced: false))),
            At(2_000, .bgTasks(.launch(clean, seconds: 300, forced: false))),
        ])
    }

    // MARK: Legacy background fetch (§14)

    /// Sets the fetch interval at launch; each fetch completes at once.
    private func fetchScript(_ interval: Double?) -> AppScript {
        AppScript(info: SimCapabilities(backgroundModes: [.fetch]), reactions: [
            .launch: [.bgTasks(.setFetchInterval(seconds: interval))],
            .push: [.log("fetch"), .pushes(.complete(.newData))],
        ])
    }

    @Test func backgroundFetchRunsOnTheSameScheduleAndBacksOff() {
        // Interval minimum (0) set at launch, at 0: planned at 0 + 1000. The app leaves at 10.
        // Each fetch plans the next as it starts, the interval after it plus the doubled delay:
        // 1000 + 2000 = 3000, 3000 + 4000 = 7000, 7000 + 8000 = 15000; then four runs without
        // use: the one planned at 15000 + 16000 = 31000 waits.
        let result = run(fetchScript(0), seconds: 32_000, profile: cadence(), [SimScenarioEvent(at: 10, .enterBackground)])
        #expect(log(result, [.pushes(.push)]).filter { if case .pushes(.delivered) = $0.detail { true } else { false } } == [
            At(1_000, .pushes(.delivered(.fetch))), At(3_000, .pushes(.delivered(.fetch))),
            At(7_000, .pushes(.delivered(.fetch))), At(15_000, .pushes(.delivered(.fetch))),
        ])
        #expect(log(result, [.bgTasks(.submit), .bgTasks(.deferred)]) == [
            At(0, .bgTasks(.fetchInterval(seconds: 0))),
            At(0, .bgTasks(.submit(fetch, earliest: 0, launchAt: 1_000, replaced: false))),
            At(1_000, .bgTasks(.submit(fetch, earliest: 1_000, launchAt: 3_000, replaced: false))),
            At(3_000, .bgTasks(.submit(fetch, earliest: 3_000, launchAt: 7_000, replaced: false))),
            At(7_000, .bgTasks(.submit(fetch, earliest: 7_000, launchAt: 15_000, replaced: false))),
            At(15_000, .bgTasks(.submit(fetch, earliest: 15_000, launchAt: 31_000, replaced: false))),
            At(31_000, .bgTasks(.deferred(fetch, .runsWithoutUse))),
        ])
        // Each fetch is a wake of the suspended app, which completes at once: 5 s of grace.
        #expect(log(result, [.appState]).suffix(2) == [
            state(15_000, .suspended, .background, .systemWake(.pushes(.fetch))), state(15_005, .background, .suspended, .nothingHoldsApp),
        ])
    }

    @Test func theFetchIntervalIsTheLeastTimeBetweenFetchesAndNeverIsTheDefault() {
        // Interval 3600: the first not before 3600, then 1000 s of system delay: 4600; the next
        // not before 4600 + 3600, plus 2000: 10200.
        var config = configuration(drive(seconds: 11_000, speed: 0), profile: cadence(), timeline: [SimScenarioEvent(at: 10, .enterBackground)],
                                   capabilities: fetchScript(3_600).info)
        config.goals = [.bgTasks(RefreshGoal(intervalSeconds: 3_000))]
        let hourly = KeepAliveSimulation(config, app: ScriptedApp(script: fetchScript(3_600))).run()
        #expect(log(hourly, [.appLog]) == [At(4_600, .appLog("fetch")), At(10_200, .appLog("fetch"))])
        // The refresh goal counts fetches: left at 10, a run due every 3000 s: late from 3010 to
        // the fetch at 4600, and from 4600 + 3000 to the one at 10200; the next is due after the end.
        let coverage = hourly.summary.coverage.first
        #expect(coverage?.gaps.map { [$0.from, $0.to] } == [[3_010, 4_600], [7_600, 10_200]])
        #expect(coverage?.uncoveredSeconds == Double(1_590 + 2_600))
        // Never (the default, or set): no fetch at all.
        let never = run(fetchScript(nil), seconds: 11_000, profile: cadence(), [SimScenarioEvent(at: 10, .enterBackground)])
        #expect(log(never, [.appLog]).isEmpty)
        #expect(log(never, [.bgTasks(.submit)]).isEmpty)  // never is already the interval: nothing changes
    }

    @Test func backgroundRefreshStatusIsDeniedWhenTheSwitchIsOffOrLowPowerModeIsOn() {
        // The app reads the status each time it comes on screen.
        let script = AppScript(info: SimCapabilities(backgroundModes: [.fetch]), reactions: [
            .launch: [.when(.refreshAvailable, actions: [.log("available")], otherwise: [.log("denied")])],
            .foreground: [.when(.refreshAvailable, actions: [.log("available")], otherwise: [.log("denied")])],
        ])
        let result = run(script, seconds: 700, profile: .iOS17, [
            SimScenarioEvent(at: 10, .enterBackground), SimScenarioEvent(at: 20, .device(.setLowPowerMode(true))),
            SimScenarioEvent(at: 100, .returnToForeground), SimScenarioEvent(at: 110, .enterBackground),
            SimScenarioEvent(at: 120, .device(.setLowPowerMode(false))), SimScenarioEvent(at: 200, .returnToForeground),
            SimScenarioEvent(at: 210, .enterBackground), SimScenarioEvent(at: 220, .bgTasks(.setBackgroundAppRefresh(enabled: false))),
            SimScenarioEvent(at: 300, .returnToForeground), SimScenarioEvent(at: 310, .enterBackground),
            SimScenarioEvent(at: 320, .bgTasks(.setBackgroundAppRefresh(enabled: true))),
            SimScenarioEvent(at: 330, .device(.setBackgroundAppRefresh(enabled: false))), SimScenarioEvent(at: 400, .returnToForeground),
        ])
        #expect(log(result, [.appLog]) == [
            At(0, .appLog("available")), At(100, .appLog("denied")), At(200, .appLog("available")),
            At(300, .appLog("denied")), At(400, .appLog("denied")),
        ])
    }
}
