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
