import Scripting
import Simulation
import Yams

/// The mechanisms with words in app scripts and scenario timelines, in the order messages list
/// their words (after the core's). Each one's words are in its folder
/// (`Sources/ScenarioInput/Mechanisms/<M>/<M>Words.swift`); the switches below route to them, one line
/// each, so a new case is a compile error here until its words are routed. `CLMonitor`'s fields
/// are read with the regions' words (``MonitorWords``).
enum MechanismWords: CaseIterable {
    case liveUpdates, serviceSessions, regions, visits, bgTasks, transfers, audio, pushes, locationPushes, device, resources

    /// Its script actions, written as a bare word or as a mapping's key, in the order messages list them.
    var actionNames: [String] {
        switch self {
        case .liveUpdates: LiveUpdateWords.actionNames
        case .serviceSessions: ServiceSessionWords.actionNames
        case .regions: RegionWords.actionNames
        case .visits: VisitWords.actionNames
        case .bgTasks: BGTaskWords.actionNames
        case .transfers: TransferWords.actionNames
        case .audio: AudioWords.actionNames
        case .pushes: PushWords.actionNames
        case .locationPushes: LocationPushWords.actionNames
        case .device: []  // scenario verbs only
        case .resources: ResourceWords.actionNames
        }
    }

    /// Its actions written as a mapping, with the fields each takes besides its own key.
    var actionFields: [String: [String]] {
        switch self {
        case .liveUpdates: LiveUpdateWords.actionFields
        case .serviceSessions: ServiceSessionWords.actionFields
        case .regions: RegionWords.actionFields
        case .visits: [:]  // bare words only
        case .bgTasks: BGTaskWords.actionFields
        case .transfers: TransferWords.actionFields
        case .audio: AudioWords.actionFields
        case .pushes: PushWords.actionFields
        case .locationPushes: LocationPushWords.actionFields
        case .device: [:]
        case .resources: ResourceWords.actionFields
        }
    }

    /// The action a bare word stands for, or nil.
    func action(word: String) -> AppScript.Action? {
        switch self {
        case .liveUpdates: LiveUpdateWords.action(word: word)
        case .serviceSessions: ServiceSessionWords.action(word: word)
        case .regions: nil  // mappings only
        case .visits: VisitWords.action(word: word)
        case .bgTasks: BGTaskWords.action(word: word)
        case .transfers: TransferWords.action(word: word)
        case .audio: AudioWords.action(word: word)
        case .pushes: PushWords.action(word: word)
        case .locationPushes: LocationPushWords.action(word: word)
        case .device: nil
        case .resources: nil  // mappings only
        }
    }

    /// The action written as `{key: value, fields…}`; asked only for a key of ``actionFields``.
    func action(_ key: String, _ value: Yams.Node, fields: [String: Yams.Node], depth: Int,
                in reader: inout AppScriptReader) throws(ReplayError) -> AppScript.Action {
        switch self {
        case .liveUpdates: try LiveUpdateWords.action(key, value, fields: fields, depth: depth, in: &reader)
        case .serviceSessions: try ServiceSessionWords.action(key, value, fields: fields, depth: depth, in: &reader)
        case .regions: try RegionWords.action(key, value, fields: fields, depth: depth, in: &reader)
        case .bgTasks: try BGTaskWords.action(key, value, fields: fields, depth: depth, in: &reader)
        case .transfers: try TransferWords.action(key, value, fields: fields, depth: depth, in: &reader)
        case .audio: try AudioWords.action(key, value, fields: fields, depth: depth, in: &reader)
        case .pushes: try PushWords.action(key, value, fields: fields, depth: depth, in: &reader)
        case .locationPushes: try LocationPushWords.action(key, value, fields: fields, depth: depth, in: &reader)
        case .resources: try ResourceWords.action(key, value, fields: fields, depth: depth, in: &reader)
        case .visits, .device: throw reader.fail(key, "is not an action", value)  // no action written as a mapping
        }
    }

    /// Its scenario `do:` verbs, in the order messages list them.
    var verbs: [String] {
        switch self {
        case .bgTasks: BGTaskWords.verbs
        case .audio: AudioWords.verbs
        case .pushes: PushWords.verbs
        case .locationPushes: LocationPushWords.verbs
        case .device: DeviceWords.verbs
        case .liveUpdates, .serviceSessions, .regions, .visits, .transfers, .resources: []  // script actions only
        }
    }

    /// The scenario action `verb` stands for with `fields`, and the fields it allows besides
    /// `at` and `do`; nil when `verb` is not one of ``verbs``.
    func event(_ verb: String, fields: [String: Yams.Node], node: Yams.Node,
               in reader: some ScenarioNodeReader) throws(ReplayError) -> (action: SimScenarioEvent.Action, allowed: Set<String>)? {
        switch self {
        case .bgTasks: try BGTaskWords.event(verb, fields: fields, node: node, in: reader)
        case .audio: try AudioWords.event(verb, fields: fields, node: node, in: reader)
        case .pushes: try PushWords.event(verb, fields: fields, node: node, in: reader)
        case .locationPushes: try LocationPushWords.event(verb, fields: fields, node: node, in: reader)
        case .device: try DeviceWords.event(verb, fields: fields, node: node, in: reader)
        case .liveUpdates, .serviceSessions, .regions, .visits, .transfers, .resources: nil  // script actions only
        }
    }
}
