import FuzzSupport
import Scenario

/// The scenario decoder under fuzzing: any bytes, as text, through `ScenarioFile.parse` (JSON and
/// YAML go the same way, through Yams). It must return settings or throw a `ReplayError`; a crash,
/// a hang (libFuzzer's -timeout) or a leak is a finding. An accepted scenario's numbers are finite.
enum ScenarioFileHarness {
    static func run(_ data: UnsafeRawBufferPointer) {
        let text = String(decoding: data, as: UTF8.self)
        let settings: ReplaySettings
        do throws(ReplayError) {
            settings = try ScenarioFile.parse(text, name: "fuzz.yaml")
        } catch {
            _ = "\(error)"  // the message must be printable
            return
        }
        for event in settings.events {
            Fuzz.check(event.time.isFinite, "an accepted event time is \(event.time)")
        }
    }
}
