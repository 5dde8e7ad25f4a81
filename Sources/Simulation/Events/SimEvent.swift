/// One entry of a run's event log: a typed value, turned into words only by the reports.
public struct SimEvent: Hashable, Sendable, Codable {
    /// What happened, as a category. Each mechanism adds one case carrying its own kinds; the
    /// JSON Lines report writes ``rawValue``.
    public enum Kind: Hashable, Sendable, Codable {
        case appState
        case appLaunch
        case appCrash
        case deviceLock
        case deviceUnlock
        case taskBegin
        case taskEnd
        case taskExpiration
        case budgetStart
        case budgetExpired
        case keepAliveStart
        case keepAliveEnd
        case locationStart
        case locationStop
        case locationPause
        case locationError
        case fixDelivered
        case fixFiltered
        case fixQueued
        case fixUnavailable
        case authorizationPrompt
        case authorizationChange
        case scenario
        case appCodeNotRun
        case appLog
        case audio
        case push
        case warning
        // MARK: §12 BGTaskScheduler
        case bgTaskRegister
        case bgTaskSubmit
        case bgTaskSubmitFailed
        case bgTaskCancel
        case bgTaskDeferred
        case bgTaskLaunch
        case bgTaskExpiration
        case bgTaskComplete
        case bgTaskFailed
        // MARK: §12 BGContinuedProcessingTask (iOS 26)
        case bgTaskProgress
        // MARK: Regions and visits (§11)
        case regions(RegionEvent.Kind)
        case visits(VisitEvent.Kind)
        // MARK: Location sessions (§10)
        case liveUpdates
        case serviceSession
        // MARK: CLMonitor (§11)
        case monitor(MonitorEvent.Kind)

        /// The name the JSON Lines report writes (`app.state`, `bgtask.launch`, …).
        public var rawValue: String {
            switch self {
            case .appState: "app.state"
            case .appLaunch: "app.launch"
            case .appCrash: "app.crash"
            case .deviceLock: "device.lock"
            case .deviceUnlock: "device.unlock"
            case .taskBegin: "task.begin"
            case .taskEnd: "task.end"
            case .taskExpiration: "task.expiration"
            case .budgetStart: "budget.start"
            case .budgetExpired: "budget.expired"
            case .keepAliveStart: "keepalive.start"
            case .keepAliveEnd: "keepalive.end"
            case .locationStart: "location.start"
            case .locationStop: "location.stop"
            case .locationPause: "location.pause"
            case .locationError: "location.error"
            case .fixDelivered: "fix.delivered"
            case .fixFiltered: "fix.filtered"
            case .fixQueued: "fix.queued"
            case .fixUnavailable: "fix.unavailable"
            case .authorizationPrompt: "auth.prompt"
            case .authorizationChange: "auth.change"
            case .scenario: "scenario"
            case .appCodeNotRun: "app.not-run"
            case .appLog: "app.log"
            case .audio: "audio"
            case .push: "push"
            case .warning: "warning"
            case .bgTaskRegister: "bgtask.register"
            case .bgTaskSubmit: "bgtask.submit"
            case .bgTaskSubmitFailed: "bgtask.submit-failed"
            case .bgTaskCancel: "bgtask.cancel"
            case .bgTaskDeferred: "bgtask.deferred"
            case .bgTaskLaunch: "bgtask.launch"
            case .bgTaskExpiration: "bgtask.expiration"
            case .bgTaskComplete: "bgtask.complete"
            case .bgTaskFailed: "bgtask.failed"
            case .bgTaskProgress: "bgtask.progress"
            case .regions(let kind): kind.rawValue
            case .visits(let kind): kind.rawValue
            case .liveUpdates: "location.live"
            case .serviceSession: "location.service-session"
            case .monitor(let kind): kind.rawValue
            }
        }
    }

    /// Seconds from the start of the run.
    public var time: Double
    public var kind: Kind
    /// What exactly happened.
    public var detail: SimEventDetail
    /// The app's state after the event.
    public var state: SimAppState
    /// `backgroundTimeRemaining` in seconds after the event; `nil` when unlimited (foreground,
    /// or a location session keeps the app alive) or when the app does not run.
    public var remaining: Double?
    /// The app process the event concerns (1 for the first launch; 0 before any).
    public var process: Int

    /// Creates an event.
    public init(time: Double, kind: Kind, detail: SimEventDetail, state: SimAppState, remaining: Double? = nil, process: Int = 0) {
        self.time = time
        self.kind = kind
        self.detail = detail
        self.state = state
        self.remaining = remaining
        self.process = process
    }

    /// The fix of a fix event.
    public var fix: SimFixRecord? {
        if case .fix(let fix) = detail { return fix }
        return nil
    }
}

/// The typed content of an event, one case per shape of fact.
public enum SimEventDetail: Hashable, Sendable, Codable {
    /// No more to say than the kind (device locked, signal lost, …).
    case none
    /// The app's state changed.
    case stateChange(from: SimAppState, to: SimAppState, cause: SimCause)
    /// A new app process started (number `process`).
    case launch(process: Int, inBackground: Bool, cause: SimCause)
    /// The app crashed.
    case crash(SimCrash)
    /// `beginBackgroundTask`; `grantsTime` is false once the budget is spent.
    case taskBegin(SimTaskRecord, grantsTime: Bool)
    /// `endBackgroundTask` after `seconds`.
    case taskEnd(SimTaskRecord, seconds: Double)
    /// A task's expiration handler runs.
    case taskExpiration(SimTaskRecord)
    /// Background time starts with this many seconds.
    case budget(seconds: Double)
    /// Background time ran out, for this reason.
    case budgetExpired(SimCause)
    /// Something started keeping the app running without spending its budget.
    case keepAliveStart(SimHold)
    /// It stopped, for `cause`; a fresh budget of `freshBudget` seconds starts.
    case keepAliveEnd(SimHold, cause: SimCause, freshBudget: Double)
    /// A location service started.
    case locationStart(SimLocationService, accuracy: SimAccuracy?, distanceFilter: Double?)
    /// A location service stopped.
    case locationStop(SimLocationService, cause: SimCause)
    /// Core Location paused updates: the device stayed within `radius` metres for `windowSeconds`.
    case locationPause(windowSeconds: Double, radius: Double, activityType: SimActivityType)
    /// `didFailWithError`.
    case locationError(SimLocationError)
    /// A fix delivered, filtered or queued.
    case fix(SimFixRecord)
    /// A prompt shown to the user.
    case prompt(SimPrompt)
    /// The app's authorization changed.
    case authorizationChange(from: SimAuthorizationStatus, to: SimAuthorizationStatus, accuracy: SimAccuracyAuthorization?, cause: SimCause)
    /// Something the scenario did, with no effect on the app's state.
    case scenario(SimScenarioNote)
    /// An action of the app's own code that did not run, because the app did not run.
    case appCodeNotRun(SimScenarioEvent.Action, state: SimAppState)
    /// A line the app's own code logs.
    case appLog(String)
    /// The app's audio session or playback changed (§13).
    case audio(SimAudioEvent)
    /// A push or a fetch arrived, was held, dropped or handled (§14).
    case push(SimPushEvent)
    /// Something iOS logs, or the simulator warns about.
    case warning(SimWarning)

    // MARK: §12 BGTaskScheduler
    /// `register(forTaskWithIdentifier:using:launchHandler:)`; `accepted` is false (and the call
    /// returns false) when the identifier is not in `BGTaskSchedulerPermittedIdentifiers`.
    case bgTaskRegister(identifier: String, accepted: Bool)
    /// `submit` accepted the request: iOS plans to launch it at `launchAt` (seconds from the start:
    /// the earliest begin date plus the system's delay); `replaced` when it replaced a pending
    /// request with the same identifier.
    case bgTaskSubmit(SimBGTaskRecord, earliest: Double, launchAt: Double, replaced: Bool)
    /// `submit` threw.
    case bgTaskSubmitFailed(SimBGTaskRecord, SimBGTaskSchedulerError)
    /// `cancel(taskRequestWithIdentifier:)` removed a pending request.
    case bgTaskCancel(identifier: String)
    /// A request is due but iOS does not launch it now, for this reason (logged once per reason).
    case bgTaskDeferred(SimBGTaskRecord, SimBGTaskDeferral)
    /// iOS launches the task: its launch handler runs now and it has `seconds`; `forced` when a
    /// scenario's `bg-launch` made the system launch it at once.
    case bgTaskLaunch(SimBGTaskRecord, seconds: Double, forced: Bool)
    /// The task's time is (nearly) up: its expiration handler runs, or, with none, it fails.
    case bgTaskExpiration(SimBGTaskRecord, SimBGTaskExpiry, hasHandler: Bool)
    /// `setTaskCompleted(success:)`, `seconds` after the launch.
    case bgTaskComplete(SimBGTaskRecord, success: Bool, seconds: Double)
    /// The task expired without an expiration handler: iOS marks it failed.
    case bgTaskFailed(SimBGTaskRecord)
    // MARK: §12 BGContinuedProcessingTask (iOS 26)
    /// `submit` accepted a continued processing request (kind `bgTaskSubmit`): it starts at once,
    /// or, `queued`, when the running continued tasks allow; `replaced` when it replaced a queued
    /// request with the same identifier.
    case bgContinuedSubmit(SimBGTaskRecord, title: String, strategy: SimBGContinuedProcessingStrategy, queued: Bool, replaced: Bool)
    /// A continued processing task's progress changed (kind `bgTaskProgress`).
    case bgTaskProgress(SimBGTaskRecord, completed: Int64, total: Int64)
    /// `updateTitle(_:subtitle:)` of a continued processing task (kind `bgTaskProgress`).
    case bgTaskTitle(SimBGTaskRecord, title: String, subtitle: String)
    // MARK: Regions and visits (§11)
    /// A region was monitored, failed, or its crossing reported.
    case regions(RegionEvent)
    /// The visit service started or stopped, or a visit was reported.
    case visits(VisitEvent)
    // MARK: Location sessions (§10)
    /// Live updates or a background activity session changed (§10).
    case liveLocation(SimLiveLocationEvent)
    /// A service session was made, rejoined, activated or invalidated, or its diagnostics changed (iOS 18).
    case serviceSession(SimServiceSessionEvent)
    // MARK: CLMonitor (§11)
    /// A named `CLMonitor` was opened, a condition added or removed, an event delivered or held.
    case monitor(MonitorEvent)
}

/// A background task as reports name it.
public struct SimTaskRecord: Hashable, Sendable, Codable {
    /// The identifier's raw value.
    public var id: Int
    /// The name given to `beginBackgroundTask`, or "unnamed".
    public var name: String

    public init(id: Int, name: String) {
        self.id = id
        self.name = name
    }
}

/// A fix and what became of it.
public struct SimFixRecord: Hashable, Sendable, Codable {
    /// Why a fix was filtered or queued.
    public enum Reason: String, Hashable, Sendable, Codable {
        case underDistanceFilter
        case appNotRunning
        case appSuspended
        case backgroundUpdatesNotAllowed
        /// Delivered for `requestLocation()`.
        case requested
        /// Delivered by the significant-change service.
        case significantChange
    }

    public var latitude: Double
    public var longitude: Double
    /// For a filtered fix: metres from the last delivered fix.
    public var distanceFromLastDelivered: Double?
    /// For a fix delivered late (queued while the app could not receive it): seconds late.
    public var delay: Double?
    public var reason: Reason?

    public init(latitude: Double, longitude: Double, distanceFromLastDelivered: Double? = nil, delay: Double? = nil, reason: Reason? = nil) {
        self.latitude = latitude
        self.longitude = longitude
        self.distanceFromLastDelivered = distanceFromLastDelivered
        self.delay = delay
        self.reason = reason
    }
}

/// A location service of `CLLocationManager`.
public enum SimLocationService: String, Hashable, Sendable, Codable {
    case standardUpdates
    case significantChanges
}

/// A crash iOS raises in the app.
public enum SimCrash: Hashable, Sendable, Codable {
    /// `allowsBackgroundLocationUpdates = true` without the `location` background mode (§3).
    case backgroundLocationWithoutMode
    /// The app's callbacks called back into themselves without end (EXC_BAD_ACCESS, stack overflow).
    case stackOverflow
    /// A VoIP push the app did not report to CallKit as a call (iOS 13+, §14).
    case voipPushWithoutCall
    // MARK: §12 BGTaskScheduler
    /// `register(forTaskWithIdentifier:)` for an identifier already registered (§12).
    case bgTaskRegisteredTwice(identifier: String)
    /// `register(forTaskWithIdentifier:)` after the app finished launching (§12).
    case bgTaskRegisteredAfterLaunch(identifier: String)
    /// A task was submitted, or launched, with no launch handler registered for it in the process
    /// ("No launch handler registered for task with identifier …").
    case bgTaskNoLaunchHandler(identifier: String)
    // MARK: CLMonitor (§11)
    /// `CLMonitor` misused.
    case monitor(MonitorCrash)
}

/// A prompt iOS shows, with the answer the simulated user gives.
public enum SimPrompt: Hashable, Sendable, Codable {
    /// The first location prompt; `then` is the Always answer when the request wanted Always
    /// and the OS asks both at once.
    case allowLocation(answer: SimUserAnswers.FirstPrompt, then: SimUserAnswers.AlwaysPrompt?)
    /// "Change to Always Allow?" after When In Use.
    case allowAlways(answer: SimUserAnswers.AlwaysPrompt)
    /// The second prompt of a provisional Always grant (iOS 13+), at the first background use.
    case keepAllowingInBackground(answer: SimUserAnswers.AlwaysPrompt)
}

/// What a scenario did that changes nothing in the app's state.
public enum SimScenarioNote: Hashable, Sendable, Codable {
    case locationServicesSwitched(on: Bool)
    /// The app returns from suspension.
    case resumesFromSuspension
    /// Memory pressure, but the app is not suspended, so iOS keeps it.
    case memoryPressureIgnored
    // MARK: §12 BGTaskScheduler
    /// The user switched Background App Refresh on or off in Settings.
    case backgroundAppRefreshSwitched(on: Bool)
    /// The device was connected to power, or disconnected.
    case chargingChanged(charging: Bool)
}

/// Something iOS logs, or the simulator warns about.
public enum SimWarning: Hashable, Sendable, Codable {
    /// `endBackgroundTask` with an identifier that is not open ("no background task exists").
    case noSuchBackgroundTask(id: Int)
    /// A background task has been open this long in the background.
    case backgroundTaskOpenLong(SimTaskRecord, seconds: Double)
    /// An authorization request lacks the Info.plist usage strings it needs.
    case missingUsageDescription(always: Bool)
    /// An authorization request made while the app is not in use shows no prompt (§5).
    case authorizationRequestNotInUse
    /// A When In Use app cannot start updates from the background (§4).
    case whenInUseStartFromBackground
    /// The app never reached the background: the run says nothing about staying alive there.
    case neverInBackground
    /// Silent audio kept the app alive: App Review rejects this (guideline 2.5.4, §13).
    case silentAudioKeepAlive

    // MARK: Profiles, the debugger and the Info.plist lint
    /// Under the debugger profile iOS does not suspend the app that it would suspend for this cause (§9).
    case debuggerPreventsSuspension(SimCause)
    /// Under the debugger profile the watchdog does not end the app for these open tasks (§9).
    case debuggerPreventsWatchdog(openTasks: [SimTaskRecord])
    /// The Info.plist lint found this at the end of the run (§7).
    case infoPlist(SimPlistFinding)
    // MARK: §12 BGTaskScheduler
    /// A scenario's `bg-launch` named an identifier with no pending request.
    case bgTaskNotPending(identifier: String)
    /// A scenario's `bg-expire` named an identifier with no running task.
    case bgTaskNotRunning(identifier: String)
    /// `setTaskCompleted` on a task already completed, failed or ended with its process.
    case bgTaskAlreadyEnded(identifier: String)
    /// The profile is older than iOS 13: `BGTaskScheduler` does not exist, and its calls do nothing.
    case bgTaskSchedulerUnavailable(profile: String)
    // MARK: §12 BGContinuedProcessingTask (iOS 26)
    /// The profile is older than iOS 26: `BGContinuedProcessingTaskRequest` does not exist, and
    /// submitting one does nothing.
    case continuedProcessingUnavailable(profile: String)
    /// A scenario's `bg-cancel` named an identifier with no running continued processing task.
    case continuedTaskNotRunning(identifier: String)
    // MARK: Regions and visits (§11)
    /// About region monitoring.
    case regions(RegionWarning)
    /// About the visit service.
    case visits(VisitWarning)

    // MARK: Location sessions (§10)
    /// `liveUpdates` or `CLBackgroundActivitySession` on a profile before iOS 17: the API does not exist.
    case locationSessionAPIUnavailable(profile: String)
    /// `CLServiceSession` on a profile before iOS 18: the API does not exist.
    case serviceSessionUnavailable(profile: String)
    // MARK: CLMonitor (§11)
    /// About `CLMonitor`.
    case monitor(MonitorWarning)

    /// Whether the warning is about the run as a whole (kept in the summary), rather than a line
    /// iOS logs at a moment (kept in the event log only).
    public var isAboutTheRun: Bool {
        switch self {
        case .neverInBackground, .silentAudioKeepAlive, .infoPlist: true
        default: false
        }
    }
}
