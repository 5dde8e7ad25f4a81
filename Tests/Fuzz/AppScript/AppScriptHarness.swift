import FuzzSupport
import ScenarioInput
import Scripting

/// The app-script reader under fuzzing: any bytes, as text, become the value of a scenario's
/// `app:` (each line indented under it), so that every input exercises the script reader rather
/// than the scenario keys around it; then the settings are resolved, which applies the limit on a
/// script's actions. Reading and resolving must return or throw a `ReplayError`; a crash, a hang
/// or a leak is a finding. An accepted script's numbers are finite and in range, its `end-task`s
/// name variables it stores, and it holds no more actions than the limit.
enum AppScriptHarness {
    static func run(_ data: UnsafeRawBufferPointer) {
        let body = String(decoding: data, as: UTF8.self)
        let text = "app:\n" + body.split(separator: "\n", omittingEmptySubsequences: false).map { "  " + $0 }.joined(separator: "\n")
        let settings: ReplaySettings
        do throws(ReplayError) {
            settings = try ScenarioFile.parse(text, name: "fuzz.yaml")
        } catch {
            _ = "\(error)"  // the message must be printable
            return
        }
        guard let app = settings.app else { return }
        for timer in app.timers {
            Fuzz.check(timer.seconds.isFinite && timer.seconds >= AppScript.Timer.minimumSeconds, "an accepted timer fires every \(timer.seconds) s")
        }
        let actions = app.allActions
        for action in actions {
            switch action {
            case .after(let seconds, _):
                Fuzz.check(seconds.isFinite && seconds >= 0, "an accepted 'after' waits \(seconds) s")
            case .endTask(let variable):
                Fuzz.check(app.variables.contains(variable), "an accepted 'end-task' names '\(variable)', which no begin-task stores")
            default:
                break
            }
        }
        do throws(ReplayError) {
            let resolved = try settings.resolved()
            Fuzz.check(actions.count <= ReplaySettings.defaultMaxScriptActions, "a script of \(actions.count) actions was accepted")
            Fuzz.check(resolved.maximumLogLines == ReplaySettings.defaultMaxLogLines, "the log limit is \(resolved.maximumLogLines)")
        } catch {
            _ = "\(error)"
        }
    }
}
