import ArgumentParser
import Foundation
import GPX
import Scenario

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
        // The last release tag's successor with -dev between releases (Docs/CHANGELOG.md, preamble).
        version: "0.3.0-dev",
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
        if let unknown = unknownCommand(arguments) {
            printFailure(unknown)
            Foundation.exit(ExitStatus.usage.rawValue)
        }
        // As ArgumentParser's own `main`, but its messages (which quote what was typed) go
        // through printError, so control characters in an argument reach the terminal escaped,
        // and an error is one line in the tool's own style.
        do {
            var command = try parseAsRoot(arguments)
            try command.run()
        } catch {
            let code = exitCode(for: error)
            let message = fullMessage(for: error)
            if !message.isEmpty {
                if code == .success { print(message) } else { printFailure(oneLine(message)) }
            }
            Foundation.exit(code.rawValue)
        }
    }

    /// The commands a person may type (the matrix's worker is not one).
    static var commandNames: [String] {
        configuration.subcommands.compactMap { command in
            command.configuration.shouldDisplay ? command.configuration.commandName : nil
        }
    }

    /// Why the first argument is no command, when it is a word that names none (`replai`): "did
    /// you mean", or the list. An option, a command, `help` and nothing at all are ArgumentParser's.
    static func unknownCommand(_ arguments: [String]) -> String? {
        guard let first = arguments.first, !first.hasPrefix("-"), first != "help",
              !configuration.subcommands.contains(where: { $0.configuration.commandName == first }) else { return nil }
        let names = commandNames
        let what = "'\(first)' is not a command of keepalive"
        if let nearest = Suggestion.nearest(first, among: names) {
            return "\(what); did you mean '\(nearest)'? ('keepalive --help' lists the commands)"
        }
        let replay = first.lowercased().hasSuffix(".gpx") ? "; to replay a track: keepalive replay \(first)" : ""
        return "\(what) (\(names.joined(separator: ", ")))\(replay)"
    }

    /// ArgumentParser's message as one line of the tool's style: its `Error: ` prefix dropped
    /// (``printFailure(_:)`` writes `error: `), its lines joined, and its usage lines replaced
    /// by where the help is ("See 'keepalive replay --help'.").
    static func oneLine(_ message: String) -> String {
        let argumentParserPrefix = "Error: "
        var lines = message.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
        var seeHelp: String?
        if let see = lines.last, see.hasPrefix("See '"), let end = see.dropFirst(5).firstIndex(of: "'") {
            seeHelp = String(see[see.index(see.startIndex, offsetBy: 5)..<end])
        }
        if let usage = lines.firstIndex(where: { $0.hasPrefix("Usage:") || $0.hasPrefix("Help:") }) { lines.removeSubrange(usage...) }
        var text = lines.filter { !$0.isEmpty }.joined(separator: " ")
        if text.hasPrefix(argumentParserPrefix) { text.removeFirst(argumentParserPrefix.count) }
        guard let seeHelp else { return text }
        return text + (text.last.map { ".?!".contains($0) } == true ? " See '\(seeHelp)'." : "; see '\(seeHelp)'")
    }
}
