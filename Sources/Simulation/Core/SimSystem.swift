/// The simulated iOS: the small core that every background mechanism plugs into.
///
/// It owns the clock and scheduler, the app's process and lifecycle (§1, §9), the background
/// budget (§2) and the event sinks. Whether the app may keep running in the background is asked
/// of the installed ``BackgroundMechanism``s; the core combines their holds with the budget and
/// suspends, freezes or terminates the app when nothing holds it. App code (delegate callbacks,
/// the app's timers and sleeps) runs only while the app's process runs: it waits while the app
/// is suspended and is dropped when the process ends.
@MainActor
public final class SimSystem {
    /// Everything the run depends on.
    public let configuration: SimulationConfiguration
    /// Device/OS numbers.
    public var profile: SimProfile { configuration.profile }
    /// The clock app code reads and sleeps on.
    public let clock: SimClock
    /// Runs work in simulated time.
    public let scheduler: Scheduler
    // `@exclusivity(unchecked)` on the state read at every event: see SimLocationManager.
    @exclusivity(unchecked) var random: SeededRandom

    /// The app's state.
    @exclusivity(unchecked) public private(set) var appState = SimAppState.notRunning
    /// Whether the device is locked and asleep.
    public private(set) var isAsleep = false
    /// The number of the current (or last) app process; 0 before the first launch.
    @exclusivity(unchecked) public private(set) var process = 0
    /// Whether the user force-quit the app (until it is opened again).
    public private(set) var wasForceQuit = false
    /// The phone's state (§15); changed through ``changeDevice(_:_:)``, which tells the mechanisms.
    public internal(set) var device: SimDevice
    /// The app was updated and the user has not opened it since (§15).
    public private(set) var awaitsOpenAfterUpdate = false
    /// Whether a system kill keeps the app from being relaunched by events until the user opens it.
    public private(set) var relaunchBlocked = false
    /// The app's delegate in the current process.
    public private(set) var appDelegate: SimAppDelegate?
    /// The current process's `UIApplication`.
    public private(set) var application: SimApplication?
    /// The installed mechanisms, in order of installation.
    public private(set) var mechanisms: [BackgroundMechanism] = []

    /// The app's background time.
    @exclusivity(unchecked) public private(set) var budget: BackgroundBudget
    private var graceUntil = SimInstant.zero
    /// The end of the current system wake's run (§9): until then the app runs its event's code
    /// even on a sleeping device; the sleep rule applies to what holds it after.
    private var wakeRunUntil = SimInstant.zero
    private var inWakeRun: Bool { now < wakeRunUntil }
    /// Why the system began the app's current background run (a wake or a background launch);
    /// `nil` when the app came to the background from the screen, or is not in the background.
    public private(set) var backgroundRunOrigin: SimWakeReason?
    /// The hold that keeps the app alive without spending budget, while one does.
    @exclusivity(unchecked) public private(set) var keepAlive: SimHold?
    @exclusivity(unchecked) private var expiredBecause: SimCause?
    private var runningExpirationHandlers = false
    private var frozen = false
    private var expiryWork: ScheduledWork?
    private var graceWork: ScheduledWork?
    private var watchdogWork: ScheduledWork?
    /// Why the last hold that kept the app alive ended, for the cause chain.
    private var lastKeepAliveLoss: SimCause?
    private var wasForegroundWhenLocked = false
    /// Whether the debugger already kept the app from being suspended in this stay in the background.
    private var debuggerHeldApp = false
    /// Whether something held the app at the last re-evaluation in this stay in the background:
    /// when the last hold ends, the app gets the §1 grace before it is suspended.
    private var heldAtLastEvaluation = false
    /// App work that came due while the app was suspended: it runs when the app runs again.
    private var deferredAppWork: [@MainActor () -> Void] = []
    /// Notifications the app observes that came while it was suspended (§9), one per key (the
    /// latest), oldest first: delivered when it next runs, dropped with its process.
    private var pendingNotifications: [(key: AnyHashable, deliver: @MainActor () -> Void)] = []
    /// When the user last interacted with the device (§15): the app coming on screen, an unlock,
    /// a scripted user action. Low Power Mode's auto-lock counts from it.
    var lastUserInteraction = SimInstant.zero
    /// The auto-lock Low Power Mode scheduled, while one is due.
    var autoLockWork: ScheduledWork?
    /// `UIApplication.isIdleTimerDisabled` of the current process (§15): false at every launch.
    var idleTimerDisabled = false
    private let makeApp: @MainActor () -> SimAppDelegate

    @exclusivity(unchecked) private var sinks: [SimEventSink]
    /// What the summary needs, gathered from the run as it goes.
    let record: SimRunRecord

    init(configuration: SimulationConfiguration, makeApp: @escaping @MainActor () -> SimAppDelegate, sinks: [SimEventSink]) {
        self.configuration = configuration
        self.makeApp = makeApp
        self.sinks = sinks
        clock = SimClock()
        scheduler = Scheduler()
        random = SeededRandom(seed: configuration.seed)
        device = configuration.device
        budget = BackgroundBudget(seconds: configuration.profile.backgroundTimeBudget,
                                  pausesWhileAsleep: !configuration.profile.budgetRunsWhileAsleep)
        record = SimRunRecord(budget: configuration.profile.backgroundTimeBudget)
        scheduler.onAdvance = { [clock] now in clock.advance(to: now) }
        scheduler.admit = { [unowned self] work in admission(of: work) }
        scheduler.deferWork = { [unowned self] action in deferredAppWork.append(action) }
        scheduler.stepsPerInstant = configuration.stepsPerInstant
        scheduler.onStall = { [record] diagnosing in record.diagnoseStall(diagnosing) }
    }

    /// The current simulated time.
    public var now: SimInstant { scheduler.now }

    // MARK: Mechanisms

    /// Plugs a mechanism in; it is asked for holds from now on.
    public func install(_ mechanism: BackgroundMechanism) {
        mechanisms.append(mechanism)
        mechanism.installed(in: self)
    }

    /// The installed mechanism of a type.
    public func mechanism<M: BackgroundMechanism>(_ type: M.Type) -> M? {
        mechanisms.lazy.compactMap { $0 as? M }.first
    }

    // MARK: Events

    /// Hands an event to the sinks, stamped with the time, state, remaining time and process;
    /// its kind follows from `detail`.
    public func emit(_ detail: SimEventDetail) {
        let event = SimEvent(time: now.seconds, detail: detail, state: appState,
                             remaining: backgroundTimeRemainingIfLimited, process: process)
        record.receive(event)
        for sink in sinks { sink.receive(event) }
    }

    /// Hands an event to the sinks; `kind` must be the one `detail` gives.
    @available(*, deprecated, renamed: "emit(_:)", message: "the kind follows from the detail")
    public func emit(_ kind: SimEvent.Kind, _ detail: SimEventDetail) {
        assert(SimEvent(time: 0, detail: detail, state: appState).kind == kind, "emit: kind \(kind.rawValue) disagrees with its detail")
        emit(detail)
    }

    /// Adds a sink for the events from now on.
    public func addSink(_ sink: SimEventSink) { sinks.append(sink) }

    // MARK: App code and the process (§9)

    /// Runs `body` as the app's code, now, if the app's process runs; returns whether it ran.
    @discardableResult
    public func runAppCode(_ body: () -> Void) -> Bool {
        guard appState.isRunning else { return false }
        body()
        return true
    }

    /// Schedules the app's own work (a timer): it runs only while this process runs.
    @discardableResult
    public func scheduleAppWork(after seconds: Double, _ action: @escaping @MainActor () -> Void) -> ScheduledWork {
        scheduler.schedule(after: seconds, owner: .app(process: process), action)
    }

    private func admission(of work: ScheduledWork) -> Scheduler.Admission {
        guard case .app(let owner) = work.owner else { return .run }
        guard owner == process else { return .drop }
        switch appState {
        case .active, .inactive, .background: return .run
        case .suspended: return .wait
        case .notRunning, .terminated: return .drop
        }
    }

    private func runDeferredAppWork() {
        while appState.isRunning, !deferredAppWork.isEmpty {
            deferredAppWork.removeFirst()()
        }
    }

    /// Posts a notification the app observes (§9: a power-state or thermal-state change, an
    /// audio interruption): `deliver` runs now if the app runs; a suspended app gets it, coalesced
    /// with any earlier one of the same `key` to this latest, when it next runs, without being
    /// woken for it; a terminated app gets none (a new process reads the current state).
    /// `key` is the mechanism's own typed value, so the core names none.
    public func postToApp(_ key: AnyHashable, _ deliver: @escaping @MainActor () -> Void) {
        switch appState {
        case .active, .inactive, .background:
            deliver()
        case .suspended:
            pendingNotifications.removeAll { $0.key == key }
            pendingNotifications.append((key, deliver))
        case .notRunning, .terminated:
            break
        }
    }

    private func deliverPendingNotifications() {
        while appState.isRunning, !pendingNotifications.isEmpty {
            pendingNotifications.removeFirst().deliver()
        }
    }

    // MARK: §1 App states

    /// `backgroundTimeRemaining` as the app reads it.
    public var backgroundTimeRemaining: Double {
        guard appState == .background, keepAlive == nil else { return .greatestFiniteMagnitude }
        return budget.remaining(at: now)
    }

    private var backgroundTimeRemainingIfLimited: Double? {
        // `case .none` tests the optional without copying the hold out (as `== nil` did, per event).
        guard appState == .background, case .none = keepAlive else { return nil }
        return budget.remaining(at: now)
    }

    private func setState(_ state: SimAppState, _ cause: SimCause) {
        guard state != appState else { return }
        let old = appState
        appState = state
        clock.setRunningProcess(state.isRunning ? process : 0)
        emit(.stateChange(from: old, to: state, cause: cause))
        for mechanism in mechanisms { mechanism.appStateChanged(in: self, from: old) }
        if state.isRunning { clock.resumeDue(runnable: process) }
        // What the app observes reaches it first, then its own work that came due (§9). [model]
        if state.isRunning, !pendingNotifications.isEmpty { deliverPendingNotifications() }
        if !deferredAppWork.isEmpty { runDeferredAppWork() }
        // The app coming on screen is the user's interaction; leaving it lets the idle timer run (§15).
        if state.isForeground != old.isForeground {
            if state.isForeground { userInteracted() } else { scheduleAutoLock() }
        }
    }

    /// Starts a new app process, in the foreground or (for a system launch) in the background.
    func launch(inBackground: Bool, cause: SimCause, wakeSeconds: Double? = nil) {
        guard appState == .notRunning || appState == .terminated else { return }
        process += 1
        expiredBecause = nil
        frozen = false
        idleTimerDisabled = false
        let delegate = makeApp()
        appDelegate = delegate
        let application = SimApplication(system: self, process: process)
        self.application = application
        emit(.launch(process: process, inBackground: inBackground, cause: cause))
        if inBackground {
            wakeRunUntil = now.adding(seconds: wakeSeconds ?? profile.backgroundTimeBudget)
            moveToBackground(cause, seconds: wakeSeconds ?? profile.backgroundTimeBudget, grace: wakeSeconds ?? profile.suspensionGracePeriod)
            var options: [SimApplication.LaunchOptionsKey: Any] = [:]
            if case .systemLaunch(let reason) = cause, reason.isLocationEvent { options[.location] = true }
            _ = delegate.application(application, didFinishLaunchingWithOptions: options)
            // Skipped if the first entry ended the process (a crash).
            if self.application === application, appState.isRunning {
                delegate.applicationDidFinishLaunching(application, inBackground: true)
            }
            reevaluate()
        } else {
            wasForceQuit = false
            awaitsOpenAfterUpdate = false
            relaunchBlocked = false
            setState(.inactive, .launching)
            _ = delegate.application(application, didFinishLaunchingWithOptions: nil)
            if self.application === application, appState == .inactive {
                delegate.applicationDidFinishLaunching(application, inBackground: false)
            }
            guard appState == .inactive else { return }
            setState(.active, .launched)
            delegate.applicationDidBecomeActive(application)
        }
    }

    /// iOS wakes a suspended app, or launches a terminated one, in the background for an event;
    /// the app gets a short run of `seconds` (§9), not the era's task budget. An app the user
    /// force-quit is relaunched only when `afterForceQuit` (region and visit events, iOS 7.1+).
    public func wake(for reason: SimWakeReason, seconds: Double, afterForceQuit: Bool = false) {
        switch appState {
        case .suspended:
            frozen = false
            wakeRunUntil = now.adding(seconds: seconds)
            moveToBackground(.systemWake(reason), seconds: seconds, grace: seconds)
            if let application { appDelegate?.applicationWasWoken(application, for: reason) }
            reevaluate()
        case .terminated where (!wasForceQuit || afterForceQuit) && backgroundLaunchBlocked == nil && !relaunchBlocked:
            // §16: iOS 15.0–15.2 relaunch for region and significant-change events only sometimes.
            if reason.relaunchMayBeUnreliable, profile.locationRelaunchProbability < 1,
               random.unit() >= profile.locationRelaunchProbability {
                emit(.scenario(.relaunchMissed(reason)))
                return
            }
            launch(inBackground: true, cause: .systemLaunch(reason), wakeSeconds: seconds)
        default:
            break
        }
    }

    /// The app's handler for the event of a system wake finished (it called the completion
    /// handler iOS gave it): the wake's run ends now, and the usual rules apply (what holds the
    /// app keeps it; with nothing, it is suspended after the short grace, or at once on a
    /// sleeping device).
    public func wakeHandled() {
        guard appState == .background, inWakeRun else { return }
        wakeRunUntil = now
        graceUntil = min(graceUntil, now.adding(seconds: profile.suspensionGracePeriod))
        reevaluate()
    }

    func enterBackground(_ cause: SimCause) {
        guard appState.isForeground, let application else { return }
        if appState == .active {
            setState(.inactive, cause)
            appDelegate?.applicationWillResignActive(application)
        }
        guard appState == .inactive else { return }
        moveToBackground(cause, seconds: profile.backgroundTimeBudget, grace: profile.suspensionGracePeriod)
        appDelegate?.applicationDidEnterBackground(application)
        reevaluate()
    }

    func returnToForeground(_ cause: SimCause) {
        switch appState {
        case .notRunning, .terminated:
            launch(inBackground: false, cause: cause)
        case .background, .suspended:
            if appState == .suspended { emit(.scenario(.resumesFromSuspension)) }
            frozen = false
            expiredBecause = nil
            stopBackgroundTimers()
            keepAlive = nil
            wakeRunUntil = .zero
            budget.setCounting(false, at: now)
            setState(.inactive, cause)
            guard let application else { return }
            appDelegate?.applicationWillEnterForeground(application)
            guard appState == .inactive else { return }
            setState(.active, cause)
            appDelegate?.applicationDidBecomeActive(application)
        case .active, .inactive:
            break
        }
    }

    func lock() {
        guard !isAsleep else { return }
        budget.settle(at: now)
        isAsleep = true
        autoLockWork?.cancel()
        autoLockWork = nil
        wasForegroundWhenLocked = appState.isForeground
        emit(.deviceLocked)
        for mechanism in mechanisms { mechanism.deviceSleepChanged(in: self) }
        if appState.isForeground { enterBackground(.deviceLocked) } else { reevaluate() }
    }

    func unlock() {
        guard isAsleep else { return }
        budget.settle(at: now)
        isAsleep = false
        emit(.deviceUnlocked)
        userInteracted()
        for mechanism in mechanisms { mechanism.deviceSleepChanged(in: self) }
        if !device.unlockedSinceBoot { changeDevice(.firstUnlock) { $0.unlockedSinceBoot = true } }
        if frozen, appState == .suspended {
            frozen = false
            setState(.background, .deviceWoke(budgetLeft: budget.remaining(at: now).rounded(.up)))
        }
        if wasForegroundWhenLocked, appState == .background || appState == .suspended {
            returnToForeground(.unlockedBackOnScreen)
        } else {
            reevaluate()
        }
    }

    func memoryPressure() {
        guard appState == .suspended else {
            emit(.scenario(.memoryPressureIgnored))
            return
        }
        terminate([.memoryPressure], verdict: .terminated)
    }

    /// Why iOS launches no terminated app in the background now (§15), or nil.
    public var backgroundLaunchBlocked: SimCause? {
        if !device.unlockedSinceBoot { return .device(.beforeFirstUnlock) }
        if awaitsOpenAfterUpdate, !profile.relaunchesAfterAppUpdate { return .device(.appUpdatedNotOpened) }
        return nil
    }

    /// The device restarts (§15): the app ends as every app does (not a force quit: that state
    /// is cleared), and the device starts locked, before its first unlock.
    func restartDevice(_ cause: SimDeviceCause) {
        if appState != .notRunning, appState != .terminated { terminate([.device(cause)], verdict: .terminated) }
        wasForceQuit = false
        changeDevice(.restarted(osUpdate: cause == .osUpdate)) { $0.unlockedSinceBoot = false }
        lock()
    }

    /// The App Store updates the app (§15): iOS terminates it, as a system kill, not a force quit.
    func updateApp() {
        if appState != .notRunning, appState != .terminated { terminate([.device(.appUpdate)], verdict: .terminated) }
        awaitsOpenAfterUpdate = true
        emit(.scenario(.device(.appUpdated)))
    }

    func forceQuit() {
        guard appState != .notRunning, appState != .terminated else { return }
        wasForceQuit = true
        terminate([.forceQuit], verdict: .terminated)
    }

    /// iOS raises an exception in the app.
    public func crash(_ crash: SimCrash) {
        emit(.crash(crash))
        terminate([.crash(crash)], verdict: .crashed)
    }

    /// iOS kills the running app for a mechanism's reason (a BGTask not completed in time, §12):
    /// a termination, not a crash. Added for mechanisms; the core itself never calls it.
    public func terminate(because cause: SimCause) {
        guard appState.isRunning else { return }
        terminate([cause], verdict: .terminated)
    }

    /// iOS kills the running app for `cause`; with `blockingRelaunch`, no event relaunches it
    /// until the user opens it (a profile's choice for a resource kill, §15).
    public func terminate(because cause: SimCause, blockingRelaunch: Bool) {
        guard appState.isRunning else { return }
        relaunchBlocked = blockingRelaunch
        terminate([cause], verdict: .terminated)
    }

    private func suspend(_ causes: [SimCause]) {
        guard appState == .background else { return }
        // Under Xcode's debugger iOS never suspends the app (§9); the log says so once per stay.
        guard profile.suspendsApps else {
            if !debuggerHeldApp {
                debuggerHeldApp = true
                emit(.warning(.debuggerPreventsSuspension(causes[0])))
            }
            return
        }
        stopBackgroundTimers()
        keepAlive = nil
        wakeRunUntil = .zero
        budget.setCounting(false, at: now)
        setState(.suspended, causes[0])
        record(.suspended, causes)
    }

    private func terminate(_ causes: [SimCause], verdict: SimVerdict) {
        // Only a running app the user quits hears of its end; a suspended one, or one iOS kills, does not.
        if appState.isRunning, causes.first == .forceQuit, let application { appDelegate?.applicationWillTerminate(application) }
        frozen = false
        stopBackgroundTimers()
        keepAlive = nil
        wakeRunUntil = .zero
        budget.setCounting(false, at: now)
        let ended = process
        setState(.terminated, causes[0])
        record(verdict, causes)
        // The process is gone: its pending work, notifications, sleeps and objects with it.
        deferredAppWork = []
        pendingNotifications = []
        clock.cancelSleepers(ofProcess: ended)
        application?.processEnded()
        application = nil
        appDelegate = nil
        for mechanism in mechanisms { mechanism.processEnded(in: self, process: ended, forceQuit: wasForceQuit) }
    }

    private func record(_ verdict: SimVerdict, _ causes: [SimCause]) {
        record.appStopped(verdict, causes: causes, at: now)
    }

    // MARK: §2 and §4: what holds the app

    /// The app enters the background with a fresh budget of `seconds` and `grace` seconds in which
    /// it runs even with nothing holding it; the state changes after, so it is logged with the new budget.
    private func moveToBackground(_ cause: SimCause, seconds: Double, grace: Double) {
        stopBackgroundTimers()
        budget.setCounting(false, at: now)
        budget.refill(at: now, seconds: seconds)
        graceUntil = now.adding(seconds: grace)
        heldAtLastEvaluation = false
        expiredBecause = nil
        keepAlive = nil
        debuggerHeldApp = false
        switch cause {
        case .systemWake(let reason), .systemLaunch(let reason): backgroundRunOrigin = reason
        default: backgroundRunOrigin = nil
        }
        setState(.background, cause)
        emit(.budget(seconds: seconds))
    }

    private func stopBackgroundTimers() {
        expiryWork?.cancel()
        graceWork?.cancel()
        watchdogWork?.cancel()
        expiryWork = nil
        graceWork = nil
        watchdogWork = nil
    }

    // A loop, and nonisolated helpers below: a main-actor closure passed to `map` or
    // `compactMap` checks the executor at every call (12 checks a delivered fix under the
    // delivery policy, a third of `--explain`'s candidates' time, issue 21).
    private var holdStatuses: [SimHoldStatus] {
        var statuses: [SimHoldStatus] = []
        statuses.reserveCapacity(mechanisms.count)
        for mechanism in mechanisms { statuses.append(mechanism.holdStatus(in: self)) }
        return statuses
    }

    private nonisolated static func holds(_ statuses: [SimHoldStatus]) -> [SimHold] {
        statuses.compactMap { if case .holding(let hold) = $0 { hold } else { nil } }
    }

    /// What `reevaluate()` asks of the holds, found from the mechanisms one by one without
    /// gathering their statuses (it runs at every delivered fix under the delivery policy, and
    /// the array of statuses, made and destroyed, was most of its time). The cause chains of the
    /// rare branches ask for ``holdStatuses`` again.
    private struct HoldSummary: Equatable {
        /// The first hold that spends no budget.
        var sparingBudget: SimHold?
        var isEmpty = true
        var allAssertions = true
        var anyAssertion = false
    }

    private var holdSummary: HoldSummary {
        var summary = HoldSummary()
        for mechanism in mechanisms {
            guard case .holding(let hold) = mechanism.holdStatus(in: self) else { continue }
            summary.isEmpty = false
            if hold.isAssertion { summary.anyAssertion = true } else { summary.allAssertions = false }
            if summary.sparingBudget == nil, !hold.spendsBudget { summary.sparingBudget = hold }
        }
        return summary
    }

    /// What the expiry and grace work run: made once, not a closure a delivered fix (under the
    /// delivery policy every fix moves the expiry).
    private lazy var expireAction: @MainActor () -> Void = { [unowned self] in expire() }
    private lazy var reevaluateAction: @MainActor () -> Void = { [unowned self] in reevaluate() }

    /// Why mechanisms in use do not hold the app, for the cause chain.
    private nonisolated static func reasonsNotHolding(_ statuses: [SimHoldStatus]) -> [SimCause] {
        statuses.compactMap {
            switch $0 {
            case .notHolding(let cause): cause
            case .refused(let cause): cause
            case .holding: nil
            }
        }
    }

    private func chain(_ first: SimCause, _ statuses: [SimHoldStatus]) -> [SimCause] {
        let refusals = statuses.compactMap { if case .refused(let cause) = $0 { cause } else { nil } }
        var causes = refusals + (refusals.contains(first) ? [] : [first])
        for cause in [lastKeepAliveLoss].compactMap({ $0 }) + Self.reasonsNotHolding(statuses) where !causes.contains(cause) {
            causes.append(cause)
        }
        return causes
    }

    /// The holds as the last re-evaluation that ran to its end found them: a renewed budget
    /// (every delivered fix under the delivery policy, issue 21) changes no hold, so its
    /// re-evaluation reuses them instead of asking every mechanism again. Any other
    /// re-evaluation asks; debug builds check the reuse against asking.
    private var lastHoldSummary: HoldSummary?
    /// Whether a renewed budget's re-evaluation reuses the holds (tests turn it off to compare).
    var reusesHoldsOnRenewal = true
    /// How many re-evaluations reused the holds, for tests.
    private(set) var holdsReused = 0

    /// Re-applies §2 and §4 after anything changed; mechanisms call it when their holds change.
    public func reevaluate() { reevaluate(holdsUnchanged: false) }

    /// A mechanism whose holds changed, and that calls ``reevaluate()`` only later in the same
    /// step (after telling the app), says so at once: a renewed budget's re-evaluation in between
    /// asks the mechanisms again instead of reusing what the last one found.
    public func holdsChanged() { lastHoldSummary = nil }

    private func reevaluate(holdsUnchanged: Bool) {
        let reusable = holdsUnchanged && reusesHoldsOnRenewal ? lastHoldSummary : nil
        lastHoldSummary = nil
        budget.settle(at: now)
        guard appState == .background else { return }
        let holds: HoldSummary
        if let reusable {
            assert(reusable == holdSummary, "a mechanism's holds changed without reevaluate()")
            holds = reusable
            holdsReused += 1
        } else {
            holds = holdSummary
        }
        let heldBefore = heldAtLastEvaluation
        heldAtLastEvaluation = !holds.isEmpty
        if let expiredBecause {
            // After expiry only the assertions' fate is open: all released → suspension.
            if !runningExpirationHandlers, !holds.anyAssertion {
                suspend(chain(expiredBecause, holdStatuses) + [.tasksEndedWithinAllowance])
            }
            return
        }
        expiryWork?.cancel()
        graceWork?.cancel()
        if let hold = holds.sparingBudget {
            if keepAlive == nil {
                keepAlive = hold
                // What the app started in a wake's run holds it from now on by the usual rules.
                wakeRunUntil = min(wakeRunUntil, now)
                budget.setCounting(false, at: now)
                lastKeepAliveLoss = nil
                emit(.keepAliveStart(hold))
            }
            lastHoldSummary = holds
            return
        }
        // The statuses as they were before the keep-alive's end changed the budget: the cause
        // chains below read them as reevaluate() found them.
        var statuses: [SimHoldStatus]?
        if let ended = keepAlive {
            keepAlive = nil
            let found = holdStatuses
            statuses = found
            let cause = Self.reasonsNotHolding(found).first ?? .nothingHoldsApp
            lastKeepAliveLoss = cause
            budget.refill(at: now, seconds: profile.backgroundTimeBudget)
            graceUntil = now.adding(seconds: profile.suspensionGracePeriod)
            emit(.keepAliveEnd(ended, cause: cause, freshBudget: profile.backgroundTimeBudget))
        }
        // §1: the last hold ended (its last task ended, say): the same short grace as on
        // entering the background, before the budget's expiry had a say.
        if holds.isEmpty, heldBefore {
            graceUntil = max(graceUntil, now.adding(seconds: profile.suspensionGracePeriod))
        }
        // A wake's run is CPU time on a sleeping device (§9): the sleep rule waits for its end.
        let sleeping = isAsleep && !inWakeRun
        if sleeping, budget.pausesWhileAsleep, holds.allAssertions {
            freeze(statuses ?? holdStatuses)
            return
        }
        if holds.isEmpty, now >= graceUntil {
            suspend(chain(.nothingHoldsApp, statuses ?? holdStatuses))
            return
        }
        // Sleep pauses only background tasks' time: a hold that is no assertion (a location
        // session judged by the delivery reading) keeps the device working, and its time runs.
        budget.setCounting(budget.counts(asleep: sleeping && holds.allAssertions), at: now)
        if let expiry = budget.expiryInstant {
            expiryWork = scheduler.schedule(at: expiry, owner: .system, expireAction)
        }
        if holds.isEmpty {
            graceWork = scheduler.schedule(at: graceUntil, owner: .system, reevaluateAction)
        } else if isAsleep, inWakeRun {
            graceWork = scheduler.schedule(at: wakeRunUntil, owner: .system, reevaluateAction)
        }
        lastHoldSummary = holds
    }

    /// iOS 7+: a sleeping device gives the app no CPU time; background tasks do not keep it awake.
    /// Only an app holding a background task is frozen, to thaw with the time it had left; with
    /// nothing held (a system wake whose work is done, say) it is simply suspended.
    private func freeze(_ statuses: [SimHoldStatus]) {
        guard !Self.holds(statuses).isEmpty else {
            suspend(chain(.nothingHoldsApp, statuses))
            return
        }
        frozen = profile.suspendsApps
        suspend(chain(.deviceAsleep(budgetLeft: budget.remaining(at: now).rounded(.up)), statuses))
    }

    /// The budget is spent: expiration handlers run, then the app is suspended, or terminated if
    /// assertions stay open past the handlers' allowance.
    private func expire() {
        budget.settle(at: now)
        guard appState == .background, expiredBecause == nil else { return }
        let statuses = holdStatuses
        let holdsBefore = Self.holds(statuses)
        let why = holdsBefore.lazy.compactMap(\.expiryCause).first ?? .backgroundTimeExpired(budget: budget.fullSeconds)
        expiredBecause = why
        lastExpiry = now
        graceWork?.cancel()
        budget.setCounting(false, at: now)
        emit(.budgetExpired(why))
        runningExpirationHandlers = true
        for mechanism in mechanisms where appState == .background { mechanism.budgetExpired(in: self) }
        runningExpirationHandlers = false
        guard appState == .background else { return }
        let after = holdStatuses
        guard let open = openAssertions(after), !open.isEmpty else {
            let hadAssertions = holdsBefore.contains(where: \.isAssertion)
            suspend(hadAssertions ? chain(why, after) + [.tasksEndedInHandlers] : chain(why, after))
            return
        }
        let allowance = profile.expirationHandlerAllowance
        watchdogWork = scheduler.schedule(after: allowance, owner: .system) { [unowned self] in
            guard appState == .background, let open = openAssertions(holdStatuses), !open.isEmpty else { return }
            guard profile.watchdogEnabled else {
                emit(.warning(.debuggerPreventsWatchdog(openTasks: open)))
                return
            }
            terminate([.watchdog(openTasks: open, allowance: allowance)], verdict: .terminated)
        }
    }

    private func openAssertions(_ statuses: [SimHoldStatus]) -> [SimTaskRecord]? {
        let assertions = Self.holds(statuses).filter(\.isAssertion)
        return assertions.isEmpty ? nil : assertions.flatMap(\.assertedTasks)
    }

    /// When the budget last ran out.
    private(set) var lastExpiry: SimInstant?

    /// Whether the budget ran out in this stay in the background.
    public var isExpired: Bool { expiredBecause != nil }

    // MARK: What mechanisms report

    /// A mechanism delivered a fix to the app: the run record counts it (and the strict reading
    /// of §4 notes it).
    public func noteDelivery() {
        record.delivery(at: now, inBackground: appState == .background)
    }

    /// Something a mechanism did renews the app's background time (under the delivery policy a
    /// delivered fix does, §4): a background app not yet expired gets its budget back.
    public func refillBudget() {
        guard appState == .background, expiredBecause == nil else { return }
        budget.refill(at: now)
        reevaluate(holdsUnchanged: true)
    }

    // MARK: The end

    /// Closes the run: tells the mechanisms and sinks, ends sleeps and drops pending work, so
    /// that nothing the run made is kept alive by its own closures.
    func finish() {
        budget.settle(at: now)
        if !record.reachedBackground { emit(.warning(.neverInBackground)) }
        // §7: what the run used against what the Info.plist declares, once, off the hot path.
        record.infoPlistFindings = InfoPlistLint.findings(
            declared: configuration.capabilities, used: mechanisms.map { $0.infoPlistUse(in: self) })
        for finding in record.infoPlistFindings { emit(.warning(.infoPlist(finding))) }
        for mechanism in mechanisms { mechanism.runEnded(in: self) }
        for sink in sinks { sink.finish() }
        clock.cancelSleepers(ofProcess: nil)
        scheduler.removeAll()
        deferredAppWork = []
        pendingNotifications = []
    }
}
