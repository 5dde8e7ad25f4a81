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
        case locationPushes(LocationPushEvent.Kind)  // The Location Push Service Extension (§16).
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
            case .bgTasks(let kind): kind.rawValue
            case .transfers(let kind): kind.rawValue
            case .audio(let kind): kind.rawValue
            case .pushes(let kind): kind.rawValue
            case .regions(let kind): kind.rawValue
            case .visits(let kind): kind.rawValue
            case .liveUpdates(let kind): kind.rawValue
            case .serviceSessions(let kind): kind.rawValue
            case .monitor(let kind): kind.rawValue
            case .timers(let kind): kind.rawValue
            case .locationPushes(let kind): kind.rawValue
            }
        }
    }

    /// Seconds from the start of the run.
    public var time: Double
    /// What exactly happened; it decides the ``kind``.
    public var detail: SimEventDetail
    /// The app's state after the event.
    public var state: SimAppState
    /// `backgroundTimeRemaining` in seconds after the event; `nil` when unlimited (foreground,
    /// or a location session keeps the app alive) or when the app does not run.
    public var remaining: Double?
    /// The app process the event concerns (1 for the first launch; 0 before any).
    public var process: Int

    /// Creates an event; its ``kind`` follows from `detail`.
    public init(time: Double, detail: SimEventDetail, state: SimAppState, remaining: Double? = nil, process: Int = 0) {
        self.time = time
        self.detail = detail
        self.state = state
        self.remaining = remaining
        self.process = process
    }

    /// Creates an event. `kind` must be the one `detail` gives (``kind`` is derived from the
    /// detail, so a `kind` that disagrees is lost; debug builds stop on it).
    @available(*, deprecated, renamed: "init(time:detail:state:remaining:process:)",
               message: "the kind follows from the detail")
    public init(time: Double, kind: Kind, detail: SimEventDetail, state: SimAppState, remaining: Double? = nil, process: Int = 0) {
        self.init(time: time, detail: detail, state: state, remaining: remaining, process: process)
        assert(self.kind == kind, "SimEvent: kind \(kind.rawValue) disagrees with its detail's \(self.kind.rawValue)")
    }

    /// What happened, as a category: decided by the detail, one line per case.
    public var kind: Kind {
        switch detail {
        case .deviceLocked: .deviceLock
        case .deviceUnlocked: .deviceUnlock
        case .fixUnavailable: .fixUnavailable
        case .stateChange: .appState
        case .launch: .appLaunch
        case .crash: .appCrash
        case .taskBegin: .taskBegin
        case .taskEnd: .taskEnd
        case .taskExpiration: .taskExpiration
        case .budget: .budgetStart
        case .budgetExpired: .budgetExpired
        case .keepAliveStart: .keepAliveStart
        case .keepAliveEnd: .keepAliveEnd
        case .locationStart: .locationStart
        case .locationStop: .locationStop
        case .locationPause: .locationPause
        case .locationError: .locationError
        case .fix(let fix): fix.kind
        case .prompt: .authorizationPrompt
        case .authorizationChange: .authorizationChange
        case .scenario: .scenario
        case .appCodeNotRun: .appCodeNotRun
        case .appLog: .appLog
        case .warning: .warning
        case .bgTasks(let event): .bgTasks(event.kind)
        case .transfers(let event): .transfers(event.kind)
        case .audio(let event): .audio(event.kind)
        case .pushes(let event): .pushes(event.kind)
        case .regions(let event): .regions(event.kind)
        case .visits(let event): .visits(event.kind)
        case .liveUpdates(let event): .liveUpdates(event.kind)
        case .serviceSessions(let event): .serviceSessions(event.kind)
        case .monitor(let event): .monitor(event.kind)
        case .timers(let event): .timers(event.kind)
        case .locationPushes(let event): .locationPushes(event.kind)
        }
    }

    /// The fix of a fix event.
    public var fix: SimFixRecord? {
        if case .fix(let fix) = detail { return fix }
        return nil
    }
}

// The coded form keeps the `kind` it had when it was stored beside the detail: the same keys, in
// the same order.
extension SimEvent {
    private enum CodingKeys: String, CodingKey {
        case time, kind, detail, state, remaining, process
    }

    /// The detail an event had before its kind was derived from it: `none`, for these kinds.
    private static let detailsOnceNone: [Kind: SimEventDetail] = [
        .deviceLock: .deviceLocked, .deviceUnlock: .deviceUnlocked, .fixUnavailable: .fixUnavailable,
    ]

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(time, forKey: .time)
        try container.encode(kind, forKey: .kind)
        try container.encode(detail, forKey: .detail)
        try container.encode(state, forKey: .state)
        try container.encodeIfPresent(remaining, forKey: .remaining)
        try container.encode(process, forKey: .process)
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let detail: SimEventDetail
        do {
            detail = try container.decode(SimEventDetail.self, forKey: .detail)
        } catch {
            // An event stored before its kind was derived: the kind names the fact.
            guard let once = Self.detailsOnceNone[try container.decode(Kind.self, forKey: .kind)] else { throw error }
            detail = once
        }
        self.init(time: try container.decode(Double.self, forKey: .time), detail: detail,
                  state: try container.decode(SimAppState.self, forKey: .state),
                  remaining: try container.decodeIfPresent(Double.self, forKey: .remaining),
                  process: try container.decode(Int.self, forKey: .process))
    }
}
