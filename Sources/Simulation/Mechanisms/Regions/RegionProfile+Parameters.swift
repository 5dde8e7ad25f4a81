/// The parameters of ``RegionProfile`` a scenario or a matrix may set (`profile: {base: ios17, …}`).
extension RegionProfile {
    public static let parameters: [SimProfileParameter.Parameter<RegionProfile>] = [
        .count("maximumMonitored", \.maximumMonitored, 0...1_000, "regions an app may monitor at once (§11: 20)"),
        .number("crossingDistance", \.crossingDistance, 0...100_000, .metres, "how far past a boundary a crossing counts (§11: 200 m)"),
        .number("entryDepthFraction", \.entryDepthFraction, 0...1, .fraction, "how deep inside a small region an entry counts (§11)"),
        .number("crossingDwell", \.crossingDwell, 0...86_400, .seconds, "how long past the distance before a crossing counts (§11: 20 s)"),
        .number("reportDelayMedian", \.reportDelayMedian, 0...86_400, .seconds, "the report delay's median after a crossing counts (§11: 30 s)"),
        .number("reportDelayNinetiethPercentile", \.reportDelayNinetiethPercentile, 0...86_400, .seconds,
                "the report delay's 90th percentile (§11: 120 s)"),
        .number("reportDelayMaximum", \.reportDelayMaximum, 0...86_400, .seconds, "the report delay's cap (§11: 300 s)"),
        .number("stallProbability", \.stallProbability, 0...1, .fraction, "the chance an event is stalled 30–180 min (§11: 0)"),
        .number("stallMinimum", \.stallMinimum, 0...604_800, .seconds, "a stalled event's shortest delay (§11: 30 min)"),
        .number("stallMaximum", \.stallMaximum, 0...604_800, .seconds, "a stalled event's longest delay (§11: 180 min)"),
        .number("wakeSeconds", \.wakeSeconds, 0...600, .seconds, "how long a region or visit wake runs (§9)"),
        .flag("relaunchAfterForceQuit", \.relaunchAfterForceQuit, "whether region, visit and CLMonitor events relaunch a force-quit app (§9)"),
        .number("checkInterval", \.checkInterval, 0.1...3_600, .seconds, "seconds between looks at the position (model)"),
    ]

    /// What the parameters set together rule out (a percentile below the median), or `nil`.
    public var parameterConflict: String? {
        if reportDelayNinetiethPercentile < reportDelayMedian { return "regions.reportDelayNinetiethPercentile is below regions.reportDelayMedian" }
        if stallMaximum < stallMinimum { return "regions.stallMaximum is below regions.stallMinimum" }
        return nil
    }
}
