/// What keeps the app running in the background, as a mechanism reports it.
public struct SimHold: Hashable, Sendable, Codable {
    /// What holds.
    public enum Kind: Hashable, Sendable, Codable {
        /// A standard location session (§4).
        case locationUpdates
        /// Open background tasks (§2).
        case backgroundTasks([SimTaskRecord])
        /// Background audio (§13).
        case audio(AudioHold)
        /// Any other mechanism, by name.
        case other(String)
        // MARK: §12 BGTaskScheduler
        /// Running BGTasks (launched, not yet completed).
        case bgTasks([SimBGTaskRecord])
        /// Live updates with an active background activity session (§10).
        case liveUpdates
    }

    public var kind: Kind
    /// Whether the app spends its background time while held this way (tasks do; a location
    /// session under the session policy does not).
    public var spendsBudget: Bool
    /// Whether the app must release this hold when the budget expires, or be terminated by the
    /// watchdog (tasks are such assertions).
    public var isAssertion: Bool
    /// An assertion's open tasks, which the watchdog names when it ends the app.
    public var assertedTasks: [SimTaskRecord]
    /// What the app is told when its budget runs out while this holds it; `nil`: its background
    /// time expired (the delivery policy's location session says no fix came within the budget).
    public var expiryCause: SimCause?

    public init(kind: Kind, spendsBudget: Bool, isAssertion: Bool, assertedTasks: [SimTaskRecord] = [], expiryCause: SimCause? = nil) {
        self.kind = kind
        self.spendsBudget = spendsBudget
        self.isAssertion = isAssertion
        self.assertedTasks = assertedTasks
        self.expiryCause = expiryCause
    }
}
