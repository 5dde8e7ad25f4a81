import ArgumentParser
import GPX
import Scenario

struct InspectCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "inspect",
        abstract: "Report what GPX files hold: counts, times, distance and extent.",
        discussion: """
            Each file is streamed through libexpat, so files of any size read in flat memory. \
            Times, duration, distance and bounds describe the path a replay would follow: the \
            track points if the file has any, else its route points, else its waypoints. Distance \
            is the WGS-84 geodesic length (Vincenty) within each segment; gaps between segments \
            are not counted.

            A file that cannot be read is reported on stderr as FILE:LINE:COLUMN: message; the \
            other files are still inspected. The exit status is that of the first failure; \
            \(ExitStatus.cannotWrite.rawValue) when the output cannot be written.

            EXAMPLES
              keepalive inspect Tracks/city-commute.gpx
              keepalive inspect --format json ride.gpx walk.gpx
              keepalive inspect --lenient opentracks-export.gpx
            """
    )

    enum Format: String, ExpressibleByArgument, CaseIterable {
        case text, json
    }

    @Option(help: "Output format: text (aligned, for people) or json (one object per file, an array for several).")
    var format: Format = .text

    @Flag(help: "Skip invalid points (bad coordinates or times) with a warning instead of failing.")
    var lenient = false

    @Argument(help: "GPX files to inspect.")
    var files: [String]

    func run() throws {
        let options = GPXReadOptions(isLenient: lenient)
        var reports: [InspectReport] = []
        var firstFailure: ExitStatus?
        for file in files {
            do {
                let summary = try GPXSummary(reading: GPXStreamReader(contentsOf: file, options: options))
                reports.append(InspectReport(file: file, summary: summary))
            } catch {
                printFailure(error.description + ForeignTrack.advice(for: error))
                firstFailure = firstFailure ?? ExitStatus(error)
            }
        }
        let output: String
        switch format {
        case .text:
            output = SafeText.terminal(reports.map(\.text).joined(separator: "\n"), keepingLineBreaks: true)
        case .json:
            let objects = reports.map(\.json)
            if files.count == 1 {
                output = objects.first.map { $0.serialized() + "\n" } ?? ""
            } else {
                output = JSONValue.array(objects).serialized() + "\n"
            }
        }
        do {
            try Output.toStandardOutput(output)
        } catch {
            printFailure("standard output: cannot write the output: \(error.reason)")
            throw ExitStatus.cannotWrite.exitCode
        }
        if let firstFailure { throw firstFailure.exitCode }
    }
}
