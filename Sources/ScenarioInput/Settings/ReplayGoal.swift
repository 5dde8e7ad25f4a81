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
    /// Every UIKit background task ended by the app before its expiration handler runs.
    case finishWork = "finish-work"
    /// Each fire of the app's timers due in the background within 1 s of its date, met at 99 %.
    case timer
    /// While moving, never more than 5 km and 15 min since the last fix, met at 90 %.
    case significantChange = "significant-change"
    /// Every BGContinuedProcessingTask completed with success (a user's cancel counts as met).
    case job
    /// Every location push answered with a location by the app's extension (iOS 15).
    case locationPush = "location-push"

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
        case .finishWork: .backgroundTasks(FinishWorkGoal())
        case .timer: .timers(TimerGoal())
        case .significantChange: .significantChanges(SignificantChangeGoal())
        case .job: .continuedProcessing(JobGoal())
        case .locationPush: .locationPushes(LocationPushGoal())
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
            case (true, false), (false, false): return [goal]
            }
        }
    }

    /// Spec §4 "Default goals": the built-in app navigates; a script that runs standard or live
    /// updates navigates when its activity type is a navigation one and tracks otherwise; one
    /// that asks for app refresh or fetches wants refresh; one that plays audio (not silence,
    /// which is a keep-alive and not what the app needs) wants audio; one that reports calls or
    /// declares the `voip` mode wants call; an app that watches regions, `CLMonitor` conditions
    /// or visits and runs no updates wants its geofence or visit events; one that runs
    /// significant changes and no standard or live updates wants significant-change; one that
    /// submits a continued processing task wants job; one with a timer that works in the
    /// background (`while: background`) wants timer; one that begins UIKit background tasks and
    /// needs nothing else of the above wants finish-work; an app that uses several gets each.
    public static func defaultGoals(for script: AppScript, builtIn: Bool) -> [ReplayGoal] {
        if builtIn { return [.navigation] }
        let uses = ScriptUse(script)
        return allCases.filter { uses.implies($0) }.sorted { $0.defaultGoalRank < $1.defaultGoalRank }
    }

    /// Where the goal stands among the default goals a script implies, as reports list them.
    private var defaultGoalRank: Int {
        switch self {
        case .navigation: 0
        case .tracking: 1
        case .refresh: 2
        case .geofence: 3
        case .visit: 4
        case .audio: 5
        case .call: 6
        case .significantChange: 7
        case .job: 8
        case .locationPush: 9
        case .finishWork: 10
        case .timer: 11
        }
    }

    /// What a script uses, read once, and the goals that use implies; each mechanism's test is
    /// in its folder (ScenarioInput/Mechanisms/<M>/ReplayGoal+<M>.swift).
    private struct ScriptUse {
        let script: AppScript
        let actions: [AppScript.Action]
        let liveTypes: [SimActivityType]
        /// The activity type of the app's standard or live updates; `nil` when it runs neither.
        let updatesType: SimActivityType?

        init(_ script: AppScript) {
            self.script = script
            actions = script.allActions
            liveTypes = ReplayGoal.liveUpdateActivityTypes(actions)
            updatesType = actions.contains(.startUpdates) ? AppScriptOutline(script).activityType : liveTypes.first
        }

        func implies(_ goal: ReplayGoal) -> Bool {
            switch goal {
            case .navigation: updatesType.map(Self.isNavigation) ?? false
            case .tracking: updatesType.map { !Self.isNavigation($0) } ?? false
            case .refresh: ReplayGoal.asksForRefresh(script, actions)
            // Geofences and visits are the goal of an app that watches them instead of running updates.
            case .geofence:
                updatesType == nil && { let watched = AppScriptOutline(script).watchedGeofences; return watched.regions || watched.monitor }()
            case .visit: updatesType == nil && ReplayGoal.watchesVisits(actions)
            case .audio: ReplayGoal.playsAudio(actions)
            case .call: ReplayGoal.takesCalls(script, actions)
            case .significantChange: actions.contains(.startSignificantChanges) && updatesType == nil
            case .job: ReplayGoal.submitsJobs(actions)
            case .locationPush: ReplayGoal.startsLocationPushes(actions)
            // UIKit tasks are the goal of an app that needs nothing else (a timer may go with them).
            case .finishWork:
                actions.contains { if case .beginTask = $0 { true } else { false } }
                    && ReplayGoal.allCases.allSatisfy { $0 == .finishWork || $0 == .timer || !implies($0) }
            case .timer: script.timers.contains { $0.condition == .background }
            }
        }

        private static func isNavigation(_ type: SimActivityType) -> Bool {
            type == .automotiveNavigation || type == .otherNavigation
        }
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
        let wrong = text.split(separator: "+", omittingEmptySubsequences: false).map { $0.trimmingCharacters(in: .whitespaces) }
            .first { ReplayGoal(settingText: $0) == nil } ?? text
        return "'\(text)' is not a goal: \(ReplayGoal.settingNames.joined(separator: ", ")), or several joined by '+'"
            + Suggestion.didYouMean(wrong, among: ReplayGoal.settingNames)
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
        .finishWork: ["allowedMisses"],
        .timer: ["onTimeSeconds", "fraction"],
        .significantChange: ["maxGapMetres", "maxGapSeconds", "fraction"],
        .job: ["fraction"],
        .locationPush: ["fraction"],
    ]
}
