/// A run whose virtual time stopped advancing: work kept coming due at one instant (a reaction
/// loop: the app's code, or a mechanism, scheduling itself again at the same time for ever), so
/// the run was stopped there instead of hanging. A correct model never gets here.
public struct SimStall: Hashable, Sendable, Codable {
    /// When time stopped, in seconds from the start.
    public var at: Double
    /// How much work ran at that instant before the run was stopped.
    public var steps: Int
    /// What the loop did: the kinds of the events it emitted, in the order they first appeared
    /// (empty when it emitted none).
    public var eventKinds: [SimEvent.Kind]

    public init(at: Double, steps: Int, eventKinds: [SimEvent.Kind]) {
        self.at = at
        self.steps = steps
        self.eventKinds = eventKinds
    }
}
