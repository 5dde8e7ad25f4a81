import Scripting
import Simulation
import Yams

/// Background audio's words (§13): the script actions `activate-audio-session`, `play-audio`
/// (bare, or `{play-audio: {silent: true}}`) and `pause-audio`, and the scenario verbs `call`
/// and `alarm`.
enum AudioWords {
    static let actionNames = ["activate-audio-session", "play-audio", "pause-audio"]
    static let actionFields: [String: [String]] = ["play-audio": []]

    static func action(word: String) -> AppScript.Action? {
        switch word {
        case "activate-audio-session": .audio(.activateSession)
        case "play-audio": .audio(.play(silent: false))
        case "pause-audio": .audio(.pause)
        default: nil
        }
    }

    /// `{play-audio: {silent: true|false}}`.
    static func action(_ key: String, _ value: Yams.Node, fields: [String: Yams.Node], depth: Int,
                       in reader: inout AppScriptReader) throws(ReplayError) -> AppScript.Action {
        guard let mapping = value.mapping else { throw reader.fail(key, "must be a mapping of silent: true|false", value) }
        var silent = false
        for field in try reader.fields(mapping, FieldSchema(names: ["silent"], .listed("a field of 'play-audio'", suggests: false))).ordered {
            let entry = try field.get()
            silent = try reader.bool(entry.name, entry.value)
        }
        return .audio(.play(silent: silent))
    }

    /// `action` as ``AppScriptWriter`` writes it and the reader reads it back.
    static func written(_ action: AudioScriptAction) -> String {
        switch action {
        case .activateSession: "activate-audio-session"
        case .play(let silent): silent ? "{play-audio: {silent: true}}" : "play-audio"
        case .pause: "pause-audio"
        }
    }

    static let verbs = ["call", "alarm"]

    static func event(_ verb: String, fields: [String: Yams.Node], node: Yams.Node,
                      in reader: some ScenarioNodeReader) throws(ReplayError) -> (action: SimScenarioEvent.Action, allowed: Set<String>)? {
        switch verb {
        case "call":
            let accepted = try fields["accepted"].map { node throws(ReplayError) in try reader.bool("accepted", node) } ?? true
            let seconds = try fields["duration"].map { node throws(ReplayError) in try reader.number("duration", node, .positiveDuration) } ?? (accepted ? 60 : 10)
            return (.audio(.call(accepted: accepted, seconds: seconds)), ["accepted", "duration"])
        case "alarm":
            let seconds = try fields["duration"].map { node throws(ReplayError) in try reader.number("duration", node, .positiveDuration) } ?? 60
            return (.audio(.alarm(seconds: seconds)), ["duration"])
        default:
            return nil
        }
    }
}

extension AudioScenarioAction {
    var verb: String {
        switch self {
        case .call: "call"
        case .alarm: "alarm"
        }
    }
}
