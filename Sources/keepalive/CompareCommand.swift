import ArgumentParser
import Scenario
import Simulation

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

            --profiles and --conditions replay the trip again for every profile × field condition \
            (the matrix's names; either alone crosses with the run's profile or 'normal') and name \
            the cells that reproduce the device's gaps: every gap of the device is a gap of the \
            cell's model. At most \(CompareCell.defaultMaximumCells) cells unless --max-cells says \
            more. The exit status stays the run's.

            --report F.svg draws both tracks (the trip and the device's recording), each side's \
            fixes and gaps on one time axis, and the cells' answers; F.html puts it in a page.

            EXAMPLES
              keepalive compare Tracks/compare/trip.gpx --device Tracks/compare/device-recording.csv
              keepalive compare Tracks/compare/trip.gpx --device Tracks/compare/device-recording.csv --goal tracking --format json
              keepalive compare Tracks/compare/trip.gpx --device Tracks/compare/device-recording.csv --profiles ios13,ios17 --conditions normal,low-power,restart-mid-trip --report compare.svg

            EXIT STATUS
            \(ExitStatus.help([
                .success: "the device and the model agree: every gap of each is a gap of the other",
                .diverged: "they diverge: a gap one side had and the other did not",
                .usage: "bad usage, impossible settings, or a run with no location goal",
                .invalidData: "invalid track or recording data (FILE:LINE:COLUMN: message)",
                .cannotOpen: "the track, the recording or the scenario file cannot be opened or read",
                .software: "virtual time stopped advancing: the message names the reaction loop",
                .cannotWrite: "the output or the report cannot be written",
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

    @Option(help: ArgumentHelp("Also replay on these profiles, comma-separated (names or iOS versions, as --profile), and name those that reproduce the device's gaps.", valueName: "profiles"))
    var profiles: Setting<[SimProfile]>?

    @Option(help: ArgumentHelp("Also replay under these field conditions, comma-separated: \(FieldCondition.settingNames.joined(separator: ", ")).", valueName: "conditions"))
    var conditions: Setting<[FieldCondition]>?

    @Option(help: ArgumentHelp("The most profile × condition cells --profiles and --conditions may plan (default: \(CompareCell.defaultMaximumCells)).", valueName: "n"))
    var maxCells: Int = CompareCell.defaultMaximumCells

    @Option(help: ArgumentHelp("Also write a picture of both tracks and both sides' gaps to this .svg or .html file.", valueName: "file"))
    var report: String?

    func validate() throws {
        if DeviceRecording.Format(path: device) == nil {
            throw ValidationError("--device: '\(device)' must end in \(DeviceRecording.Format.allCases.map { ".\($0.rawValue)" }.joined(separator: " or "))")
        }
        if let problem = profiles?.problem { throw ValidationError("--profiles: \(problem)") }
        if let problem = conditions?.problem { throw ValidationError("--conditions: \(problem)") }
        if maxCells < 1 { throw ValidationError("\(Matrix.maximumCellsOption): must be 1 or more") }
        try OutputTarget.validateReportName(report)
    }

    func run() throws {
        // Every file the readers open is noted, so that --report is checked against them all.
        let inputs = InputFiles()
        // Swift-argument-parser calls `run` on the main thread; the simulation is main-actor code.
        try inputs.recording { try MainActor.assumeIsolated { try compare(inputs) } }
    }

    @MainActor
    private func compare(_ inputs: InputFiles) throws {
        let reportTarget = report.map { OutputTarget(option: "--report", path: $0) }
        try reportTarget?.checkFolder()
        let settings: ResolvedReplay
        var cells: [CompareCell] = []
        do throws(CompareError) {
            let given: ReplaySettings
            do throws(ReplayError) {
                let fromFile = try scenario.map { path throws(ReplayError) in try ScenarioFile.read(contentsOf: path) } ?? ReplaySettings()
                given = fromFile.overridden(by: options.settings)
                settings = try given.resolved()
            } catch {
                throw .replay(error)
            }
            if profiles != nil || conditions != nil {
                // Either list alone crosses with the run's own profile, or with the phone as it is.
                cells = try CompareCell.plan(given, profiles: profiles?.wrappedValue ?? [settings.profile],
                                             conditions: conditions?.wrappedValue ?? [.normal], maximumCells: maxCells)
            }
        } catch {
            throw ExitStatus.report(error.description, error.kind)
        }
        // The settings' files are read by now; the track and the recording are read by the run,
        // so they are noted here, to be refused before it. The write checks again.
        InputFiles.note(track, .track)
        InputFiles.note(device, .deviceRecording)
        try reportTarget?.check(against: inputs)
        let comparison: DeviceComparison
        do throws(CompareError) {
            comparison = try CompareRun(track: track, device: device, settings: settings, cells: cells).run()
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
            printFailure("standard output: cannot write the output: \(error.reason)")
            throw ExitStatus.cannotWrite.exitCode
        }
        if let report {
            let picture: String
            do throws(CompareError) {
                picture = report.hasSuffix(".html") ? try ComparePicture.html(comparison, commandLine: CommandLine.arguments) : try ComparePicture.svg(comparison)
            } catch {
                throw ExitStatus.report(error.description, error.kind)
            }
            try reportTarget?.write(picture, inputs: inputs)
        }
        if comparison.diverged { throw ExitStatus.diverged.exitCode }
    }
}
