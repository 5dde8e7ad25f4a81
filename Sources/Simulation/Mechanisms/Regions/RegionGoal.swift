extension RegionMonitoring {
    /// The region crossings an ``EventLatencyGoal`` counts (`SimGoal.regions`): each crossing,
    /// from the moment iOS counted it (Apple's 3–5 min latency runs from there, §11), delivered or lost.
    static func latencySignal(_ event: SimEvent) -> LatencySignal? {
        switch event.detail {
        case .regions(.crossing(let region, let entered, _, let qualifiedAt)):
            .delivered(key: key(region, entered: entered), happenedAt: qualifiedAt)
        case .regions(.lost(let region, let entered, _, let qualifiedAt, let cause)):
            .withheld(key: key(region, entered: entered), happenedAt: qualifiedAt, cause: cause)
        case .regions(.start):
            .watching
        default:
            nil
        }
    }

    private static func key(_ region: SimRegionRecord, entered: Bool) -> String {
        "\(region.identifier) \(entered ? "entry" : "exit")"
    }
}
