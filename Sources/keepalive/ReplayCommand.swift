import ArgumentParser
import Foundation
import Scenario
import Simulation

struct ReplayCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "replay",
        abstract: "Replay a GPX track into a simulated navigation app and report whether it stays alive in the background.",
        discussion: """
            The simulated app does what most navigation apps do: it launches in the foreground \
            at the start of the track, asks for location authorization (the simulated user \
            allows), starts location updates, and when it enters the background begins a \
            background task that it ends in its expiration handler. The track is replayed in \
            virtual time, so a day-long trip takes a fraction of a second. The rules and their \
            numbers, with sources, are in Docs/Model.md. That app is the script \
            Tracks/Scenarios/navigation-app.yaml; a scenario file's app: runs your own instead.

            Settings come from --scenario FILE (JSON or YAML, see Docs/Scenarios.md), then from \
            these options, which override the file and change the app's script.

            --explain re-runs a replay that did not stay alive with single changes (then pairs) \
            and lists the smallest that keep the app alive, by their Core Location names.

            OUTPUT
              --format text    the key moments, then the verdict in one sentence (default)
              --format json    the run's summary: verdict, suspendedAt, terminatedAt, reason, \
            policy, budgetSeconds, deliveredUpdates, longestDeliveryGapSeconds, strictVerdict, \
            strictSuspendedAt, durationSeconds, … (times in seconds from the start, null when none)
              --format jsonl   every event, one JSON object a line
              --compare-debugger  the same run under Xcode's debugger, next to the device's \
            verdict (text: a last line; json: a "debugger" object)
              --report F.svg   a picture of the run (F.html: the picture in a page)

            EXAMPLES
              keepalive replay Tracks/city-commute.gpx
              keepalive replay Tracks/city-commute.gpx --distance-filter 100 --policy delivery
              keepalive replay Tracks/walk-with-cafe-stop.gpx --activity-type fitness --report walk.svg
              keepalive replay Tracks/highway-tunnel.gpx --authorization when-in-use --revoke-at 900
              keepalive replay Tracks/untimed-route.gpx --speed 8.3 --format json
              keepalive replay Tracks/parked-car.gpx --profile ios7 --lock-at 120 --no-background-location
              keepalive replay track.gpx --scenario Docs/examples/commute.yaml --seed 7 --format jsonl
              keepalive replay Tracks/city-commute.gpx --scenario Tracks/Scenarios/task-chain.yaml --explain
              keepalive replay Tracks/city-commute.gpx --no-background-location --compare-debugger

            EXIT STATUS
            \(ExitStatus.help([
                .success: "the app met its goals (without a goal: it stayed alive to the end)",
                .verdictNotMet: "a goal was missed, or the app played silent audio (the output says why)",
                .usage: "bad usage or impossible settings (the message names the option)",
                .invalidData: "invalid track data (FILE:LINE:COLUMN: message)",
                .cannotOpen: "the track or scenario file cannot be opened or read",
                .software: "virtual time stopped advancing: the message names the reaction loop",
                .cannotWrite: "the report file cannot be written, or the output (a full disk, a bad path)",
            ]))
            """
    )

    enum Format: String, ExpressibleByArgument, CaseIterable {
        case text, json, jsonl
    }

    @Argument(help: "The GPX file to replay.")
    var track: String

    @OptionGroup var options: ReplaySettingOptions

    @Option(help: ArgumentHelp("Settings and events from a JSON or YAML file; options override it.", valueName: "file"))
    var scenario: String?

    @Option(help: ArgumentHelp("A background-location plugin's configuration (JSON) as the app, as `keepalive import` writes it (Docs/Plugins.md); replaces the scenario's app.", valueName: "file"))
    var appConfig: String?

    @Option(help: ArgumentHelp("With --app-config, the plugin when the file's keys do not tell: \(LocationPlugin.allCases.map(\.rawValue).joined(separator: ", ")).", valueName: "plugin"))
    var plugin: LocationPlugin?

    @Flag(help: "When the app does not stay alive, re-run with single changes (then pairs) and report the smallest that keep it alive.")
    var explain = false

    @Flag(help: "Also run the replay under Xcode's debugger (never suspended, no watchdog) and report both side by side.")
    var compareDebugger = false

    @Option(help: "Output: text, json or jsonl.")
    var format: Format = .text

    @Option(help: ArgumentHelp("Also write a picture of the run to this .svg or .html file.", valueName: "file"))
    var report: String?

    func validate() throws {
        try OutputTarget.validateReportName(report)
        if plugin != nil, appConfig == nil {
            throw ValidationError("--plugin: names the plugin of --app-config; give --app-config too")
        }
        if compareDebugger, format == .jsonl {
            throw ValidationError("--compare-debugger: reports the comparison with --format text or json, not jsonl (a stream of events)")
        }
        if explain, format == .jsonl {
            throw ValidationError("--explain: reports its fixes with --format text or json, not jsonl (a stream of events)")
        }
    }

    func run() throws {
        // Every file the readers open is noted, so that --report is checked against them all.
        let inputs = InputFiles()
        // Swift-argument-parser calls `run` on the main thread; the simulation is main-actor code, as UIKit is.
        try inputs.recording { try MainActor.assumeIsolated { try replay(inputs) } }
    }

    @MainActor
    private func replay(_ inputs: InputFiles) throws {
        let reportTarget = report.map { OutputTarget(option: "--report", path: $0) }
        try reportTarget?.checkFolder()
        let settings: ResolvedReplay
        let loaded: LoadedTrack
        do throws(ReplayError) {
            var fromFile = try scenario.map { path throws(ReplayError) in try ScenarioFile.read(contentsOf: path) } ?? ReplaySettings()
            if let appConfig {
                // --lenient (or the scenario's `lenient: true`) reads unknown keys as warnings, as import's does.
                let lenient = options.settings.lenient ?? fromFile.lenient ?? false
                let imported = try PluginConfig.read(contentsOf: appConfig, plugin: plugin, lenient: lenient)
                for warning in imported.warnings { printError("warning: " + warning) }
                var app = imported.settings
                if fromFile.goal != nil { app.goal = nil }  // the scenario's goal stands
                fromFile = fromFile.overridden(by: app)
            }
            settings = try fromFile.overridden(by: options.settings).resolved()
            loaded = try LoadedTrack.load(track, lenient: settings.lenient, untimedSpeed: settings.untimedSpeed, progress: ProgressLine.forTerminal(track))
        } catch {
            ProgressLine.clear()
            throw ExitStatus.report(error.description, error.kind)
        }
        ProgressLine.clear()
        // Every input is read by now (the scenario, the plugin configuration, any Info.plist, the track): before the run.
        try reportTarget?.check(against: inputs)
        let outcome: ReplayOutcome
        var explanation: Explanation?
        var debugger: SimSummary?
        // The first failed write of the streamed JSON Lines; the rest are not attempted.
        var linesFailure: Output.WriteError?
        do throws(ReplayError) {
            // JSON Lines stream as the run goes.
            let lines = format == .jsonl ? [EventLinesReport(writeBytes: { bytes in
                guard linesFailure == nil else { return }
                do throws(Output.WriteError) { try Output.toStandardOutput(bytes) } catch { linesFailure = error }
            })] : []
            // The timeline and the picture keep the key moments and fold the fixes as they stream (`RunDigest`).
            let digests = format == .text || report != nil
            let replay = ReplayRun(track: track, settings: settings)
            outcome = try replay.run(on: loaded, sinks: lines, keepsEvents: false, digests: digests)
            if let stall = outcome.result.summary.stall { throw .stalled(stall) }
            if explain { explanation = replay.explain(outcome, on: loaded) }
            if compareDebugger { debugger = try replay.underDebugger().run(on: loaded, keepsEvents: false).result.summary }
        } catch {
            throw ExitStatus.report(error.description, error.kind)
        }
        ProgressLine.clear()
        let output = switch format {
        case .text: SafeText.terminal(TimelineReport.text(outcome, debugger: debugger) + (explanation.map { "\n" + Prose.lines($0, summary: outcome.result.summary).joined(separator: "\n") + "\n" } ?? ""), keepingLineBreaks: true)
        case .json: SummaryReport.json(outcome, explanation: explanation, debugger: debugger).serialized() + "\n"
        case .jsonl: ""  // already streamed
        }
        do throws(Output.WriteError) {
            if let failure = linesFailure { throw failure }
            try Output.toStandardOutput(output)
        } catch {
            printFailure("standard output: cannot write the output: \(error.reason)")
            throw ExitStatus.cannotWrite.exitCode
        }
        if let reportTarget {
            let picture = reportTarget.path.hasSuffix(".html") ? PictureReport.html(outcome, commandLine: CommandLine.arguments, explanation: explanation) : PictureReport.svg(outcome)
            try reportTarget.write(picture, inputs: inputs)
        }
        if !outcome.passed { throw ExitStatus.verdictNotMet.exitCode }
    }
}
