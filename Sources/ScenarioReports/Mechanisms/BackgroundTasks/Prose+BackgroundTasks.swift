import ScenarioInput
import ScenarioRun
import Simulation

/// Words for UIKit background tasks (§2) and their finish-work goal (§4).
extension Prose {
    /// What the finish-work goal asks.
    static func text(_ goal: FinishWorkGoal) -> String {
        "every background task ended by the app before its expiration handler runs"
            + (goal.allowedMisses > 0 ? " (all but \(goal.allowedMisses))" : "")
    }

    /// "Goal finish-work missed: 1 of 2 background tasks ended by the app before their expiration handler."
    static func finishWorkHeadline(_ coverage: SimCoverage) -> String {
        let head = goalAnswer(coverage)
        let tasks = coverage.eventCount ?? 0
        if tasks == 0 { return head + ": the app began no background task." }
        return head + ": \(tasks - coverage.gapCount) of \(tasks) background task\(tasks == 1 ? "" : "s") ended by the app before \(tasks == 1 ? "its" : "their") expiration handler."
    }

    /// A task that missed: "0:12:30, a background task not finished in time: …".
    static func finishWorkGap(_ gap: SimGap, why: String) -> String {
        "\(Formatting.clock(gap.from)), a background task not finished in time: \(why)"
    }

    /// A background task cause in words.
    static func text(_ cause: BackgroundTaskCause) -> String {
        switch cause {
        case .endedInHandler(let task): "#\(task.id) \"\(task.name)\" was ended only in its expiration handler: its work did not finish within the background time"
        case .openAfterHandler(let task): "#\(task.id) \"\(task.name)\" was still open after its expiration handler ran"
        }
    }

    /// A background task cause's name, as JSON writes it.
    static func name(_ cause: BackgroundTaskCause) -> String {
        switch cause {
        case .endedInHandler: "taskEndedInHandler"
        case .openAfterHandler: "taskOpenAfterHandler"
        }
    }
}
