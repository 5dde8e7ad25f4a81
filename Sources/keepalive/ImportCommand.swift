import ArgumentParser
import Foundation
import Scenario

struct ImportCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "import",
        abstract: "Write a background-location plugin's configuration as an editable scenario (an app script).",
        discussion: """
            Reads the JSON configuration of react-native-background-geolocation / \
            flutter_background_geolocation (Config), or the Flutter location (changeSettings) \
            or geolocator (AppleSettings) plugin, and writes the app as the plugin runs it on \
            iOS: a scenario file for --scenario. Each option's mapping is in Docs/Plugins.md; \
            options the model lacks are named on standard error. A key that is no option of the \
            plugin is an error with did-you-mean (--lenient: a warning, and ignored). What the \
            import decides beyond the options (a background mode added, how location runs, \
            silent audio for preventSuspend) is written as comments above the app.

            EXAMPLES
              keepalive import Tracks/Scenarios/plugin-transistor.json > app.yaml
              keepalive replay Tracks/walk-with-cafe-stop.gpx --scenario app.yaml

            EXIT STATUS
            \(ExitStatus.help([
                .success: "the scenario was written",
                .usage: "the file is no configuration, or has an unknown key without --lenient (FILE:LINE:COLUMN: message)",
                .cannotOpen: "the file cannot be opened or read",
                .cannotWrite: "the output cannot be written",
            ]))
            """
    )

    @Argument(help: "The plugin's configuration (JSON).")
    var config: String

    @Option(help: ArgumentHelp("The plugin, when the file's keys do not tell: \(LocationPlugin.allCases.map(\.rawValue).joined(separator: ", ")).", valueName: "plugin"))
    var plugin: LocationPlugin?

    @Flag(help: "Ignore keys that are no option of the plugin with a warning, instead of failing.")
    var lenient = false

    func run() throws {
        let imported: ImportedApp
        do throws(ReplayError) {
            imported = try PluginConfig.read(contentsOf: config, plugin: plugin, lenient: lenient)
        } catch {
            throw ExitStatus.report(error.description, error.kind)
        }
        for warning in imported.warnings { printError("warning: " + warning) }
        do throws(Output.WriteError) {
            try Output.toStandardOutput(imported.scenarioText(source: (config as NSString).lastPathComponent))
        } catch {
            printFailure("standard output: cannot write the output: \(error.reason)")
            throw ExitStatus.cannotWrite.exitCode
        }
    }
}

extension LocationPlugin: ExpressibleByArgument {}
