/// `BGTaskScheduler` (§12): registered launch handlers, pending requests, and the tasks iOS
/// launches for them.
///
/// A request becomes due at its earliest begin date plus the system's delay, drawn with the run's
/// seed: for app refresh (and the legacy background fetch, which runs on the same schedule) from
/// the usage-based cadence `SimProfile.bgTasks.refresh`, for processing from `bgTasks.launchDelay`.
/// A due request is launched once nothing stands in its way (``SimBGTaskDeferral``): iOS wakes the suspended app, or launches a terminated one (a new
/// process, whose launch code registers its handlers again), and calls the launch handler. A
/// running task holds the app without spending its background time, for
/// `bgTasks.appRefreshSeconds` or `bgTasks.processingSeconds`; `bgTasks.expirationLead` seconds before the
/// end its expiration handler runs (a task without one is marked failed), and a task still not
/// completed at the end gets the app killed (`SimCause.bgTasks(.assertionTimeout)`).
/// Once no task runs, the core's usual rules suspend the app.
///
/// A continued processing task (iOS 26) is submitted from the foreground and starts at once (or
/// queues behind `bgTasks.maximumRunningContinuedProcessingTasks`); it holds the app the same way, with no
/// time limit, as long as its progress rises at least every `bgTasks.continuedProcessingStallSeconds`.
/// Stalled, or stopped by the user (`bg-cancel`), it expires as any task does.
@MainActor
public final class BackgroundTaskScheduler: BackgroundMechanism {
    private struct Pending {
        var record: SimBGTaskRecord
        /// max(now, earliestBeginDate) at the submit.
        var earliest: SimInstant
        var launchAt: SimInstant
        var requiresExternalPower: Bool
        var work: ScheduledWork?
        /// The reasons already logged for not launching it.
        var deferrals: Set<SimBGTaskDeferral> = []
        /// An app refresh held until the user opens the app: it is planned again then.
        var waitsForUse = false
    }

    private struct QueuedContinued {
        let record: SimBGTaskRecord
        let title: String
        let subtitle: String
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

    /// The app's Background App Refresh switch in Settings (the device-wide one, Low Power Mode,
    /// charging and heat are the device's: ``SimSystem/device``).
    public private(set) var isBackgroundAppRefreshEnabled: Bool

    private var handlers: [String: (SimBGTask) -> Void] = [:]
    /// The process that may still register handlers (its launch has not finished).
    private var registrationOpenFor: Int?
    private var knownProcess = 0
    private var pending: [Pending] = []
    private var running: [Running] = []
    /// Continued processing requests waiting for a running one to end (strategy `.queue`).
    private var continuedQueue: [QueuedContinued] = []
    private var launching = false
    /// Why the BGTasks stopped holding the app, while it is still in the background.
    private var releaseCause: SimCause?
    private var random = SeededRandom(seed: 0)
    /// The usage the refresh cadence follows (§12): when the user last opened the app (the run
    /// starts just after they last used it) and the app refresh or fetch runs since.
    private var lastOpened = 0.0
    private var refreshRunsWithoutUse = 0
    /// The legacy background fetch's interval (`setMinimumBackgroundFetchInterval`); `nil`:
    /// never, the default. The system keeps it across processes, as it keeps requests. [model]
    private var fetchInterval: Double?

    /// The identifier of the legacy background fetch's place on the schedule (no task has it).
    public static let backgroundFetchIdentifier = "UIApplicationBackgroundFetch"

    /// A scheduler with the app's Background App Refresh on (or off).
    public init(backgroundAppRefreshEnabled: Bool = true) {
        isBackgroundAppRefreshEnabled = backgroundAppRefreshEnabled
    }

    /// The least time from a submit to the launch it asks for, in seconds.
    public static let minimumLaunchDelay = 1.0

    /// The identifiers of the pending requests, in the order they were submitted; queued
    /// continued processing requests last.
    public var pendingIdentifiers: [String] {
        pending.filter { $0.record.kind != .backgroundFetch }.map(\.record.identifier) + continuedQueue.map(\.record.identifier)
    }
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
        guard system.profile.bgTasks.hasScheduler else {
            system.emit(.warning(.bgTasks(.schedulerUnavailable(profile: system.profile.name))))
            return false
        }
        return true
    }

    func register(_ identifier: String, handler: @escaping (SimBGTask) -> Void, in system: SimSystem) -> Bool {
        guard exists(in: system) else { return false }
        identifiersUsed.insert(identifier)
        let capabilities = system.configuration.capabilities
        let wildcards = system.profile.bgTasks.hasContinuedProcessing
        // iOS 26: "BGContinuedProcessingTask registrations are exempt" from registering before
        // launch finishes [doc]; the model knows them by the wildcard entry that permits them. [model]
        let continued = wildcards && !capabilities.permitsTaskIdentifier(identifier, wildcards: false)
            && capabilities.permitsTaskIdentifier(identifier, wildcards: true)
        guard registrationOpenFor == system.process || continued else {
            system.crash(.bgTasks(.registeredAfterLaunch(identifier: identifier)))
            return false
        }
        guard handlers[identifier] == nil else {
            system.crash(.bgTasks(.registeredTwice(identifier: identifier)))
            return false
        }
        let accepted = capabilities.permitsTaskIdentifier(identifier, wildcards: wildcards)
        system.emit(BGTaskEvent.register(identifier: identifier, accepted: accepted))
        if accepted { handlers[identifier] = handler }
        return accepted
    }

    func submit(identifier: String, kind: SimBGTaskKind, earliest: Double?, requiresExternalPower: Bool, in system: SimSystem) throws(SimBGTaskSchedulerError) {
        guard exists(in: system) else { return }
        let record = SimBGTaskRecord(identifier: identifier, kind: kind)
        identifiersUsed.insert(identifier)
        if let mode = kind.requiredMode { modesUsed.insert(mode) }
        let capabilities = system.configuration.capabilities
        let others = pending.filter { $0.record.identifier != identifier && $0.record.kind == kind }.count
        let limit = kind == .appRefresh ? system.profile.bgTasks.maximumPendingRefreshRequests : system.profile.bgTasks.maximumPendingProcessingRequests
        let error: SimBGTaskSchedulerError? =
            if !isBackgroundAppRefreshEnabled || system.device.backgroundAppRefreshBlocked { .unavailable }
            else if !capabilities.permitsTaskIdentifier(identifier, wildcards: false)
                        || !(kind.requiredMode.map { capabilities.backgroundModes.contains($0) } ?? true) { .notPermitted }
            else if others >= limit { .tooManyPendingTaskRequests }
            else { nil }
        guard try admit(record, error, in: system) else { return }
        let replaced = removePending(identifier)
        let earliestInstant = max(system.now, SimInstant(seconds: earliest ?? 0))
        plan(Pending(record: record, earliest: earliestInstant, launchAt: earliestInstant, requiresExternalPower: requiresExternalPower), replaced: replaced, in: system)
    }

    /// Draws the request's launch time (one draw per plan, in order) and schedules its check.
    private func plan(_ request: Pending, replaced: Bool, in system: SimSystem) {
        var request = request
        request.launchAt = launchTime(request.record.kind, after: request.earliest, in: system)
        request.work = system.scheduler.schedule(at: request.launchAt, owner: .mechanism) { [unowned self, unowned system] in
            launchDue(in: system)
        }
        pending.append(request)
        system.emit(BGTaskEvent.submit(request.record, earliest: request.earliest.seconds, launchAt: request.launchAt.seconds, replaced: replaced))
    }

    /// When the system plans to launch a request of `kind` whose earliest date is `earliest`:
    /// app refresh and fetch by the usage-based cadence (§12; a new install waits
    /// `refresh.learningHours` from the run's start), processing by `launchDelay`.
    private func launchTime(_ kind: SimBGTaskKind, after earliest: SimInstant, in system: SimSystem) -> SimInstant {
        let profile = system.profile.bgTasks
        let planned: SimInstant
        if kind.isAppRefresh {
            let delay = profile.refresh.delay(u: random.unit(), runsWithoutUse: refreshRunsWithoutUse)
            planned = max(earliest.adding(seconds: delay), SimInstant(seconds: profile.refresh.learningHours * 3_600))
        } else {
            let range = profile.launchDelay
            planned = earliest.adding(seconds: (range.lowerBound + random.unit() * (range.upperBound - range.lowerBound)).rounded())
        }
        // Never at the instant of the submit: a handler that submits again would otherwise be
        // launched again and again without time passing. [model]
        return max(planned, system.now.adding(seconds: Self.minimumLaunchDelay))
    }

    func cancel(_ identifier: String, in system: SimSystem) {
        let queued = continuedQueue.count
        continuedQueue.removeAll { $0.record.identifier == identifier }
        guard pending.first(where: { $0.record.identifier == identifier })?.record.kind != .backgroundFetch else { return }
        if removePending(identifier) || continuedQueue.count < queued { system.emit(BGTaskEvent.cancel(identifier: identifier)) }
    }

    // MARK: §14 Legacy background fetch

    /// `setMinimumBackgroundFetchInterval(_:)`: from now on (and across processes) the system
    /// plans a fetch not before `seconds` after the last one (or now), on the app-refresh
    /// cadence; `nil` (never) plans none. Setting the interval it has changes nothing.
    func setMinimumBackgroundFetchInterval(_ seconds: Double?, in system: SimSystem) {
        guard system.profile.iOSVersion >= system.profile.bgTasks.backgroundFetchFirstIOSVersion else {
            system.emit(.warning(.bgTasks(.fetchUnavailable(profile: system.profile.name))))
            return
        }
        modesUsed.insert(.fetch)
        guard seconds != fetchInterval else { return }
        fetchInterval = seconds
        let replaced = removeFetch()
        system.emit(BGTaskEvent.fetchInterval(seconds: seconds))
        planFetch(replaced: replaced, in: system)
    }

    @discardableResult
    private func removeFetch() -> Bool {
        guard let index = pending.firstIndex(where: { $0.record.kind == .backgroundFetch }) else { return false }
        pending.remove(at: index).work?.cancel()
        return true
    }

    /// Plans the next fetch, the interval from now.
    private func planFetch(replaced: Bool, in system: SimSystem) {
        guard let interval = fetchInterval else { return }
        let record = SimBGTaskRecord(identifier: Self.backgroundFetchIdentifier, kind: .backgroundFetch)
        let earliest = system.now.adding(seconds: interval)
        plan(Pending(record: record, earliest: earliest, launchAt: earliest, requiresExternalPower: false), replaced: replaced, in: system)
    }

    @discardableResult
    private func removePending(_ identifier: String) -> Bool {
        guard let index = pending.firstIndex(where: { $0.record.identifier == identifier }) else { return false }
        pending.remove(at: index).work?.cancel()
        return true
    }

    /// Logs and throws a submit error; with none, whether the request may go on: an identifier
    /// with no launch handler crashes the app, as iOS's exception does.
    private func admit(_ record: SimBGTaskRecord, _ error: SimBGTaskSchedulerError?, in system: SimSystem) throws(SimBGTaskSchedulerError) -> Bool {
        if let error {
            system.emit(BGTaskEvent.submitFailed(record, error))
            throw error
        }
        guard handlers[record.identifier] != nil else {
            system.crash(.bgTasks(.noLaunchHandler(identifier: record.identifier)))
            return false
        }
        return true
    }

    func complete(_ task: SimBGTask, success: Bool) {
        guard let system = currentSystem else { return }
        guard let index = running.firstIndex(where: { $0.task === task }) else {
            system.emit(.warning(.bgTasks(.alreadyEnded(identifier: task.identifier))))
            return
        }
        let run = end(at: index, in: system)
        system.emit(BGTaskEvent.complete(run.record, success: success, seconds: system.now.seconds(since: run.started)))
        released(in: system)
    }

    /// The system the tasks run in (tasks hold the scheduler only; the scheduler learns the system
    /// when a task launches).
    private weak var currentSystem: SimSystem?

    // MARK: Scenario switches and events

    /// The user switches Background App Refresh in Settings.
    public func setBackgroundAppRefresh(enabled: Bool, in system: SimSystem) {
        isBackgroundAppRefreshEnabled = enabled
        system.emit(.scenario(.bgTasks(.backgroundAppRefreshSwitched(on: enabled))))
        launchDue(in: system)
    }

    /// The device changed (§15): disconnected from power, tasks that require it end; whatever
    /// stood in the way of a due request may have gone.
    public func deviceChanged(in system: SimSystem, from old: SimDevice) {
        if old.charging, !system.device.charging {
            for run in running where run.requiresExternalPower && !run.expired { expire(run.task, .powerDisconnected, in: system) }
        }
        checkSoon(in: system)
    }

    /// A scenario's `bg-launch`: iOS launches the pending request now, whatever its date and the
    /// device's state (as `_simulateLaunchForTaskWithIdentifier:` does), unless the app was force-quit.
    public func launchNow(_ identifier: String, in system: SimSystem) {
        guard let index = pending.firstIndex(where: { $0.record.identifier == identifier }) else {
            system.emit(.warning(.bgTasks(.notPending(identifier: identifier))))
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
            system.emit(.warning(.bgTasks(.notRunning(identifier: identifier))))
            return
        }
        expire(run.task, .scenario, in: system)
    }

    // MARK: Launching

    /// What keeps iOS from launching `request` now; `nil` when nothing does.
    private func obstacle(_ request: Pending, forced: Bool, in system: SimSystem) -> SimBGTaskDeferral? {
        if system.wasForceQuit { return .forceQuit }
        if forced { return nil }
        let device = system.device
        if !isBackgroundAppRefreshEnabled || !device.backgroundAppRefreshEnabled { return .backgroundAppRefreshOff }
        if device.lowPowerMode { return .lowPowerMode }
        if device.thermalState >= system.profile.device.defersBackgroundTasksFrom { return .thermalState }
        if system.appState.isForeground { return .appInUse }
        if !system.appState.isRunning, system.backgroundLaunchBlocked != nil { return .cannotLaunchApp }
        if request.record.kind.isAppRefresh {
            let cadence = system.profile.bgTasks.refresh
            if system.now.seconds - lastOpened > cadence.recentUseDays * 86_400 { return .notOpenedRecently }
            if refreshRunsWithoutUse >= cadence.maxRunsWithoutUse { return .runsWithoutUse }
        }
        if request.record.kind == .processing {
            if !system.isAsleep { return .deviceInUse }
            if request.requiresExternalPower, !device.charging { return .notCharging }
        }
        return nil
    }

    private func note(_ deferral: SimBGTaskDeferral, at index: Int, in system: SimSystem) {
        if deferral == .notOpenedRecently || deferral == .runsWithoutUse { pending[index].waitsForUse = true }
        guard pending[index].deferrals.insert(deferral).inserted else { return }
        system.emit(BGTaskEvent.deferred(pending[index].record, deferral))
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
        // A run the system chose counts against the app's use (a forced one does not). [model]
        if record.kind.isAppRefresh, !forced { refreshRunsWithoutUse += 1 }
        if record.kind == .backgroundFetch {
            // The next fetch is planned as this one starts; the run is the fetch's delivery
            // (`performFetchWithCompletionHandler`, ~30 s), which pushes own.
            planFetch(replaced: false, in: system)
            system.mechanism(PushNotifications.self)?.arrive(.fetch, in: system)
            return
        }
        let seconds = record.kind == .appRefresh ? system.profile.bgTasks.appRefreshSeconds : system.profile.bgTasks.processingSeconds
        let task: SimBGTask = record.kind == .appRefresh
            ? SimBGAppRefreshTask(identifier: record.identifier, scheduler: self)
            : SimBGProcessingTask(identifier: record.identifier, scheduler: self)
        // The task runs (and holds the app) from before the wake, so the wake does not suspend it at once.
        running.append(Running(record: record, task: task, started: system.now, seconds: seconds, requiresExternalPower: request.requiresExternalPower))
        releaseCause = nil
        system.emit(BGTaskEvent.launch(record, seconds: seconds, forced: forced))
        launching = true
        if !system.appState.isRunning, let reason = record.kind.wakeReason { system.wake(for: reason, seconds: seconds) }
        launching = false
        // The launch (if there was one) has finished: no more registrations in this process.
        registrationOpenFor = nil
        guard system.appState.isRunning, let runIndex = running.firstIndex(where: { $0.task === task }) else {
            running.removeAll { $0.task === task }
            return
        }
        let lead = min(system.profile.bgTasks.expirationLead, seconds)
        running[runIndex].expiryWork = system.scheduler.schedule(after: seconds - lead, owner: .mechanism) { [unowned self, unowned system] in
            expire(task, .timeUp, in: system)
        }
        running[runIndex].deadlineWork = system.scheduler.schedule(after: seconds, owner: .mechanism) { [unowned self, unowned system] in
            timeUp(task, in: system)
        }
        guard let handler = handlers[record.identifier] else {
            system.crash(.bgTasks(.noLaunchHandler(identifier: record.identifier)))
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
            running[index].deadlineWork = system.scheduler.schedule(after: system.profile.bgTasks.expirationLead, owner: .mechanism) { [unowned self, unowned system] in
                timeUp(task, in: system)
            }
        }
        let handler = task.expirationHandler
        system.emit(BGTaskEvent.expiration(record, reason, hasHandler: handler != nil))
        guard let handler else {
            end(at: index, in: system)
            system.emit(BGTaskEvent.failed(record))
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
            system.emit(BGTaskEvent.failed(run.record))
            released(in: system)
            return
        }
        system.terminate(because: .bgTasks(.assertionTimeout(run.record, seconds: system.now.seconds(since: run.started))))
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
        startQueued(in: system)
        if running.isEmpty, system.appState == .background { releaseCause = .bgTasks(.tasksEnded) }
        system.reevaluate()
    }

    // MARK: §12 BGContinuedProcessingTask (iOS 26)

    /// `submit(BGContinuedProcessingTaskRequest)`. Checks, in this order: the API exists (else a
    /// warning, nothing else); Background App Refresh on and the app in the foreground, else
    /// `unavailable` [model: Apple says only that the app submits it from the foreground]; the
    /// identifier permitted (as it is or by a wildcard entry) and the resources supported, else
    /// `notPermitted`; a handler registered, else the crash; then, with the running continued
    /// tasks at their most, `.fail` throws `immediateRunIneligible` and `.queue` waits.
    func submitContinued(identifier: String, title: String, subtitle: String, strategy: SimBGContinuedProcessingStrategy,
                         resources: SimBGContinuedProcessingResources, in system: SimSystem) throws(SimBGTaskSchedulerError) {
        guard exists(in: system) else { return }
        guard system.profile.bgTasks.hasContinuedProcessing else {
            system.emit(.warning(.bgTasks(.continuedProcessingUnavailable(profile: system.profile.name))))
            return
        }
        let record = SimBGTaskRecord(identifier: identifier, kind: .continuedProcessing)
        identifiersUsed.insert(identifier)
        let supported: SimBGContinuedProcessingResources = system.profile.bgTasks.supportsBackgroundGPU ? .gpu : .default
        let error: SimBGTaskSchedulerError? =
            if !isBackgroundAppRefreshEnabled || system.device.backgroundAppRefreshBlocked || !system.appState.isForeground { .unavailable }
            else if !system.configuration.capabilities.permitsTaskIdentifier(identifier, wildcards: true) || !supported.isSuperset(of: resources) { .notPermitted }
            else { nil }
        guard try admit(record, error, in: system) else { return }
        let full = runningContinued >= system.profile.bgTasks.maximumRunningContinuedProcessingTasks
        if full, strategy == .fail {
            system.emit(BGTaskEvent.submitFailed(record, .immediateRunIneligible))
            throw .immediateRunIneligible
        }
        let queued = continuedQueue.count
        continuedQueue.removeAll { $0.record.identifier == identifier }
        system.emit(BGTaskEvent.continuedSubmit(record, title: title, strategy: strategy, queued: full, replaced: continuedQueue.count < queued))
        if full {
            continuedQueue.append(QueuedContinued(record: record, title: title, subtitle: subtitle))
        } else {
            startContinued(record, title: title, subtitle: subtitle, in: system)
        }
    }

    /// Whether a continued processing task's launch handler is running now.
    private var runningContinuedHandler = false

    private var runningContinued: Int { running.count(where: { $0.record.kind == .continuedProcessing }) }

    /// Starts a continued processing task in the running app: it holds the app from now, and its
    /// launch handler runs at this instant, once the code that submitted it has returned (iOS
    /// calls it on a queue of its own, not inside `submit`).
    private func startContinued(_ record: SimBGTaskRecord, title: String, subtitle: String, in system: SimSystem) {
        currentSystem = system
        let task = SimBGContinuedProcessingTask(identifier: record.identifier, title: title, subtitle: subtitle, scheduler: self)
        let stall = system.profile.bgTasks.continuedProcessingStallSeconds
        running.append(Running(record: record, task: task, started: system.now, seconds: stall, requiresExternalPower: false))
        releaseCause = nil
        system.emit(BGTaskEvent.launch(record, seconds: stall, forced: false))
        // Weak: the app may keep the task, and set its progress, after the run has ended.
        task.progress.onChange = { [weak self, weak system, weak task] rose in
            guard let self, let system, let task else { return }
            progressed(task, rose: rose, in: system)
        }
        watchForStall(task, in: system)
        let delay = runningContinuedHandler ? system.profile.bgTasks.continuedProcessingLaunchFromHandlerSeconds : 0
        system.scheduleAppWork(after: delay) { [unowned self, unowned system] in
            // The task may have ended already (its process, or a cancel at the same instant).
            guard running.contains(where: { $0.task === task }) else { return }
            guard let handler = handlers[record.identifier] else {
                system.crash(.bgTasks(.noLaunchHandler(identifier: record.identifier)))
                return
            }
            runningContinuedHandler = true
            handler(task)
            runningContinuedHandler = false
            system.reevaluate()
        }
        system.reevaluate()
    }

    /// Starts the queued continued requests the running ones now leave room for, oldest first.
    private func startQueued(in system: SimSystem) {
        while let next = continuedQueue.first, system.appState.isRunning,
              runningContinued < system.profile.bgTasks.maximumRunningContinuedProcessingTasks {
            continuedQueue.removeFirst()
            startContinued(next.record, title: next.title, subtitle: next.subtitle, in: system)
        }
    }

    /// The stall timer: expired as stalled unless the progress rises within the window.
    private func watchForStall(_ task: SimBGContinuedProcessingTask, in system: SimSystem) {
        guard let index = running.firstIndex(where: { $0.task === task }), !running[index].expired else { return }
        running[index].expiryWork?.cancel()
        running[index].expiryWork = system.scheduler.schedule(after: system.profile.bgTasks.continuedProcessingStallSeconds, owner: .mechanism) {
            [unowned self, unowned system] in expire(task, .stalled, in: system)
        }
    }

    private func progressed(_ task: SimBGContinuedProcessingTask, rose: Bool, in system: SimSystem) {
        guard let index = running.firstIndex(where: { $0.task === task }) else { return }
        system.emit(BGTaskEvent.progress(running[index].record, completed: task.progress.completedUnitCount, total: task.progress.totalUnitCount))
        if rose { watchForStall(task, in: system) }
    }

    func titleUpdated(_ task: SimBGContinuedProcessingTask) {
        guard let system = currentSystem, let run = running.first(where: { $0.task === task }) else { return }
        system.emit(BGTaskEvent.title(run.record, title: task.title, subtitle: task.subtitle))
    }

    /// A scenario's `bg-cancel`: the user stops the running continued processing task in its Live
    /// Activity; iOS expires it (the app cannot tell this from any other expiry).
    public func cancelByUser(_ identifier: String, in system: SimSystem) {
        guard let run = running.first(where: { $0.record.identifier == identifier && $0.record.kind == .continuedProcessing && !$0.expired }) else {
            system.emit(.warning(.bgTasks(.continuedTaskNotRunning(identifier: identifier))))
            return
        }
        expire(run.task, .userCancelled, in: system)
    }

    // MARK: Lifecycle

    public func appStateChanged(in system: SimSystem, from old: SimAppState) {
        if system.appState.isForeground, !old.isForeground { opened(in: system) }
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

    /// The user opened the app (it came on screen): the refresh cadence starts again (§12), and
    /// an app refresh or fetch that waited for use is planned again from now.
    private func opened(in system: SimSystem) {
        lastOpened = system.now.seconds
        refreshRunsWithoutUse = 0
        let waiting = pending.filter(\.waitsForUse)
        pending.removeAll(where: \.waitsForUse)
        for var request in waiting {
            request.work?.cancel()
            request.launchAt = launchTime(request.record.kind, after: max(request.earliest, system.now), in: system)
            request.waitsForUse = false
            request.deferrals = []
            request.work = system.scheduler.schedule(at: request.launchAt, owner: .mechanism) { [unowned self, unowned system] in
                launchDue(in: system)
            }
            pending.append(request)
            system.emit(BGTaskEvent.rescheduled(request.record, launchAt: request.launchAt.seconds))
        }
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
        // Queued continued requests go too: their handlers were the process's, and iOS cancels
        // them when the user force-quits the app. [doc] (for the force quit; [model] otherwise)
        continuedQueue = []
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
