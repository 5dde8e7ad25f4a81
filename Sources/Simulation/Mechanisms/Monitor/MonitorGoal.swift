extension ConditionMonitoring {
    /// The condition events an ``EventLatencyGoal`` counts (`SimGoal.monitor`): each crossing
    /// of a condition's boundary, from the geometric crossing (§4), delivered or held (a held
    /// event may still reach the app when a process opens its monitor). Initial-state events are
    /// not crossings and do not count.
    static func latencySignal(_ event: SimEvent) -> LatencySignal? {
        guard case .monitor(let monitorEvent) = event.detail else { return nil }
        return switch monitorEvent {
        case .delivered(let monitor, let record):
            record.crossedAt.map { .delivered(key: "\(monitor) \(record.identifier)", happenedAt: $0) }
        case .held(let monitor, let record, let reason):
            record.crossedAt.map { .withheld(key: "\(monitor) \(record.identifier)", happenedAt: $0, cause: .monitor(reason)) }
        case .added(_, _, _, _, let monitored):
            monitored ? .watching : nil
        case .opened, .removed:
            nil
        }
    }

    /// The meter of a `SimGoal.monitor`.
    @MainActor
    static func latencyMeter(_ goal: EventLatencyGoal, for configuration: SimulationConfiguration) -> EventLatencyMeter {
        EventLatencyMeter(goal: .monitor(goal), latency: goal, trajectory: configuration.trajectory, signal: latencySignal)
    }
}
