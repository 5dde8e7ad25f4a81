import ArgumentParser
import Foundation
import GPX

@main
struct Keepalive: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "keepalive",
        abstract: "Find out whether an iOS navigation app stays alive in the background, from a GPX track.",
        discussion: """
            KeepAliveSim replays GPX tracks in virtual time through a model of the iOS location \
            manager and background-time rules, and tells whether a navigation app would stay \
            alive in the background for the whole trip, and if not, when and why it would be \
            suspended or killed.

            COMMANDS
              replay    replay a track into the simulated app and give the verdict
              inspect   report what GPX files hold, to check a track before replaying it
              matrix    replay tracks × profiles × settings from a matrix file: a verdict table
              import    write a background-location plugin's configuration as an app script
              compare   replay a trip and set the app's recording on the phone beside the model's answer
              profiles  list the profiles (iOS eras), what changes at each and the source

            EXAMPLES
              keepalive replay Tracks/city-commute.gpx
              keepalive replay Tracks/city-commute.gpx --distance-filter 100 --report commute.svg
              keepalive inspect --format json Tracks/*.gpx
              keepalive matrix Docs/examples/matrix.yaml --format junit --output matrix.xml
              keepalive compare Tracks/compare/trip.gpx --device Tracks/compare/device-recording.csv

            EXIT STATUS
            \(ExitStatus.help([
                .success: "success (replay: the app met its goals)",
                .verdictNotMet: "replay: a goal was missed; matrix: a run not as expected",
                .diverged: "compare: the device's recording and the model diverge",
                .usage: "bad usage: an unknown option or an impossible setting",
                .invalidData: "invalid track or recording data; stderr names FILE:LINE:COLUMN",
                .cannotOpen: "a file cannot be opened or read",
                .software: "matrix: a worker process failed; replay: virtual time stopped (a reaction loop)",
                .cannotWrite: "the output or the report cannot be written",
            ]))

            SEE ALSO
              Docs/GettingStarted.md, Docs/CLI.md, Docs/Model.md
            """,
        version: "0.2.0",
        subcommands: [ReplayCommand.self, InspectCommand.self, MatrixCommand.self, ImportCommand.self, CompareCommand.self, ProfilesCommand.self, MatrixWorkerCommand.self]
    )

    /// Parses the arguments as the system gave them: a file name that is not UTF-8 keeps its
    /// bytes (``FileName``), where `CommandLine.arguments` would replace them.
    static func main() {
        let arguments = (1..<Int(CommandLine.argc)).map { index in
            FileName.decoding(UnsafeRawPointer(CommandLine.unsafeArgv[index]!).withMemoryRebound(to: UInt8.self, capacity: 1) { start in
                UnsafeBufferPointer(start: start, count: strlen(CommandLine.unsafeArgv[index]!))
            })
        }
        // As ArgumentParser's own `main`, but its messages (which quote what was typed) go
        // through printError, so control characters in an argument reach the terminal escaped.
        do {
            var command = try parseAsRoot(arguments)
            try command.run()
        } catch {
            let code = exitCode(for: error)
            let message = fullMessage(for: error)
            if !message.isEmpty {
                if code == .success { print(message) } else { printErrorLines(message) }
            }
            Foundation.exit(code.rawValue)
        }
    }
}
