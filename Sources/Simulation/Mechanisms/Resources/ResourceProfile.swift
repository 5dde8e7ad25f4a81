/// A profile's limits on the app's own CPU and memory use (§15): `profile.resources`.
///
/// Sources are in `Docs/Model.md`, "§15 The app's CPU and memory".
public struct ResourceProfile: Hashable, Sendable, Codable {
    /// A limit on a use summed over a trailing window: the app is killed the moment its use in
    /// the last `windowSeconds` exceeds `perSecond × windowSeconds`.
    public struct WindowLimit: Hashable, Sendable, Codable {
        /// The allowed average: CPU seconds per second (0.8 for "80% cpu"), or wake-ups per second.
        public var perSecond: Double
        /// The window the average is taken over, in seconds.
        public var windowSeconds: Double

        public init(perSecond: Double, windowSeconds: Double) {
            self.perSecond = perSecond
            self.windowSeconds = windowSeconds
        }

        /// The use the window allows: 48 CPU seconds for 80 % over 60 s.
        public var allowed: Double { perSecond * windowSeconds }
    }

    /// The CPU monitor for background apps: "exceeding limit of 80% cpu over 60 seconds"
    /// (crash reports, `cpu_resource_fatal`; Apple TN2151: "(Limit 80%) Observed 89% over 60
    /// seconds", iOS 8+). [doc][obs] `nil`: no CPU limit.
    public var cpuLimit: WindowLimit? = WindowLimit(perSecond: 0.8, windowSeconds: 60)
    /// The wake-ups monitor: "exceeding limit of 150 wakeups per second over 300 seconds"
    /// (crash reports; XNU's `TASK_WAKEUPS_MONITOR_DEFAULT_LIMIT` 150 and `…_INTERVAL` 300). [obs] `nil`: none.
    public var wakeupsLimit: WindowLimit? = WindowLimit(perSecond: 150, windowSeconds: 300)
    /// The footprint, in MB, over which iOS kills a background app (memory resource limit).
    /// WWDC 2020 "Why is my app getting killed?" gives about 200 MB for an iPhone 6s; it
    /// differs by device. [wwdc][model] `nil`: no limit.
    public var backgroundFootprintLimitMB: Double? = 200
    /// Whether a region or significant-change event relaunches an app the CPU monitor killed.
    /// Spec §9: "a system kill (memory pressure, watchdog, CPU limit) is not a force quit" (yes);
    /// reports in issue 19 describe apps that stayed down after a CPU kill: set `false` for those. [model]
    public var relaunchAfterCPUKill = true
    /// What-if, off (`nil`) by default (§15 long sessions): memory pressure kills a running
    /// background app held by location at this rate per hour held, drawn from the run's seed
    /// (pressure comes as a Poisson process while the app is in the background and kills it when
    /// a location hold keeps it then). No iOS version ends a held app on a schedule; this is for
    /// sensitivity runs of "what if the phone were short of memory". Valid: 0 to 3,600 (one a
    /// second). [model]
    public var heldAppJetsamPerHour: Double?

    /// The defaults above.
    public init() {}
}
