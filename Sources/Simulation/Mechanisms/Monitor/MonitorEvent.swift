/// What happened to a named `CLMonitor` (§11), as the event log keeps it.
public enum SimMonitorNote: Hashable, Sendable, Codable {
    /// `CLMonitor(name)` in the running process: `conditions` kept by Core Location (from
    /// earlier processes too), `pending` events waiting for the monitor to be opened.
    case opened(monitor: String, conditions: Int, pending: Int)
    /// `add(_:identifier:assuming:)`. `kept`: the identifier already had this very condition,
    /// which stays as it was (its state and any event waiting for it). `monitored` is false for
    /// a condition over the limit of 20 regions and conditions.
    case added(monitor: String, SimRegionRecord, assuming: SimMonitoringState, kept: Bool, monitored: Bool)
    /// `remove(_:)`.
    case removed(monitor: String, identifier: String)
    /// An event reached the monitor's `events` in the running process.
    case delivered(monitor: String, SimMonitorEventRecord)
    /// An event is held for the monitor, for a reason; Core Location stops monitoring its
    /// condition until a process opens the monitor and receives it.
    case held(monitor: String, SimMonitorEventRecord, SimMonitorHoldReason)
}

/// A `CLMonitor.Event` as the event log names it (times in seconds from the start).
public struct SimMonitorEventRecord: Hashable, Sendable, Codable {
    public var identifier: String
    public var state: SimMonitoringState
    /// When Core Location determined the state (the event's `date`): for a crossing, when it
    /// counted (far enough past the boundary, long enough).
    public var date: Double
    /// For a crossing, when the device crossed the boundary; `nil` for the first determination
    /// of a condition's state, or a condition over the limit.
    public var crossedAt: Double?
    /// `conditionLimitExceeded` (iOS 18+).
    public var conditionLimitExceeded: Bool

    public init(identifier: String, state: SimMonitoringState, date: Double, crossedAt: Double? = nil, conditionLimitExceeded: Bool = false) {
        self.identifier = identifier
        self.state = state
        self.date = date
        self.crossedAt = crossedAt
        self.conditionLimitExceeded = conditionLimitExceeded
    }
}

/// Why a monitor event waits instead of reaching the app.
public enum SimMonitorHoldReason: Hashable, Sendable, Codable {
    /// The running process has not opened the monitor with this name.
    case monitorNotOpen
    /// The app does not run, and iOS wakes or relaunches it for the event only with Always.
    case needsAlways(SimAuthorizationStatus)
    /// The app does not run: the user force-quit it, and this iOS does not relaunch it for
    /// region events (`regionsRelaunchAfterForceQuit` false).
    case forceQuit
    /// iOS 18's service sessions withhold it (the diagnostic says why): an app not in use gets
    /// monitor events only with Always and an `.always` session.
    case serviceSession(SimLiveDiagnostic)
}
