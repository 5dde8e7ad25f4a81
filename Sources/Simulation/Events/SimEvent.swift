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
        case warning
        /// BGTaskScheduler and BGContinuedProcessingTask (§12).
        case bgTasks(BGTaskEvent.Kind)
        case transfers(TransferEvent.Kind)  // Background URLSession transfers.
        /// Background audio (§13).
        case audio(AudioEvent.Kind)
        /// Silent and VoIP pushes, background fetch (§14).
        case pushes(PushEvent.Kind)
        /// Regions and visits (§11).
        case regions(RegionEvent.Kind)
        case visits(VisitEvent.Kind)
        case liveUpdates(LiveUpdateEvent.Kind)  // Live updates and background activity sessions (§10).
        case serviceSessions(ServiceSessionEvent.Kind)  // CLServiceSession (§10).
        /// CLMonitor (§11).
        case monitor(MonitorEvent.Kind)
        /// The app's own timers (§9).
        case timers(TimerEvent.Kind)

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
            case .warning: "warning"
            default:
                // A mechanism's case carries its own kind, which names itself.
                (SimMechanismPayload.of(self) as? any SimMechanismEventKind)?.rawValue ?? "\(self)"
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
