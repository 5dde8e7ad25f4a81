import FuzzSupport
import ScenarioInput
import Scripting

/// The scenario decoder under fuzzing: any bytes, as text, through `ScenarioFile.parse` (JSON and
/// YAML go the same way, through Yams). It must return settings or throw a `ReplayError`; a crash,
/// a hang (libFuzzer's -timeout) or a leak is a finding. An accepted scenario's numbers are finite
/// and in range, and an accepted app script's `end-task`s name variables it stores.
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
        guard let app = settings.app else { return }
        for timer in app.timers {
            Fuzz.check(timer.seconds.isFinite && timer.seconds > 0, "an accepted timer fires every \(timer.seconds) s")
        }
        for action in app.allActions {
            switch action {
            case .after(let seconds, _):
                Fuzz.check(seconds.isFinite && seconds >= 0, "an accepted 'after' waits \(seconds) s")
            case .set(let settings):
                for case .distanceFilter(let metres) in settings {
                    Fuzz.check(metres.isFinite, "an accepted distance filter is \(metres) m")
                }
            case .endTask(let variable):
                Fuzz.check(app.variables.contains(variable), "an accepted 'end-task' names '\(variable)', which no begin-task stores")
            default:
                break
            }
        }
    }
}
