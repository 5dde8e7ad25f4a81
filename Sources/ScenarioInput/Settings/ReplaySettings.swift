import Scripting
import Simulation

/// Everything a replay can be told, each optional: a scenario file fills some, command-line
/// options override them, and ``resolved()`` applies the defaults and checks the result.
///
/// ```swift
/// var settings = ReplaySettings()
/// settings.profile = .iOS13
/// settings.distanceFilter = .meters(50)
/// let replay = try settings.resolved()
/// ```
///
/// Each setting is a property here and an entry of ``all``, which names it (its scenario key is
/// the property's name, and the option is named after it) and says how it is read and checked.
/// What a source wrote that is no value of its setting is kept as the ``Setting``'s problem
/// (`$accuracy.problem`) for ``resolved()`` to report.
public struct ReplaySettings: Hashable, Sendable {
    /// The device and OS (default: ``defaultProfile``).
    @Setting public var profile: SimProfile?
    /// Background time in seconds, instead of the profile's.
    @Setting public var budget: Double?
    /// `desiredAccuracy`, or the user's approximate location (default: ``defaultAccuracy``).
    @Setting public var accuracy: ReplayAccuracy?
    /// `activityType` (default: ``defaultActivityType``).
    @Setting public var activityType: ReplayActivityType?
    /// The authorization when the trip starts (default: ``defaultAuthorization``: the app asks).
    @Setting public var authorization: ReplayAuthorization?
    /// The app's real Info.plist, instead of the script's `info:` (``InfoPlist``).
    @Setting public var infoPlist: InfoPlistPath?
    /// The Info.plist's `UIBackgroundModes`, instead of the app's.
    @Setting public var backgroundModes: [SimBackgroundMode]?
    /// `distanceFilter`, instead of the app's.
    @Setting public var distanceFilter: DistanceFilter?
    /// What keeps the app alive in the background (default: ``defaultPolicy``).
    @Setting public var policy: KeepAlivePolicy?
    /// `allowsBackgroundLocationUpdates`, instead of the app's.
    @Setting public var backgroundLocation: Bool?
    /// `pausesLocationUpdatesAutomatically`, instead of the app's.
    @Setting public var pausesAutomatically: Bool?
    /// Location Services are switched off on the device.
    @Setting public var servicesOff: Bool?
    /// `false`: the app begins no background task.
    @Setting public var backgroundTask: Bool?
    /// The app never ends its background task.
    @Setting public var leakBackgroundTask: Bool?
    /// When the user revokes location access, in seconds from the start.
    @Setting public var revokeAt: Double?
    /// When the user leaves the app, in seconds from the start (default: ``defaultEnterBackgroundAt``).
    @Setting public var enterBackgroundAt: Double?
    /// When the device is locked, in seconds from the start.
    @Setting public var lockAt: Double?
    /// The speed of an untimed track, in m/s (default: ``defaultSpeed``).
    @Setting public var speed: Double?
    /// The seed of the fixes' errors (default: 0).
    @Setting public var seed: UInt64?
    /// Skip invalid track points with a warning instead of failing.
    @Setting public var lenient: Bool?
    /// The most actions the app's script may hold, nested ones included (default: ``defaultMaxScriptActions``).
    @Setting public var maxScriptActions: Int?
    /// The most lines the app may log in a run (default: ``defaultMaxLogLines``).
    @Setting public var maxLogLines: Int?
    /// The most firings of the app's timers a run simulates one by one (default: ``SimLimits/maximumTimerFirings``).
    @Setting public var maxTimerFirings: Int?
    /// What the app needs from the trip (default: what the app uses, ``ReplayGoal/defaultGoals(for:builtIn:)``).
    @Setting public var goal: StatedGoals?
    // §15 The phone's state for the whole run (events change it later).
    /// Low Power Mode is on from the start.
    @Setting public var lowPowerMode: Bool?
    /// The battery's level when the trip starts, 0…1 (default 1).
    @Setting public var batteryLevel: Double?
    /// The share of a full charge the battery loses per hour while not charging, 0…1 (default 0).
    @Setting public var batteryDrainPerHour: Double?
    /// The device is connected to power from the start.
    @Setting public var charging: Bool?
    /// `ProcessInfo.thermalState` from the start (default nominal).
    @Setting public var thermal: SimThermalState?
    /// The device-wide Background App Refresh switch (default on).
    @Setting public var backgroundAppRefresh: Bool?
    /// What Low Power Mode does to background location updates (default: the profile's,
    /// ``SimProfile/lowPowerModeLocation``).
    @Setting public var lowPowerModeLocation: SimLowPowerLocationEffect?
    /// More events, from a scenario file.
    public var events: [SimScenarioEvent] = []
    /// The app's behaviour, from a scenario file's `app:`; `nil` runs the navigation app.
    public var app: AppScript?
    /// The user's answers to the location prompts, in the order iOS shows them (§5), from a
    /// scenario file's `answer:`; empty: the user allows everything a second after each prompt.
    public var answers: [SimPromptAnswer] = []

    /// Every setting, in the order of the properties, which is the order ``resolved()`` checks them in.
    public static let all: [ReplaySetting] = [
        .profile("profile", \.$profile),
        .number("budget", \.$budget, .positiveDuration),
        .name("accuracy", \.$accuracy),
        .name("activityType", \.$activityType),
        .name("authorization", \.$authorization),
        .infoPlist("infoPlist", \.$infoPlist),
        .backgroundModes("backgroundModes", \.$backgroundModes),
        .distanceFilter("distanceFilter", \.$distanceFilter, .distance),
        .choice("policy", \.$policy),
        .flag("backgroundLocation", \.$backgroundLocation),
        .flag("pausesAutomatically", \.$pausesAutomatically),
        .flag("servicesOff", \.$servicesOff),
        .flag("backgroundTask", \.$backgroundTask),
        .flag("leakBackgroundTask", \.$leakBackgroundTask) { leak, settings in
            leak && settings.backgroundTask == false
                ? "there is no background task to leak with \(setting(\.$backgroundTask).negatedOption)" : nil
        },
        .number("revokeAt", \.$revokeAt, .time),
        .number("enterBackgroundAt", \.$enterBackgroundAt, .time),
        .number("lockAt", \.$lockAt, .time),
        .number("speed", \.$speed, .speed),
        .wholeNumber("seed", \.$seed),
        .flag("lenient", \.$lenient),
        .limit("maxScriptActions", \.$maxScriptActions),
        .limit("maxLogLines", \.$maxLogLines),
        .limit("maxTimerFirings", \.$maxTimerFirings),
        .goals("goal", \.$goal),
        .flag("lowPowerMode", \.$lowPowerMode),
        .number("batteryLevel", \.$batteryLevel, .fraction),
        .number("batteryDrainPerHour", \.$batteryDrainPerHour, .fraction),
        .flag("charging", \.$charging),
        .choice("thermal", \.$thermal),
        .flag("backgroundAppRefresh", \.$backgroundAppRefresh),
        .choice("lowPowerModeLocation", \.$lowPowerModeLocation),
    ]

    public init() {}

    public static let defaultProfile = SimProfile.iOS17
    public static let defaultAccuracy = ReplayAccuracy.best
    public static let defaultActivityType = ReplayActivityType.automotiveNavigation
    /// The app asks, and the simulated user allows.
    public static let defaultAuthorization = ReplayAuthorization.notDetermined
    public static let defaultPolicy = KeepAlivePolicy.session
    /// When the user leaves the app unless told: a minute into the trip.
    public static let defaultEnterBackgroundAt = 60.0
    /// 50 km/h.
    public static let defaultSpeed = 13.9
    /// A script's actions, nested ones included: the ready scripts hold a few dozen; 30,000 in
    /// a timer firing every second would run for ever. Refused before the run.
    public static let defaultMaxScriptActions = 1_000
    /// Lines an app logs in a run: a line a minute for two months; the run stops at the next
    /// one with an error, so a 1 s timer logging for years cannot fill memory.
    public static let defaultMaxLogLines = 100_000

    /// The `authorization` event's `status` names, as the scenario reader looks them up.
    static var authorizationNames: [(String, SimAuthorizationStatus)] {
        ReplayAuthorization.allCases.map { ($0.settingName, $0.status) }
    }

    /// The setting whose property is `path` (`\.$lockAt`).
    public static func setting(_ path: PartialKeyPath<ReplaySettings>) -> ReplaySetting {
        guard let index = paths.firstIndex(where: { $0 == path }) else { preconditionFailure("\(path) is not a replay setting") }
        return all[index]
    }

    /// ``all``'s key paths, in its order: searched without copying each setting's closures (the
    /// CLI names each option from its setting at every start).
    private static let paths: [PartialKeyPath<ReplaySettings> & Sendable] = all.map(\.path)

    /// Sets the setting `key` (`lockAt`) to a command-line option's value: of the setting's type,
    /// optional (`nil` leaves it unset), or a ``Setting`` as written.
    /// - Returns: `false` when `key` names no setting, or the value is of another type.
    @available(*, deprecated, message: "set the property (`settings.lockAt = 120`) or its Setting (`settings.$accuracy = Setting(text: \"5m\")`): the key path is checked at compile time")
    public mutating func set(_ key: String, option value: Any) -> Bool {
        guard let setting = Self.all.first(where: { $0.key == key }) else { return false }
        return setting.assign(value, &self)
    }

    /// `self` with every setting `other` has replacing this one's; events are added.
    public func overridden(by other: ReplaySettings) -> ReplaySettings {
        var merged = self
        for setting in Self.all { setting.take(other, &merged) }
        merged.events = events + other.events
        merged.app = other.app ?? app
        merged.answers = other.answers.isEmpty ? answers : other.answers
        return merged
    }

    /// The settings with defaults applied, checked.
    /// - Throws: ``ReplayError/invalidSettings(_:)`` naming the option and what is wrong with it.
    public func resolved() throws(ReplayError) -> ResolvedReplay {
        for setting in Self.all {
            if let problem = setting.problem(self) { throw .invalidSettings("\(setting.option): \(problem)") }
        }
        for event in events {
            if let problem = SettingRange.time.problem(event.time) { throw .invalidSettings("scenario: an event's 'at': \(problem)") }
        }
        if let app {
            let actions = app.allActions.count, limit = maxScriptActions ?? Self.defaultMaxScriptActions
            if actions > limit {
                let option = Self.setting(\.$maxScriptActions).option
                throw .invalidSettings("scenario: the app's script holds \(actions) actions, more than the limit of \(limit) (\(option) raises it)")
            }
        }
        var simProfile = profile ?? Self.defaultProfile
        if let budget {
            simProfile.backgroundTimeBudget = budget
            simProfile.name += "+budget"
        }
        if let lowPowerModeLocation { simProfile.lowPowerModeLocation = lowPowerModeLocation }
        let authorization = (self.authorization ?? Self.defaultAuthorization).status
        let plist = try infoPlist.map { path throws(ReplayError) in try InfoPlist.read(contentsOf: path.path) }
        let script = script(startingAs: authorization, infoPlist: plist)
        let goals = ReplayGoal.measured(goal?.goals ?? ReplayGoal.defaultGoals(for: script, builtIn: app == nil).map(\.goal), for: script)
        return ResolvedReplay(
            profile: simProfile, policy: policy ?? Self.defaultPolicy, app: script, goals: goals,
            initialAuthorization: authorization,
            accuracyAuthorization: (accuracy ?? Self.defaultAccuracy) == .reduced ? .reducedAccuracy : .fullAccuracy,
            locationServicesEnabled: !(servicesOff ?? false), timeline: timeline,
            untimedSpeed: speed ?? Self.defaultSpeed, seed: seed ?? 0, lenient: lenient ?? false,
            maximumLogLines: maxLogLines ?? Self.defaultMaxLogLines,
            maximumTimerFirings: maxTimerFirings ?? SimLimits.maximumTimerFirings, device: device,
            infoPlistPath: plist?.path, warnings: plist?.warnings ?? [], answers: answers)
    }

    /// The phone's state when the trip starts (§15).
    private var device: SimDevice {
        var device = SimDevice()
        if let lowPowerMode { device.lowPowerMode = lowPowerMode }
        if let batteryLevel { device.batteryLevel = batteryLevel }
        if let batteryDrainPerHour { device.batteryDrainPerHour = batteryDrainPerHour }
        if let charging { device.charging = charging }
        if let thermal { device.thermalState = thermal }
        if let backgroundAppRefresh { device.backgroundAppRefreshEnabled = backgroundAppRefresh }
        return device
    }

    /// The app's script, the scenario's or the navigation app, changed as the settings say.
    private func script(startingAs authorization: SimAuthorizationStatus, infoPlist: InfoPlist?) -> AppScript {
        var changes: [AppChange] = []
        // The navigation app, When In Use, does not ask to be upgraded: otherwise the simulated user allows Always.
        if app == nil, authorization == .authorizedWhenInUse { changes.append(.requestWhenInUse) }
        if backgroundTask == false { changes.append(.noBackgroundTasks) }
        if leakBackgroundTask == true { changes.append(.neverEndTasks) }
        if let distanceFilter { changes.append(.set(.distanceFilter(distanceFilter.coreLocationValue))) }
        // Reduced accuracy is the user's choice, not the app's setting.
        if let accuracy, accuracy != .reduced { changes.append(.set(.desiredAccuracy(accuracy.accuracy))) }
        if let backgroundLocation { changes.append(.set(.allowsBackgroundLocationUpdates(backgroundLocation))) }
        if let pausesAutomatically { changes.append(.set(.pausesLocationUpdatesAutomatically(pausesAutomatically))) }
        if let activityType { changes.append(.set(.activityType(activityType.activityType))) }
        var script = (app ?? NavigationApp.script).applying(changes)
        // The real Info.plist replaces the script's; --background-modes still overrides its modes.
        if let infoPlist { script.info = infoPlist.capabilities }
        if let backgroundModes { script.info.backgroundModes = Set(backgroundModes) }
        return script
    }

    /// Leaving the app, locking and revoking, then the scenario's events, in time order.
    private var timeline: [SimScenarioEvent] {
        var timeline = [SimScenarioEvent(at: enterBackgroundAt ?? Self.defaultEnterBackgroundAt, .enterBackground)]
        if let lockAt { timeline.append(SimScenarioEvent(at: lockAt, .lock)) }
        if let revokeAt { timeline.append(SimScenarioEvent(at: revokeAt, .setAuthorization(.denied))) }
        timeline += events
        timeline.sort { $0.time < $1.time }  // stable: equal times keep their order
        return timeline
    }
}
