import Foundation
import Scripting
import Simulation

/// `--goal`, a scenario's `goal:`: what the app needs from the trip (spec §4), by kind, with
/// the spec's default numbers. Unset, the goals follow from what the app uses
/// (``defaultGoals(for:builtIn:)``).
public enum ReplayGoal: String, NamedSetting {
    /// A fix at most 5 s old at every moving second, met at 99 %.
    case navigation
    /// No stretch over 60 s or 100 m without a fix while moving, met at 95 %.
    case tracking
    /// A background run (BGAppRefreshTask or fetch) at least every 6 h.
    case refresh
    /// Each region or `CLMonitor` crossing reaches the app within 5 min and 1 km of travel.
    case geofence
    /// Each visit reaches the app within 5 min and 1 km of travel.
    case visit
    /// Playback that stops only for interruptions and plays again within 5 s of their end.
    case audio
    /// Every VoIP push reported to CallKit as a call.
    case call

    /// The goal it stands for.
    public var goal: SimGoal {
        switch self {
        case .navigation: .location(.navigation())
        case .tracking: .location(.tracking())
        case .refresh: .bgTasks(RefreshGoal())
        case .geofence: .regions(EventLatencyGoal())
        case .visit: .visits(EventLatencyGoal())
        case .audio: .audio(AudioGoal())
        case .call: .pushes(CallGoal())
        }
    }

    /// The goals `goals` stand for with `script`: a geofence goal is measured on the
    /// mechanism the app watches its geofences with (`CLLocationManager` regions, `CLMonitor`,
    /// or both); regions when it uses neither.
    public static func measured(_ goals: [SimGoal], for script: AppScript) -> [SimGoal] {
        let watched = AppScriptOutline(script).watchedGeofences
        return goals.flatMap { goal -> [SimGoal] in
            guard case .regions(let latency) = goal else { return [goal] }
            switch watched {
            case (false, true): return [.monitor(latency)]
            case (true, true): return [.regions(latency), .monitor(latency)]
            default: return [goal]
            }
        }
    }

    /// Spec §4 "Default goals": the built-in app navigates; a script that runs standard or live
    /// updates navigates when its activity type is a navigation one and tracks otherwise; one
    /// that asks for app refresh or fetches wants refresh; one that plays audio (not silence,
    /// which is a keep-alive and not what the app needs) wants audio; one that reports calls or
    /// declares the `voip` mode wants call; an app that watches regions, `CLMonitor` conditions
    /// or visits and runs no updates wants its geofence or visit events; an app that uses
    /// several gets each.
    public static func defaultGoals(for script: AppScript, builtIn: Bool) -> [ReplayGoal] {
        if builtIn { return [.navigation] }
        let actions = script.allActions
        var goals: [ReplayGoal] = []
        let liveTypes = actions.compactMap { action -> SimActivityType? in
            if case .liveUpdates(.start(let configuration)) = action { configuration.activityType } else { nil }
        }
        if actions.contains(.startUpdates) || !liveTypes.isEmpty {
            let type = actions.contains(.startUpdates) ? AppScriptOutline(script).activityType : liveTypes[0]
            goals.append(type == .automotiveNavigation || type == .otherNavigation ? .navigation : .tracking)
        }
        let refreshes = actions.contains { if case .bgTasks(.submitRefresh) = $0 { true } else { false } }
        if refreshes || script.info.backgroundModes.contains(.fetch) { goals.append(.refresh) }
        // Geofences and visits are the goal of an app that watches them instead of running updates.
        if !goals.contains(.navigation), !goals.contains(.tracking) {
            let watched = AppScriptOutline(script).watchedGeofences
            if watched.regions || watched.monitor { goals.append(.geofence) }
            if actions.contains(.visits(.start)) { goals.append(.visit) }
        }
        if actions.contains(.audio(.play(silent: false))) { goals.append(.audio) }
        if actions.contains(.pushes(.reportCall)) || script.info.backgroundModes.contains(.voip) { goals.append(.call) }
        return goals
    }
}

/// The goals a replay is judged by, as `--goal navigation` or `--goal navigation+refresh` writes
/// them (each with the spec's numbers), or a scenario's `goal:` with numbers of its own:
///
/// ```yaml
/// goal: {tracking: {maxGapSeconds: 600, maxGapMetres: 1000, fraction: 0.95}}
/// ```
public struct StatedGoals: SettingValue {
    public var goals: [SimGoal]

    public init(_ goals: [SimGoal]) {
        self.goals = goals
    }

    public init?(settingText text: String) {
        var goals: [SimGoal] = []
        for name in text.split(separator: "+", omittingEmptySubsequences: false) {
            guard let kind = ReplayGoal(settingText: name.trimmingCharacters(in: .whitespaces)) else { return nil }
            goals.append(kind.goal)
        }
        self.goals = goals
    }

    public static func notAValue(_ text: String) -> String {
        "'\(text)' is not a goal: \(ReplayGoal.settingNames.joined(separator: ", ")), or several joined by '+'"
    }

    /// The fields each kind takes in a scenario's `goal:` mapping.
    static let fields: [ReplayGoal: [String]] = [
        .navigation: ["maxFixAgeSeconds", "fraction"],
        .tracking: ["maxGapSeconds", "maxGapMetres", "fraction"],
        .refresh: ["everySeconds"],
        .geofence: ["withinSeconds", "withinMetres"],
        .visit: ["withinSeconds", "withinMetres"],
        .audio: ["resumeWithinSeconds"],
        .call: ["fraction"],
    ]
}
