/// The numbers of region monitoring (§11), ``SimProfile/regions``; visits and `CLMonitor`
/// conditions share the crossing rule, the limit, the wake and the look at the position.
public struct RegionProfile: Hashable, Sendable, Codable {
    /// Regions (and `CLMonitor` conditions) an app may monitor at once; the next fails with
    /// `regionMonitoringFailure`. [doc]
    public var maximumMonitored = 20
    /// Metres the device must stay beyond a region's boundary before an exit counts, §11's
    /// `exitDistance` ("for testing, assume approximately 200 m"; seen 50–2,000 m, more without
    /// Wi-Fi); an entry asks for this much inside, or less in a small region. [doc][obs]
    public var crossingDistance: Double = 200
    /// Entering a region smaller than twice the crossing distance: the device must be this
    /// fraction of the radius inside, when that is less than `crossingDistance` (§11: min(200 m,
    /// half the radius); Apple says nothing of regions under 200 m). [model]
    public var entryDepthFraction: Double = 0.5
    /// Seconds the device must stay beyond the crossing distance before the crossing counts
    /// ("20 seconds"). [doc]
    public var crossingDwell: Double = 20
    /// The median of `reportDelay`, the seconds from a crossing (or visit) counting to the app
    /// hearing of it, drawn per event from the run's seed (§11). Apple's "3 to 5 minutes on
    /// average" is end to end from the crossing, so the delay after the threshold is short. [obs][model]
    public var reportDelayMedian: Double = 30
    /// The 90th percentile of `reportDelay`: the lognormal through the median and this (§11). [obs][model]
    public var reportDelayNinetiethPercentile: Double = 120
    /// The longest ordinary `reportDelay`: the lognormal is capped here (§11: "never over 300 s"). [model]
    public var reportDelayMaximum: Double = 300
    /// The chance that an event stalls instead, reaching the app `stallMinimum`–`stallMaximum`
    /// late (§11: "rarely 30–180 min late", field reports); 0 by default, a what-if. [obs][model]
    public var stallProbability: Double = 0
    /// The shortest stall, in seconds (30 min), drawn uniformly up to `stallMaximum`. [obs][model]
    public var stallMinimum: Double = 1_800
    /// The longest stall, in seconds (180 min). [obs][model]
    public var stallMaximum: Double = 10_800
    /// A constant delay after the threshold (it was 240 s, "typically 3–5 min"). Reading gives
    /// the median; setting makes every delay that value, as before.
    @available(*, deprecated, message: "§11 draws the delay per event: set reportDelayMedian, reportDelayNinetiethPercentile and reportDelayMaximum")
    public var eventLatency: Double {
        get { reportDelayMedian }
        set {
            reportDelayMedian = newValue
            reportDelayNinetiethPercentile = newValue
            reportDelayMaximum = max(reportDelayMaximum, newValue)
        }
    }
    /// Seconds a region or visit event wakes or relaunches the app for ("around 10 s"; 0 to
    /// ~30 s per DTS). [doc][dts]
    public var wakeSeconds: Double = 10
    /// Whether region, visit and CLMonitor events relaunch an app the user force-quit (iOS 7.1
    /// through 18, the exception to §9's force-quit rule; iOS 7.0 alone did not; iOS 26.4 did
    /// not either, forum thread 826964). [doc][dts][obs]
    public var relaunchAfterForceQuit = true
    /// Seconds between the mechanism's looks at the device's true position for regions and
    /// visits (the track's own 1 Hz). [model]
    public var checkInterval: Double = 1

    /// The defaults above.
    public init() {}
}
