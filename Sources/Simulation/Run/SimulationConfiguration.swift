/// Everything a run depends on: the same configuration and seed give the same run.
public struct SimulationConfiguration: Sendable {
    /// The trip.
    public var trajectory: Trajectory
    /// Device/OS numbers.
    public var profile: SimProfile
    /// How location updates keep the app alive.
    public var policy: KeepAlivePolicy
    /// Seeds the fixes' errors.
    public var seed: UInt64
    /// The app's Info.plist.
    public var capabilities: SimCapabilities
    /// The authorization the app holds when the run starts (`.notDetermined` for a first launch).
    public var initialAuthorization: SimAuthorizationStatus
    /// Precise or approximate location when the run starts.
    public var initialAccuracyAuthorization: SimAccuracyAuthorization
    /// The device-wide Location Services switch when the run starts.
    public var locationServicesEnabled: Bool
    /// How the user answers prompts.
    public var answers: SimUserAnswers
    /// What happens when; a launch at time 0 is implied unless `launchesAtStart` is false.
    public var timeline: [SimScenarioEvent]
    /// Whether the user opens the app when the trip starts.
    public var launchesAtStart: Bool
    /// How long the run lasts; by default until the trajectory's last sample (or the last scenario event).
    public var duration: Double?
    /// What the app needs from the trip (spec §4): each goal's coverage is measured as the run
    /// streams, and the summary's answer (`goalMet`) follows them. Empty: none measured.
    public var goals: [SimGoal] = []
    /// How much work may run at one instant of virtual time before the run stops as stalled.
    public var stepsPerInstant = SimLimits.stepsPerInstant
    /// The most lines the app may write to the log (``SimApplication/log(_:)``) in the run; the
    /// line past it stops the run there (``SimulationResult/logLimitReachedAt``), so a script
    /// that logs every second for years cannot fill memory. `nil`: no limit.
    public var maximumLogLines: Int?
    /// Whether app work that repeats with a fixed use (a script's timer doing only `cpu`, or whose
    /// condition does not hold; a busy loop) is counted over an idle stretch in one step, as
    /// running each firing would count it (issue 33). `false` runs every firing: the yardstick
    /// the tests compare the one-step runs with.
    public var integratesRepeatedWork = true
    /// The most firings of the app's own timers (``SimApplication/schedule(after:tolerance:_:)``)
    /// the run simulates one by one; the firing past it stops the run there
    /// (``SimulationResult/firingLimitReachedAt``), so repeating work that cannot be counted in
    /// one step ends in bounded time. Firings counted in one step do not count. `nil`: no limit.
    public var maximumTimerFirings: Int? = SimLimits.maximumTimerFirings
    /// The phone's state when the run starts (§15): Low Power Mode, battery, heat, switches.
    public var device = SimDevice()
    /// The app's Location Push Service Extension (§16), as the system instantiates its principal class for each push; nil when the app has none.
    public var locationPushServiceExtension: SimLocationPushServiceExtensionFactory?

    /// Creates a configuration; only the trajectory is required.
    public init(
        trajectory: Trajectory, profile: SimProfile = .iOS17, policy: KeepAlivePolicy = .session, seed: UInt64 = 0,
        capabilities: SimCapabilities = SimCapabilities(), initialAuthorization: SimAuthorizationStatus = .notDetermined,
        initialAccuracyAuthorization: SimAccuracyAuthorization = .fullAccuracy, locationServicesEnabled: Bool = true,
        answers: SimUserAnswers = SimUserAnswers(), timeline: [SimScenarioEvent] = [], launchesAtStart: Bool = true,
        duration: Double? = nil
    ) {
        self.trajectory = trajectory
        self.profile = profile
        self.policy = policy
        self.seed = seed
        self.capabilities = capabilities
        self.initialAuthorization = initialAuthorization
        self.initialAccuracyAuthorization = initialAccuracyAuthorization
        self.locationServicesEnabled = locationServicesEnabled
        self.answers = answers
        self.timeline = timeline
        self.launchesAtStart = launchesAtStart
        self.duration = duration
    }
}
