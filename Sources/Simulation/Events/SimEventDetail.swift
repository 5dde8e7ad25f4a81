/// The typed content of an event, one case per fact: the event's kind follows from it
/// (``SimEvent/kind``).
public enum SimEventDetail: Hashable, Sendable, Codable {
    /// The device is locked and sleeps.
    case deviceLocked
    /// The device is woken and unlocked.
    case deviceUnlocked
    /// The trip has no position now: the signal is lost.
    case fixUnavailable
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
    /// A location service started; `resumedAfter`: not by the app, but as what had stopped it ended
    /// (Low Power Mode under ``SimLowPowerLocationEffect/stopsWhileOn``).
    case locationStart(SimLocationService, accuracy: SimAccuracy?, distanceFilter: Double?, resumedAfter: SimCause? = nil)
    /// A location service stopped.
    case locationStop(SimLocationService, cause: SimCause)
    /// Core Location paused updates: the device stayed within `radius` metres for `windowSeconds`.
    case locationPause(windowSeconds: Double, radius: Double, activityType: SimActivityType)
    /// `didFailWithError`.
    case locationError(SimLocationError)
    /// A fix delivered, filtered or queued: its ``SimFixRecord/reason`` says which.
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
    /// Something iOS logs, or the simulator warns about.
    case warning(SimWarning)

    /// BGTaskScheduler and BGContinuedProcessingTask (§12).
    case bgTasks(BGTaskEvent)
    case transfers(TransferEvent)  // Background URLSession transfers.
    /// The app's audio session or playback changed (§13).
    case audio(AudioEvent)
    /// A push or a fetch arrived, was held, dropped or handled (§14).
    case pushes(PushEvent)
    /// Regions and visits (§11).
    case regions(RegionEvent)
    case visits(VisitEvent)
    case liveUpdates(LiveUpdateEvent)  // Live updates and background activity sessions (§10).
    case serviceSessions(ServiceSessionEvent)  // CLServiceSession (§10).
    case locationPushes(LocationPushEvent)  // The Location Push Service Extension (§16).
    /// CLMonitor (§11).
    case monitor(MonitorEvent)
    /// The app's own timers in the background: a fire late, never run, or the on-time count (§9).
    case timers(TimerEvent)
}

