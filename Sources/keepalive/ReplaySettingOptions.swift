import ArgumentParser
import Scenario
import Scripting
import Simulation

/// The replay settings as `keepalive replay` takes them: an option a setting, each named by its
/// setting's entry in ``ReplaySettings/all`` (`.setting(\.$lockAt)` is `--lock-at`, the
/// scenario key's kebab case), and ``settings`` hands each value over by key path. Help lists
/// values from their types.
///
/// A setting whose text is read by its type (``SettingValue``: names, lists, goals, paths) is
/// taken as `String?` and read into its ``Setting`` by ``settings``: each distinct option type
/// costs ArgumentParser's reflection first-time type and conformance look-ups at every start
/// (a few hundred thousand instructions each), and any text was accepted either way, its
/// problem reported when the settings are resolved.
struct ReplaySettingOptions: ParsableArguments {
    @Option(name: .setting(\.$profile), help: ArgumentHelp("Device/OS profile: \(Self.profiles).", valueName: "profile"))
    var profile: String?

    @Option(name: .setting(\.$budget), help: ArgumentHelp("Background time budget in seconds, instead of the profile's.", valueName: "seconds"))
    var budget: Double?

    @Option(name: .setting(\.$policy), help: ArgumentHelp("session: a running location session keeps the app alive (documented); delivery: each delivered fix refreshes the budget (strict).", valueName: "policy"))
    var policy: KeepAlivePolicy?

    @Option(name: .setting(\.$distanceFilter), help: ArgumentHelp("distanceFilter in metres, or \(DistanceFilter.noneText).", valueName: "meters|\(DistanceFilter.noneText)"))
    var distanceFilter: String?

    @Option(name: .setting(\.$accuracy), help: ArgumentHelp("desiredAccuracy: \(Self.list(ReplayAccuracy.self, notes: [.reduced: "approximate location"])).", valueName: "accuracy"))
    var accuracy: String?

    @Flag(name: .setting(\.$backgroundLocation), inversion: .prefixedNo, help: "Set allowsBackgroundLocationUpdates (default: on).")
    var backgroundLocation: Bool?

    @Option(name: .setting(\.$infoPlist), help: ArgumentHelp("The app's real Info.plist (XML or binary): its background modes, location usage descriptions, BGTask identifiers and NSLocationRequireExplicitServiceSession replace the script's.", valueName: "path"))
    var infoPlist: String?

    @Option(name: .setting(\.$backgroundModes), help: ArgumentHelp("The Info.plist UIBackgroundModes, comma-separated (default: \(Self.navigationAppModes)).", valueName: "modes"))
    var backgroundModes: String?

    @Flag(name: .setting(\.$pausesAutomatically), inversion: .prefixedNo, help: "Set pausesLocationUpdatesAutomatically (default: on).")
    var pausesAutomatically: Bool?

    @Option(name: .setting(\.$activityType), help: ArgumentHelp("activityType: \(Self.list(ReplayActivityType.self, notes: [ReplaySettings.defaultActivityType: "default"], or: false)).", valueName: "type"))
    var activityType: String?

    @Option(name: .setting(\.$authorization), help: ArgumentHelp("Authorization when the trip starts: \(Self.list(ReplayAuthorization.self, notes: [ReplaySettings.defaultAuthorization: "default: the app asks and the user allows"])).", valueName: "status"))
    var authorization: String?

    @Flag(name: .setting(\.$servicesOff), help: "Location Services are switched off on the device.")
    var servicesOff = false

    @Option(name: .setting(\.$revokeAt), help: ArgumentHelp("The user revokes location access this many seconds into the trip.", valueName: "seconds"))
    var revokeAt: Double?

    @Flag(name: .setting(\.$backgroundTask, negated: true), help: "The app begins no background task when it enters the background.")
    var noBackgroundTask = false

    @Flag(name: .setting(\.$leakBackgroundTask), help: "The app never ends its background task, not even in the expiration handler.")
    var leakBackgroundTask = false

    @Option(name: .setting(\.$enterBackgroundAt), help: ArgumentHelp("When the user leaves the app, in seconds from the start (default: \(Self.number(ReplaySettings.defaultEnterBackgroundAt))).", valueName: "seconds"))
    var enterBackgroundAt: Double?

    @Option(name: .setting(\.$lockAt), help: ArgumentHelp("When the device is locked, in seconds from the start.", valueName: "seconds"))
    var lockAt: Double?

    @Option(name: .setting(\.$speed), help: ArgumentHelp("Speed for tracks without times, metres per second (default: \(Self.number(ReplaySettings.defaultSpeed))).", valueName: "m/s"))
    var speed: Double?

    @Option(name: .setting(\.$seed), help: ArgumentHelp("Seed of the fixes' errors; the same seed gives the same output.", valueName: "n"))
    var seed: UInt64?

    @Flag(name: .setting(\.$lenient), help: "Skip invalid track points, and ignore --app-config keys that are no option of the plugin, with a warning instead of failing.")
    var lenient = false

    @Option(name: .setting(\.$maxScriptActions), help: ArgumentHelp("The most actions the app's script may hold, nested ones included (default: \(ReplaySettings.defaultMaxScriptActions)).", valueName: "n"))
    var maxScriptActions: Int?

    @Option(name: .setting(\.$maxLogLines), help: ArgumentHelp("The most lines the app may log; the run stops with an error past them (default: \(ReplaySettings.defaultMaxLogLines)).", valueName: "n"))
    var maxLogLines: Int?

    @Option(name: .setting(\.$maxTimerFirings), help: ArgumentHelp("The most firings of the app's timers simulated one by one (those not counted at once); the run stops with an error past them (default: \(SimLimits.maximumTimerFirings)).", valueName: "n"))
    var maxTimerFirings: Int?

    @Option(name: .setting(\.$goal), help: ArgumentHelp(
        "What the app needs, the answer and the exit status: \(Self.list(ReplayGoal.self, notes: [.navigation: "a fix at most 5 s old while moving", .tracking: "no 60 s or 100 m without a fix", .refresh: "a background run every 6 h", .audio: "playing again within 5 s of an interruption's end", .call: "every VoIP push reported to CallKit", .finishWork: "every background task ended before its expiration handler", .timer: "background timer fires within 1 s", .significantChange: "never 5 km and 15 min without a fix while moving", .job: "every continued processing task completed", .locationPush: "every location push answered with a location"])), or several joined by '+' (default: what the app uses).",
        valueName: "goal"))
    var goal: String?

    @Flag(name: .setting(\.$lowPowerMode), help: "The device is in Low Power Mode for the whole run: Background App Refresh is off (§15).")
    var lowPowerMode = false

    @Option(name: .setting(\.$thermal), help: ArgumentHelp("The device's thermal state from the start: \(Self.list(SimThermalState.self, notes: [.nominal: "default"])); serious and critical defer BGTasks.", valueName: "state"))
    var thermal: String?

    @Option(name: .setting(\.$lowPowerModeLocation), help: ArgumentHelp("What Low Power Mode does to background location updates: \(Self.list(SimLowPowerLocationEffect.self, notes: [.unaffected: "default: Apple documents no change", .stopsUntilRestarted: "stopped until the app starts them again, as developers report"])) (§15).", valueName: "effect"))
    var lowPowerModeLocation: String?

    func validate() throws {
        // Text that is no distance filter is a usage error at once, as ArgumentParser's own are;
        // names that are no value are reported with the scenario file's settings, when resolved.
        if let text = distanceFilter, let problem = Setting<DistanceFilter>(text: text).problem {
            throw ValidationError("\(ReplaySettings.setting(\.$distanceFilter).option): \(problem)")
        }
    }

    /// The options given, as settings that override a scenario file's: each handed over to its
    /// setting by key path, so that an option without a setting, or a value of another type, is a
    /// compile error; text is read by its setting's type.
    var settings: ReplaySettings {
        var settings = ReplaySettings()
        settings.$profile.override(text: profile)
        settings.$budget.override(by: budget)
        settings.$policy.override(by: policy)
        settings.$distanceFilter.override(text: distanceFilter)
        settings.$accuracy.override(text: accuracy)
        settings.$backgroundLocation.override(by: backgroundLocation)
        settings.$infoPlist.override(text: infoPlist)
        settings.$backgroundModes.override(text: backgroundModes)
        settings.$pausesAutomatically.override(by: pausesAutomatically)
        settings.$activityType.override(text: activityType)
        settings.$authorization.override(text: authorization)
        // A switch given sets its setting (`--no-x` turns `x` off); one not given leaves it to the scenario file.
        settings.$servicesOff.override(by: servicesOff ? true : nil)
        settings.$revokeAt.override(by: revokeAt)
        settings.$backgroundTask.override(by: noBackgroundTask ? false : nil)
        settings.$leakBackgroundTask.override(by: leakBackgroundTask ? true : nil)
        settings.$enterBackgroundAt.override(by: enterBackgroundAt)
        settings.$lockAt.override(by: lockAt)
        settings.$speed.override(by: speed)
        settings.$seed.override(by: seed)
        settings.$lenient.override(by: lenient ? true : nil)
        settings.$maxScriptActions.override(by: maxScriptActions)
        settings.$maxLogLines.override(by: maxLogLines)
        settings.$maxTimerFirings.override(by: maxTimerFirings)
        settings.$goal.override(text: goal)
        settings.$lowPowerMode.override(by: lowPowerMode ? true : nil)
        settings.$thermal.override(text: thermal)
        settings.$lowPowerModeLocation.override(text: lowPowerModeLocation)
        return settings
    }

    /// "ios6 (600 s budget), ios7, ios9 and ios12 (180 s), …, or debugger (ios17 under Xcode's
    /// debugger: …)": the profiles by budget, then those under the debugger. Made once: argument
    /// parsing makes this type's options several times a run.
    private static let profiles: String = {
        let devices = SimProfile.all.filter(\.suspendsApps)
        var groups: [[SimProfile]] = []
        for profile in devices {
            if groups.last?.last?.backgroundTimeBudget == profile.backgroundTimeBudget {
                groups[groups.count - 1].append(profile)
            } else {
                groups.append([profile])
            }
        }
        var parts = groups.enumerated().map { index, group in
            let names = group.map(\.name)
            let listed = names.count == 1 ? names[0] : names.dropLast().joined(separator: ", ") + " and " + names[names.count - 1]
            return "\(listed) (\(number(group[0].backgroundTimeBudget)) s\(index == 0 ? " budget" : ""))"
        }
        for debugger in SimProfile.all where !debugger.suspendsApps {
            let device = devices.first { $0.underDebugger(named: debugger.name) == debugger }.map { "\($0.name) " } ?? ""
            parts.append("or \(debugger.name) (\(device)under Xcode's debugger: never suspended, no watchdog)")
        }
        return parts.joined(separator: ", ")
    }()

    /// "a, b (note), or c": the names of a setting's values, each with its note. Pairs and a
    /// plain loop, not a dictionary and slices: argument parsing makes these options four times a
    /// run, and the first of each value's dictionary type costs a conformance look-up at run time.
    private static func list<Value: NamedSetting>(_ type: Value.Type, notes: KeyValuePairs<Value, String>, or: Bool = true) -> String {
        var text = ""
        var remaining = Value.allCases.count
        for value in Value.allCases {
            remaining -= 1
            text += value.settingName
            if let note = notes.first(where: { $0.key == value }) { text += " (\(note.value))" }
            if remaining > 0 { text += remaining == 1 && or ? ", or " : ", " }
        }
        return text
    }

    /// The navigation app's background modes, the default (made once, as ``profiles``).
    private static let navigationAppModes: String =
        SimBackgroundMode.allCases.filter(NavigationApp.script.info.backgroundModes.contains).map(\.settingName).joined(separator: ",")

    /// `60`, `13.9`.
    private static func number(_ value: Double) -> String {
        value == value.rounded() ? String(Int(value)) : String(value)
    }
}

/// A setting's option takes any text: what is not a value is reported as a scenario file's is,
/// naming the option (`--accuracy: '5m' is not one of …`), not in ArgumentParser's words.
extension Setting: ExpressibleByArgument where Value: SettingValue {
    public init?(argument: String) {
        self.init(text: argument)
    }
}

extension KeepAlivePolicy: ExpressibleByArgument {}

extension NameSpecification {
    /// The long name of the setting at `path`, from its entry in ``ReplaySettings/all``:
    /// `--lock-at`, or with `negated` the switch that turns it off, `--no-background-task`.
    static func setting<Value>(_ path: WritableKeyPath<ReplaySettings, Setting<Value>> & Sendable, negated: Bool = false) -> NameSpecification {
        let setting = ReplaySettings.setting(path)
        return .customLong(String((negated ? setting.negatedOption : setting.option).dropFirst(2)))
    }
}

extension Setting {
    /// Replaces the setting with an option's value when the option was given.
    mutating func override(by option: Value?) {
        if let option { wrappedValue = option }
    }
}

extension Setting where Value: SettingValue {
    /// Replaces the setting with what an option's text writes, a value or its problem, when the
    /// option was given: as ``Setting/init(text:)`` reads it.
    mutating func override(text: String?) {
        if let text { self = Setting(text: text) }
    }
}
