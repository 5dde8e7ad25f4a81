import Testing
import TestSupport
@testable import Scripting
@testable import Simulation

/// The app's own CPU and memory (§15): the CPU and wake-ups monitors, the background footprint
/// limit, critical memory pressure by priority, and what relaunches after each kind of kill.
@MainActor @Suite struct ResourceLimitTests {
    /// The navigation script (Always, location in the background) with `extra` done on every fix.
    private func navigation(onFix extra: [AppScript.Action], onLaunch: [AppScript.Action] = []) -> AppScript {
        var script = NavigationApp.script
        script.reactions[.location, default: []] += extra
        script.reactions[.launch, default: []] += onLaunch
        return script
    }

    private func run(_ script: AppScript, seconds: Int = 600, profile: SimProfile = exact(.iOS17),
                     timeline: [SimScenarioEvent] = [SimScenarioEvent(at: 60, .enterBackground)]) -> SimulationResult {
        KeepAliveSimulation(configuration(drive(seconds: seconds), profile: profile, timeline: timeline),
                            app: ScriptedApp(script: script)).run()
    }

    private func backgroundFixes(_ result: SimulationResult) -> [Double] {
        result.events.filter { $0.kind == .fixDelivered && $0.state == .background }.map(\.time)
    }

    private static let cpuLimit = ResourceProfile.WindowLimit(perSecond: 0.8, windowSeconds: 60)

    @Test func fiftyMillisecondsPerFixAtOneHertzIsNotKilled() {
        let result = run(navigation(onFix: [.resources(.cpu(seconds: 0.05))]))
        #expect(result.summary.terminatedAt == nil)
        #expect(result.summary.exitCategory == nil)
        #expect(backgroundFixes(result).count == 541)
    }

    /// 0.9 s a fix: the 54th background fix brings the last 60 s to 48.6 s of CPU, over the
    /// 48 s that 80 % of 60 s allows (53 fixes: 47.7 s); it comes 53 s after the first.
    @Test func nineHundredMillisecondsPerFixIsKilledWhenTheWindowIsOverItsLimit() throws {
        let result = run(navigation(onFix: [.resources(.cpu(seconds: 0.9))]))
        let first = try #require(backgroundFixes(result).first)
        #expect(first == 60)
        #expect(backgroundFixes(result).count == 54)
        let used = 54 * 0.9  // the window's sum: its uses times their amount
        #expect(result.summary.terminatedAt == 113)
        #expect(result.summary.causes == [.resources(.cpuLimit(usedSeconds: used, overSeconds: 53, limit: Self.cpuLimit))])
        #expect(result.summary.exitCategory == .cpuResourceLimit)
        #expect(result.summary.exitCategory?.metricKitProperty == "cumulativeCPUResourceLimitExitCount")
    }

    @Test func cpuOnScreenDoesNotCount() {
        let result = run(navigation(onFix: [.resources(.cpu(seconds: 0.9))]), seconds: 300, timeline: [])
        #expect(result.summary.terminatedAt == nil)
    }

    /// A busy loop at 90 % from entering the background at 60: counted each second, 54 s of it
    /// (48.6 s of CPU) is over the limit, at 114.
    @Test func aBusyLoopIsKilledAfterFiftyFourSeconds() {
        let script = navigation(onFix: [], onLaunch: []).with(.background, [.resources(.busyLoop(seconds: 120, cpu: 0.9, wakeups: 0))])
        let result = run(script)
        let used = 54 * 0.9  // the window's sum: its uses times their amount
        #expect(result.summary.terminatedAt == 114)
        #expect(result.summary.causes == [.resources(.cpuLimit(usedSeconds: used, overSeconds: 53, limit: Self.cpuLimit))])
    }

    /// 200 wake-ups a second from 60: the 226th second's brings the count to 45 200, over the
    /// 45 000 that 150 a second over 300 s allows, at 286.
    @Test func tooManyWakeupsKillTheAppWithTheCPUResourceExit() {
        let script = navigation(onFix: []).with(.background, [.resources(.busyLoop(seconds: 600, cpu: 0, wakeups: 200))])
        let result = run(script)
        #expect(result.summary.terminatedAt == 286)
        #expect(result.summary.causes == [.resources(.wakeupsLimit(wakeups: 45_200, overSeconds: 225,
                                                                   limit: ResourceProfile.WindowLimit(perSecond: 150, windowSeconds: 300)))])
        #expect(result.summary.exitCategory == .cpuResourceLimit)
    }

    @Test func aFootprintOverTheLimitIsKilledOnEnteringTheBackground() {
        let result = run(navigation(onFix: [], onLaunch: [.resources(.footprint(megabytes: 250))]))
        #expect(result.summary.terminatedAt == 60)
        #expect(result.summary.causes == [.resources(.footprintLimit(footprintMB: 250, limitMB: 200))])
        #expect(result.summary.exitCategory == .memoryResourceLimit)
    }

    /// 180 MB at launch and 0.25 MB a fix: the 81st fix takes it to 200.25 MB. The first 60
    /// fixes (0…59) are on screen; the 81st, at 80, is in the background.
    @Test func aFootprintThatGrowsPerFixIsKilledAtTheFixThatCrossesTheLimit() {
        let result = run(navigation(onFix: [.resources(.grow(megabytes: 0.25))], onLaunch: [.resources(.footprint(megabytes: 180))]))
        #expect(result.summary.terminatedAt == 80)
        #expect(result.summary.causes == [.resources(.footprintLimit(footprintMB: 200.25, limitMB: 200))])
    }

    @Test func aProfileWithoutLimitsKillsNothing() {
        var profile = exact(.iOS17)
        profile.resources.cpuLimit = nil
        profile.resources.backgroundFootprintLimitMB = nil
        let result = run(navigation(onFix: [.resources(.cpu(seconds: 0.9))], onLaunch: [.resources(.footprint(megabytes: 900))]), profile: profile)
        #expect(result.summary.terminatedAt == nil)
    }

    // MARK: Critical memory pressure, by priority

    @Test func criticalPressureKeepsAnAppHeldByLocation() {
        let result = run(navigation(onFix: []), seconds: 200, timeline: [
            SimScenarioEvent(at: 60, .enterBackground), SimScenarioEvent(at: 100, .resources(.criticalMemoryPressure)),
        ])
        #expect(result.summary.terminatedAt == nil)
        #expect(log(result, [.scenario]) == [
            At(100, .scenario(.resources(.criticalPressureKept(SimHold(kind: .locationUpdates, spendsBudget: false, isAssertion: false))))),
        ])
    }

    /// An app on a background task only (no location in the background): killed at once.
    @Test func criticalPressureKillsAnAppOnABackgroundTask() {
        let script = AppScript(reactions: [.background: [.beginTask(name: "upload", variable: "t", onExpiry: [.endTask(variable: "t")])]])
        let result = run(script, seconds: 200, timeline: [
            SimScenarioEvent(at: 60, .enterBackground), SimScenarioEvent(at: 70, .resources(.criticalMemoryPressure)),
        ])
        #expect(log(result, [.appState]).last == state(70, .background, .terminated, .resources(.criticalMemoryPressure)))
        #expect(result.summary.exitCategory == .memoryPressureExit)
    }

    /// Warning pressure (today's `memory-pressure`) leaves the same running app alone.
    @Test func warningPressureKeepsARunningAppOnATask() {
        let script = AppScript(reactions: [.background: [.beginTask(name: "upload", variable: "t", onExpiry: [.endTask(variable: "t")])]])
        let result = run(script, seconds: 200, timeline: [SimScenarioEvent(at: 60, .enterBackground), SimScenarioEvent(at: 70, .memoryPressure)])
        #expect(log(result, [.scenario]) == [At(70, .scenario(.memoryPressureIgnored))])
        #expect(result.summary.terminatedAt == nil)
    }

    @Test func criticalPressurePurgesASuspendedAppAsAnyPressureDoes() {
        let result = run(AppScript(), seconds: 200, timeline: [
            SimScenarioEvent(at: 60, .enterBackground), SimScenarioEvent(at: 100, .resources(.criticalMemoryPressure)),
        ])
        #expect(log(result, [.appState]).last == state(100, .suspended, .terminated, .memoryPressure))
    }

    // MARK: What relaunches after each kind of kill (§9, §15)

    /// Significant changes and updates with 0.9 s a fix: the CPU monitor kills the app at 113.
    private let slcBusy = AppScript(info: SimCapabilities(backgroundModes: [.location]), reactions: [
        .launch: [.set([.allowsBackgroundLocationUpdates(true), .pausesLocationUpdatesAutomatically(false)]), .startSignificantChanges, .startUpdates],
        .location: [.resources(.cpu(seconds: 0.9))],
    ])

    private func relaunches(_ result: SimulationResult) -> [At] {
        log(result, [.appLaunch]).filter { if case .launch(_, true, _) = $0.detail { true } else { false } }
    }

    @Test func aSignificantChangeRelaunchesTheAppAfterACPUKillAsAfterAnySystemKill() throws {
        let result = run(slcBusy)
        #expect(result.summary.terminatedAt == 113)
        let relaunch = try #require(relaunches(result).first)
        #expect(relaunch == At(300, .launch(process: 2, inBackground: true, cause: .systemLaunch(.significantLocationChange))))
    }

    @Test func aProfileThatKeepsCPUKilledAppsDownRelaunchesNothingUntilTheUserOpensTheApp() {
        var profile = exact(.iOS17)
        profile.resources.relaunchAfterCPUKill = false
        let result = run(slcBusy, profile: profile, timeline: [SimScenarioEvent(at: 60, .enterBackground), SimScenarioEvent(at: 500, .launch)])
        #expect(relaunches(result) == [])
        #expect(log(result, [.appLaunch]).map(\.time) == [0, 500])
    }

    @Test func aSignificantChangeRelaunchesTheAppAfterAMemoryKill() {
        let script = AppScript(info: SimCapabilities(backgroundModes: [.location]), reactions: [
            .launch: [.startSignificantChanges, .resources(.footprint(megabytes: 250))],
        ])
        let result = run(script)
        #expect(log(result, [.appState]).first { if case .stateChange(_, .terminated, _) = $0.detail { true } else { false } }
            == state(60, .background, .terminated, .resources(.footprintLimit(footprintMB: 250, limitMB: 200))))
        #expect(relaunches(result).map(\.time) == [300, 600])
    }

    /// iOS 26.4 (forum thread 826964): a force-quit app is not relaunched, where a CPU-killed one is.
    @Test func onIOS26_4AForceQuitAppIsNotRelaunchedButACPUKilledOneIs() {
        let quit = run(slcBusy, profile: exact(.iOS26_4), timeline: [SimScenarioEvent(at: 60, .enterBackground), SimScenarioEvent(at: 90, .forceQuit)])
        #expect(relaunches(quit) == [])
        let killed = run(slcBusy, profile: exact(.iOS26_4))
        #expect(relaunches(killed).map(\.time).first == 300)
    }
}

private extension AppScript {
    func with(_ trigger: Trigger, _ actions: [Action]) -> AppScript {
        var script = self
        script.reactions[trigger, default: []] += actions
        return script
    }
}
