import ArgumentParser
import Scenario

/// `keepalive profiles`: the eras a `--profile` can name, what changes at each, and its source.
struct ProfilesCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "profiles",
        abstract: "List the profiles (iOS eras): the releases each covers, what changes at its start and the source.",
        discussion: """
            A profile is an era of iOS in which the model's rules do not change (Docs/Model.md, \
            "Profiles"). --profile takes a profile's name or an iOS version: 16.3 runs ios16, \
            16.4 runs ios16.4, and a rule that changes inside an era (15.0–15.2's unreliable \
            relaunch) is decided by the version.

            EXAMPLES
              keepalive profiles
              keepalive profiles --format json
              keepalive profiles --parameters
            """
    )

    enum Format: String, ExpressibleByArgument, CaseIterable {
        case text, json
    }

    @Option(help: "Output format: text or json.")
    var format: Format = .text

    @Flag(help: "List the parameters a scenario or a matrix may set (profile: {base: ios17, NAME: VALUE}) instead.")
    var parameters = false

    func run() throws {
        let output = switch (format, parameters) {
        case (.text, false): ProfilesReport.text()
        case (.json, false): ProfilesReport.json().serialized() + "\n"
        case (.text, true): ProfilesReport.parameters()
        case (.json, true): ProfilesReport.parametersJSON().serialized() + "\n"
        }
        do {
            try Output.toStandardOutput(output)
        } catch {
            printFailure("standard output: cannot write the output: \(error.reason)")
            throw ExitStatus.cannotWrite.exitCode
        }
    }
}
