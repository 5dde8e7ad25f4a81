/// The app's lifecycle (§1, §2, §9) as a value: its state, process, background budget, the
/// screen's lock and what keeps iOS from relaunching it.
///
/// A state machine in swift-nio's style: the state is an enum whose cases carry only the data
/// that state has (a background run's grace, wake run, keep-alive and expiry; a suspension's
/// run and whether it is frozen), each input is a `mutating` method, and a method whose outcome
/// is a decision returns it as an action that ``SimSystem`` performs (emits, schedules, tells the
/// app and the mechanisms). It has no side effects, so it is tested on its own.
///
/// ```swift
/// var lifecycle = AppLifecycle(.init(budgetSeconds: 30, gracePeriod: 5, suspendsApps: true, budgetPausesWhileAsleep: true))
/// _ = lifecycle.startProcess()                                  // process 1
/// _ = lifecycle.openOnScreen()                                  // inactive
/// _ = lifecycle.beginBackgroundRun(after: .userLeavesApp, seconds: 30, grace: 5, now: .zero)
/// lifecycle.reevaluate(AppLifecycle.Holds(), now: .zero)        // .run(expiry: 30, recheckAt: 5)
/// ```
struct AppLifecycle {
    /// The profile's numbers the lifecycle reads (constant for a run).
    struct Parameters: Hashable, Sendable {
        /// The era's background time (§2), and a wake's default run.
        var budgetSeconds: Double
        /// The short grace before suspension when nothing holds the app (§1).
        var gracePeriod: Double
        /// False under Xcode's debugger: iOS never suspends the app (§9).
        var suspendsApps: Bool
        /// iOS 7+: a sleeping device pauses the budget (§2).
        var budgetPausesWhileAsleep: Bool
    }

    /// Where the app is (§1); each case holds what only that state has.
    enum State: Equatable {
        case notRunning
        /// On screen: `inactive` while launching, leaving or coming back; `active` otherwise.
        case foreground(isActive: Bool)
        case background(BackgroundRun)
        /// The run it was suspended from; `frozen`: a sleeping device froze it with background
        /// time left, and its run resumes when the device wakes (§2).
        case suspended(BackgroundRun, frozen: Bool)
        case terminated
    }

    /// One stay in the background (§1, §2, §9).
    struct BackgroundRun: Equatable {
        /// Why the system began the run (a wake or a background launch); nil from the screen.
        var origin: SimWakeReason?
        /// Until then the app runs with nothing holding it (§1).
        var graceUntil: SimInstant
        /// The end of a system wake's run (§9): until then the app runs even on a sleeping device.
        var wakeRunUntil: SimInstant
        /// The hold that keeps the app alive without spending budget, while one does.
        var keepAlive: SimHold?
        var expiry = Expiry.notYet
        /// Whether something held the app at the last re-evaluation: when the last hold ends,
        /// the app gets the §1 grace before it is suspended.
        var heldAtLastEvaluation = false
        /// Whether the debugger already kept the app from being suspended in this run (logged once).
        var debuggerHeldApp = false

        func inWakeRun(at now: SimInstant) -> Bool { now < wakeRunUntil }
    }

    /// Whether the run's budget ran out (§2).
    enum Expiry: Equatable {
        case notYet
        /// The expiration handlers are running: nothing is suspended under them.
        case handlersRunning(SimCause)
        case expired(SimCause)

        var cause: SimCause? {
            switch self {
            case .notYet: nil
            case .handlersRunning(let cause), .expired(let cause): cause
            }
        }
    }

    /// The screen: whether the device is locked and asleep (§2, §15).
    enum Screen: Equatable {
        case awake
        /// `wasForegroundWhenLocked`: the unlock brings the app back on screen.
        case asleep(wasForegroundWhenLocked: Bool)
    }

    /// What holds the app, as the mechanisms report it (§2, §4).
    struct Holds: Equatable {
        /// The first hold that spends no budget.
        var sparingBudget: SimHold?
        var isEmpty = true
        var allAssertions = true
        var anyAssertion = false

        /// Adds one mechanism's hold.
        mutating func add(_ hold: SimHold) {
            isEmpty = false
            if hold.isAssertion { anyAssertion = true } else { allAssertions = false }
            if sparingBudget == nil, !hold.spendsBudget { sparingBudget = hold }
        }
    }

    let parameters: Parameters
    private(set) var state = State.notRunning
    /// The number of the current (or last) process; 0 before the first launch.
    private(set) var process = 0
    /// The app's background time.
    private(set) var budget: BackgroundBudget
    private(set) var screen = Screen.awake
    /// The user force-quit the app (until they open it or the device restarts, §9).
    private(set) var wasForceQuit = false
    /// The app was updated and the user has not opened it since (§15).
    private(set) var awaitsOpenAfterUpdate = false
    /// A system kill keeps events from relaunching the app until the user opens it (§15).
    private(set) var relaunchBlocked = false
    /// Why the last hold that kept the app alive ended, for the cause chain.
    private(set) var lastKeepAliveLoss: SimCause?
    /// When the budget last ran out.
    private(set) var lastExpiry: SimInstant?

    init(_ parameters: Parameters) {
        self.parameters = parameters
        budget = BackgroundBudget(seconds: parameters.budgetSeconds, pausesWhileAsleep: parameters.budgetPausesWhileAsleep)
    }

    // MARK: Reading the state

    /// The state as the app and the log name it.
    var appState: SimAppState {
        switch state {
        case .notRunning: .notRunning
        case .foreground(let isActive): isActive ? .active : .inactive
        case .background: .background
        case .suspended: .suspended
        case .terminated: .terminated
        }
    }

    var isAsleep: Bool {
        if case .asleep = screen { true } else { false }
    }

    /// The background run, while the app is in the background.
    var backgroundRun: BackgroundRun? {
        if case .background(let run) = state { run } else { nil }
    }

    /// Why the system began the current background run; nil when not in the background.
    var backgroundRunOrigin: SimWakeReason? { backgroundRun?.origin }

    /// The hold that keeps the background app alive without spending budget, while one does.
    var keepAlive: SimHold? { backgroundRun?.keepAlive }

    /// Why the budget of the current (or suspended) stay in the background ran out, if it did.
    var expiryCause: SimCause? {
        switch state {
        case .background(let run), .suspended(let run, _): run.expiry.cause
        case .notRunning, .foreground, .terminated: nil
        }
    }

    /// Whether a sleeping device froze the suspended app (§2).
    var isFrozen: Bool {
        if case .suspended(_, frozen: true) = state { true } else { false }
    }

    /// Whether the app is in a system wake's run (§9).
    func inWakeRun(at now: SimInstant) -> Bool { backgroundRun?.inWakeRun(at: now) ?? false }

    /// `backgroundTimeRemaining` when limited: in the background with no keep-alive; else nil.
    func limitedRemaining(at now: SimInstant) -> Double? {
        // `case .none` tests the optional without copying the hold out (as `== nil` did, per event).
        guard case .background(let run) = state, case .none = run.keepAlive else { return nil }
        return budget.remaining(at: now)
    }

    /// Whether the app's process exists (it may be suspended).
    private var isAlive: Bool {
        switch state {
        case .foreground, .background, .suspended: true
        case .notRunning, .terminated: false
        }
    }

    // MARK: Launch and the screen (§1)

    /// A new process starts; the state changes when it enters the screen or a background run.
    /// Nil while a process is alive.
    mutating func startProcess() -> Int? {
        guard !isAlive else { return nil }
        process += 1
        return process
    }

    /// The user opens the app (§9, §15): relaunch blocks lift and the app is `inactive`.
    /// Returns the state it leaves.
    mutating func openOnScreen() -> SimAppState {
        let old = appState
        wasForceQuit = false
        awaitsOpenAfterUpdate = false
        relaunchBlocked = false
        state = .foreground(isActive: false)
        return old
    }

    /// `inactive` → `active`; nil in any other state.
    mutating func becomeActive() -> SimAppState? {
        guard case .foreground(isActive: false) = state else { return nil }
        state = .foreground(isActive: true)
        return .inactive
    }

    /// `active` → `inactive`; nil in any other state.
    mutating func resignActive() -> SimAppState? {
        guard case .foreground(isActive: true) = state else { return nil }
        state = .foreground(isActive: false)
        return .active
    }

    /// The app enters the background (§1, §2) with a fresh budget of `seconds` and `grace`
    /// seconds in which it runs with nothing holding it; a system wake or launch also gives it a
    /// wake's run of `wakeRun` seconds (§9). Returns the state it leaves.
    mutating func beginBackgroundRun(after cause: SimCause, seconds: Double, grace: Double,
                                     wakeRun: Double? = nil, now: SimInstant) -> SimAppState {
        let old = appState
        budget.setCounting(false, at: now)
        budget.refill(at: now, seconds: seconds)
        state = .background(BackgroundRun(origin: Self.wakeReason(cause), graceUntil: now.adding(seconds: grace),
                                          wakeRunUntil: wakeRun.map { now.adding(seconds: $0) } ?? .zero))
        return old
    }

    private static func wakeReason(_ cause: SimCause) -> SimWakeReason? {
        if case .systemWake(let reason) = cause { return reason }
        if case .systemLaunch(let reason) = cause { return reason }
        return nil
    }

    /// The background or suspended app comes back on screen, `inactive`; nil in other states.
    mutating func returnToScreen(now: SimInstant) -> SimAppState? {
        switch state {
        case .background, .suspended:
            let old = appState
            budget.setCounting(false, at: now)
            state = .foreground(isActive: false)
            return old
        case .notRunning, .foreground, .terminated:
            return nil
        }
    }

    /// What a system wake does (§9).
    enum WakeAction: Equatable {
        case none
        /// The suspended app runs in the background for the wake's run: tell it and re-evaluate.
        case resumed
        /// The terminated app may be launched in the background.
        case relaunch
    }

    /// iOS wakes the app for an event with a run of `seconds` (§9). A force-quit app is
    /// relaunched only `afterForceQuit`; `launchBlocked`: the device forbids background launches.
    mutating func wake(for reason: SimWakeReason, seconds: Double, afterForceQuit: Bool, launchBlocked: Bool,
                       now: SimInstant) -> WakeAction {
        switch state {
        case .suspended:
            _ = beginBackgroundRun(after: .systemWake(reason), seconds: seconds, grace: seconds, wakeRun: seconds, now: now)
            return .resumed
        case .terminated where (!wasForceQuit || afterForceQuit) && !launchBlocked && !relaunchBlocked:
            return .relaunch
        case .notRunning, .foreground, .background, .terminated:
            return .none
        }
    }

    /// The app's handler for a wake's event finished: the wake's run ends now and the grace is
    /// at most the usual one. False (nothing to re-evaluate) outside a wake's run.
    mutating func wakeHandled(now: SimInstant) -> Bool {
        guard case .background(var run) = state, run.inWakeRun(at: now) else { return false }
        run.wakeRunUntil = now
        run.graceUntil = min(run.graceUntil, now.adding(seconds: parameters.gracePeriod))
        state = .background(run)
        return true
    }

    /// The device locks and sleeps; false if it already was.
    mutating func lock(now: SimInstant) -> Bool {
        guard !isAsleep else { return false }
        budget.settle(at: now)
        screen = .asleep(wasForegroundWhenLocked: appState.isForeground)
        return true
    }

    /// The device unlocks; returns whether the app was on screen when it locked, nil if awake.
    mutating func unlock(now: SimInstant) -> Bool? {
        guard case .asleep(let wasForeground) = screen else { return nil }
        budget.settle(at: now)
        screen = .awake
        return wasForeground
    }

    /// A frozen app's run resumes on the awake device (§2); returns the budget left, rounded up
    /// as the log says it, or nil when no frozen app waits.
    mutating func thaw(now: SimInstant) -> Double? {
        guard case .suspended(let run, frozen: true) = state else { return nil }
        state = .background(run)
        return budget.remaining(at: now).rounded(.up)
    }

    // MARK: The end of the process (§9, §15)

    /// The user force-quits the app; false when no process is alive.
    mutating func forceQuit() -> Bool {
        guard isAlive else { return false }
        wasForceQuit = true
        return true
    }

    /// A system kill blocks relaunches by events until the user opens the app, or not.
    mutating func setRelaunchBlocked(_ blocked: Bool) { relaunchBlocked = blocked }

    /// The device restarted: a force quit no longer blocks relaunches (§9).
    mutating func deviceRestarted() { wasForceQuit = false }

    /// The App Store updated the app (§15).
    mutating func appUpdated() { awaitsOpenAfterUpdate = true }

    /// The process ends; returns the state it leaves (`terminated` again if it was).
    mutating func terminate(now: SimInstant) -> SimAppState {
        let old = appState
        budget.setCounting(false, at: now)
        state = .terminated
        return old
    }

    /// What suspending the app does.
    enum SuspendAction: Equatable {
        case none
        /// The debugger keeps the app running (§9): log it, once per run.
        case warnDebuggerHolds
        case suspended
    }

    /// The background app is suspended (`frozen` on a sleeping device with time left, §2),
    /// unless the debugger holds it (§9).
    mutating func suspend(frozen: Bool, now: SimInstant) -> SuspendAction {
        guard case .background(var run) = state else { return .none }
        guard parameters.suspendsApps else {
            guard !run.debuggerHeldApp else { return .none }
            run.debuggerHeldApp = true
            state = .background(run)
            return .warnDebuggerHolds
        }
        run.keepAlive = nil
        run.wakeRunUntil = .zero
        budget.setCounting(false, at: now)
        state = .suspended(run, frozen: frozen)
        return .suspended
    }

    // MARK: §2 and §4: what holds the app

    /// Accounts for the budget spent up to `now`.
    mutating func settleBudget(at now: SimInstant) { budget.settle(at: now) }

    /// What a re-evaluation of the holds decides.
    enum Reevaluation: Equatable {
        /// Not in the background: nothing to decide.
        case notInBackground
        /// After expiry every assertion is released: suspend, the expiry first in the chain.
        case suspendAfterExpiry(SimCause)
        /// After expiry an assertion is open, or the handlers run: the watchdog decides.
        case awaitingAssertions
        /// A hold spending no budget keeps the app; `started` when it just began to.
        case keptAlive(started: SimHold?)
        /// The keep-alive ended: find why and call ``keepAliveEnded(because:holds:heldBefore:now:)``.
        case keepAliveEnded(SimHold, heldBefore: Bool)
        /// A sleeping device with only assertions holding: the app is frozen (§2).
        case freeze
        /// Nothing holds the app and the grace is over (§1).
        case suspend
        /// The app runs on: its budget expires at `expiry` (if it counts), and the holds are
        /// asked again at `recheckAt` (the grace's or the wake run's end), if any.
        case run(expiry: SimInstant?, recheckAt: SimInstant?)
    }

    /// Re-applies §1, §2 and §4 to the holds found now.
    mutating func reevaluate(_ holds: Holds, now: SimInstant) -> Reevaluation {
        budget.settle(at: now)
        guard case .background(var run) = state else { return .notInBackground }
        // On the per-fix path (a delivery renewing the budget) nothing in the run changes: the
        // run is written back only when it did, as each write copies it into the enum again.
        let heldBefore = run.heldAtLastEvaluation
        let changed = heldBefore == holds.isEmpty
        run.heldAtLastEvaluation = !holds.isEmpty
        switch run.expiry {
        case .notYet:
            break
        case .handlersRunning:
            if changed { state = .background(run) }
            return .awaitingAssertions
        case .expired(let why):
            if changed { state = .background(run) }
            return holds.anyAssertion ? .awaitingAssertions : .suspendAfterExpiry(why)
        }
        if let hold = holds.sparingBudget {
            guard run.keepAlive == nil else {
                if changed { state = .background(run) }
                return .keptAlive(started: nil)
            }
            run.keepAlive = hold
            // What the app started in a wake's run holds it from now on by the usual rules.
            run.wakeRunUntil = min(run.wakeRunUntil, now)
            budget.setCounting(false, at: now)
            lastKeepAliveLoss = nil
            state = .background(run)
            return .keptAlive(started: hold)
        }
        if let ended = run.keepAlive {
            if changed { state = .background(run) }
            return .keepAliveEnded(ended, heldBefore: heldBefore)
        }
        return decide(&run, changed: changed, holds, heldBefore: heldBefore, now: now)
    }

    /// The keep-alive ended because of `cause`: a fresh budget and grace (§4), then the usual
    /// decision.
    mutating func keepAliveEnded(because cause: SimCause, holds: Holds, heldBefore: Bool, now: SimInstant) -> Reevaluation {
        guard case .background(var run) = state else { return .notInBackground }
        run.keepAlive = nil
        lastKeepAliveLoss = cause
        budget.refill(at: now, seconds: parameters.budgetSeconds)
        run.graceUntil = now.adding(seconds: parameters.gracePeriod)
        return decide(&run, changed: true, holds, heldBefore: heldBefore, now: now)
    }

    /// Decides on `run`, the state's background run, and writes it back if it `changed` here or before.
    private mutating func decide(_ run: inout BackgroundRun, changed: Bool, _ holds: Holds, heldBefore: Bool, now: SimInstant) -> Reevaluation {
        // §1: the last hold ended (its last task ended, say): the same short grace as on
        // entering the background, before the budget's expiry had a say.
        if holds.isEmpty, heldBefore {
            run.graceUntil = max(run.graceUntil, now.adding(seconds: parameters.gracePeriod))
            state = .background(run)
        } else if changed {
            state = .background(run)
        }
        // A wake's run is CPU time on a sleeping device (§9): the sleep rule waits for its end.
        let inWakeRun = run.inWakeRun(at: now)
        let sleeping = isAsleep && !inWakeRun
        if sleeping, budget.pausesWhileAsleep, holds.allAssertions { return .freeze }
        if holds.isEmpty, now >= run.graceUntil { return .suspend }
        // Sleep pauses only background tasks' time: a hold that is no assertion (a location
        // session judged by the delivery reading) keeps the device working, and its time runs.
        budget.setCounting(budget.counts(asleep: sleeping && holds.allAssertions), at: now)
        let recheckAt: SimInstant? = if holds.isEmpty { run.graceUntil } else if isAsleep, inWakeRun { run.wakeRunUntil } else { nil }
        return .run(expiry: budget.expiryInstant, recheckAt: recheckAt)
    }

    /// Whether the budget may expire now: in the background and not expired yet.
    var mayExpire: Bool {
        guard case .background(let run) = state, case .notYet = run.expiry else { return false }
        return true
    }

    /// The budget is spent (§2): `holdCause` is what a hold tells the app, if any. The
    /// expiration handlers run next; returns why the budget ran out, nil if it may not expire.
    mutating func budgetExpired(holdCause: SimCause?, now: SimInstant) -> SimCause? {
        guard case .background(var run) = state, case .notYet = run.expiry else { return nil }
        let why = holdCause ?? .backgroundTimeExpired(budget: budget.fullSeconds)
        run.expiry = .handlersRunning(why)
        lastExpiry = now
        budget.setCounting(false, at: now)
        state = .background(run)
        return why
    }

    /// The expiration handlers returned.
    mutating func expirationHandlersReturned() {
        guard case .background(var run) = state, case .handlersRunning(let why) = run.expiry else { return }
        run.expiry = .expired(why)
        state = .background(run)
    }

    /// Something renewed the background time (a delivered fix under the delivery policy, §4):
    /// a fresh budget; false (nothing to re-evaluate) unless in the background and not expired.
    mutating func renewBudget(now: SimInstant) -> Bool {
        guard mayExpire else { return false }
        budget.refill(at: now)
        return true
    }
}
