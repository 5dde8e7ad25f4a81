import Foundation
import Scripting
import Simulation

/// Writes an ``AppScript`` as the `app:` of a scenario file, in the words ``AppScriptReader``
/// reads back to the same script: what `keepalive import` prints. It writes the core's actions,
/// regions and audio (the words a plugin's script uses); names and text are double-quoted. Keys
/// are written from the reader's ``FieldSchema`` declarations (``AppScriptReader/InfoKey``, …).
enum AppScriptWriter {
    private typealias App = AppScriptReader.AppKey
    private typealias Info = AppScriptReader.InfoKey
    private typealias Timer = AppScriptReader.TimerKey
    private typealias BeginTask = AppScriptReader.BeginTaskKey

    /// `goal: …` (when given) and `app:` as a scenario file's YAML, after `comments` (each a `#` line).
    static func scenario(_ script: AppScript, goal: ReplayGoal?, comments: [String]) -> String {
        var lines = comments.map { "# " + commentText($0) }
        if let goal { lines.append("\(ReplaySettings.setting(\.$goal).key): \(goal.settingName)") }
        lines.append("\(ScenarioFile.topSchema.name(.app)):")
        lines += info(script.info).map { "  " + $0 }
        let triggers = AppScript.Trigger.allCases.filter { script.reactions[$0] != nil }
        if !triggers.isEmpty {
            lines.append("  \(App.on.rawValue):")
            for trigger in triggers {
                let actions = script.reactions[trigger] ?? []
                lines.append("    \(trigger.rawValue):" + (actions.isEmpty ? " []" : ""))
                lines += actions.map { "      - " + action($0) }
            }
        }
        precondition(script.reactionsByID.isEmpty, "AppScriptWriter writes no reactions limited to an id")
        if !script.timers.isEmpty {
            lines.append("  \(App.timers.rawValue):")
            for timer in script.timers {
                lines.append("    - {\(Timer.every.rawValue): \(number(timer.seconds)), \(Timer.while.rawValue): \(timer.condition.rawValue), \(Timer.do.rawValue): \(list(timer.actions))}")
            }
        }
        return lines.joined(separator: "\n") + "\n"
    }

    private static func info(_ info: SimCapabilities) -> [String] {
        var lines = ["\(App.info.rawValue):"]
        let modes = SimBackgroundMode.allCases.filter(info.backgroundModes.contains).map(\.settingName)
        lines.append("  \(Info.backgroundModes.rawValue): [\(modes.joined(separator: ", "))]")
        // The reader gives `true` the navigation app's text: the writer says true only for that text.
        let standard = SimCapabilities()
        precondition(info.whenInUseUsageDescription == nil || info.whenInUseUsageDescription == standard.whenInUseUsageDescription)
        precondition(info.alwaysAndWhenInUseUsageDescription == nil || info.alwaysAndWhenInUseUsageDescription == standard.alwaysAndWhenInUseUsageDescription)
        lines.append("  \(Info.whenInUseUsage.rawValue): \(info.whenInUseUsageDescription != nil)")
        lines.append("  \(Info.alwaysUsage.rawValue): \(info.alwaysAndWhenInUseUsageDescription != nil)")
        if !info.permittedBackgroundTaskIdentifiers.isEmpty {
            lines.append("  \(Info.bgTaskIdentifiers.rawValue): [\(info.permittedBackgroundTaskIdentifiers.map(quoted).joined(separator: ", "))]")
        }
        if info.requiresExplicitServiceSession { lines.append("  \(Info.requireExplicitServiceSession.rawValue): true") }
        if info.locationPushEntitlement { lines.append("  \(Info.locationPushEntitlement.rawValue): true") }
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
            "{begin-task: {" + ([name.map { "\(BeginTask.name.rawValue): \(quoted($0))" }, variable.map { "\(BeginTask.as.rawValue): \(quoted($0))" },
                                 "\(BeginTask.onExpiry.rawValue): \(list(onExpiry))"]
                .compactMap { $0 }.joined(separator: ", ")) + "}}"
        case .endTask(let variable): "{end-task: \(quoted(variable))}"
        case .after(let seconds, let actions): "{after: \(number(seconds)), do: \(list(actions))}"
        case .namedAfter(let name, let seconds, let actions): "{after: \(number(seconds)), as: \(quoted(name)), do: \(list(actions))}"
        case .when(let condition, let actions, let otherwise): "{if: \(condition.rawValue), do: \(list(actions)), else: \(list(otherwise))}"
        case .log(let line): "{log: \(quoted(line))}"
        case .setIdleTimerDisabled(let disabled): "{idle-timer-disabled: \(disabled)}"
        case .regions(let action): RegionWords.written(action)
        case .audio(let action): AudioWords.written(action)
        // The legacy background fetch, which `keepalive import` writes for `startOnBoot`.
        case .bgTasks(.setFetchInterval(let seconds)): "{set-fetch-interval: \(seconds.map { $0 == 0 ? "minimum" : number($0) } ?? "never")}"
        case .pushes(.complete(let result)): result == .newData ? "complete" : "{complete: \(result.rawValue)}"
        case .visits, .bgTasks, .transfers, .pushes, .locationPushes, .liveUpdates, .serviceSessions, .resources, .monitor:
            preconditionFailure("AppScriptWriter writes the core's, regions', audio's and background fetch's actions, not \(action)")
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
