import Scripting
import Simulation

/// Settings ready to run: every default applied and checked.
public struct ResolvedReplay: Hashable, Sendable {
    public var profile: SimProfile
    public var policy: KeepAlivePolicy
    /// The app's script, options applied.
    public var app: AppScript
    /// What the app needs from the trip: the answer's goals, stated or the app's defaults.
    public var goals: [SimGoal]
    /// The app's Info.plist.
    public var capabilities: SimCapabilities { app.info }
    public var initialAuthorization: SimAuthorizationStatus
    public var accuracyAuthorization: SimAccuracyAuthorization
    public var locationServicesEnabled: Bool
    public var timeline: [SimScenarioEvent]
    public var untimedSpeed: Double
    public var seed: UInt64
    public var lenient: Bool
    /// The most lines the app may log; the run stops with an error past them.
    public var maximumLogLines: Int
    /// The most firings of the app's timers the run simulates one by one; it stops with an error past them.
    public var maximumTimerFirings = SimLimits.maximumTimerFirings
    /// The phone's state when the trip starts (§15).
    public var device = SimDevice()
    /// A matrix's field condition for this replay (``FieldCondition``), applied once the track is loaded.
    public var fieldCondition: FieldCondition?
    /// The real Info.plist the run's `info` came from (`--info-plist`), if one did.
    public var infoPlistPath: String?
    /// What the settings themselves warn of (an Info.plist's modes the model leaves out).
    public var warnings: [String] = []
    /// The user's scripted answers to the location prompts (§5, a scenario's `answer:`).
    public var answers: [SimPromptAnswer] = []
}
