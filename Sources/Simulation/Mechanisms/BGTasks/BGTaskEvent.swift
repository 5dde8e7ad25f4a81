/// What BGTaskScheduler and BGContinuedProcessingTask did (§12): the detail of a `.bgTasks` event.
public enum BGTaskEvent: Hashable, Sendable, Codable {
    /// The kinds of BGTask events, as the JSON Lines report names them.
    public enum Kind: String, Hashable, Sendable, Codable, CaseIterable {
        case register = "bgtask.register"
        case submit = "bgtask.submit"
        case submitFailed = "bgtask.submit-failed"
        case cancel = "bgtask.cancel"
        case deferred = "bgtask.deferred"
        case launch = "bgtask.launch"
        case expiration = "bgtask.expiration"
        case complete = "bgtask.complete"
        case failed = "bgtask.failed"
        /// A continued processing task's progress or title changed (iOS 26).
        case progress = "bgtask.progress"
    }

    /// `register(forTaskWithIdentifier:using:launchHandler:)`; `accepted` is false (and the call
    /// returns false) when the identifier is not in `BGTaskSchedulerPermittedIdentifiers`.
    case register(identifier: String, accepted: Bool)
    /// `submit` accepted the request: iOS plans to launch it at `launchAt` (seconds from the start:
    /// the earliest begin date plus the system's delay); `replaced` when it replaced a pending
    /// request with the same identifier.
    case submit(SimBGTaskRecord, earliest: Double, launchAt: Double, replaced: Bool)
    /// `submit` threw.
    case submitFailed(SimBGTaskRecord, SimBGTaskSchedulerError)
    /// `cancel(taskRequestWithIdentifier:)` removed a pending request.
    case cancel(identifier: String)
    /// A request is due but iOS does not launch it now, for this reason (logged once per reason).
    case deferred(SimBGTaskRecord, SimBGTaskDeferral)
    /// The user opened the app: an app refresh (or fetch) that waited for use is planned again,
    /// `launchAt` seconds from the start (kind `submit`).
    case rescheduled(SimBGTaskRecord, launchAt: Double)
    /// `setMinimumBackgroundFetchInterval` changed the interval (`nil`: never), kind `submit`;
    /// the fetch it plans follows as a `submit` of a ``SimBGTaskKind/backgroundFetch``.
    case fetchInterval(seconds: Double?)
    /// iOS launches the task: its launch handler runs now and it has `seconds`; `forced` when a
    /// scenario's `bg-launch` made the system launch it at once.
    case launch(SimBGTaskRecord, seconds: Double, forced: Bool)
    /// The task's time is (nearly) up: its expiration handler runs, or, with none, it fails.
    case expiration(SimBGTaskRecord, SimBGTaskExpiry, hasHandler: Bool)
    /// `setTaskCompleted(success:)`, `seconds` after the launch.
    case complete(SimBGTaskRecord, success: Bool, seconds: Double)
    /// The task expired without an expiration handler: iOS marks it failed.
    case failed(SimBGTaskRecord)
    // MARK: BGContinuedProcessingTask (iOS 26)
    /// `submit` accepted a continued processing request (kind `submit`): it starts at once, or,
    /// `queued`, when the running continued tasks allow; `replaced` when it replaced a queued
    /// request with the same identifier.
    case continuedSubmit(SimBGTaskRecord, title: String, strategy: SimBGContinuedProcessingStrategy, queued: Bool, replaced: Bool)
    /// A continued processing task's progress changed (kind `progress`).
    case progress(SimBGTaskRecord, completed: Int64, total: Int64)
    /// `updateTitle(_:subtitle:)` of a continued processing task (kind `progress`).
    case title(SimBGTaskRecord, title: String, subtitle: String)

    /// The event's kind.
    public var kind: Kind {
        switch self {
        case .register: .register
        case .submit, .continuedSubmit, .rescheduled, .fetchInterval: .submit
        case .submitFailed: .submitFailed
        case .cancel: .cancel
        case .deferred: .deferred
        case .launch: .launch
        case .expiration: .expiration
        case .complete: .complete
        case .failed: .failed
        case .progress, .title: .progress
        }
    }
}

extension SimSystem {
    /// Logs a BGTask event.
    func emit(_ event: BGTaskEvent) {
        emit(.bgTasks(event))
    }
}
