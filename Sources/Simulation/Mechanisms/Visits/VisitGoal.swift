extension RegionMonitoring {
    /// The visits an ``EventLatencyGoal`` counts (`SimGoal.visits`): an arrival happens once the
    /// device has stayed `dwell` seconds, a departure when it leaves; delivered or lost.
    static func visitLatencySignal(dwell: Double) -> (SimEvent) -> LatencySignal? {
        { event in
            switch event.detail {
            case .visits(.visit(let visit)):
                .delivered(key: key(visit), happenedAt: happened(visit, dwell: dwell))
            case .visits(.lost(let visit, let cause)):
                .withheld(key: key(visit), happenedAt: happened(visit, dwell: dwell), cause: cause)
            case .visits(.start):
                .watching
            default:
                nil
            }
        }
    }

    private static func key(_ visit: SimVisitRecord) -> String { visit.departure == nil ? "arrival" : "departure" }

    private static func happened(_ visit: SimVisitRecord, dwell: Double) -> Double {
        visit.departure ?? (visit.arrival ?? 0) + dwell
    }
}
