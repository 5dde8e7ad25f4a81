/// One entry of a run's event log.
public struct SimEvent: Hashable, Sendable, Codable {
    /// What happened.
    public enum Kind: String, Hashable, Sendable, Codable, CaseIterable {
        case appState = "app.state"
        case appLaunch = "app.launch"
        case appCrash = "app.crash"
        case deviceLock = "device.lock"
        case deviceUnlock = "device.unlock"
        case taskBegin = "task.begin"
        case taskEnd = "task.end"
        case taskExpiration = "task.expiration"
        case budgetStart = "budget.start"
        case budgetExpired = "budget.expired"
        case keepAliveStart = "keepalive.start"
        case keepAliveEnd = "keepalive.end"
        case locationStart = "location.start"
        case locationStop = "location.stop"
        case locationPause = "location.pause"
        case locationError = "location.error"
        case fixDelivered = "fix.delivered"
        case fixFiltered = "fix.filtered"
        case fixQueued = "fix.queued"
        case fixUnavailable = "fix.unavailable"
        case authorizationPrompt = "auth.prompt"
        case authorizationChange = "auth.change"
        case scenario = "scenario"
        case warning = "warning"
    }

    /// Seconds from the start of the run.
    public var time: Double
    public var kind: Kind
    /// What happened, in words.
    public var message: String
    /// The app's state after the event.
    public var state: SimAppState
    /// `backgroundTimeRemaining` in seconds after the event; `nil` when unlimited (foreground,
    /// or a location session keeps the app alive) or when the app does not run.
    public var remaining: Double?
    /// The fix's coordinate, for fix events.
    public var latitude: Double?
    public var longitude: Double?
    /// For a filtered fix: metres from the last delivered fix.
    public var distanceFromLastDelivered: Double?
    /// For a fix delivered late (queued while the app could not receive it): seconds late.
    public var delay: Double?

    /// Creates an event.
    public init(
        time: Double, kind: Kind, message: String, state: SimAppState, remaining: Double? = nil,
        latitude: Double? = nil, longitude: Double? = nil, distanceFromLastDelivered: Double? = nil, delay: Double? = nil
    ) {
        self.time = time
        self.kind = kind
        self.message = message
        self.state = state
        self.remaining = remaining
        self.latitude = latitude
        self.longitude = longitude
        self.distanceFromLastDelivered = distanceFromLastDelivered
        self.delay = delay
    }
}
