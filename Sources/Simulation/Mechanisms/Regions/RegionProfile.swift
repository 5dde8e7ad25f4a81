/// The numbers of region monitoring (§11), ``SimProfile/regions``; visits and `CLMonitor`
/// conditions share the crossing rule, the limit, the wake and the look at the position.
public struct RegionProfile: Hashable, Sendable, Codable {
    /// Regions (and `CLMonitor` conditions) an app may monitor at once; the next fails with
    /// `regionMonitoringFailure`. [doc]
    public var maximumMonitored = 20
    /// Metres the device must move beyond a region's boundary before a crossing counts ("for
    /// testing, assume approximately 200 m"). [doc]
    public var crossingDistance: Double = 200
    /// Entering a region smaller than the crossing distance: the device must be this fraction of
    /// the radius inside, when that is less than `crossingDistance` (Apple says nothing of
    /// regions under 200 m). [model]
    public var entryDepthFraction: Double = 0.5
    /// Seconds the device must stay beyond the crossing distance before the crossing counts. [doc]
    public var crossingDwell: Double = 20
    /// Seconds from a crossing counting to the app hearing of it: "typically 3–5 min"; the
    /// model takes the middle, 4 min, the same in every run. [doc][model]
    public var eventLatency: Double = 240
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
