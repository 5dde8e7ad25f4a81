import Simulation

/// What an app script does with BGTaskScheduler (§12): an `AppScript.Action.bgTasks`.
public enum BGTaskScriptAction: Hashable, Sendable {
    /// `BGTaskScheduler.register(forTaskWithIdentifier:)` (at launch; a continued processing
    /// identifier, iOS 26, when the user acts): the task's launch runs
    /// `bg-task`. With `onExpiry` (even empty) the launch handler sets an expiration handler
    /// that runs it; without, the task has none and fails when its time is up.
    case registerTask(id: String, onExpiry: [AppScript.Action]?)
    /// `submit(BGAppRefreshTaskRequest)` not before `earliest` seconds from now; an error is
    /// caught (`try?`) and shows in the event log.
    case submitRefresh(id: String, earliest: Double)
    /// `submit(BGProcessingTaskRequest)`, as `submitRefresh`.
    case submitProcessing(id: String, earliest: Double, requiresExternalPower: Bool)
    /// `task.setTaskCompleted(success:)` for the task whose handler runs, else the oldest running one.
    case completeTask(success: Bool)
    /// `setMinimumBackgroundFetchInterval(_:)` (§14): seconds (0: `backgroundFetchIntervalMinimum`),
    /// or `nil` for `backgroundFetchIntervalNever`; a fetch runs the `push` trigger.
    case setFetchInterval(seconds: Double?)
    // MARK: BGContinuedProcessingTask (iOS 26)
    /// `submit(BGContinuedProcessingTaskRequest(identifier:title:subtitle:))` with `strategy`;
    /// the handler `register-task` registered for `id` runs when it starts. An error is caught
    /// (`try?`) and shows in the event log.
    case submitContinuedProcessing(id: String, title: String, subtitle: String, strategy: SimBGContinuedProcessingStrategy)
    /// The running continued processing task's progress: the handler's task, else the oldest
    /// running one. `completed` sets `completedUnitCount`, `add` adds to it (one or the other),
    /// `total` sets `totalUnitCount`; a value left out stays.
    case reportProgress(completed: Int64?, add: Int64?, total: Int64?)

    /// The actions it holds (an expiration handler's).
    public var children: [AppScript.Action] {
        if case .registerTask(_, let onExpiry) = self { return onExpiry ?? [] }
        return []
    }

    /// The action with `transform` applied to the lists it holds, nested ones first.
    func mapActions(_ transform: ([AppScript.Action]) -> [AppScript.Action]) -> BGTaskScriptAction {
        guard case .registerTask(let id, let onExpiry) = self else { return self }
        return .registerTask(id: id, onExpiry: onExpiry.map { AppScript.Action.map($0, transform) })
    }
}

extension ScriptedApp {
    func perform(_ action: BGTaskScriptAction, in application: SimApplication) {
        switch action {
        case .registerTask(let id, let onExpiry):
            application.taskScheduler.register(forTaskWithIdentifier: id) { [weak self] task in
                self?.launched(task, onExpiry: onExpiry)
            }
        case .submitRefresh(let id, let earliest):
            let request = SimBGAppRefreshTaskRequest(identifier: id)
            request.earliestBeginSeconds = application.clock.now.adding(seconds: earliest).seconds
            try? application.taskScheduler.submit(request)
        case .submitProcessing(let id, let earliest, let requiresExternalPower):
            let request = SimBGProcessingTaskRequest(identifier: id)
            request.earliestBeginSeconds = application.clock.now.adding(seconds: earliest).seconds
            request.requiresExternalPower = requiresExternalPower
            try? application.taskScheduler.submit(request)
        case .setFetchInterval(let seconds):
            application.setMinimumBackgroundFetchInterval(seconds ?? SimApplication.backgroundFetchIntervalNever)
        case .completeTask(let success):
            guard let task = currentTask ?? bgTasks.first else { return }
            bgTasks.removeAll { $0 === task }
            task.setTaskCompleted(success: success)
        case .submitContinuedProcessing(let id, let title, let subtitle, let strategy):
            let request = SimBGContinuedProcessingTaskRequest(identifier: id, title: title, subtitle: subtitle)
            request.strategy = strategy
            try? application.taskScheduler.submit(request)
        case .reportProgress(let completed, let add, let total):
            reportProgress(completed: completed, add: add, total: total)
        }
    }

    private func reportProgress(completed: Int64?, add: Int64?, total: Int64?) {
        let continued = currentTask as? SimBGContinuedProcessingTask
            ?? bgTasks.lazy.compactMap { $0 as? SimBGContinuedProcessingTask }.first
        guard let progress = continued?.progress else { return }
        if let total { progress.totalUnitCount = total }
        if let completed { progress.completedUnitCount = completed }
        if let add {
            // Saturating: a script's counts are at most SimProgress.maximumUnitCount.
            let (sum, overflow) = progress.completedUnitCount.addingReportingOverflow(add)
            progress.completedUnitCount = overflow ? .max : min(sum, SimProgress.maximumUnitCount)
        }
    }

    private func launched(_ task: SimBGTask, onExpiry: [AppScript.Action]?) {
        bgTasks.append(task)
        if let onExpiry {
            task.expirationHandler = { [weak self, weak task] in
                guard let self, let task else { return }
                with(task) { perform(onExpiry) }
            }
        }
        with(task) { run(.bgTask, id: task.identifier) }
    }

    private func with(_ task: SimBGTask, _ body: () -> Void) {
        let outer = currentTask
        currentTask = task
        defer { currentTask = outer }
        body()
    }
}

extension BGTaskScriptAction {
    /// The mechanism this action shows the app uses, for ``AppScriptOutline``'s `uses` line.
    var outlinedMechanism: AppScriptOutline.Mechanism? {
        switch self {
        case .submitContinuedProcessing: .continuedProcessing
        case .registerTask, .submitRefresh, .submitProcessing, .completeTask, .setFetchInterval, .reportProgress: nil
        }
    }

    /// The identifier a `registerTask` registers, for the outline's `registeredTasks`.
    var registeredIdentifier: String? {
        if case .registerTask(let id, _) = self { id } else { nil }
    }
}

// 0.2.0 reached these through the protocol ScriptMechanismAction; ScriptActionRouting.swift routes now.
extension BGTaskScriptAction {
    @available(*, deprecated, message: "ScriptedApp performs a script's actions; put it in a script")
    @MainActor public func perform(in app: ScriptedApp, application: SimApplication) { app.perform(self, in: application) }
    @available(*, deprecated, message: "use AppScript.mapActions(_:)")
    public func mapChildren(_ transform: ([AppScript.Action]) -> [AppScript.Action]) -> AppScript.Action { .bgTasks(mapActions(transform)) }
}
