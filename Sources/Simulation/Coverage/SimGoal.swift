/// What the app needs from a trip (spec §4 "What the user actually asks"): the answer to "did my
/// app get what it needed?" is its coverage of the trip against this goal, not whether it was
/// ever suspended. One case per mechanism whose goal the model measures; every number is a
/// named parameter with the spec's default.
///
/// ```swift
/// var configuration = SimulationConfiguration(trajectory: trip)
/// configuration.goals = [.location(.navigation())]
/// let result = KeepAliveSimulation(configuration, app: MyApp()).run()
/// result.summary.goalMet   // true when every goal is met
/// ```
public enum SimGoal: Hashable, Sendable, Codable {
    /// Fixes delivered to running app code while the user moves (navigation, tracking).
    case location(LocationGoal)
    /// Background runs often enough (BGAppRefreshTask, background fetch).
    case bgTasks(RefreshGoal)
    /// Each region crossing reaches the app soon enough (`CLLocationManager` regions).
    case regions(EventLatencyGoal)
    /// Each condition crossing reaches the app soon enough (`CLMonitor`).
    case monitor(EventLatencyGoal)
    /// Each visit reaches the app soon enough.
    case visits(EventLatencyGoal)
    /// Playback that stops only for interruptions, and plays again soon after (background audio).
    case audio(AudioGoal)
    /// Every VoIP push reported to CallKit as a call.
    case pushes(CallGoal)
    /// Every UIKit background task ended by the app before its expiration handler runs (finish-work).
    case backgroundTasks(FinishWorkGoal)
    /// The app's own timers due in the background fire on time (timer).
    case timers(TimerGoal)
    /// Significant changes often enough while the user moves (significant-change).
    case significantChanges(SignificantChangeGoal)
    /// Every `BGContinuedProcessingTask` completed with success (job, iOS 26).
    case continuedProcessing(JobGoal)
    /// Every `location` push answered with a location by the app's extension (location-push, iOS 15).
    case locationPushes(LocationPushGoal)

    /// A meter that measures this goal from the run's events as they stream: each mechanism's
    /// meter lives in its folder. `deliveryObstacle` tells why started updates bring running code
    /// no fix, when authorization is why (a gap's root while the app runs).
    @MainActor
    func meter(for configuration: SimulationConfiguration, deliveryObstacle: @escaping @MainActor () -> SimCause?) -> SimGoalMeter {
        switch self {
        case .location(let goal): LocationGoalMeter(goal, trajectory: configuration.trajectory, deliveryObstacle: deliveryObstacle)
        case .bgTasks(let goal): RefreshGoalMeter(goal)
        case .regions(let goal): RegionMonitoring.latencyMeter(goal, for: configuration)
        case .monitor(let goal): ConditionMonitoring.latencyMeter(goal, for: configuration)
        case .visits(let goal): RegionMonitoring.visitLatencyMeter(goal, for: configuration)
        case .audio(let goal): AudioGoalMeter(goal)
        case .pushes(let goal): CallGoalMeter(goal)
        case .backgroundTasks(let goal): FinishWorkGoalMeter(goal)
        case .timers(let goal): TimerGoalMeter(goal)
        case .significantChanges(let goal): SignificantChangeGoalMeter(goal, trajectory: configuration.trajectory)
        case .continuedProcessing(let goal): JobGoalMeter(goal)
        case .locationPushes(let goal): LocationPushGoalMeter(goal)
        }
    }
}

/// Measures one goal from the event stream (flat memory: a few numbers and the gaps, up to
/// ``SimCoverage/maximumGaps``).
@MainActor
protocol SimGoalMeter: SimEventSink {
    /// The coverage up to `end` seconds from the start.
    func coverage(until end: Double) -> SimCoverage
    /// The app was just suspended or terminated, for these causes (the state change's event
    /// carries only the first).
    func appStopped(causes: [SimCause])
    /// Whether the goal is already missed, whatever the rest of the run brings (`--explain`
    /// stops a candidate there); `false` when that is not known yet.
    var missedForCertain: Bool { get }
    /// Whether the goal is met at `end`: ``coverage(until:)``'s answer, which a meter may give
    /// without placing its gaps (`--explain`'s candidates need only the answer).
    func meets(until end: Double) -> Bool
    /// Something the location services' delivery obstacle reads may have changed (the location goal's).
    func deliveryObstacleMayHaveChanged()
}

extension SimGoalMeter {
    /// A goal that does not explain its gaps by the app's stops ignores them.
    func appStopped(causes: [SimCause]) {}
    var missedForCertain: Bool { false }
    func meets(until end: Double) -> Bool { coverage(until: end).met }
    func deliveryObstacleMayHaveChanged() {}
}
