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

    /// A meter that measures this goal from the run's events as they stream.
    @MainActor
    func meter(for configuration: SimulationConfiguration) -> SimGoalMeter {
        switch self {
        case .location(let goal): LocationGoalMeter(goal, trajectory: configuration.trajectory)
        case .bgTasks(let goal): RefreshGoalMeter(goal)
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
}
