import ScenarioInput
import ScenarioRun
import Simulation

/// Words for the significant-change goal (§3, §4).
extension Prose {
    /// What the significant-change goal asks.
    static func text(_ goal: SignificantChangeGoal) -> String {
        "while moving, a fix no more than \(distance(goal.maximumMetres)) of travel or \(Formatting.duration(goal.maximumAgeSeconds)) old (\(percent(goal.requiredFraction)) of the moving time)"
    }
}
