extension RegionMonitoring {
    /// The visits an ``EventLatencyGoal`` counts (`SimGoal.visits`): an arrival happens once the
    /// device has stayed `dwell` seconds, a departure when it leaves; delivered or lost.
    static func visitLatencySignal(dwell: Double) -> (SimEvent) -> LatencySignal? {
        { event in
            guard case .visits(let visit) = event.detail else { return nil }
            return switch visit {
            case .visit(let visit):
                .delivered(key: key(visit), happenedAt: happened(visit, dwell: dwell))
            case .lost(let visit, let cause):
                .withheld(key: key(visit), happenedAt: happened(visit, dwell: dwell), cause: cause)
            case .start:
                .watching
            case .stop:
                nil
            }
        }
    }

    /// The meter of a `SimGoal.visits`.
    @MainActor
    static func visitLatencyMeter(_ goal: EventLatencyGoal, for configuration: SimulationConfiguration) -> EventLatencyMeter {
        EventLatencyMeter(goal: .visits(goal), latency: goal, trajectory: configuration.trajectory,
                          signal: visitLatencySignal(dwell: configuration.profile.visits.dwell))
    }

    private static func key(_ visit: SimVisitRecord) -> String { visit.departure == nil ? "arrival" : "departure" }

    private static func happened(_ visit: SimVisitRecord, dwell: Double) -> Double {
        visit.departure ?? (visit.arrival ?? 0) + dwell
    }
}
