/// `BGTaskScheduler` (§12): registered launch handlers, pending requests, and the tasks iOS
/// launches for them.
///
/// A request becomes due at its earliest begin date plus the system's delay (drawn with the run's
/// seed from `SimProfile.bgTaskLaunchDelay`). A due request is launched once nothing stands in its
/// way (``SimBGTaskDeferral``): iOS wakes the suspended app, or launches a terminated one (a new
/// process, whose launch code registers its handlers again), and calls the launch handler. A
/// running task holds the app without spending its background time, for
/// `appRefreshTaskSeconds` or `processingTaskSeconds`; `bgTaskExpirationLead` seconds before the
/// end its expiration handler runs (a task without one is marked failed), and a task still not
/// completed at the end gets the app killed (``SimCause/bgTaskAssertionTimeout(_:seconds:)``).
/// Once no task runs, the core's usual rules suspend the app.
@MainActor
public final class BackgroundTaskScheduler: BackgroundMechanism {
    private struct Pending {
        var record: SimBGTaskRecord
        var launchAt: SimInstant
        var requiresExternalPower: Bool
        var work: ScheduledWork?
        /// The reasons already logged for not launching it.
        var deferrals: Set<SimBGTaskDeferral> = []
    }

    private struct Running {
        let record: SimBGTaskRecord
        let task: SimBGTask
        let started: SimInstant
        let seconds: Double
        let requiresExternalPower: Bool
        var expired = false
        var expiryWork: ScheduledWork?
        var deadlineWork: ScheduledWork?
    }

    /// The Background App Refresh switch in Settings.
    public private(set) var isBackgroundAppRefreshEnabled: Bool
    /// Whether the device is connected to power.
    public private(set) var isCharging: Bool

    private var handlers: [String: @MainActor (SimBGTask) -> Void] = [:]
    /// The process that may still register handlers (its launch has not finished).
    private var registrationOpenFor: Int?
    private var knownProcess = 0
    private var pending: [Pending] = []
    private var running: [Running] = []
    private var launching = false
    /// Why the BGTasks stopped holding the app, while it is still in the background.
    private var releaseCause: SimCause?
    private var random = SeededRandom(seed: 0)

    /// A scheduler with Background App Refresh on (or off) and the device charging (or not).
    public init(backgroundAppRefreshEnabled: Bool = true, charging: Bool = false) {
        isBackgroundAppRefreshEnabled = backgroundAppRefreshEnabled
        isCharging = charging
    }

    /// The least time from a submit to the launch it asks for, in seconds.
    public static let minimumLaunchDelay = 1.0

    /// The identifiers of the pending requests, in the order they were submitted.
    public var pendingIdentifiers: [String] { pending.map(\.record.identifier) }
    /// The identifiers of the running tasks, in the order they were launched.
    public var runningIdentifiers: [String] { running.map(\.record.identifier) }

    /// The seed of the delays is the run's, salted so that the stream is the scheduler's own and
    /// does not move when the trip draws more or fewer fixes.
    public func installed(in system: SimSystem) {
        random = SeededRandom(seed: system.configuration.seed ^ 0x4247_5461_736B_5363)
    }

    public func holdStatus(in system: SimSystem) -> SimHoldStatus {
        guard running.isEmpty else {
            return .holding(SimHold(kind: .bgTasks(running.map(\.record)), spendsBudget: false, isAssertion: false))
        }
        return .notHolding(system.appState == .background ? releaseCause : nil)
    }

    // MARK: The app's calls

    /// What the run used of the Info.plist, for the lint (§7): the modes of the kinds submitted and
    /// every identifier registered or submitted.
    public func infoPlistUse(in system: SimSystem) -> SimInfoPlistUse {
        SimInfoPlistUse(backgroundModes: modesUsed, taskIdentifiers: identifiersUsed)
    }

    private var modesUsed = Set<SimBackgroundMode>()
    private var identifiersUsed = Set<String>()

    /// Whether the API exists on the profile; if not, says so once per call.
    private func exists(in system: SimSystem) -> Bool {
        guard system.profile.hasBGTaskScheduler else {
            system.emit(.warning, .warning(.bgTaskSchedulerUnavailable(profile: system.profile.name)))
            return false
        }
        return true
    }

    func register(_ identifier: String, handler: @escaping @MainActor (SimBGTask) -> Void, in system: SimSystem) -> Bool {
        guard exists(in: system) else { return false }
        identifiersUsed.insert(identifier)
        guard registrationOpenFor == system.process else {
            system.crash(.bgTaskRegisteredAfterLaunch(identifier: identifier))
            return false
        }
        guard handlers[identifier] == nil else {
            system.crash(.bgTaskRegisteredTwice(identifier: identifier))
            return false
        }
        let accepted = system.configuration.capabilities.permittedBackgroundTaskIdentifiers.contains(identifier)
        system.emit(.bgTaskRegister, .bgTaskRegister(identifier: identifier, accepted: accepted))
        if accepted { handlers[identifier] = handler }
        return accepted
    }

    func submit(identifier: String, kind: SimBGTaskKind, earliest: Double?, requiresExternalPower: Bool, in system: SimSystem) throws(SimBGTaskSchedulerError) {
        guard exists(in: system) else { return }
        let record = SimBGTaskRecord(identifier: identifier, kind: kind)
        identifiersUsed.insert(identifier)
        modesUsed.insert(kind.requiredMode)
        let capabilities = system.configuration.capabilities
        let others = pending.filter { $0.record.identifier != identifier && $0.record.kind == kind }.count
        let limit = kind == .appRefresh ? system.profile.maximumPendingRefreshRequests : system.profile.maximumPendingProcessingRequests
        let error: SimBGTaskSchedulerError? =
            if !isBackgroundAppRefreshEnabled { .unavailable }
            else if !capabilities.permittedBackgroundTaskIdentifiers.contains(identifier) || !capabilities.backgroundModes.contains(kind.requiredMode) { .notPermitted }
            else if others >= limit { .tooManyPendingTaskRequests }
            else { nil }
        if let error {
            system.emit(.bgTaskSubmitFailed, .bgTaskSubmitFailed(record, error))
            throw error
        }
        guard handlers[identifier] != nil else {
            system.crash(.bgTaskNoLaunchHandler(identifier: identifier))
            return
        }
        let replaced = removePending(identifier)
        let earliestInstant = max(system.now, SimInstant(seconds: earliest ?? 0))
        let range = system.profile.bgTaskLaunchDelay
        let delay = (range.lowerBound + random.unit() * (range.upperBound - range.lowerBound)).rounded()
        // Never at the instant of the submit: a handler that submits again would otherwise be
        // launched again and again without time passing. [model]
        let launchAt = max(earliestInstant.adding(seconds: delay), system.now.adding(seconds: Self.minimumLaunchDelay))
        var request = Pending(record: record, launchAt: launchAt, requiresExternalPower: requiresExternalPower)
        request.work = system.scheduler.schedule(at: request.launchAt, owner: .mechanism) { [unowned self, unowned system] in
            launchDue(in: system)
        }
        pending.append(request)
        system.emit(.bgTaskSubmit, .bgTaskSubmit(record, earliest: earliestInstant.seconds, launchAt: request.launchAt.seconds, replaced: replaced))
    }

    func cancel(_ identifier: String, in system: SimSystem) {
        if removePending(identifier) { system.emit(.bgTaskCancel, .bgTaskCancel(identifier: identifier)) }
    }

    @discardableResult
    private func removePending(_ identifier: String) -> Bool {
        guard let index = pending.firstIndex(where: { $0.record.identifier == identifier }) else { return false }
        pending.remove(at: index).work?.cancel()
        return true
    }

    func complete(_ task: SimBGTask, success: Bool) {
        guard let system = currentSystem else { return }
        guard let index = running.firstIndex(where: { $0.task === task }) else {
            system.emit(.warning, .warning(.bgTaskAlreadyEnded(identifier: task.identifier)))
            return
        }
        let run = end(at: index, in: system)
        system.emit(.bgTaskComplete, .bgTaskComplete(run.record, success: success, seconds: system.now.seconds(since: run.started)))
        released(in: system)
    }

    /// The system the tasks run in (tasks hold the scheduler only; the scheduler learns the system
    /// when a task launches).
    private weak var currentSystem: SimSystem?

    // MARK: Scenario switches and events

    /// The user switches Background App Refresh in Settings.
    public func setBackgroundAppRefresh(enabled: Bool, in system: SimSystem) {
        isBackgroundAppRefreshEnabled = enabled
        system.emit(.scenario, .scenario(.backgroundAppRefreshSwitched(on: enabled)))
        launchDue(in: system)
    }

    /// The device is connected to power, or disconnected (which ends tasks that require it).
    public func setCharging(_ charging: Bool, in system: SimSystem) {
        isCharging = charging
        system.emit(.scenario, .scenario(.chargingChanged(charging: charging)))
        if !charging {
            for run in running where run.requiresExternalPower && !run.expired { expire(run.task, .powerDisconnected, in: system) }
        }
        launchDue(in: system)
    }

    /// A scenario's `bg-launch`: iOS launches the pending request now, whatever its date and the
    /// device's state (as `_simulateLaunchForTaskWithIdentifier:` does), unless the app was force-quit.
    public func launchNow(_ identifier: String, in system: SimSystem) {
        guard let index = pending.firstIndex(where: { $0.record.identifier == identifier }) else {
            system.emit(.warning, .warning(.bgTaskNotPending(identifier: identifier)))
            return
        }
        if let obstacle = obstacle(pending[index], forced: true, in: system) {
            note(obstacle, at: index, in: system)
            return
        }
        launch(at: index, forced: true, in: system)
    }

    /// A scenario's `bg-expire`: iOS expires the running task now.
    public func expireNow(_ identifier: String, in system: SimSystem) {
        guard let run = running.first(where: { $0.record.identifier == identifier && !$0.expired }) else {
            system.emit(.warning, .warning(.bgTaskNotRunning(identifier: identifier)))
            return
        }
        expire(run.task, .scenario, in: system)
    }

    // MARK: Launching

    /// What keeps iOS from launching `request` now; `nil` when nothing does.
    private func obstacle(_ request: Pending, forced: Bool, in system: SimSystem) -> SimBGTaskDeferral? {
        if system.wasForceQuit { return .forceQuit }
        if forced { return nil }
        if !isBackgroundAppRefreshEnabled { return .backgroundAppRefreshOff }
        if system.appState.isForeground { return .appInUse }
        if request.record.kind == .processing {
            if !system.isAsleep { return .deviceInUse }
            if request.requiresExternalPower, !isCharging { return .notCharging }
        }
        return nil
    }

    private func note(_ deferral: SimBGTaskDeferral, at index: Int, in system: SimSystem) {
        guard pending[index].deferrals.insert(deferral).inserted else { return }
        system.emit(.bgTaskDeferred, .bgTaskDeferred(pending[index].record, deferral))
    }

    /// Launches every due request nothing stands in the way of, oldest first.
    private func launchDue(in system: SimSystem) {
        guard !launching, system.appState != .notRunning else { return }
        var index = 0
        while index < pending.count {
            guard pending[index].launchAt <= system.now else { index += 1; continue }
            if let obstacle = obstacle(pending[index], forced: false, in: system) {
                note(obstacle, at: index, in: system)
                index += 1
                continue
            }
            launch(at: index, forced: false, in: system)
            index = 0
        }
    }

    private func launch(at index: Int, forced: Bool, in system: SimSystem) {
        let request = pending.remove(at: index)
        request.work?.cancel()
        currentSystem = system
        let record = request.record
        let seconds = record.kind == .appRefresh ? system.profile.appRefreshTaskSeconds : system.profile.processingTaskSeconds
        let task: SimBGTask = record.kind == .appRefresh
            ? SimBGAppRefreshTask(identifier: record.identifier, scheduler: self)
            : SimBGProcessingTask(identifier: record.identifier, scheduler: self)
        // The task runs (and holds the app) from before the wake, so the wake does not suspend it at once.
        running.append(Running(record: record, task: task, started: system.now, seconds: seconds, requiresExternalPower: request.requiresExternalPower))
        releaseCause = nil
        system.emit(.bgTaskLaunch, .bgTaskLaunch(record, seconds: seconds, forced: forced))
        launching = true
        if !system.appState.isRunning { system.wake(for: record.kind.wakeReason, seconds: seconds) }
        launching = false
        // The launch (if there was one) has finished: no more registrations in this process.
        registrationOpenFor = nil
        guard system.appState.isRunning, let runIndex = running.firstIndex(where: { $0.task === task }) else {
            running.removeAll { $0.task === task }
            return
        }
        let lead = min(system.profile.bgTaskExpirationLead, seconds)
        running[runIndex].expiryWork = system.scheduler.schedule(after: seconds - lead, owner: .mechanism) { [unowned self, unowned system] in
            expire(task, .timeUp, in: system)
        }
        running[runIndex].deadlineWork = system.scheduler.schedule(after: seconds, owner: .mechanism) { [unowned self, unowned system] in
            timeUp(task, in: system)
        }
        guard let handler = handlers[record.identifier] else {
            system.crash(.bgTaskNoLaunchHandler(identifier: record.identifier))
            return
        }
        system.runAppCode { handler(task) }
        system.reevaluate()
    }

    // MARK: Expiry and the end

    private func expire(_ task: SimBGTask, _ reason: SimBGTaskExpiry, in system: SimSystem) {
        guard let index = running.firstIndex(where: { $0.task === task }), !running[index].expired else { return }
        running[index].expired = true
        running[index].expiryWork?.cancel()
        let record = running[index].record
        if reason != .timeUp {
            // Ended early: the handler has the lead's seconds to complete the task.
            running[index].deadlineWork?.cancel()
            running[index].deadlineWork = system.scheduler.schedule(after: system.profile.bgTaskExpirationLead, owner: .mechanism) { [unowned self, unowned system] in
                timeUp(task, in: system)
            }
        }
        let handler = task.expirationHandler
        system.emit(.bgTaskExpiration, .bgTaskExpiration(record, reason, hasHandler: handler != nil))
        guard let handler else {
            end(at: index, in: system)
            system.emit(.bgTaskFailed, .bgTaskFailed(record))
            released(in: system)
            return
        }
        system.runAppCode { handler() }
    }

    /// The task's time is over: if it is still not completed, iOS kills the app — unless the app
    /// is on screen [model] or the debugger keeps the watchdog off: then the task just ends, failed.
    private func timeUp(_ task: SimBGTask, in system: SimSystem) {
        guard let index = running.firstIndex(where: { $0.task === task }) else { return }
        let run = running[index]
        // On screen iOS kills nothing [model]; under the debugger profile the watchdog is off (§9).
        guard !system.appState.isForeground, system.profile.watchdogEnabled else {
            end(at: index, in: system)
            system.emit(.bgTaskFailed, .bgTaskFailed(run.record))
            released(in: system)
            return
        }
        system.terminate(because: .bgTaskAssertionTimeout(run.record, seconds: system.now.seconds(since: run.started)))
    }

    @discardableResult
    private func end(at index: Int, in system: SimSystem) -> Running {
        let run = running.remove(at: index)
        run.expiryWork?.cancel()
        run.deadlineWork?.cancel()
        return run
    }

    /// A task ended: once none runs, the core's rules decide what becomes of the app.
    private func released(in system: SimSystem) {
        if running.isEmpty, system.appState == .background { releaseCause = .bgTasksEnded }
        system.reevaluate()
    }

    // MARK: Lifecycle

    public func appStateChanged(in system: SimSystem, from old: SimAppState) {
        if system.process != knownProcess, system.appState.isRunning {
            // A new process: its launch code may register handlers until the launch has finished.
            knownProcess = system.process
            registrationOpenFor = system.process
            let process = system.process
            system.scheduler.schedule(after: 0, owner: .system) { [unowned self] in
                if registrationOpenFor == process { registrationOpenFor = nil }
            }
        }
        if system.appState == .active { registrationOpenFor = nil }
        if system.appState != .background { releaseCause = nil }
        checkSoon(in: system)
    }

    /// Looks for due requests once the change in progress has run its course (at the same
    /// instant): launching from inside the core's own state change (a suspension, a termination)
    /// would start a wake or a process in the middle of it.
    private func checkSoon(in system: SimSystem) {
        guard check == nil, !pending.isEmpty else { return }
        check = system.scheduler.schedule(after: 0, owner: .mechanism) { [unowned self, unowned system] in
            check = nil
            launchDue(in: system)
        }
    }

    private var check: ScheduledWork?

    public func deviceSleepChanged(in system: SimSystem) {
        if !system.isAsleep {
            // The user starts using the device: processing tasks end.
            for run in running where run.record.kind == .processing && !run.expired { expire(run.task, .deviceInUse, in: system) }
        }
        checkSoon(in: system)
    }

    public func processEnded(in system: SimSystem, process: Int, forceQuit: Bool) {
        // The process's handlers and tasks end with it; its requests stay with the system.
        for run in running {
            run.expiryWork?.cancel()
            run.deadlineWork?.cancel()
        }
        running = []
        handlers = [:]
        registrationOpenFor = nil
        releaseCause = nil
    }

    public func runEnded(in system: SimSystem) {
        for request in pending { request.work?.cancel() }
        check?.cancel()
        check = nil
        processEnded(in: system, process: system.process, forceQuit: false)
        pending = []
    }
}
