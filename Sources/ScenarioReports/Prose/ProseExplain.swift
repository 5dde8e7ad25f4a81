import ScenarioInput
import ScenarioRun
import Scripting
import Simulation

extension Prose {
    /// The setting a change touches, by its Core Location, UIKit or Info.plist name, and the
    /// value it gets, as `--explain` reports them.
    public static func setting(_ change: ExplainChange) -> (setting: String, value: String) {
        switch change {
        case .alwaysInsteadOfWhenInUse:
            return ("requestAlwaysAuthorization()", "instead of requestWhenInUseAuthorization() (with NSLocationAlwaysAndWhenInUseUsageDescription), and the user allows Always: a second consent prompt")
        case .app(let change):
            return setting(change)
        }
    }

    static func setting(_ change: AppChange) -> (setting: String, value: String) {
        switch change {
        case .set(let setting):
            return (setting.property.rawValue, value(setting))
        case .declareBackgroundMode(let mode):
            return ("UIBackgroundModes", "includes \(mode.rawValue)")
        case .declareUsageDescriptions:
            return ("NSLocationWhenInUseUsageDescription, NSLocationAlwaysAndWhenInUseUsageDescription", "present")
        case .requestAlways:
            return ("requestAlwaysAuthorization()", "instead of requestWhenInUseAuthorization()")
        case .requestWhenInUse:
            return ("requestWhenInUseAuthorization()", "instead of requestAlwaysAuthorization()")
        case .endTasksInExpirationHandlers:
            return ("endBackgroundTask(_:)", "called in each task's expiration handler")
        case .noBackgroundTasks:
            return ("beginBackgroundTask(withName:expirationHandler:)", "never called")
        case .neverEndTasks:
            return ("endBackgroundTask(_:)", "never called")
        case .keepUpdatesRunning:
            return ("stopUpdatingLocation()", "never called")
        case .significantChangeFallback:
            return ("startMonitoringSignificantLocationChanges()", "called in locationManagerDidPauseLocationUpdates(_:), and startUpdatingLocation() when woken")
        case .startUpdatesOnScreen:
            return ("startUpdatingLocation()", "called while the app is on screen (at launch and on return), not on entering the background: no new consent needed")
        case .regionFallback:
            return ("startMonitoring(for: CLCircularRegion)", "of \(number(AppChange.fallbackRadius)) m around the last fix in locationManagerDidPauseLocationUpdates(_:), and startUpdatingLocation() in didExitRegion")
        case .resumeAudioAfterInterruption:
            return resumeAudioSetting
        case .scaleCPU(let fraction):
            return scaleCPUSetting(fraction)
        case .restartUpdatesWhenLowPowerModeEnds:
            return ("startUpdatingLocation()", "called again when NSProcessInfoPowerStateDidChange says Low Power Mode is off: deliveries Low Power Mode stopped do not resume by themselves")
        case .declareLocationPushEntitlement: return locationPushEntitlementSetting
        case .answerLocationPushesAtOnce: return locationPushAnswerSetting
        case .reportEveryVoIPPush:
            return reportEveryVoIPPushSetting
        }
    }

    /// A change as one phrase: `pausesLocationUpdatesAutomatically = false`.
    public static func text(_ change: ExplainChange) -> String {
        let (setting, value) = setting(change)
        if case .app(.set) = change { return "\(setting) = \(value)" }
        return "\(setting) \(value)"
    }

    /// A manager property's value as Swift writes it.
    static func value(_ setting: AppScript.ManagerSetting) -> String {
        switch setting {
        case .distanceFilter(let metres): metres < 0 ? "kCLDistanceFilterNone" : number(metres)
        case .desiredAccuracy(let accuracy): accuracyConstant(accuracy)
        case .allowsBackgroundLocationUpdates(let value), .pausesLocationUpdatesAutomatically(let value),
             .showsBackgroundLocationIndicator(let value): "\(value)"
        case .activityType(let type): ".\(type.rawValue)"
        }
    }

    private static func accuracyConstant(_ accuracy: SimAccuracy) -> String {
        switch accuracy {
        case .bestForNavigation: "kCLLocationAccuracyBestForNavigation"
        case .best: "kCLLocationAccuracyBest"
        case .nearestTenMeters: "kCLLocationAccuracyNearestTenMeters"
        case .hundredMeters: "kCLLocationAccuracyHundredMeters"
        case .kilometer: "kCLLocationAccuracyKilometer"
        case .threeKilometers: "kCLLocationAccuracyThreeKilometers"
        case .reduced: "kCLLocationAccuracyReduced"
        }
    }

    /// The explanation in lines, for the text report.
    public static func lines(_ explanation: Explanation, summary: SimSummary) -> [String] {
        let goals = summary.coverage.count == 1 ? "the goal" : "the goals"
        let why = explanation.judgedByGoal
            ? summary.coverage.first { !$0.met }.map(headline) ?? ""
            : "It stopped because \(reason(summary.causes) ?? "of the scenario")."
        let needed = explanation.judgedByGoal ? summary.goalMet == false : summary.verdict != .keptAlive && summary.verdict != .foregroundOnly
        if needed, explanation.candidates.isEmpty {
            return ["Explain: none of the changes this tool knows applies to this app. \(why)"]
        }
        if !needed {
            return [explanation.judgedByGoal ? "Explain: \(goals) \(summary.coverage.count == 1 ? "is" : "are") met; there is nothing to fix." : "Explain: the app stayed alive; there is nothing to fix."]
        }
        let tried = "\(explanation.replays) replay\(explanation.replays == 1 ? "" : "s"), \(explanation.candidates.count) change\(explanation.candidates.count == 1 ? "" : "s")\(explanation.largestSetTried > 1 ? " one at a time and in pairs" : " one at a time")"
        let aim = explanation.judgedByGoal ? "meet \(goals)" : "keep the app alive"
        guard !explanation.fixes.isEmpty else {
            return ["Explain: no change of one or two settings \(explanation.judgedByGoal ? "meets \(goals)" : "keeps the app alive") (\(tried)). \(why)"]
        }
        let what = switch (explanation.fixes[0].changes.count, explanation.fixes.count) {
        case (1, 1): "this change"
        case (1, _): "each of these changes"
        case (_, 1): "this pair of changes"
        default: "each of these pairs of changes"
        }
        var lines = ["Explain: \(what) would \(aim) (\(tried))\(explanation.fixes.count > 1 ? ", the cheapest first" : ""):"]
        for fix in explanation.fixes {
            lines.append("  - " + fix.changes.map(text).joined(separator: " and "))
            if let cost = fix.cost { lines.append("    cost: " + Self.cost(cost, against: explanation.originalCost)) }
        }
        return lines
    }

    private static func percentOfGPS(_ cost: ExplainCost) -> String {
        "\(Int((cost.relativeEnergy() * 100).rounded())) %"
    }

    /// What a fix costs, in a line: "location on 12 min at best; 3 wakes; 11 min in the
    /// background; the blue location indicator for 11 min; a new consent prompt; energy 64 % of
    /// GPS on at best for the whole trip (as it is: 51 %)".
    public static func cost(_ cost: ExplainCost, against original: ExplainCost?) -> String {
        var parts: [String] = []
        let location = cost.locationSeconds.filter { $0.value > 0 }.sorted { $0.key.meters < $1.key.meters }
        parts.append(location.isEmpty ? "no standard updates"
                     : "location on " + location.map { "\(Formatting.duration($0.value)) at \($0.key.rawValue)" }.joined(separator: ", "))
        parts.append("\(cost.wakes) wake\(cost.wakes == 1 ? "" : "s")")
        parts.append("\(Formatting.duration(cost.backgroundSeconds)) running in the background")
        if cost.indicatorSeconds > 0 { parts.append("the blue location indicator for \(Formatting.duration(cost.indicatorSeconds))") }
        if cost.newPrompt { parts.append("a new consent prompt") }
        var energy = "energy \(percentOfGPS(cost)) of GPS on at best for the whole trip"
        if let original { energy += " (as it is: \(percentOfGPS(original)))" }
        parts.append(energy)
        return parts.joined(separator: "; ")
    }

    /// The explanation as JSON: `fixes`, a list of change sets.
    /// A change as JSON: `setting`, `value` and `text`, as `fixes` and a gap's `fix` write it.
    public static func json(_ change: ExplainChange) -> JSONValue {
        let (setting, value) = setting(change)
        return .object([("setting", .string(setting)), ("value", .string(value)), ("text", .string(text(change)))])
    }

    public static func json(_ explanation: Explanation) -> JSONValue {
        .array(explanation.fixes.map { fix in
            .object([
                ("changes", .array(fix.changes.map(json))),
                ("verdict", .string(fix.verdict.rawValue)),
                ("cost", fix.cost.map { cost in
                    JSONValue.object([
                        ("locationSeconds", .object(cost.locationSeconds.sorted { $0.key.meters < $1.key.meters }.map { ($0.key.rawValue, .double($0.value)) })),
                        ("wakes", .int(cost.wakes)), ("backgroundSeconds", .double(cost.backgroundSeconds)),
                        ("indicatorSeconds", .double(cost.indicatorSeconds)), ("newPrompt", .bool(cost.newPrompt)),
                        ("energy", .double(cost.relativeEnergy())),
                        ("text", .string(Self.cost(cost, against: explanation.originalCost))),
                    ])
                } ?? .null),
            ])
        })
    }
}
