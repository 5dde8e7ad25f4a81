import FuzzSupport
import ScenarioInput

/// The plugin-configuration reader under fuzzing. Byte 0 picks the plugin (`--plugin` absent,
/// or one of the three) and, with its high bit, `--lenient`; the rest is the file's text (invalid UTF-8 repaired). Reading must
/// return an app or throw a usage `ReplayError`, its message and every warning on one line (what
/// the file wrote shown escaped). An accepted app's scenario, as `keepalive import` writes it,
/// reads back to the same script, and its settings resolve.
enum PluginConfigHarness {
    static func run(_ data: UnsafeRawBufferPointer) {
        var input = FuzzInput(data)
        let first = input.byte()
        let choice = Int(first) % (LocationPlugin.allCases.count + 1)
        let plugin = choice == 0 ? nil : LocationPlugin.allCases[choice - 1]
        // The high bit reads unknown keys leniently (warnings), as --lenient does.
        let lenient = first >= 0x80
        let text = String(decoding: input.rest, as: UTF8.self)
        let app: ImportedApp
        do throws(ReplayError) {
            app = try PluginConfig.parse(text, name: "c.json", plugin: plugin, lenient: lenient)
        } catch {
            Fuzz.check(error.kind == .usage, "a configuration failed as \(error.kind): \(error)")
            Fuzz.check(Fuzz.isOneLine(error.description), "the error is not one line: \(error.description.debugDescription)")
            return
        }
        if let plugin { Fuzz.check(app.plugin == plugin, "--plugin \(plugin) read as \(app.plugin)") }
        for warning in app.warnings {
            Fuzz.check(Fuzz.isOneLine(warning), "a warning is not one line: \(warning.debugDescription)")
        }
        let written = app.scenarioText(source: "c.json")
        do throws(ReplayError) {
            let settings = try ScenarioFile.parse(written, name: "app.yaml")
            Fuzz.check(settings.app == app.script, "the written scenario reads back to another script:\n\(written)")
            _ = try app.settings.resolved()
        } catch {
            Fuzz.check(false, "the written scenario is refused (\(error)):\n\(written)")
        }
    }
}
