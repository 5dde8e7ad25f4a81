import Foundation

/// The simulated device and app: the single place that knows the state of everything and applies
/// the rules of `ios-background-semantics.md`. `SimApplication` and `SimLocationManager` are its
/// public faces; everything runs on the simulation's clock.
final class SimWorld {
    let clock: SimClock
    let configuration: SimulationConfiguration
    var profile: SimProfile { configuration.profile }
    var random: SeededRandom

    private(set) var events: [SimEvent] = []
    var authorization: AuthorizationModel

    // Device and app.
    private(set) var appState = SimAppState.notRunning
    private(set) var isAsleep = false
    private var wasForegroundWhenLocked = false
    weak var appDelegate: SimAppDelegate?
    var managers: [SimLocationManager] = []
    private var stateEnteredAt = SimInstant.zero
    private(set) var secondsInState: [SimAppState: Double] = [:]

    // §2: background time.
    private struct OpenTask {
        let name: String
        let began: SimInstant
        let handler: (() -> Void)?
        var warned = false
    }
    private var tasks: [Int: OpenTask] = [:]
    private var nextTaskIdentifier = 1
    /// Seconds of budget left, as of `budgetSettledAt`.
    private var budgetRemaining = 0.0
    private var budgetSettledAt = SimInstant.zero
    private var graceUntil = SimInstant.zero
    private var keepAliveActive = false
    /// Expiration handlers have run; the app is being wound down.
    private var expired = false
    private var runningExpirationHandlers = false
    /// Suspended because the device sleeps (iOS 7+) while only tasks held the app: it runs again,
    /// with the budget it had, when the device wakes.
    private var frozen = false
    private var timerGeneration = 0
    /// Counts stays in the background, so that a timer from an earlier one does nothing.
    private var backgroundSession = 0
    private(set) var minimumRemaining: Double?

    // The outcome.
    private(set) var ending: (verdict: SimVerdict, time: Double, reason: String)?
    let strictCheck: StrictDeliveryCheck

    init(configuration: SimulationConfiguration, clock: SimClock) {
        self.configuration = configuration
        self.clock = clock
        random = SeededRandom(seed: configuration.seed)
        authorization = AuthorizationModel(
            granted: configuration.initialAuthorization, accuracy: configuration.initialAccuracyAuthorization,
            servicesEnabled: configuration.locationServicesEnabled)
        strictCheck = StrictDeliveryCheck(budget: configuration.profile.backgroundTimeBudget,
                                          runsWhileAsleep: configuration.profile.budgetRunsWhileAsleep)
    }

    var now: SimInstant { clock.now }

    // MARK: Log

    /// Records an event. Messages of the per-fix events are constant strings and their numbers
    /// are fields, since a day's run logs one for every second.
    func log(_ kind: SimEvent.Kind, _ message: String, fix: SimLocation? = nil, distance: Double? = nil, delay: Double? = nil) {
        let remaining = backgroundTimeRemaining
        events.append(SimEvent(
            time: now.seconds, kind: kind, message: message, state: appState,
            remaining: remaining == .greatestFiniteMagnitude || !appState.isRunning ? nil : remaining,
            latitude: fix?.coordinate.latitude, longitude: fix?.coordinate.longitude,
            distanceFromLastDelivered: distance, delay: delay))
    }

    // MARK: §1 App states

    private func setState(_ state: SimAppState, _ why: String) {
        guard state != appState else { return }
        secondsInState[appState, default: 0] += now.seconds(since: stateEnteredAt)
        stateEnteredAt = now
        let old = appState
        appState = state
        log(.appState, "\(old.rawValue) → \(state.rawValue): \(why)")
        strictCheck.update(now: now, inBackground: state == .background, asleep: isAsleep)
    }

    /// Time per state, including the current one up to `end`.
    func secondsPerState(until end: SimInstant) -> [SimAppState: Double] {
        var result = secondsInState
        result[appState, default: 0] += end.seconds(since: stateEnteredAt)
        return result
    }

    func launch(inBackground: Bool, reason: String) {
        guard !appState.isRunning, appState != .suspended else { return }
        expired = false
        tasks = [:]
        log(.appLaunch, inBackground ? "iOS launches the app in the background: \(reason)" : "the user opens the app")
        wasForceQuit = false
        // A new process: the managers of the previous one are gone (the relaunched app makes its own).
        managers.forEach { $0.retire() }
        managers = []
        if inBackground {
            resetBackgroundTime()
            setState(.background, reason)
            logBudgetStart()
            appDelegate?.applicationDidFinishLaunching(SimApplication(world: self), inBackground: true)
        } else {
            setState(.inactive, "launching")
            appDelegate?.applicationDidFinishLaunching(SimApplication(world: self), inBackground: false)
            guard appState == .inactive else { return }
            setState(.active, "launched")
            appDelegate?.applicationDidBecomeActive(SimApplication(world: self))
        }
        managersNoteAppState()
    }

    /// iOS wakes a suspended app, or relaunches a terminated one, in the background for a location event (§1, §3).
    func wakeInBackground(reason: String) {
        switch appState {
        case .suspended:
            resetBackgroundTime()
            setState(.background, "woken for \(reason)")
            logBudgetStart()
            managersNoteAppState()
            updateBackgroundHolders()
        case .terminated:
            launch(inBackground: true, reason: "relaunched for \(reason)")
            updateBackgroundHolders()
        default:
            break
        }
    }

    func enterBackground(_ why: String) {
        guard appState.isForeground else { return }
        if appState == .active {
            setState(.inactive, why)
            appDelegate?.applicationWillResignActive(SimApplication(world: self))
        }
        guard appState == .inactive else { return }
        resetBackgroundTime()
        setState(.background, why)
        logBudgetStart()
        appDelegate?.applicationDidEnterBackground(SimApplication(world: self))
        for manager in managers { manager.appEnteredBackground() }
        updateBackgroundHolders()
    }

    func returnToForeground(_ why: String) {
        switch appState {
        case .notRunning, .terminated:
            launch(inBackground: false, reason: why)
        case .background, .suspended:
            if appState == .suspended { log(.scenario, "the app resumes from suspension") }
            frozen = false
            timerGeneration += 1
            keepAliveActive = false
            setState(.inactive, why)
            appDelegate?.applicationWillEnterForeground(SimApplication(world: self))
            guard appState == .inactive else { return }
            setState(.active, why)
            appDelegate?.applicationDidBecomeActive(SimApplication(world: self))
            managersNoteAppState()
        case .active, .inactive:
            break
        }
    }

    func lock() {
        guard !isAsleep else { return }
        settleBudget()  // the budget's pace depends on sleep: account up to now first
        isAsleep = true
        wasForegroundWhenLocked = appState.isForeground
        log(.deviceLock, "the device is locked and sleeps")
        if appState.isForeground { enterBackground("the device was locked") }
        strictCheck.update(now: now, inBackground: appState == .background, asleep: true)
        updateBackgroundHolders()
    }

    func unlock() {
        guard isAsleep else { return }
        settleBudget()
        isAsleep = false
        log(.deviceUnlock, "the device is woken and unlocked")
        if frozen, appState == .suspended {
            frozen = false
            budgetSettledAt = now
            setState(.background, "the device woke: the app runs again with \(format(budgetRemaining.rounded(.up))) s of background time")
            managersNoteAppState()
        }
        strictCheck.update(now: now, inBackground: appState == .background, asleep: false)
        if wasForegroundWhenLocked, appState == .background || appState == .suspended {
            returnToForeground("unlocked: back on screen")
        } else {
            updateBackgroundHolders()
        }
    }

    func memoryPressure() {
        guard appState == .suspended else {
            log(.scenario, "memory pressure: the app is \(appState.rawValue), not suspended, so it is kept")
            return
        }
        terminate(reason: "purged from memory while suspended (memory pressure)", verdict: .terminated)
    }

    /// Whether the user force-quit the app; iOS then relaunches it for nothing.
    private(set) var wasForceQuit = false

    func forceQuit() {
        guard appState != .notRunning, appState != .terminated else { return }
        wasForceQuit = true
        terminate(reason: "the user force-quit the app", verdict: .terminated)
    }

    /// A crash: iOS raises an exception in the app.
    func crash(_ message: String) {
        log(.appCrash, message)
        terminate(reason: message, verdict: .crashed)
    }

    private func suspend(reason: String) {
        guard appState == .background else { return }
        timerGeneration += 1
        keepAliveActive = false
        setState(.suspended, reason)
        record(.suspended, reason)
        managersNoteAppState()
        if authorization.isTemporary && !frozen { revertTemporaryAuthorization() }
    }

    private func terminate(reason: String, verdict: SimVerdict) {
        frozen = false
        timerGeneration += 1
        keepAliveActive = false
        tasks = [:]
        setState(.terminated, reason)
        record(verdict, reason)
        managersNoteAppState()
        if authorization.isTemporary { revertTemporaryAuthorization() }
    }

    private func record(_ verdict: SimVerdict, _ reason: String) {
        if ending == nil { ending = (verdict, now.seconds, reason) }
        strictCheck.appStopped(at: now, verdict: verdict, reason: reason)
    }

    private func managersNoteAppState() {
        for manager in managers { manager.appStateChanged() }
    }

    // MARK: §2 Background tasks and budget

    var backgroundTimeRemaining: Double {
        guard appState == .background else { return .greatestFiniteMagnitude }
        if keepAliveActive { return .greatestFiniteMagnitude }
        return max(0, budgetRemaining - budgetElapsedSinceSettled)
    }

    private var budgetRuns: Bool {
        appState == .background && !keepAliveActive && (!isAsleep || profile.budgetRunsWhileAsleep)
    }

    private var budgetElapsedSinceSettled: Double {
        budgetRuns ? now.seconds(since: budgetSettledAt) : 0
    }

    private func settleBudget() {
        budgetRemaining = max(0, budgetRemaining - budgetElapsedSinceSettled)
        budgetSettledAt = now
        if appState == .background, !keepAliveActive {
            minimumRemaining = min(minimumRemaining ?? budgetRemaining, budgetRemaining)
        }
    }

    /// A fresh budget and a few seconds' grace, as when the app enters the background; call it
    /// just before the state changes, so that the change is logged with the new budget.
    private func resetBackgroundTime() {
        backgroundSession += 1
        budgetRemaining = profile.backgroundTimeBudget
        budgetSettledAt = now
        graceUntil = now.adding(seconds: profile.suspensionGracePeriod)
        expired = false
        keepAliveActive = false
    }

    private func logBudgetStart() {
        log(.budgetStart, "background time starts: \(format(profile.backgroundTimeBudget)) s budget")
    }

    func beginBackgroundTask(name: String?, expirationHandler: (() -> Void)?) -> SimBackgroundTaskIdentifier {
        guard appState.isRunning else { return .invalid }
        let identifier = nextTaskIdentifier
        nextTaskIdentifier += 1
        let label = name ?? "unnamed"
        tasks[identifier] = OpenTask(name: label, began: now, handler: expirationHandler)
        let grant = expired || (appState == .background && backgroundTimeRemaining <= 0)
            ? " (the budget is spent: it grants no time)" : ""
        log(.taskBegin, "beginBackgroundTask \"\(label)\" → #\(identifier)\(grant)")
        if appState == .background { scheduleLongTaskWarning(identifier) }
        updateBackgroundHolders()
        return SimBackgroundTaskIdentifier(rawValue: identifier)
    }

    func endBackgroundTask(_ identifier: SimBackgroundTaskIdentifier) {
        guard let task = tasks.removeValue(forKey: identifier.rawValue) else {
            log(.warning, "endBackgroundTask(\(identifier)): no background task exists with this identifier")
            return
        }
        log(.taskEnd, "endBackgroundTask #\(identifier.rawValue) \"\(task.name)\" after \(format(now.seconds(since: task.began))) s")
        if expired {
            // After expiry the last task ending lets the app be suspended at once (while handlers
            // run, `expire()` does it once they have all returned).
            if tasks.isEmpty && !runningExpirationHandlers {
                suspend(reason: "background time expired; the background tasks were ended within the handlers' allowance")
            }
        } else {
            updateBackgroundHolders()
        }
    }

    var openTaskIdentifiers: [SimBackgroundTaskIdentifier] {
        tasks.keys.sorted().map { SimBackgroundTaskIdentifier(rawValue: $0) }
    }

    private func scheduleLongTaskWarning(_ identifier: Int) {
        clock.schedule(after: profile.longTaskWarningAfter) { [self] in
            guard appState == .background, let task = tasks[identifier], !task.warned else { return }
            tasks[identifier]?.warned = true
            log(.warning, "background task #\(identifier) \"\(task.name)\" has been open \(format(profile.longTaskWarningAfter)) s")
        }
    }

    /// Whether the location rules of §4 keep the app from being suspended.
    private var locationKeepsAlive: Bool {
        managers.contains { $0.keepsAppAlive }
    }

    /// Re-applies §2 and §4 after anything changed: suspends the app when nothing holds it, or
    /// schedules the moment something will stop holding it.
    func updateBackgroundHolders() {
        settleBudget()
        timerGeneration += 1
        guard appState == .background, !expired else { return }
        let location = locationKeepsAlive
        switch configuration.policy {
        case .session:
            if location && !keepAliveActive {
                keepAliveActive = true
                log(.keepAliveStart, "the location session keeps the app alive: background time is not consumed")
                return
            }
            if location { return }
            if keepAliveActive {
                keepAliveActive = false
                budgetRemaining = profile.backgroundTimeBudget
                budgetSettledAt = now
                graceUntil = now.adding(seconds: profile.suspensionGracePeriod)
                log(.keepAliveEnd, "the location session no longer keeps the app alive: a fresh \(format(profile.backgroundTimeBudget)) s budget starts")
            }
        case .delivery:
            break
        }
        let holdsByTask = !tasks.isEmpty
        let holdsByLocation = configuration.policy == .delivery && location
        if isAsleep && !profile.budgetRunsWhileAsleep && !holdsByLocation {
            freeze()
            return
        }
        if !holdsByTask && !holdsByLocation && now >= graceUntil {
            suspend(reason: "nothing keeps the app running in the background (no background task, no location session)")
            return
        }
        let generation = timerGeneration
        if budgetRuns {
            clock.schedule(at: now.adding(seconds: budgetRemaining)) { [self] in
                guard generation == timerGeneration else { return }
                expire()
            }
        }
        if !holdsByTask && !holdsByLocation {
            clock.schedule(at: graceUntil) { [self] in
                guard generation == timerGeneration else { return }
                updateBackgroundHolders()
            }
        }
    }

    /// iOS 7+: a sleeping device gives the app no CPU time; background tasks do not keep it awake.
    private func freeze() {
        frozen = true
        let left = format(budgetRemaining.rounded(.up))
        suspend(reason: "the device sleeps and nothing keeps the app running: it gets no CPU time until the device wakes, when its \(left) s of background time resume")
    }

    /// The budget is spent: expiration handlers run, then the app is suspended, or terminated if
    /// tasks stay open past the handlers' allowance.
    private func expire() {
        settleBudget()
        guard appState == .background else { return }
        let open = tasks.keys.sorted()
        let why = configuration.policy == .delivery && locationKeepsAlive
            ? "no location update for \(format(profile.backgroundTimeBudget)) s (delivery policy)"
            : "background time expired"
        log(.budgetExpired, why)
        expired = true
        if open.isEmpty {
            suspend(reason: why)
            return
        }
        runningExpirationHandlers = true
        for identifier in open {
            guard let task = tasks[identifier] else { continue }
            log(.taskExpiration, "expiration handler of #\(identifier) \"\(task.name)\" runs")
            task.handler?()
            guard appState == .background else { break }
        }
        runningExpirationHandlers = false
        guard appState == .background else { return }
        if tasks.isEmpty {
            suspend(reason: "\(why); every background task was ended in its expiration handler")
            return
        }
        let session = backgroundSession
        clock.schedule(after: profile.expirationHandlerAllowance) { [self] in
            // Not the timer generation: a handler that begins a task must not cancel the watchdog.
            guard session == backgroundSession, expired, appState == .background, !tasks.isEmpty else { return }
            let names = tasks.keys.sorted().map { "#\($0) \"\(tasks[$0]!.name)\"" }.joined(separator: ", ")
            terminate(reason: "watchdog (0x8badf00d): background task \(names) still open \(format(profile.expirationHandlerAllowance)) s after expiration", verdict: .terminated)
        }
    }

    // MARK: §4 Deliveries and the strict reading

    /// A fix reached the app: under the delivery policy it refreshes the budget; the strict
    /// check always notes it.
    func noteDelivery() {
        strictCheck.delivery(at: now, inBackground: appState == .background, asleep: isAsleep)
        guard appState == .background, configuration.policy == .delivery, !expired else { return }
        settleBudget()
        budgetRemaining = profile.backgroundTimeBudget
        updateBackgroundHolders()
    }

    // MARK: §5 Authorization

    func changeAuthorization(_ change: (inout AuthorizationModel) -> Void, _ why: String) {
        let before = (authorization.effective, authorization.accuracy)
        change(&authorization)
        let after = (authorization.effective, authorization.accuracy)
        guard before != after else { return }
        var message = "authorization \(before.0) → \(after.0): \(why)"
        if before.1 != after.1 { message += " (accuracy \(after.1 == .fullAccuracy ? "full" : "reduced"))" }
        log(.authorizationChange, message)
        for manager in managers { manager.authorizationChanged() }
        updateBackgroundHolders()
    }

    private func revertTemporaryAuthorization() {
        changeAuthorization({ $0.granted = .notDetermined; $0.isTemporary = false },
                            "Allow Once ends when the app leaves use")
    }

    // MARK: Helpers

    func format(_ seconds: Double) -> String {
        seconds == seconds.rounded() ? String(Int64(seconds)) : String(format: "%.3f", locale: Locale(identifier: "en_US_POSIX"), seconds)
    }
}
