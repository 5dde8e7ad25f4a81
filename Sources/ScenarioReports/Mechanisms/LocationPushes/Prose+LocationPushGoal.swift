import ScenarioInput
import ScenarioRun
import Simulation

/// The location-push goal in words (§4, §16).
extension Prose {
    /// "every location push answered with a location before the extension is terminated (100 % of them)".
    static func text(_ goal: LocationPushGoal) -> String {
        "every location push answered with a location before the extension is terminated (\(percent(goal.requiredFraction)) of them)"
    }

    /// Counts pushes, not time: "Goal location-push missed: 1 of 2 location pushes answered with a
    /// location (50 %)."; "… met: no location push arrived." when there was none.
    static func locationPushHeadline(_ coverage: SimCoverage) -> String {
        let head = goalAnswer(coverage)
        let pushes = coverage.eventCount ?? 0
        if pushes == 0 { return head + ": no location push arrived." }
        let answered = pushes - coverage.gapCount
        return head + ": \(answered) of \(pushes) location push\(pushes == 1 ? "" : "es") answered with a location (\(percent(coverage.fraction)))."
    }

    /// "0:03:00, a location push not answered: the extension did not call …".
    static func locationPushGap(_ gap: SimGap, why: String) -> String {
        "\(Formatting.clock(gap.from)), a location push not answered: \(why)"
    }
}
