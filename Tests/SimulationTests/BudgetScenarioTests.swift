import Testing
import TestSupport
import Scripting
@testable import Simulation

/// §2: the background-time budget, by OS era, with the device locked and not; expiry, suspension
/// and termination. The app here declares no `location` background mode and turns background
/// updates off (before iOS 9 the mode alone would keep it alive), so only its background task holds it.
@MainActor @Suite struct BudgetScenarioTests {
    private func run(_ profile: SimProfile, locked: Bool, leak: Bool = false) -> SimSummary {
        runLog(profile, locked: locked, leak: leak).summary
    }

    private func runLog(_ profile: SimProfile, locked: Bool, leak: Bool = false) -> SimulationResult {
        var timeline = [SimScenarioEvent(at: 10, .enterBackground)]
        if locked { timeline += [SimScenarioEvent(at: 20, .lock), SimScenarioEvent(at: 1000, .unlock)] }
        return runStandard(configuration(drive(seconds: 2000), profile: profile, timeline: timeline, capabilities: SimCapabilities(backgroundModes: []))) {
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
        #expect(locked.summary.causes == [.deviceAsleep(budgetLeft: 170), .locationModeMissing])
        #expect(log(locked, [.appState]).suffix(3) == [
            state(20, .background, .suspended, .deviceAsleep(budgetLeft: 170)),
            state(1000, .suspended, .background, .deviceWoke(budgetLeft: 170)),
            state(1170, .background, .suspended, .backgroundTimeExpired(budget: 180)),
        ])
    }

    @Test func iOS13BudgetPausesWhileAsleep() {
        // 30 s; 10 spent before the lock, the other 20 after the unlock.
        #expect(run(.iOS13, locked: false).suspendedAt == 40)
        #expect(log(runLog(.iOS13, locked: true), [.appState]).suffix(2) == [
            state(1000, .suspended, .background, .deviceWoke(budgetLeft: 20)),
            state(1020, .background, .suspended, .backgroundTimeExpired(budget: 30)),
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
        #expect(summary.causes == [.watchdog(openTasks: [SimTaskRecord(id: 1, name: "navigation")], allowance: 1)])
    }

    @Test func aTaskEndedInItsHandlerIsSuspended() {
        let summary = run(.iOS17, locked: false)
        #expect(summary.verdict == .suspended)
        #expect(summary.suspendedAt == 40)
        #expect(summary.minimumBackgroundTimeRemaining == 0)
    }

    /// Begins a replacement task inside the expiration handler: the budget belongs to the app, so it grants nothing.
    final class RebeginsInHandler: SimAppDelegate {
        var first = SimBackgroundTaskIdentifier.invalid
        func applicationDidEnterBackground(_ application: SimApplication) {
            first = application.beginBackgroundTask(withName: "first") { [self] in
                application.beginBackgroundTask(withName: "second")
                application.endBackgroundTask(first)
            }
        }
    }

    @Test func rebeginningInTheHandlerGrantsNothing() {
        let result = KeepAliveSimulation(configuration(drive(seconds: 300), timeline: [SimScenarioEvent(at: 10, .enterBackground)]), app: RebeginsInHandler()).run()
        let first = SimTaskRecord(id: 1, name: "first")
        #expect(log(result, [.taskBegin, .taskEnd, .taskExpiration, .budgetExpired]) == [
            At(10, .taskBegin(first, grantsTime: true)),
            At(40, .budgetExpired(.backgroundTimeExpired(budget: 30))),
            At(40, .taskExpiration(first)),
            At(40, .taskBegin(SimTaskRecord(id: 2, name: "second"), grantsTime: false)),
            At(40, .taskEnd(first, seconds: 30)),
        ])
        #expect(result.summary.causes == [.watchdog(openTasks: [SimTaskRecord(id: 2, name: "second")], allowance: 1)])
        #expect(result.summary.verdict == .terminated)
        #expect(result.summary.terminatedAt == 41)
    }

    @Test func withNothingHoldingItTheAppIsSuspendedAfterTheGracePeriod() {
        let (result, _) = runStandard(configuration(drive(seconds: 300), timeline: [SimScenarioEvent(at: 10, .enterBackground)])) {
            $0.allowsBackgroundLocationUpdates = false
            $0.beginsBackgroundTask = false
        }
        #expect(result.summary.suspendedAt == 15)
        #expect(result.summary.causes == [.nothingHoldsApp, .backgroundUpdatesOff])
    }

    @Test func backgroundTimeRemainingIsUnlimitedInTheForegroundAndDuringAKeepAlive() {
        let simulation = KeepAliveSimulation(configuration(drive(seconds: 300), timeline: [SimScenarioEvent(at: 10, .enterBackground)]), app: StandardNavigationApp())
        simulation.run(untilSeconds: 5)
        #expect(simulation.application?.backgroundTimeRemaining == .greatestFiniteMagnitude)
        simulation.run(untilSeconds: 100)
        #expect(simulation.application?.applicationState == .background)
        #expect(simulation.application?.backgroundTimeRemaining == Double.greatestFiniteMagnitude)
    }

    @Test func warningsForALongTaskAndAnUnknownIdentifier() {
        let (result, _) = runStandard(configuration(drive(seconds: 100), timeline: [
            SimScenarioEvent(at: 10, .enterBackground), SimScenarioEvent(at: 50, .endBackgroundTask),
            SimScenarioEvent(at: 60, .endBackgroundTask),
        ]))
        #expect(log(result, [.warning]) == [At(40, .warning(.backgroundTaskOpenLong(SimTaskRecord(id: 1, name: "navigation"), seconds: 30)))])
        let simulation = KeepAliveSimulation(configuration(drive(seconds: 10)), app: StandardNavigationApp())
        simulation.run(untilSeconds: 1)
        simulation.application?.endBackgroundTask(SimBackgroundTaskIdentifier(rawValue: 99))
        #expect(log(simulation.result(), [.warning]) == [At(1, .warning(.noSuchBackgroundTask(id: 99)))])
    }

    @Test func memoryPressurePurgesOnlyASuspendedApp() {
        let (result, _) = runStandard(configuration(drive(seconds: 300), timeline: [
            SimScenarioEvent(at: 5, .memoryPressure), SimScenarioEvent(at: 10, .enterBackground),
            SimScenarioEvent(at: 100, .memoryPressure),
        ])) { $0.allowsBackgroundLocationUpdates = false }
        #expect(log(result, [.scenario]) == [At(5, .scenario(.memoryPressureIgnored))])
        #expect(log(result, [.appState]).suffix(2) == [
            state(40, .background, .suspended, .backgroundTimeExpired(budget: 30)),
            state(100, .suspended, .terminated, .memoryPressure),
        ])
        #expect(result.summary.verdict == .suspended)
        #expect(result.summary.causes == [.backgroundTimeExpired(budget: 30), .backgroundUpdatesOff, .tasksEndedInHandlers])
        // The purge after the suspension shows in the summary.
        #expect(result.summary.terminatedAt == 100)
        #expect(result.summary.secondsInState["suspended"] == 60)
        #expect(result.summary.secondsInState["terminated"] == 200)
    }

    @Test func forceQuitTerminates() {
        let (result, _) = runStandard(configuration(drive(seconds: 300), timeline: [SimScenarioEvent(at: 30, .forceQuit)]))
        #expect(result.summary.verdict == .terminated)
        #expect(result.summary.terminatedAt == 30)
        #expect(result.summary.causes == [.forceQuit])
    }

    @Test func unlockingBringsBackTheAppThatWasOnScreen() {
        let (result, _) = runStandard(configuration(drive(seconds: 300), timeline: [SimScenarioEvent(at: 20, .lock), SimScenarioEvent(at: 200, .unlock)]))
        #expect(log(result, [.appState]).suffix(4) == [
            state(20, .active, .inactive, .deviceLocked),
            state(20, .inactive, .background, .deviceLocked),
            state(200, .background, .inactive, .unlockedBackOnScreen),
            state(200, .inactive, .active, .unlockedBackOnScreen),
        ])
        #expect(result.summary.verdict == .keptAlive)
        #expect(result.summary.secondsInState["background"] == 180)
    }
}

/// The fixes of issue 7 against the specification, one test each.
@MainActor @Suite struct SpecificationFixTests {
    @Test func theStrictReadingReportsAWatchdogTerminationAsATermination() {
        // No background updates, a leaked task: the budget expires at 40 in both readings, and the
        // watchdog kills the app a second later.
        let (result, _) = runStandard(configuration(drive(seconds: 300), timeline: [SimScenarioEvent(at: 10, .enterBackground)])) {
            $0.allowsBackgroundLocationUpdates = false
            $0.leaksBackgroundTask = true
        }
        #expect(result.summary.verdict == .terminated)
        #expect(result.summary.strictVerdict == .terminated)
        #expect(result.summary.strictSuspendedAt == 41)
    }

    @Test func noBudgetSpentMeansNoMinimumRemaining() {
        // Kept alive by location from the moment it enters the background: nothing is spent.
        let (result, _) = runStandard(configuration(drive(seconds: 300), timeline: [SimScenarioEvent(at: 10, .enterBackground)]))
        #expect(result.summary.verdict == .keptAlive)
        #expect(result.summary.minimumBackgroundTimeRemaining == nil)
    }

    @Test func anAlwaysAppHeldByATaskReceivesFixesWithTheFlagOff() {
        // §3: with the flag false Core Location keeps nothing running, but an Always app that
        // runs (its task holds it until 40) still gets fixes; afterwards they are queued. The expiry
        // at 40 was scheduled before that second's fix, so the fix of 40 is the first queued.
        let (result, _) = runStandard(configuration(drive(seconds: 100), profile: exact(.iOS17), timeline: [SimScenarioEvent(at: 10, .enterBackground)])) {
            $0.allowsBackgroundLocationUpdates = false
        }
        #expect(result.summary.suspendedAt == 40)
        #expect(deliveredTimes(result).last == 39)
        #expect(result.events.first { $0.kind == .fixQueued }?.time == 40)
    }

    @Test func beforeIOS9TheModeAloneKeepsUpdatesGoing() {
        for profile in [SimProfile.iOS6, .iOS7] {
            let (result, _) = runStandard(configuration(drive(seconds: 900), profile: profile, timeline: [SimScenarioEvent(at: 10, .enterBackground)])) {
                $0.allowsBackgroundLocationUpdates = false
            }
            #expect(result.summary.verdict == .keptAlive)
        }
        // Without the mode, setting the flag never crashes before iOS 9.
        let (old, _) = runStandard(configuration(drive(seconds: 100), profile: .iOS7, capabilities: SimCapabilities(backgroundModes: [])))
        #expect(old.summary.verdict != .crashed)
    }

    @Test func authorizationRequestsFromTheBackgroundDoNothing() {
        final class AsksLate: SimAppDelegate {
            var manager: SimLocationManager?
            func applicationDidFinishLaunching(_ application: SimApplication, inBackground: Bool) {
                manager = application.makeLocationManager()
            }
            func applicationDidEnterBackground(_ application: SimApplication) {
                manager?.requestAlwaysAuthorization()
            }
        }
        let result = KeepAliveSimulation(configuration(drive(seconds: 100), authorization: .notDetermined, timeline: [
            SimScenarioEvent(at: 10, .enterBackground),
        ]), app: AsksLate()).run()
        // The app never relies on background location: the lint (§7) flags the declared mode at the end.
        #expect(log(result, [.authorizationPrompt, .authorizationChange, .warning]) == [
            At(10, .warning(.authorizationRequestNotInUse)),
            At(100, .warning(.infoPlist(.modeDeclaredButUnused(.location)))),
        ])
    }

    @Test func theStrictCheckCountsWhileTheDeviceIsLocked() {
        // A 400 m filter on a 10 m/s drive: a delivery every 40 s. Locked at 10 (iOS 17, budget
        // paused while asleep in the live model): the strict reading still counts from 10, with a
        // full 30 s, and the next delivery at 40 comes just as that runs out.
        let (result, _) = runStandard(configuration(drive(seconds: 300), profile: exact(.iOS17), timeline: [SimScenarioEvent(at: 10, .lock)])) {
            $0.distanceFilter = 400
        }
        #expect(result.summary.verdict == .keptAlive)
        #expect(result.summary.strictVerdict == .suspended)
        #expect(result.summary.strictSuspendedAt == 40)
    }

    @Test func eventsAfterTheTrackExtendTheRun() {
        let (result, _) = runStandard(configuration(drive(seconds: 100), timeline: [SimScenarioEvent(at: 10, .enterBackground), SimScenarioEvent(at: 250, .memoryPressure)]))
        #expect(result.summary.durationSeconds == 250)
    }
}
