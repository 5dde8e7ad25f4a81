import Scripting

/// The blocks of a scenario file that take keys, and the keys each takes: the readers look keys
/// up here, so that a key written in the wrong block is sent to the right one
/// ("'distanceFilter' is not a field of 'info': it belongs at the top level of the scenario or
/// in a 'set' action").
enum ScenarioBlock: CaseIterable {
    /// The scenario's settings, `app` and `events`.
    case top
    /// `app:`.
    case app
    /// `app: info:`, the Info.plist.
    case info
    /// `app: on:`, the triggers.
    case triggers
    /// `{set: {…}}`, the location manager's properties.
    case set
    /// An entry of `app: timers:`.
    case timer

    /// The keys the block takes, as a message lists them: its schema's.
    var keys: [String] {
        switch self {
        case .top: ScenarioFile.topSchema.names
        case .app: AppScriptReader.appSchema.names
        case .info: AppScriptReader.infoSchema.names
        case .triggers: AppScriptReader.triggerSchema.names
        case .set: AppScriptReader.setSchema.names
        case .timer: AppScriptReader.timerSchema.names
        }
    }

    /// Other names the block reads as its keys: Apple's Info.plist names under `info`
    /// (``AppScriptReader/infoPlistNames``).
    var aliases: [String: String] {
        self == .info ? Dictionary(uniqueKeysWithValues: AppScriptReader.infoSchema.aliases.map { ($0.name, $0.key.rawValue) }) : [:]
    }

    /// The block, as a message names where a key belongs.
    var place: String {
        switch self {
        case .top: "at the top level of the scenario"
        case .app: "under 'app'"
        case .info: "under 'app: info'"
        case .triggers: "under 'app: on'"
        case .set: "in a 'set' action ({set: {…}})"
        case .timer: "in a timer (app: timers)"
        }
    }

    /// What to say of `key`, which this block does not take: where it belongs if another block
    /// takes it, else the key it most likely meant, then the block's keys (`what` names them:
    /// "a scenario setting", "a field of 'info'").
    func unknown(_ key: String, what: String) -> String {
        let folded = Suggestion.folded(key)
        let choices = Suggestion.choices(keys, near: key)
        let elsewhere = Self.allCases.filter { $0 != self && ($0.keys + $0.aliases.keys).contains { Suggestion.folded($0) == folded } }
        if !keys.contains(where: { Suggestion.folded($0) == folded }), !elsewhere.isEmpty {
            return "is not \(what): it belongs \(elsewhere.map(\.place).joined(separator: " or "))"
        }
        return "is not \(what)\(Suggestion.didYouMean(key, among: keys + aliases.keys.sorted())) (\(choices))"
    }
}
