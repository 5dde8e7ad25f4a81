/// The numbers of `CLMonitor` (§11, iOS 17), ``SimProfile/monitor``; its crossings, limit,
/// wake and look at the position are the regions' (``SimProfile/regions``).
public struct MonitorProfile: Hashable, Sendable, Codable {
    /// Whether `CLMonitor` exists (iOS 17+); before, a monitor does nothing and a warning is
    /// logged. [doc]
    public var isAvailable = false
    /// Whether `CLMonitor.Event` has `conditionLimitExceeded` (iOS 18+); before, the condition
    /// over the limit gets an `unmonitored` event without it. [doc]
    public var hasConditionLimitExceeded = false
    /// Seconds from a condition's first state determination (added with an unknown state, or
    /// one the device contradicts) to its event: Apple publishes none; an app "is told right
    /// away" when the assumed state is wrong. [model][obs]
    public var initialStateLatency: Double = 0

    /// The defaults above: no `CLMonitor`.
    public init() {}
}
