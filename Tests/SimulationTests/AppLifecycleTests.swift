import Testing
@testable import Simulation

/// The app's lifecycle state machine on its own, without a SimSystem: each input's resulting
/// state and the action it returns, with the numbers of ios-background-semantics.md. (`#expect`
/// cannot call a mutating method: each input's `result` is taken first, then checked.)
@Suite struct AppLifecycleTests {
    /// iOS 13+ (§2): a 30 s budget paused by sleep; the §1 grace of about 5 s.
    static let iOS13 = AppLifecycle.Parameters(budgetSeconds: 30, gracePeriod: 5, suspendsApps: true, budgetPausesWhileAsleep: true)

    static func at(_ seconds: Double) -> SimInstant { SimInstant(seconds: seconds) }

    static let task = SimTaskRecord(id: 1, name: "upload")
    /// An open background task: an assertion that spends the budget (§2).
    static var taskHolds: AppLifecycle.Holds {
        var holds = AppLifecycle.Holds()
        holds.add(SimHold(kind: .backgroundTasks([task]), spendsBudget: true, isAssertion: true, assertedTasks: [task]))
        return holds
    }
    /// A location session that spends no budget (§4).
    static let locationHold = SimHold(kind: .locationUpdates, spendsBudget: false, isAssertion: false)

    /// Launched by the user at 0 and sent to the background at `leftAt`.
    static func inBackground(_ parameters: AppLifecycle.Parameters = iOS13, leftAt: Double = 0) -> AppLifecycle {
        var lifecycle = AppLifecycle(parameters)
        _ = lifecycle.startProcess()
        _ = lifecycle.openOnScreen()
        _ = lifecycle.beginBackgroundRun(after: .userLeavesApp, seconds: parameters.budgetSeconds,
                                         grace: parameters.gracePeriod, now: at(leftAt))
        return lifecycle
    }

    @Test func userLaunchGoesInactiveThenActive() {
        var lifecycle = AppLifecycle(Self.iOS13)
        #expect(lifecycle.appState == .notRunning)
        #expect(lifecycle.process == 0)
        do {
            let result = lifecycle.startProcess()
            #expect(result == 1)
        }
        #expect(lifecycle.appState == .notRunning)  // the state changes when the process enters one
        do {
            let result = lifecycle.openOnScreen()
            #expect(result == .notRunning)
        }
        #expect(lifecycle.appState == .inactive)
        do {
            let result = lifecycle.becomeActive()
            #expect(result == .inactive)
        }
        #expect(lifecycle.appState == .active)
        do {
            let result = lifecycle.becomeActive()
            #expect(result == nil)
        }
        // A second process while one is alive cannot start.
        do {
            let result = lifecycle.startProcess()
            #expect(result == nil)
        }
        #expect(lifecycle.limitedRemaining(at: Self.at(1)) == nil)  // §2: unlimited in the foreground
    }

    @Test func leavingTheScreenGivesTheBudgetAndTheGraceThenSuspends() {
        var lifecycle = AppLifecycle(Self.iOS13)
        _ = lifecycle.startProcess()
        _ = lifecycle.openOnScreen()
        _ = lifecycle.becomeActive()
        do {
            let result = lifecycle.resignActive()
            #expect(result == .active)
        }
        do {
            let result = lifecycle.beginBackgroundRun(after: .userLeavesApp, seconds: 30, grace: 5, now: Self.at(100))
            #expect(result == .inactive)
        }
        #expect(lifecycle.appState == .background)
        #expect(lifecycle.backgroundRunOrigin == nil)
        #expect(lifecycle.budget.fullSeconds == 30)
        // §1: nothing holds it; it runs for the 5 s grace, its budget counting from 100.
        do {
            let result = lifecycle.reevaluate(AppLifecycle.Holds(), now: Self.at(100))
            #expect(result == .run(expiry: Self.at(130), recheckAt: Self.at(105)))
        }
        #expect(lifecycle.limitedRemaining(at: Self.at(102)) == 28)
        do {
            let result = lifecycle.reevaluate(AppLifecycle.Holds(), now: Self.at(105))
            #expect(result == .suspend)
        }
        do {
            let result = lifecycle.suspend(frozen: false, now: Self.at(105))
            #expect(result == .suspended)
        }
        #expect(lifecycle.appState == .suspended)
        #expect(!lifecycle.isFrozen)
        #expect(lifecycle.budget.remaining(at: Self.at(500)) == 25)  // not spent while suspended
    }

    @Test func aBackgroundTaskRunsTheBudgetOutThenTheAppIsSuspended() {
        var lifecycle = Self.inBackground()
        do {
            let result = lifecycle.reevaluate(Self.taskHolds, now: Self.at(0))
            #expect(result == .run(expiry: Self.at(30), recheckAt: nil))
        }
        #expect(lifecycle.mayExpire)
        // §2: at expiry the handlers run; nothing is suspended under them.
        do {
            let result = lifecycle.budgetExpired(holdCause: nil, now: Self.at(30))
            #expect(result == .backgroundTimeExpired(budget: 30))
        }
        #expect(lifecycle.lastExpiry == Self.at(30))
        #expect(!lifecycle.mayExpire)
        do {
            let result = lifecycle.reevaluate(AppLifecycle.Holds(), now: Self.at(30))
            #expect(result == .awaitingAssertions)
        }
        lifecycle.expirationHandlersReturned()
        // A task still open after them: the watchdog decides.
        do {
            let result = lifecycle.reevaluate(Self.taskHolds, now: Self.at(30.5))
            #expect(result == .awaitingAssertions)
        }
        // All tasks ended: suspended, the expiry first in the chain.
        do {
            let result = lifecycle.reevaluate(AppLifecycle.Holds(), now: Self.at(30.5))
            #expect(result == .suspendAfterExpiry(.backgroundTimeExpired(budget: 30)))
        }
        // §2: the budget belongs to the app; nothing renews it after expiry.
        do {
            let result = lifecycle.renewBudget(now: Self.at(30.5))
            #expect(!result)
        }
        do {
            let result = lifecycle.suspend(frozen: false, now: Self.at(30.5))
            #expect(result == .suspended)
        }
        #expect(lifecycle.expiryCause == .backgroundTimeExpired(budget: 30))
        // Back on screen, the stay in the background is over.
        do {
            let result = lifecycle.returnToScreen(now: Self.at(40))
            #expect(result == .suspended)
        }
        #expect(lifecycle.appState == .inactive)
        #expect(lifecycle.expiryCause == nil)
    }

    @Test func aHoldThatSpendsNoBudgetKeepsTheAppAliveUntilItEnds() {
        var lifecycle = Self.inBackground()
        var location = AppLifecycle.Holds()
        location.add(Self.locationHold)
        do {
            let result = lifecycle.reevaluate(location, now: Self.at(1))
            #expect(result == .keptAlive(started: Self.locationHold))
        }
        #expect(lifecycle.keepAlive == Self.locationHold)
        // §2: a continuous location session reads greatestFiniteMagnitude.
        #expect(lifecycle.limitedRemaining(at: Self.at(50)) == nil)
        do {
            let result = lifecycle.reevaluate(location, now: Self.at(60))
            #expect(result == .keptAlive(started: nil))
        }
        do {
            let result = lifecycle.reevaluate(AppLifecycle.Holds(), now: Self.at(100))
            #expect(result == .keepAliveEnded(Self.locationHold, heldBefore: true))
        }
        // A fresh 30 s budget and the §1 grace from the end of the hold.
        do {
            let result = lifecycle.keepAliveEnded(because: .nothingHoldsApp, holds: AppLifecycle.Holds(), heldBefore: true, now: Self.at(100))
            #expect(result
                    == .run(expiry: Self.at(130), recheckAt: Self.at(105)))
        }
        #expect(lifecycle.keepAlive == nil)
        #expect(lifecycle.lastKeepAliveLoss == .nothingHoldsApp)
        #expect(lifecycle.limitedRemaining(at: Self.at(100)) == 30)
    }

    @Test func aSleepingDeviceFreezesATaskAndTheUnlockThawsIt() {
        var lifecycle = Self.inBackground()
        _ = lifecycle.reevaluate(Self.taskHolds, now: Self.at(0))
        do {
            let result = lifecycle.lock(now: Self.at(10))
            #expect(result)
        }
        do {
            let result = lifecycle.lock(now: Self.at(11))
            #expect(!result)
        }
        #expect(lifecycle.isAsleep)
        // §2, iOS 7+: the sleeping device pauses the budget of an app only tasks hold.
        do {
            let result = lifecycle.reevaluate(Self.taskHolds, now: Self.at(10))
            #expect(result == .freeze)
        }
        do {
            let result = lifecycle.suspend(frozen: true, now: Self.at(10))
            #expect(result == .suspended)
        }
        #expect(lifecycle.isFrozen)
        do {
            let result = lifecycle.unlock(now: Self.at(1000))
            #expect(result == false)  // it was not on screen when locked
        }
        do {
            let result = lifecycle.thaw(now: Self.at(1000))
            #expect(result == 20)        // the rest is spent after the wake
        }
        #expect(lifecycle.appState == .background)
        do {
            let result = lifecycle.reevaluate(Self.taskHolds, now: Self.at(1000))
            #expect(result == .run(expiry: Self.at(1020), recheckAt: nil))
        }
    }

    @Test func beforeIOS7TheBudgetRunsWhileTheDeviceSleeps() {
        let iOS6 = AppLifecycle.Parameters(budgetSeconds: 600, gracePeriod: 5, suspendsApps: true, budgetPausesWhileAsleep: false)
        var lifecycle = Self.inBackground(iOS6)
        _ = lifecycle.lock(now: Self.at(0))
        do {
            let result = lifecycle.reevaluate(Self.taskHolds, now: Self.at(0))
            #expect(result == .run(expiry: Self.at(600), recheckAt: nil))
        }
    }

    @Test func aLockOnScreenBringsTheAppBackAtTheUnlock() {
        var lifecycle = AppLifecycle(Self.iOS13)
        _ = lifecycle.startProcess()
        _ = lifecycle.openOnScreen()
        do {
            let result = lifecycle.lock(now: Self.at(5))
            #expect(result)
        }
        do {
            let result = lifecycle.unlock(now: Self.at(9))
            #expect(result == true)
        }
        do {
            let result = lifecycle.unlock(now: Self.at(10))
            #expect(result == nil)
        }
    }

    @Test func aWakeGivesASuspendedAppAShortRunEvenOnASleepingDevice() {
        var lifecycle = Self.inBackground()
        _ = lifecycle.reevaluate(AppLifecycle.Holds(), now: Self.at(5))
        _ = lifecycle.suspend(frozen: false, now: Self.at(5))
        _ = lifecycle.lock(now: Self.at(50))
        // §9: a region wake's run of about 10 s, on the sleeping device.
        let region = SimWakeReason.significantLocationChange
        do {
            let result = lifecycle.wake(for: region, seconds: 10, afterForceQuit: false, launchBlocked: false, now: Self.at(100))
            #expect(result == .resumed)
        }
        #expect(lifecycle.appState == .background)
        #expect(lifecycle.backgroundRunOrigin == region)
        #expect(lifecycle.inWakeRun(at: Self.at(105)))
        #expect(lifecycle.budget.fullSeconds == 10)
        do {
            let result = lifecycle.reevaluate(AppLifecycle.Holds(), now: Self.at(100))
            #expect(result == .run(expiry: Self.at(110), recheckAt: Self.at(110)))
        }
        // The handler finished at 103: the wake's run ends and the sleep rule applies again
        // (SimSystem suspends, rather than freezes, an app that nothing holds).
        do {
            let result = lifecycle.wakeHandled(now: Self.at(103))
            #expect(result)
        }
        do {
            let result = lifecycle.wakeHandled(now: Self.at(104))
            #expect(!result)
        }
        do {
            let result = lifecycle.reevaluate(AppLifecycle.Holds(), now: Self.at(103))
            #expect(result == .freeze)
        }
        // A background app is not woken again.
        do {
            let result = lifecycle.wake(for: region, seconds: 10, afterForceQuit: false, launchBlocked: false, now: Self.at(104))
            #expect(result == .none)
        }
    }

    @Test func aForceQuitAppIsRelaunchedOnlyByEventsThatMay() {
        var lifecycle = Self.inBackground()
        let region = SimWakeReason.significantLocationChange
        do {
            let result = lifecycle.forceQuit()
            #expect(result)
        }
        do {
            let result = lifecycle.terminate(now: Self.at(10))
            #expect(result == .background)
        }
        #expect(lifecycle.appState == .terminated)
        do {
            let result = lifecycle.forceQuit()
            #expect(!result)
        }
        // §9: no relaunch after a force quit but for the events that relaunch anyway.
        do {
            let result = lifecycle.wake(for: region, seconds: 10, afterForceQuit: false, launchBlocked: false, now: Self.at(20))
            #expect(result == .none)
        }
        do {
            let result = lifecycle.wake(for: region, seconds: 10, afterForceQuit: true, launchBlocked: false, now: Self.at(20))
            #expect(result == .relaunch)
        }
        do {
            let result = lifecycle.wake(for: region, seconds: 10, afterForceQuit: true, launchBlocked: true, now: Self.at(20))
            #expect(result == .none)
        }
        // A restart clears the force quit.
        lifecycle.deviceRestarted()
        #expect(!lifecycle.wasForceQuit)
        do {
            let result = lifecycle.wake(for: region, seconds: 10, afterForceQuit: false, launchBlocked: false, now: Self.at(30))
            #expect(result == .relaunch)
        }
        // A system kill that blocks relaunch until the user opens the app (§15).
        lifecycle.setRelaunchBlocked(true)
        lifecycle.appUpdated()
        do {
            let result = lifecycle.wake(for: region, seconds: 10, afterForceQuit: true, launchBlocked: false, now: Self.at(40))
            #expect(result == .none)
        }
        do {
            let result = lifecycle.startProcess()
            #expect(result == 2)
        }
        do {
            let result = lifecycle.openOnScreen()
            #expect(result == .terminated)
        }
        #expect(!lifecycle.relaunchBlocked)
        #expect(!lifecycle.awaitsOpenAfterUpdate)
    }

    @Test func aSystemLaunchStartsInTheBackgroundWithItsWakeRun() {
        var lifecycle = AppLifecycle(Self.iOS13)
        do {
            let result = lifecycle.startProcess()
            #expect(result == 1)
        }
        let reason = SimWakeReason.significantLocationChange
        do {
            let result = lifecycle.beginBackgroundRun(after: .systemLaunch(reason), seconds: 30, grace: 30, wakeRun: 30, now: Self.at(7))
            #expect(result == .notRunning)
        }
        #expect(lifecycle.appState == .background)
        #expect(lifecycle.backgroundRunOrigin == reason)
        #expect(lifecycle.inWakeRun(at: Self.at(36)))
        #expect(!lifecycle.inWakeRun(at: Self.at(37)))
    }

    @Test func theDebuggerKeepsTheAppFromBeingSuspendedAndSaysSoOnce() {
        let debugger = AppLifecycle.Parameters(budgetSeconds: 30, gracePeriod: 5, suspendsApps: false, budgetPausesWhileAsleep: true)
        var lifecycle = Self.inBackground(debugger)
        do {
            let result = lifecycle.suspend(frozen: false, now: Self.at(5))
            #expect(result == .warnDebuggerHolds)
        }
        do {
            let result = lifecycle.suspend(frozen: false, now: Self.at(6))
            #expect(result == .none)
        }
        #expect(lifecycle.appState == .background)
    }

    @Test func aDeliveredFixRenewsTheBudget() {
        var lifecycle = Self.inBackground()
        _ = lifecycle.reevaluate(Self.taskHolds, now: Self.at(0))
        do {
            let result = lifecycle.renewBudget(now: Self.at(20))
            #expect(result)
        }
        do {
            let result = lifecycle.reevaluate(Self.taskHolds, now: Self.at(20))
            #expect(result == .run(expiry: Self.at(50), recheckAt: nil))
        }
    }
}
