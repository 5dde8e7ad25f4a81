extension RegionMonitoring {
    /// The region crossings an ``EventLatencyGoal`` counts (`SimGoal.regions`): each crossing,
    /// from the geometric crossing (§4: not the moment iOS counted it; Apple's "3 to 5 minutes"
    /// is end to end, §11), delivered or lost.
    static func latencySignal(_ event: SimEvent) -> LatencySignal? {
        guard case .regions(let region) = event.detail else { return nil }
        return switch region {
        case .crossing(let region, let entered, let crossedAt, _):
            .delivered(key: key(region, entered: entered), happenedAt: crossedAt)
        case .lost(let region, let entered, let crossedAt, _, let cause):
            .withheld(key: key(region, entered: entered), happenedAt: crossedAt, cause: cause)
        case .start:
            .watching
        case .stop, .failure:
            nil
        }
    }

    /// The meter of a `SimGoal.regions`.
    @MainActor
    static func latencyMeter(_ goal: EventLatencyGoal, for configuration: SimulationConfiguration) -> EventLatencyMeter {
        EventLatencyMeter(goal: .regions(goal), latency: goal, trajectory: configuration.trajectory, signal: latencySignal)
    }

    private static func key(_ region: SimRegionRecord, entered: Bool) -> String {
        "\(region.identifier) \(entered ? "entry" : "exit")"
    }
}
