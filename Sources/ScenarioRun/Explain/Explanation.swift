import ScenarioInput
import Simulation

/// What `--explain` found: the smallest sets of changes that give the app what it needs.
public struct Explanation: Hashable, Sendable {
    /// A set of changes, the lifecycle verdict with them made, and what they cost.
    public struct Fix: Hashable, Sendable {
        /// The changes, made together.
        public var changes: [ExplainChange]
        /// The lifecycle verdict with them made (a fix judged by the goal may still be suspended between wakes).
        public var verdict: SimVerdict
        /// What the app costs with them made, measured on the whole replay.
        public var cost: ExplainCost?

        /// A set of changes, its verdict and its cost.
        public init(changes: [ExplainChange], verdict: SimVerdict, cost: ExplainCost? = nil) {
            self.changes = changes
            self.verdict = verdict
            self.cost = cost
        }
    }

    /// The smallest sets of changes that meet the goals (or keep the app alive, for a run
    /// without goals): every single change that does, or when none does, every pair; the
    /// cheapest first; empty when neither does (or nothing needed fixing).
    public var fixes: [Fix]
    /// The changes tried one at a time, in order.
    public var candidates: [ExplainChange]
    /// How many replays the explanation took (the fixes' whole replays and the original's included).
    public var replays: Int
    /// The most changes tried together (0 when nothing needed fixing).
    public var largestSetTried: Int
    /// Whether fixes were judged by the run's goals (else by the lifecycle verdict).
    public var judgedByGoal: Bool
    /// What the app as it is costs, for the fixes' relative energy.
    public var originalCost: ExplainCost?

    public init(fixes: [Fix], candidates: [ExplainChange], replays: Int, largestSetTried: Int,
                judgedByGoal: Bool = false, originalCost: ExplainCost? = nil) {
        self.fixes = fixes
        self.candidates = candidates
        self.replays = replays
        self.largestSetTried = largestSetTried
        self.judgedByGoal = judgedByGoal
        self.originalCost = originalCost
    }
}
