import Foundation
import Scripting
import Simulation

/// Writes an ``AppScript`` as the `app:` of a scenario file, in the words ``AppScriptReader``
/// reads back to the same script: what `keepalive import` prints. It writes the core's actions,
/// regions and audio (the words a plugin's script uses); names and text are double-quoted.
enum AppScriptWriter {
    /// `goal: …` (when given) and `app:` as a scenario file's YAML, after `comments` (each a `#` line).
    static func scenario(_ script: AppScript, goal: ReplayGoal?, comments: [String]) -> String {
        var lines = comments.map { "# " + commentText($0) }
        if let goal { lines.append("goal: \(goal.settingName)") }
        lines.append("app:")
        lines += info(script.info).map { "  " + $0 }
        let triggers = AppScript.Trigger.allCases.filter { script.reactions[$0] != nil }
        if !triggers.isEmpty {
            lines.append("  on:")
            for trigger in triggers {
                let actions = script.reactions[trigger] ?? []
                lines.append("    \(trigger.rawValue):" + (actions.isEmpty ? " []" : ""))
                lines += actions.map { "      - " + action($0) }
            }
        }
        precondition(script.reactionsByID.isEmpty, "AppScriptWriter writes no reactions limited to an id")
        if !script.timers.isEmpty {
            lines.append("  timers:")
            for timer in script.timers {
                lines.append("    - {every: \(number(timer.seconds)), while: \(timer.condition.rawValue), do: \(list(timer.actions))}")
            }
        }
        return lines.joined(separator: "\n") + "\n"
    }

    private static func info(_ info: SimCapabilities) -> [String] {
        var lines = ["info:"]
        let modes = SimBackgroundMode.allCases.filter(info.backgroundModes.contains).map(\.settingName)
        lines.append("  backgroundModes: [\(modes.joined(separator: ", "))]")
        // The reader gives `true` the navigation app's text: the writer says true only for that text.
        let standard = SimCapabilities()
        precondition(info.whenInUseUsageDescription == nil || info.whenInUseUsageDescription == standard.whenInUseUsageDescription)
        precondition(info.alwaysAndWhenInUseUsageDescription == nil || info.alwaysAndWhenInUseUsageDescription == standard.alwaysAndWhenInUseUsageDescription)
        lines.append("  whenInUseUsage: \(info.whenInUseUsageDescription != nil)")
        lines.append("  alwaysUsage: \(info.alwaysAndWhenInUseUsageDescription != nil)")
        if !info.permittedBackgroundTaskIdentifiers.isEmpty {
            lines.append("  bgTaskIdentifiers: [\(info.permittedBackgroundTaskIdentifiers.map(quoted).joined(separator: ", "))]")
        }
        if info.requiresExplicitServiceSession { lines.append("  requireExplicitServiceSession: true") }
        return lines
    }

    private static func list(_ actions: [AppScript.Action]) -> String {
        "[" + actions.map(action).joined(separator: ", ") + "]"
    }

    /// One action in flow style: a bare word or `{word: value}`.
    static func action(_ action: AppScript.Action) -> String {
        switch action {
        case .requestAlways: "request-always"
        case .requestWhenInUse: "request-when-in-use"
        case .startUpdates: "start-updates"
        case .stopUpdates: "stop-updates"
        case .requestLocation: "request-location"
        case .startSignificantChanges: "start-significant-changes"
        case .stopSignificantChanges: "stop-significant-changes"
        case .set(let settings): "{set: {\(settings.map(setting).joined(separator: ", "))}}"
        case .beginTask(let name, let variable, let onExpiry):
            "{begin-task: {" + ([name.map { "name: \(quoted($0))" }, variable.map { "as: \(quoted($0))" }, "onExpiry: \(list(onExpiry))"]
                .compactMap { $0 }.joined(separator: ", ")) + "}}"
        case .endTask(let variable): "{end-task: \(quoted(variable))}"
        case .after(let seconds, let actions): "{after: \(number(seconds)), do: \(list(actions))}"
        case .namedAfter(let name, let seconds, let actions): "{after: \(number(seconds)), as: \(quoted(name)), do: \(list(actions))}"
        case .when(let condition, let actions, let otherwise): "{if: \(condition.rawValue), do: \(list(actions)), else: \(list(otherwise))}"
        case .log(let line): "{log: \(quoted(line))}"
        case .setIdleTimerDisabled(let disabled): "{idle-timer-disabled: \(disabled)}"
        case .regions(let action): RegionWords.written(action)
        case .audio(let action): AudioWords.written(action)
        case .visits, .bgTasks, .transfers, .pushes, .liveUpdates, .serviceSessions, .resources, .monitor:
            preconditionFailure("AppScriptWriter writes the core's, regions' and audio's actions, not \(action)")
        }
    }

    private static func setting(_ setting: AppScript.ManagerSetting) -> String {
        let value = switch setting {
        case .distanceFilter(let metres): metres == simDistanceFilterNone ? "none" : number(metres)
        case .desiredAccuracy(let accuracy): accuracy.rawValue
        case .activityType(let type): type.rawValue
        case .allowsBackgroundLocationUpdates(let flag), .pausesLocationUpdatesAutomatically(let flag),
             .showsBackgroundLocationIndicator(let flag): "\(flag)"
        }
        return "\(setting.property.rawValue): \(value)"
    }

    /// `text` as one comment line: every character YAML reads as a line break (CR, LF, NEL, the
    /// Unicode line and paragraph separators) and every other control character becomes a space,
    /// so a file's name cannot end the comment and add a setting.
    static func commentText(_ text: String) -> String {
        String(String.UnicodeScalarView(text.unicodeScalars.map { scalar in
            SafeText.isControl(scalar) || scalar == "\u{2028}" || scalar == "\u{2029}" ? " " : scalar
        }))
    }

    /// A number the reader parses back to the same `Double`: whole ones without a fraction.
    static func number(_ value: Double) -> String { JSONValue.number(value) }

    /// A YAML double-quoted scalar: JSON's escapes are YAML's.
    static func quoted(_ text: String) -> String { JSONValue.quoted(text) }
}
