import ScenarioInput
import ScenarioRun
import Simulation

/// The BGTasks lane (§12): each request pending (dashed) from its submit to its launch, each task
/// running from its launch to its completion, failure or the end of its process; marks for
/// submits, refusals, deferrals, expirations and completions.
struct BGTaskLanes {
    private var lane = PictureLane(name: "BGTasks")
    private var pending: [String: (start: Double, title: String)] = [:]
    private var running: [String: (start: Double, title: String)] = [:]
    private var wasRunning = false

    /// The colour of a wake for a BGTask, and of BGTasks holding the app.
    static let wakeColor = LaneColor.orange, holdColor = LaneColor.orange

    /// Whether this cause of the app's end is BGTaskScheduler's own rule (the wakes lane's ✕).
    static func endedTheApp(_ cause: BGTaskCause) -> Bool {
        if case .assertionTimeout = cause { true } else { false }
    }

    mutating func read(_ event: SimEvent, _ picture: LaneContext) {
        let t = event.time
        if wasRunning, !event.state.isRunning {
            for identifier in running.keys.sorted() { closeRunning(identifier, at: t, picture) }
        }
        wasRunning = event.state.isRunning
        let title = { picture.title(event) }
        let x = picture.x(t)
        switch event.detail {
        case .bgTasks(.submit(let task, _, _, _)):
            closePending(task.identifier, at: t, picture)
            pending[task.identifier] = (t, title())
            lane.mark(.openDiamond, "#546e7a", "submitted", weight: 1, at: x, title: title())
        case .bgTasks(.continuedSubmit(let task, _, _, let queued, _)):
            closePending(task.identifier, at: t, picture)
            if queued { pending[task.identifier] = (t, title()) }
            lane.mark(.openDiamond, "#546e7a", "submitted", weight: 1, at: x, title: title())
        case .bgTasks(.cancel(let identifier)):
            closePending(identifier, at: t, picture)
            lane.mark(.cross, LaneColor.grey, "cancelled", weight: 2, at: x, title: title())
        case .bgTasks(.submitFailed), .bgTasks(.register(_, accepted: false)):
            lane.mark(.cross, LaneColor.red, "refused", weight: 6, at: x, title: title())
        case .bgTasks(.deferred):
            lane.mark(.tick, LaneColor.grey, "deferred", weight: 0, at: x, title: title())
        case .bgTasks(.launch(let task, _, _)):
            closePending(task.identifier, at: t, picture)
            closeRunning(task.identifier, at: t, picture)
            running[task.identifier] = (t, title())
            lane.mark(.dot, LaneColor.orange, "launched", weight: 3, at: x, title: title())
        case .bgTasks(.expiration):
            lane.mark(.down, "#d84315", "expires", weight: 4, at: x, title: title())
        case .bgTasks(.complete(let task, let success, _)):
            closeRunning(task.identifier, at: t, picture)
            lane.mark(.tick, success ? "#2e7d32" : LaneColor.orange, success ? "completed" : "completed (success: false)", weight: 2, at: x, title: title())
        case .bgTasks(.failed(let task)):
            closeRunning(task.identifier, at: t, picture)
            lane.mark(.cross, LaneColor.red, "failed", weight: 5, at: x, title: title())
        case .warning(.bgTasks(.schedulerUnavailable)), .warning(.bgTasks(.continuedProcessingUnavailable)):
            lane.mark(.cross, LaneColor.grey, "not on this iOS", weight: 5, at: x, title: title())
        default:
            break
        }
    }

    mutating func lanes(end: Double, _ picture: LaneContext) -> [PictureLane] {
        for identifier in pending.keys.sorted() { closePending(identifier, at: end, picture) }
        for identifier in running.keys.sorted() { closeRunning(identifier, at: end, picture) }
        return [lane]
    }

    private mutating func closePending(_ identifier: String, at time: Double, _ picture: LaneContext) {
        guard let open = pending.removeValue(forKey: identifier) else { return }
        lane.span(.dashed, LaneColor.grey, "pending", from: picture.x(open.start), to: picture.x(time), title: picture.range(open.start, time, open.title))
    }

    private mutating func closeRunning(_ identifier: String, at time: Double, _ picture: LaneContext) {
        guard let open = running.removeValue(forKey: identifier) else { return }
        lane.span(.bar, LaneColor.orange, "runs", from: picture.x(open.start), to: picture.x(time), title: picture.range(open.start, time, open.title))
    }
}
