import Testing
@testable import Simulation

/// §2: the background-time budget, by OS era, with the device locked and not; expiry, suspension
/// and termination. The app here has no background location (updates stop mattering in the
/// background), so only its background task holds it.
@Suite struct BudgetScenarioTests {
    private func run(_ profile: SimProfile, locked: Bool, leak: Bool = false) -> SimSummary {
        runLog(profile, locked: locked, leak: leak).summary
    }

    private func runLog(_ profile: SimProfile, locked: Bool, leak: Bool = false) -> SimulationResult {
        var timeline = [SimScenarioEvent(at: 10, .enterBackground)]
        if locked { timeline += [SimScenarioEvent(at: 20, .lock), SimScenarioEvent(at: 1000, .unlock)] }
        return runStandard(configuration(drive(seconds: 2000), profile: profile, timeline: timeline)) {
            $0.allowsBackgroundLocationUpdates = false
            $0.leaksBackgroundTask = leak
        }.0
    }

    @Test func iOS6BudgetRunsWhileAsleep() {
        // 600 s from entering the background at 10, asleep or not.
        #expect(run(.iOS6, locked: false).suspendedAt == 610)
        #expect(run(.iOS6, locked: true).suspendedAt == 610)
    }

    @Test func iOS7BudgetPausesWhileAsleep() {
        // 180 s. Locked at 20 after 10 s spent: the sleeping device gives the app no time (it is
        // frozen); it runs again at the unlock at 1000 with the remaining 170 s, which expire at 1170.
        #expect(run(.iOS7, locked: false).suspendedAt == 190)
        let locked = runLog(.iOS7, locked: true)
        #expect(locked.summary.suspendedAt == 20)
        #expect(locked.summary.reason == "the device sleeps and nothing keeps the app running: it gets no CPU time until the device wakes, when its 170 s of background time resume")
        #expect(lines(locked, [.appState]).suffix(3) == [
            "20 background → suspended: the device sleeps and nothing keeps the app running: it gets no CPU time until the device wakes, when its 170 s of background time resume",
            "1000 suspended → background: the device woke: the app runs again with 170 s of background time",
            "1170 background → suspended: background time expired; every background task was ended in its expiration handler",
        ])
    }

    @Test func iOS13BudgetPausesWhileAsleep() {
        // 30 s; 10 spent before the lock, the other 20 after the unlock.
        #expect(run(.iOS13, locked: false).suspendedAt == 40)
        #expect(lines(runLog(.iOS13, locked: true), [.appState]).suffix(2) == [
            "1000 suspended → background: the device woke: the app runs again with 20 s of background time",
            "1020 background → suspended: background time expired; every background task was ended in its expiration handler",
        ])
        #expect(run(.iOS12, locked: false).suspendedAt == 190)
    }

    @Test func aCustomBudgetOverridesTheProfile() {
        var profile = SimProfile.iOS17
        profile.backgroundTimeBudget = 40
        #expect(run(profile, locked: false).suspendedAt == 50)
    }

    @Test func aTaskNeverEndedIsTerminatedByTheWatchdog() {
        // Expiry at 40; the handler leaves the task open; 1 s later the watchdog kills the app.
        let summary = run(.iOS17, locked: false, leak: true)
        #expect(summary.verdict == .terminated)
        #expect(summary.terminatedAt == 41)
        #expect(summary.reason == "watchdog (0x8badf00d): background task #1 \"navigation\" still open 1 s after expiration")
    }

    @Test func aTaskEndedInItsHandlerIsSuspended() {
        let summary = run(.iOS17, locked: false)
        #expect(summary.verdict == .suspended)
        #expect(summary.suspendedAt == 40)
        #expect(summary.minimumBackgroundTimeRemaining == 0)
    }

    /// Begins a replacement task inside the expiration handler: the budget belongs to the app, so it grants nothing.
    final class RebeginsInHandler: SimAppDelegate {
        func applicationDidEnterBackground(_ application: SimApplication) {
            var first = SimBackgroundTaskIdentifier.invalid
            first = application.beginBackgroundTask(withName: "first") {
                application.beginBackgroundTask(withName: "second")
                application.endBackgroundTask(first)
            }
        }
    }

    @Test func rebeginningInTheHandlerGrantsNothing() {
        let result = KeepAliveSimulation(configuration(drive(seconds: 300), timeline: [SimScenarioEvent(at: 10, .enterBackground)]), app: RebeginsInHandler()).run()
        #expect(lines(result, [.taskBegin, .taskEnd, .taskExpiration, .budgetExpired]) == [
            "10 beginBackgroundTask \"first\" → #1",
            "40 background time expired",
            "40 expiration handler of #1 \"first\" runs",
            "40 beginBackgroundTask \"second\" → #2 (the budget is spent: it grants no time)",
            "40 endBackgroundTask #1 \"first\" after 30 s",
        ])
        #expect(result.summary.verdict == .terminated)
        #expect(result.summary.terminatedAt == 41)
    }

    @Test func withNothingHoldingItTheAppIsSuspendedAfterTheGracePeriod() {
        let (result, _) = runStandard(configuration(drive(seconds: 300), timeline: [SimScenarioEvent(at: 10, .enterBackground)])) {
            $0.allowsBackgroundLocationUpdates = false
            $0.beginsBackgroundTask = false
        }
        #expect(result.summary.suspendedAt == 15)
        #expect(result.summary.reason == "nothing keeps the app running in the background (no background task, no location session)")
    }

    @Test func backgroundTimeRemainingIsUnlimitedInTheForegroundAndDuringAKeepAlive() {
        let simulation = KeepAliveSimulation(configuration(drive(seconds: 300), timeline: [SimScenarioEvent(at: 10, .enterBackground)]), app: StandardNavigationApp())
        simulation.run(untilSeconds: 5)
        #expect(simulation.application.backgroundTimeRemaining == .greatestFiniteMagnitude)
        simulation.run(untilSeconds: 100)
        #expect(simulation.application.applicationState == .background)
        #expect(simulation.application.backgroundTimeRemaining == Double.greatestFiniteMagnitude)
    }

    @Test func warningsForALongTaskAndAnUnknownIdentifier() {
        let (result, _) = runStandard(configuration(drive(seconds: 100), timeline: [
            SimScenarioEvent(at: 10, .enterBackground), SimScenarioEvent(at: 50, .endBackgroundTask),
            SimScenarioEvent(at: 60, .endBackgroundTask),
        ]))
        #expect(lines(result, [.warning]) == ["40 background task #1 \"navigation\" has been open 30 s"])
        let simulation = KeepAliveSimulation(configuration(drive(seconds: 10)), app: StandardNavigationApp())
        simulation.run(untilSeconds: 1)
        simulation.application.endBackgroundTask(SimBackgroundTaskIdentifier(rawValue: 99))
        #expect(lines(simulation.result(), [.warning]) == ["1 endBackgroundTask(#99): no background task exists with this identifier"])
    }

    @Test func memoryPressurePurgesOnlyASuspendedApp() {
        let (result, _) = runStandard(configuration(drive(seconds: 300), timeline: [
            SimScenarioEvent(at: 5, .memoryPressure), SimScenarioEvent(at: 10, .enterBackground),
            SimScenarioEvent(at: 100, .memoryPressure),
        ])) { $0.allowsBackgroundLocationUpdates = false }
        #expect(lines(result, [.scenario]) == ["5 memory pressure: the app is active, not suspended, so it is kept"])
        #expect(lines(result, [.appState]).suffix(2) == [
            "40 background → suspended: background time expired; every background task was ended in its expiration handler",
            "100 suspended → terminated: purged from memory while suspended (memory pressure)",
        ])
        #expect(result.summary.verdict == .suspended)
        #expect(result.summary.secondsInState["suspended"] == 60)
        #expect(result.summary.secondsInState["terminated"] == 200)
    }

    @Test func forceQuitTerminates() {
        let (result, _) = runStandard(configuration(drive(seconds: 300), timeline: [SimScenarioEvent(at: 30, .forceQuit)]))
        #expect(result.summary.verdict == .terminated)
        #expect(result.summary.terminatedAt == 30)
        #expect(result.summary.reason == "the user force-quit the app")
    }

    @Test func unlockingBringsBackTheAppThatWasOnScreen() {
        let (result, _) = runStandard(configuration(drive(seconds: 300), timeline: [SimScenarioEvent(at: 20, .lock), SimScenarioEvent(at: 200, .unlock)]))
        #expect(lines(result, [.appState]).suffix(4) == [
            "20 active → inactive: the device was locked",
            "20 inactive → background: the device was locked",
            "200 background → inactive: unlocked: back on screen",
            "200 inactive → active: unlocked: back on screen",
        ])
        #expect(result.summary.verdict == .keptAlive)
        #expect(result.summary.secondsInState["background"] == 180)
    }
}
