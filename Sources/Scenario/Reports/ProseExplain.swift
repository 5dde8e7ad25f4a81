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
        if explanation.replays == 0 { return ["Explain: the app stayed alive; there is nothing to fix."] }
        let tried = "\(explanation.replays) replays, \(explanation.candidates.count) changes\(explanation.largestSetTried > 1 ? " one at a time and in pairs" : " one at a time")"
        guard !explanation.fixes.isEmpty else {
            return ["Explain: no change of one or two settings keeps the app alive (\(tried)); it stopped because \(reason(summary.causes) ?? "of the scenario")."]
        }
        let size = explanation.fixes[0].changes.count
        let what = switch (size, explanation.fixes.count) {
        case (1, 1): "this change keeps"
        case (1, _): "each of these changes keeps"
        case (_, 1): "this pair of changes keeps"
        default: "each of these pairs of changes keeps"
        }
        var lines = ["Explain: \(what) the app alive (\(tried)):"]
        for fix in explanation.fixes {
            lines.append("  - " + fix.changes.map(text).joined(separator: " and "))
        }
        return lines
    }

    /// The explanation as JSON: `fixes`, a list of change sets.
    public static func json(_ explanation: Explanation) -> JSONValue {
        .array(explanation.fixes.map { fix in
            .object([
                ("changes", .array(fix.changes.map { change in
                    let (setting, value) = setting(change)
                    return .object([("setting", .string(setting)), ("value", .string(value)), ("text", .string(text(change)))])
                })),
                ("verdict", .string(fix.verdict.rawValue)),
            ])
        })
    }
}
