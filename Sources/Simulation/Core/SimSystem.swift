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

    /// The app's lifecycle (§1, §2, §9): its state, process, budget and the screen's lock.
    @exclusivity(unchecked) private(set) var lifecycle: AppLifecycle
    /// The phone's state (§15); changed through ``changeDevice(_:_:)``, which tells the mechanisms.
    public internal(set) var device: SimDevice
    /// The app's delegate in the current process.
    public private(set) var appDelegate: SimAppDelegate?
    /// The current process's `UIApplication`.
    public private(set) var application: SimApplication?
    /// The installed mechanisms, in order of installation.
    public private(set) var mechanisms: [BackgroundMechanism] = []
    /// The work the lifecycle's decisions scheduled: the budget's expiry, the end of the grace or
    /// wake run, the watchdog after expiry.
    private var backgroundTimers = BackgroundTimers()
    /// App work and notifications that came while the app was suspended (§9).
    private var waitingAppWork = WaitingAppWork()
    /// Low Power Mode's auto-lock and what it counts from (§15).
    var idleTimer = IdleTimer()
    /// The holds of the last re-evaluation, for a renewed budget's re-evaluation to reuse.
    private var holdReuse = HoldReuse()
    #if !os(iOS)
    /// What the shapes' statics (`AppClock.now`, `AppTaskScheduler.shared`, …) reach while a run
    /// of this simulation binds it.
    private(set) lazy var platform = SimPlatform(system: self)
    #endif
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
        lifecycle = AppLifecycle(AppLifecycle.Parameters(profile: configuration.profile))
        record = SimRunRecord(budget: configuration.profile.backgroundTimeBudget)
        scheduler.onAdvance = { [clock] now in clock.advance(to: now) }
        scheduler.admit = { [unowned self] work in admission(of: work) }
        scheduler.deferWork = { [unowned self] action in waitingAppWork.deferred.append(action) }
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
        while appState.isRunning, !waitingAppWork.deferred.isEmpty {
            waitingAppWork.deferred.removeFirst()()
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
            waitingAppWork.notifications.removeAll { $0.key == key }
            waitingAppWork.notifications.append((key, deliver))
        case .notRunning, .terminated:
            break
        }
    }

    private func deliverPendingNotifications() {
        while appState.isRunning, !waitingAppWork.notifications.isEmpty {
            waitingAppWork.notifications.removeFirst().deliver()
        }
    }

    // MARK: §1 App states

    /// The app's state.
    public var appState: SimAppState { lifecycle.appState }
    /// Whether the device is locked and asleep.
    public var isAsleep: Bool { lifecycle.isAsleep }
    /// The number of the current (or last) app process; 0 before the first launch.
    public var process: Int { lifecycle.process }
    /// Whether the user force-quit the app (until it is opened again).
    public var wasForceQuit: Bool { lifecycle.wasForceQuit }
    /// The app was updated and the user has not opened it since (§15).
    public var awaitsOpenAfterUpdate: Bool { lifecycle.awaitsOpenAfterUpdate }
    /// Whether a system kill keeps the app from being relaunched by events until the user opens it.
    public var relaunchBlocked: Bool { lifecycle.relaunchBlocked }
    /// The app's background time.
    public var budget: BackgroundBudget { lifecycle.budget }
    /// Why the system began the app's current background run (a wake or a background launch);
    /// `nil` when the app came to the background from the screen, or is not in the background.
    public var backgroundRunOrigin: SimWakeReason? { lifecycle.backgroundRunOrigin }
    /// The hold that keeps the app alive without spending budget, while one does.
    public var keepAlive: SimHold? { lifecycle.keepAlive }

    /// `backgroundTimeRemaining` as the app reads it.
    public var backgroundTimeRemaining: Double {
        lifecycle.limitedRemaining(at: now) ?? .greatestFiniteMagnitude
    }

    private var backgroundTimeRemainingIfLimited: Double? { lifecycle.limitedRemaining(at: now) }

    /// Tells the clock, the log, the mechanisms and the app that the lifecycle left `old`
    /// (nothing when it did not change state).
    private func stateChanged(from old: SimAppState, _ cause: SimCause) {
        let state = appState
        guard state != old else { return }
        clock.setRunningProcess(state.isRunning ? process : 0)
        emit(.stateChange(from: old, to: state, cause: cause))
        for mechanism in mechanisms { mechanism.appStateChanged(in: self, from: old) }
        if state.isRunning { clock.resumeDue(runnable: process) }
        // What the app observes reaches it first, then its own work that came due (§9). [model]
        if state.isRunning, !waitingAppWork.notifications.isEmpty { deliverPendingNotifications() }
        if !waitingAppWork.deferred.isEmpty { runDeferredAppWork() }
        // The app coming on screen is the user's interaction; leaving it lets the idle timer run (§15).
        if state.isForeground != old.isForeground {
            if state.isForeground { userInteracted() } else { scheduleAutoLock() }
        }
    }

    /// Starts a new app process, in the foreground or (for a system launch) in the background.
    func launch(inBackground: Bool, cause: SimCause, wakeSeconds: Double? = nil) {
        guard let process = lifecycle.startProcess() else { return }
        idleTimer.isDisabled = false
        let delegate = makeApp()
        appDelegate = delegate
        let application = SimApplication(system: self, process: process)
        self.application = application
        emit(.launch(process: process, inBackground: inBackground, cause: cause))
        if inBackground {
            moveToBackground(cause, seconds: wakeSeconds ?? profile.backgroundTimeBudget,
                             grace: wakeSeconds ?? profile.suspensionGracePeriod,
                             wakeRun: wakeSeconds ?? profile.backgroundTimeBudget)
            var options: [SimApplication.LaunchOptionsKey: Any] = [:]
            if case .systemLaunch(let reason) = cause, reason.isLocationEvent { options[.location] = true }
            _ = delegate.application(application, didFinishLaunchingWithOptions: options)
            // Skipped if the first entry ended the process (a crash).
            if self.application === application, appState.isRunning {
                delegate.applicationDidFinishLaunching(application, inBackground: true)
            }
            reevaluate()
        } else {
            stateChanged(from: lifecycle.openOnScreen(), .launching)
            _ = delegate.application(application, didFinishLaunchingWithOptions: nil)
            if self.application === application, appState == .inactive {
                delegate.applicationDidFinishLaunching(application, inBackground: false)
            }
            guard let old = lifecycle.becomeActive() else { return }
            stateChanged(from: old, .launched)
            delegate.applicationDidBecomeActive(application)
        }
    }

    /// iOS wakes a suspended app, or launches a terminated one, in the background for an event;
    /// the app gets a short run of `seconds` (§9), not the era's task budget. An app the user
    /// force-quit is relaunched only when `afterForceQuit` (region and visit events, iOS 7.1+).
    public func wake(for reason: SimWakeReason, seconds: Double, afterForceQuit: Bool = false) {
        switch lifecycle.wake(for: reason, seconds: seconds, afterForceQuit: afterForceQuit,
                              launchBlocked: backgroundLaunchBlocked != nil, now: now) {
        case .resumed:
            backgroundRunBegan(from: .suspended, .systemWake(reason), seconds: seconds)
            if let application { appDelegate?.applicationWasWoken(application, for: reason) }
            reevaluate()
        case .relaunch:
            // §16: iOS 15.0–15.2 relaunch for region and significant-change events only sometimes.
            if reason.relaunchMayBeUnreliable, profile.locationRelaunchProbability < 1,
               random.unit() >= profile.locationRelaunchProbability {
                emit(.scenario(.relaunchMissed(reason)))
                return
            }
            launch(inBackground: true, cause: .systemLaunch(reason), wakeSeconds: seconds)
        case .none:
            break
        }
    }

    /// The app's handler for the event of a system wake finished (it called the completion
    /// handler iOS gave it): the wake's run ends now, and the usual rules apply (what holds the
    /// app keeps it; with nothing, it is suspended after the short grace, or at once on a
    /// sleeping device).
    public func wakeHandled() {
        if lifecycle.wakeHandled(now: now) { reevaluate() }
    }

    func enterBackground(_ cause: SimCause) {
        guard appState.isForeground, let application else { return }
        if let old = lifecycle.resignActive() {
            stateChanged(from: old, cause)
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
            backgroundTimers.cancelAll()
            guard let old = lifecycle.returnToScreen(now: now) else { return }
            stateChanged(from: old, cause)
            guard let application else { return }
            appDelegate?.applicationWillEnterForeground(application)
            guard let old = lifecycle.becomeActive() else { return }
            stateChanged(from: old, cause)
            appDelegate?.applicationDidBecomeActive(application)
        case .active, .inactive:
            break
        }
    }

    func lock() {
        guard lifecycle.lock(now: now) else { return }
        idleTimer.autoLockWork?.cancel()
        idleTimer.autoLockWork = nil
        emit(.deviceLocked)
        for mechanism in mechanisms { mechanism.deviceSleepChanged(in: self) }
        if appState.isForeground { enterBackground(.deviceLocked) } else { reevaluate() }
    }

    func unlock() {
        guard let wasForegroundWhenLocked = lifecycle.unlock(now: now) else { return }
        emit(.deviceUnlocked)
        userInteracted()
        for mechanism in mechanisms { mechanism.deviceSleepChanged(in: self) }
        if !device.unlockedSinceBoot { changeDevice(.firstUnlock) { $0.unlockedSinceBoot = true } }
        if let budgetLeft = lifecycle.thaw(now: now) {
            stateChanged(from: .suspended, .deviceWoke(budgetLeft: budgetLeft))
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
        lifecycle.deviceRestarted()
        changeDevice(.restarted(osUpdate: cause == .osUpdate)) { $0.unlockedSinceBoot = false }
        lock()
    }

    /// The App Store updates the app (§15): iOS terminates it, as a system kill, not a force quit.
    func updateApp() {
        if appState != .notRunning, appState != .terminated { terminate([.device(.appUpdate)], verdict: .terminated) }
        lifecycle.appUpdated()
        emit(.scenario(.device(.appUpdated)))
    }

    func forceQuit() {
        guard lifecycle.forceQuit() else { return }
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
        lifecycle.setRelaunchBlocked(blockingRelaunch)
        terminate([cause], verdict: .terminated)
    }

    /// `frozen`: a sleeping device froze the app with background time left (§2).
    private func suspend(_ causes: [SimCause], frozen: Bool = false) {
        switch lifecycle.suspend(frozen: frozen, now: now) {
        case .none:
            break
        case .warnDebuggerHolds:
            // Under Xcode's debugger iOS never suspends the app (§9); the log says so once per stay.
            emit(.warning(.debuggerPreventsSuspension(causes[0])))
        case .suspended:
            backgroundTimers.cancelAll()
            stateChanged(from: .background, causes[0])
            record(.suspended, causes)
        }
    }

    private func terminate(_ causes: [SimCause], verdict: SimVerdict) {
        // Only a running app the user quits hears of its end; a suspended one, or one iOS kills, does not.
        if appState.isRunning, causes.first == .forceQuit, let application { appDelegate?.applicationWillTerminate(application) }
        backgroundTimers.cancelAll()
        let ended = process
        stateChanged(from: lifecycle.terminate(now: now), causes[0])
        record(verdict, causes)
        // The process is gone: its pending work, notifications, sleeps and objects with it.
        waitingAppWork = WaitingAppWork()
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
    /// it runs even with nothing holding it (and a wake's run of `wakeRun` seconds for a system
    /// launch); the state changes after, so it is logged with the new budget.
    private func moveToBackground(_ cause: SimCause, seconds: Double, grace: Double, wakeRun: Double? = nil) {
        let old = lifecycle.beginBackgroundRun(after: cause, seconds: seconds, grace: grace, wakeRun: wakeRun, now: now)
        backgroundRunBegan(from: old, cause, seconds: seconds)
    }

    private func backgroundRunBegan(from old: SimAppState, _ cause: SimCause, seconds: Double) {
        backgroundTimers.cancelAll()
        stateChanged(from: old, cause)
        emit(.budget(seconds: seconds))
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
    private var holdSummary: AppLifecycle.Holds {
        var summary = AppLifecycle.Holds()
        for mechanism in mechanisms {
            guard case .holding(let hold) = mechanism.holdStatus(in: self) else { continue }
            summary.add(hold)
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
        for cause in [lifecycle.lastKeepAliveLoss].compactMap({ $0 }) + Self.reasonsNotHolding(statuses) where !causes.contains(cause) {
            causes.append(cause)
        }
        return causes
    }

    /// Whether a renewed budget's re-evaluation reuses the holds (tests turn it off to compare).
    var reusesHoldsOnRenewal: Bool {
        get { holdReuse.isEnabled }
        set { holdReuse.isEnabled = newValue }
    }
    /// How many re-evaluations reused the holds, for tests.
    var holdsReused: Int { holdReuse.count }

    /// Re-applies §2 and §4 after anything changed; mechanisms call it when their holds change.
    public func reevaluate() { reevaluate(holdsUnchanged: false) }

    /// A mechanism whose holds changed, and that calls ``reevaluate()`` only later in the same
    /// step (after telling the app), says so at once: a renewed budget's re-evaluation in between
    /// asks the mechanisms again instead of reusing what the last one found.
    public func holdsChanged() { holdReuse.last = nil }

    private func reevaluate(holdsUnchanged: Bool) {
        let reusable = holdsUnchanged && holdReuse.isEnabled ? holdReuse.last : nil
        holdReuse.last = nil
        lifecycle.settleBudget(at: now)
        guard appState == .background else { return }
        let holds: AppLifecycle.Holds
        if let reusable {
            assert(reusable == holdSummary, "a mechanism's holds changed without reevaluate()")
            holds = reusable
            holdReuse.count += 1
        } else {
            holds = holdSummary
        }
        var decision = lifecycle.reevaluate(holds, now: now)
        // The statuses as they were before the keep-alive's end changed the budget: the cause
        // chains below read them as reevaluate() found them.
        var statuses: [SimHoldStatus]?
        if case .keepAliveEnded(let ended, let heldBefore) = decision {
            let found = holdStatuses
            statuses = found
            let cause = Self.reasonsNotHolding(found).first ?? .nothingHoldsApp
            decision = lifecycle.keepAliveEnded(because: cause, holds: holds, heldBefore: heldBefore, now: now)
            emit(.keepAliveEnd(ended, cause: cause, freshBudget: profile.backgroundTimeBudget))
        }
        switch decision {
        case .notInBackground, .awaitingAssertions, .keepAliveEnded:
            return
        case .suspendAfterExpiry(let why):
            suspend(chain(why, holdStatuses) + [.tasksEndedWithinAllowance])
            return
        case .keptAlive(let started):
            backgroundTimers.cancelExpiryAndRecheck()
            if let started { emit(.keepAliveStart(started)) }
        case .freeze:
            backgroundTimers.cancelExpiryAndRecheck()
            freeze(statuses ?? holdStatuses)
            return
        case .suspend:
            backgroundTimers.cancelExpiryAndRecheck()
            suspend(chain(.nothingHoldsApp, statuses ?? holdStatuses))
            return
        case .run(let expiry, let recheckAt):
            backgroundTimers.cancelExpiryAndRecheck()
            if let expiry { backgroundTimers.expiry = scheduler.schedule(at: expiry, owner: .system, expireAction) }
            if let recheckAt { backgroundTimers.recheck = scheduler.schedule(at: recheckAt, owner: .system, reevaluateAction) }
        }
        holdReuse.last = holds
    }

    /// iOS 7+: a sleeping device gives the app no CPU time; background tasks do not keep it awake.
    /// Only an app holding a background task is frozen, to thaw with the time it had left; with
    /// nothing held (a system wake whose work is done, say) it is simply suspended.
    private func freeze(_ statuses: [SimHoldStatus]) {
        guard !Self.holds(statuses).isEmpty else {
            suspend(chain(.nothingHoldsApp, statuses))
            return
        }
        suspend(chain(.deviceAsleep(budgetLeft: budget.remaining(at: now).rounded(.up)), statuses), frozen: true)
    }

    /// The budget is spent: expiration handlers run, then the app is suspended, or terminated if
    /// assertions stay open past the handlers' allowance.
    private func expire() {
        lifecycle.settleBudget(at: now)
        guard lifecycle.mayExpire else { return }
        let statuses = holdStatuses
        let holdsBefore = Self.holds(statuses)
        guard let why = lifecycle.budgetExpired(holdCause: holdsBefore.lazy.compactMap(\.expiryCause).first, now: now) else { return }
        backgroundTimers.recheck?.cancel()
        emit(.budgetExpired(why))
        for mechanism in mechanisms where appState == .background { mechanism.budgetExpired(in: self) }
        lifecycle.expirationHandlersReturned()
        guard appState == .background else { return }
        let after = holdStatuses
        guard let open = openAssertions(after), !open.isEmpty else {
            let hadAssertions = holdsBefore.contains(where: \.isAssertion)
            suspend(hadAssertions ? chain(why, after) + [.tasksEndedInHandlers] : chain(why, after))
            return
        }
        let allowance = profile.expirationHandlerAllowance
        backgroundTimers.watchdog = scheduler.schedule(after: allowance, owner: .system) { [unowned self] in
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
    var lastExpiry: SimInstant? { lifecycle.lastExpiry }

    /// Whether the budget ran out in this stay in the background (the app is in the background,
    /// or suspended since).
    public var isExpired: Bool { lifecycle.expiryCause != nil }

    // MARK: What mechanisms report

    /// A mechanism delivered a fix to the app: the run record counts it (and the strict reading
    /// of §4 notes it).
    public func noteDelivery() {
        record.delivery(at: now, inBackground: appState == .background)
    }

    /// Something a mechanism did renews the app's background time (under the delivery policy a
    /// delivered fix does, §4): a background app not yet expired gets its budget back.
    public func refillBudget() {
        guard lifecycle.renewBudget(now: now) else { return }
        reevaluate(holdsUnchanged: true)
    }

    // MARK: The end

    /// Closes the run: tells the mechanisms and sinks, ends sleeps and drops pending work, so
    /// that nothing the run made is kept alive by its own closures.
    func finish() {
        lifecycle.settleBudget(at: now)
        if !record.reachedBackground { emit(.warning(.neverInBackground)) }
        // §7: what the run used against what the Info.plist declares, once, off the hot path.
        record.infoPlistFindings = InfoPlistLint.findings(
            declared: configuration.capabilities, used: mechanisms.map { $0.infoPlistUse(in: self) })
        for finding in record.infoPlistFindings { emit(.warning(.infoPlist(finding))) }
        for mechanism in mechanisms { mechanism.runEnded(in: self) }
        for sink in sinks { sink.finish() }
        clock.endRun()
        scheduler.removeAll()
        waitingAppWork = WaitingAppWork()
    }
}
