import ScenarioInput
import ScenarioRun
import Simulation

/// Words for the app's own timers in the background (§9) and their timer goal (§4).
extension Prose {
    static func text(_ event: TimerEvent, at time: Double) -> String {
        switch event {
        case .late(let due, _):
            "the app's timer due at \(Formatting.clock(due)) fires \(Formatting.duration(time - due)) late: the app was suspended"
        case .neverRan(let due, _):
            "the app's timer due at \(Formatting.clock(due)) never fires: the app was suspended, and its process ended first"
        case .onTime(let count):
            "\(count) fire\(count == 1 ? "" : "s") of the app's timers due in the background ran on time"
        }
    }

    /// What the timer goal asks.
    static func text(_ goal: TimerGoal) -> String {
        "each fire of the app's timers due in the background within \(Formatting.duration(goal.onTimeSeconds)) of its date, or its tolerance (\(percent(goal.requiredFraction)) of them)"
    }

    /// "Goal timer missed: 3 of 5 fires due in the background ran on time (60 %)".
    static func timerAnswer(_ coverage: SimCoverage, _ answer: String) -> String {
        let fires = coverage.eventCount ?? 0
        if fires == 0 { return "\(answer): no fire of the app's timers was due in the background" }
        return "\(answer): \(fires - coverage.gapCount) of \(fires) fire\(fires == 1 ? "" : "s") due in the background ran on time (\(percent(coverage.fraction)))"
    }

    /// "0:05:00–0:12:10, a fire 7 min 10 s late: …".
    static func timerGap(_ gap: SimGap, why: String, end: String) -> String {
        "\(Formatting.clock(gap.from))–\(Formatting.clock(gap.to)), a timer's fire \(Formatting.duration(gap.seconds)) late: \(why); \(end)"
    }
}
