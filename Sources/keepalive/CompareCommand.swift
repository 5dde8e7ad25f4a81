import ArgumentParser
import Scenario

struct CompareCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "compare",
        abstract: "Replay a trip and set what the app recorded on the phone beside the model's answer.",
        discussion: """
            TRACK is the trip's ground truth (a GPX track from a watch, a car, another phone); \
            --device is what the app itself recorded on the phone on that trip: a GPX track with \
            times, or CSV with a header time,lat,lon[,accuracy] (times ISO 8601 or seconds since \
            1970). The trip is replayed through the model with the replay options, and both sides \
            are judged from their fixes against the same location goal (--goal navigation or \
            tracking): the device's recorded fixes, and the fixes the model delivered to its app, \
            each at the time it was taken.

            The report lists (a) the gaps the device had that the model did not predict, the first \
            at its exact second with the model's state then and the spec §15 conditions that, \
            replayed from the device's last fix before it, reproduce it; and (b) the gaps the model \
            predicted that the device did not have (the model too strict). See Docs/CLI.md, "compare".

            EXAMPLES
              keepalive compare Tracks/compare/trip.gpx --device Tracks/compare/device-recording.csv
              keepalive compare Tracks/compare/trip.gpx --device Tracks/compare/device-recording.csv --goal tracking --format json

            EXIT STATUS
            \(ExitStatus.help([
                .success: "the device and the model agree: every gap of each is a gap of the other",
                .diverged: "they diverge: a gap one side had and the other did not",
                .usage: "bad usage, impossible settings, or a run with no location goal",
                .invalidData: "invalid track or recording data (FILE:LINE:COLUMN: message)",
                .cannotOpen: "the track, the recording or the scenario file cannot be opened or read",
                .software: "virtual time stopped advancing: the message names the reaction loop",
                .cannotWrite: "the output cannot be written",
            ]))
            """
    )

    enum Format: String, ExpressibleByArgument, CaseIterable {
        case text, json
    }

    @Argument(help: "The trip's ground truth, a GPX file.")
    var track: String

    @Option(help: ArgumentHelp("What the app recorded on the phone: a .gpx track with times, or a .csv file time,lat,lon[,accuracy].", valueName: "recording"))
    var device: String

    @OptionGroup var options: ReplaySettingOptions

    @Option(help: ArgumentHelp("Settings and events from a JSON or YAML file; options override it.", valueName: "file"))
    var scenario: String?

    @Option(help: "Output: text or json.")
    var format: Format = .text

    func validate() throws {
        if DeviceRecording.Format(path: device) == nil {
            throw ValidationError("--device: '\(device)' must end in \(DeviceRecording.Format.allCases.map { ".\($0.rawValue)" }.joined(separator: " or "))")
        }
    }

    func run() throws {
        // Swift-argument-parser calls `run` on the main thread; the simulation is main-actor code.
        try MainActor.assumeIsolated { try compare() }
    }

    @MainActor
    private func compare() throws {
        let comparison: DeviceComparison
        do throws(CompareError) {
            let settings: ResolvedReplay
            do throws(ReplayError) {
                let fromFile = try scenario.map { path throws(ReplayError) in try ScenarioFile.read(contentsOf: path) } ?? ReplaySettings()
                settings = try fromFile.overridden(by: options.settings).resolved()
            } catch {
                throw .replay(error)
            }
            comparison = try CompareRun(track: track, device: device, settings: settings).run()
        } catch {
            throw ExitStatus.report(error.description, error.kind)
        }
        let output = switch format {
        case .text: SafeText.terminal(CompareReport.text(comparison), keepingLineBreaks: true)
        case .json: CompareReport.json(comparison).serialized() + "\n"
        }
        do throws(Output.WriteError) {
            try Output.toStandardOutput(output)
        } catch {
            printError("standard output: cannot write the output: \(error.reason)")
            throw ExitStatus.cannotWrite.exitCode
        }
        if comparison.diverged { throw ExitStatus.diverged.exitCode }
    }
}
