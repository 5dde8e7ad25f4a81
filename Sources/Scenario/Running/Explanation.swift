import Simulation

/// Why a replay's app did not stay alive, and the smallest changes that would have kept it alive.
public struct Explanation: Hashable, Sendable {
    /// A set of changes and the verdict of the replay with them made.
    public struct Fix: Hashable, Sendable {
        /// The changes, made together.
        public var changes: [ExplainChange]
        /// The verdict with them made.
        public var verdict: SimVerdict

        /// A set of changes and its verdict.
        public init(changes: [ExplainChange], verdict: SimVerdict) {
            self.changes = changes
            self.verdict = verdict
        }
    }

    /// The smallest sets of changes that keep the app alive: every single change that does, or
    /// when none does, every pair; empty when neither does (or the app stayed alive).
    public var fixes: [Fix]
    /// The changes tried one at a time, in order.
    public var candidates: [ExplainChange]
    /// How many replays the explanation took.
    public var replays: Int
    /// The most changes tried together (0 when the app stayed alive and nothing was tried).
    public var largestSetTried: Int
}
