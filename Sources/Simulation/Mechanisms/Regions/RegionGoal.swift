extension RegionMonitoring {
    /// The region crossings an ``EventLatencyGoal`` counts (`SimGoal.regions`): each crossing,
    /// from the geometric crossing (§4: not the moment iOS counted it; Apple's "3 to 5 minutes"
    /// is end to end, §11), delivered or lost.
    static func latencySignal(_ event: SimEvent) -> LatencySignal? {
        switch event.detail {
        case .regions(.crossing(let region, let entered, let crossedAt, _)):
            .delivered(key: key(region, entered: entered), happenedAt: crossedAt)
        case .regions(.lost(let region, let entered, let crossedAt, _, let cause)):
            .withheld(key: key(region, entered: entered), happenedAt: crossedAt, cause: cause)
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
