import Scripting
import Simulation
import Yams

/// Live updates' words (§10): `start-live-updates` (bare, or with a configuration),
/// `stop-live-updates`, `begin-background-activity-session` and
/// `invalidate-background-activity-session`; their trigger, `update`, is an `AppScript.Trigger`.
enum LiveUpdateWords {
    static let actionNames = [
        "start-live-updates", "stop-live-updates", "begin-background-activity-session", "invalidate-background-activity-session",
    ]
    static let actionFields: [String: [String]] = ["start-live-updates": []]

    static func action(word: String) -> AppScript.Action? {
        switch word {
        case "start-live-updates": .liveUpdates(.start(.default))
        case "stop-live-updates": .liveUpdates(.stop)
        case "begin-background-activity-session": .liveUpdates(.beginSession)
        case "invalidate-background-activity-session": .liveUpdates(.invalidateSession)
        default: nil
        }
    }

    static func action(_ key: String, _ value: Yams.Node, fields: [String: Yams.Node], depth: Int,
                       in reader: inout AppScriptReader) throws(ReplayError) -> AppScript.Action {
        .liveUpdates(.start(try reader.named(key, value, "a configuration")))
    }
}
