import ScenarioInput
import ScenarioRun
import Scripting
import Simulation

/// `--format text`: what happened, as a person reads it. Key moments one per line; the fixes
/// between two key moments folded into one line; the verdict in one sentence at the end.
public enum TimelineReport {
    /// The report; with `debugger` (the same run under Xcode's debugger), a line comparing the two.
    public static func text(_ outcome: ReplayOutcome, debugger: SimSummary? = nil) -> String {
        var lines: [String] = []
        lines.append("keepalive replay \(outcome.track)")
        for (name, value) in settingRows(outcome) { lines.append("  " + pad(name, 8) + " " + value) }
        lines.append("")
        lines.append("     time  state       left  what happened")
        timeline(outcome, debugger: debugger, into: &lines)
        return lines.joined(separator: "\n") + "\n"
    }

    /// The run's settings as the text report's header prints them and the HTML report's table
    /// shows them: track, device (the profile), phone (its state at the start, when not the
    /// default), app, uses, run, and each warning.
    public static func settingRows(_ outcome: ReplayOutcome) -> [(name: String, value: String)] {
        let summary = outcome.result.summary
        let settings = outcome.settings
        let app = AppScriptOutline(settings.app)
        var lines: [(name: String, value: String)] = []
        let path = "\(outcome.trajectory.sampleCount) \(outcome.pathSource)\(outcome.timed ? "" : " (untimed: \(Formatting.short(settings.untimedSpeed)) m/s)")"
        lines.append(("track", "\(path), \(Formatting.clock(outcome.trajectory.duration)), \(outcome.trajectory.pieces.count) piece\(outcome.trajectory.pieces.count == 1 ? "" : "s")"))
        lines.append(("device", "\(Prose.profile(settings.profile)): \(Formatting.short(settings.profile.backgroundTimeBudget)) s of background time, \(settings.profile.budgetRunsWhileAsleep ? "running" : "paused") while asleep\(settings.profile.suspendsApps ? "" : "; Xcode's debugger attached: never suspended")\(settings.profile.watchdogEnabled ? "" : ", no watchdog")"))
        if let phone = Prose.phone(settings.device, settings.profile) { lines.append(("phone", phone)) }
        let filter = app.distanceFilter < 0 ? "none" : "\(Formatting.short(app.distanceFilter)) m"
        let task = switch app.taskHabit {
        case .none: "no background task"
        case .neverEnded: "background task never ended"
        case .endedInHandler: "background task ended in its handler"
        case .mixed: "background tasks, some ended in their handlers"
        }
        let request = switch app.request {
        case .always: "asks for Always"
        case .whenInUse: "asks for When In Use"
        case .nothing: "asks for no authorization at launch"
        }
        let timers = (app.timers == 0 ? "" : "; \(app.timers) timer\(app.timers == 1 ? "" : "s")")
            + (app.registeredTasks.isEmpty ? "" : "; BGTasks \(app.registeredTasks.joined(separator: ", "))")  // §12
        lines.append(("app", "\(request); accuracy \(app.desiredAccuracy.rawValue); distance filter \(filter); background updates \(app.allowsBackgroundLocationUpdates ? "on" : "off"); auto-pause \(app.pausesLocationUpdatesAutomatically ? "on (\(activityName(app.activityType)))" : "off"); \(task)\(timers)"))
        if let plist = settings.infoPlistPath {
            // The lint below speaks of this file.
            let info = settings.app.info
            lines.append(("info", "\(SafeText.terminal(plist)): UIBackgroundModes \(info.backgroundModes.isEmpty ? "none" : info.backgroundModes.map(\.rawValue).sorted().joined(separator: ", "))"))
        }
        if !app.mechanisms.isEmpty { lines.append(("uses", app.mechanisms.map(Prose.text).joined(separator: ", "))) }
        lines.append(("run", "\(settings.policy.rawValue) policy, seed \(settings.seed), starting authorization \(settings.initialAuthorization)"))
        for warning in outcome.allWarnings + summary.warnings.map(Prose.text) { lines.append(("warning", warning)) }
        return lines
    }

    /// The key moments, the answer and the explanations, as lines.
    private static func timeline(_ outcome: ReplayOutcome, debugger: SimSummary?, into lines: inout [String]) {
        let summary = outcome.result.summary
        let digest = outcome.reportDigest
        for (index, entry) in digest.timeline.enumerated() {
            if let fold = digest.timelineFold, fold.index == index {
                lines.append("  \(String(repeating: " ", count: 7))                  …  \(foldText(fold))")
            }
            switch entry {
            case .fixes(let run):
                let span = run.from == run.to ? Formatting.clock(run.from) : "\(Formatting.clock(run.from))–\(Formatting.clock(run.to))"
                lines.append("  \(String(repeating: " ", count: 7))                  ·  \(fixCounts(run)) (\(span))")
            case .moment(let event):
                let left = event.remaining.map { "\(Formatting.short($0.rounded(.up))) s" } ?? (event.state == .background ? "∞" : "")
                lines.append(pad(Formatting.clock(event.time), 9, right: true) + "  " + pad(event.state.rawValue, 10) + " " + pad(left, 5, right: true) + "  " + Prose.message(event))
            }
        }
        lines.append(pad(Formatting.clock(summary.durationSeconds), 9, right: true) + "  end of the track")
        lines.append("")
        lines += Prose.answer(summary)
        lines.append(Prose.deliveries(summary) + "\(summary.minimumBackgroundTimeRemaining.map { "; least background time left \(Formatting.duration($0))" } ?? "").")
        if summary.policy == .session {
            switch summary.strictVerdict {
            case .keptAlive:
                lines.append("Strict delivery reading: kept alive too (no gap between fixes in the background over \(Formatting.short(summary.budgetSeconds)) s).")
            default:
                lines.append("Strict delivery reading: \(summary.strictVerdict.rawValue) at \(Formatting.clock(summary.strictSuspendedAt ?? 0)).")
            }
        }
        lines.append(Prose.sentence(summary))
        if let exit = Prose.exitLine(summary) { lines.append(exit) }
        if let debugger { lines.append(Prose.debuggerComparison(device: summary, debugger: debugger)) }
    }

    /// A fix run's counts: "12 fixes delivered, 3 filtered, 1 queued", the kinds it has.
    private static func fixCounts(_ run: RunDigest.FixRun) -> String {
        var parts: [String] = []
        if run.delivered > 0 { parts.append("\(run.delivered) fix\(run.delivered == 1 ? "" : "es") delivered") }
        if run.filtered > 0 { parts.append("\(run.filtered) filtered") }
        if run.queued > 0 { parts.append("\(run.queued) queued") }
        return parts.joined(separator: ", ")
    }

    /// What the timeline folded, in words: how many key moments, when, how many of each kind (by
    /// their JSON Lines names), the fixes among them, and the cap that folded them.
    static func foldText(_ fold: RunDigest.TimelineFold) -> String {
        let kinds = fold.kinds.map { "\($0.count) \($0.kind.rawValue)" }.joined(separator: ", ")
        let fixes = fold.fixes.delivered + fold.fixes.filtered + fold.fixes.queued > 0 ? "; \(fixCounts(fold.fixes))" : ""
        return "\(fold.moments) key moment\(fold.moments == 1 ? "" : "s") folded, \(Formatting.clock(fold.from))–\(Formatting.clock(fold.to))"
            + (kinds.isEmpty ? "" : ": \(kinds)") + fixes
            + " (the timeline keeps its first \(RunDigest.timelineHeadEntries) and last \(RunDigest.timelineTailEntries) lines)"
    }

    private static func activityName(_ type: SimActivityType) -> String {
        ReplayActivityType(type)?.settingName ?? type.rawValue
    }

    private static func pad(_ text: String, _ width: Int, right: Bool = false) -> String {
        let padding = String(repeating: " ", count: max(0, width - text.count))
        return right ? padding + text : text + padding
    }
}
