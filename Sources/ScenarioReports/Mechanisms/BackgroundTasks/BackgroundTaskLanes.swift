import ScenarioInput
import ScenarioRun
import Simulation

/// The UIKit background tasks lane (§2): each `beginBackgroundTask` (◇, its number in the
/// tooltip), the task open (a thin bar) until `endBackgroundTask` (|) or the end of its process,
/// and each expiration handler run (▼). Tasks open together share the bar; each begin keeps its
/// mark, drawn over an expiry or end of the same pixel (the second task of a chain).
struct BackgroundTaskLanes {
    private var lane = PictureLane(name: "background tasks")
    private var open: [Int: (start: Double, title: String)] = [:]
    private var wasRunning = false

    static let color = "#1e88e5"

    mutating func read(_ event: SimEvent, _ picture: LaneContext) {
        let t = event.time
        if wasRunning, !event.state.isRunning {
            for id in open.keys.sorted() { close(id, at: t, picture) }
        }
        wasRunning = event.state.isRunning
        let x = picture.x(t)
        switch event.detail {
        case .taskBegin(let task, _):
            close(task.id, at: t, picture)
            open[task.id] = (t, picture.title(event))
            // On top: a task begun in an expiration handler shares the expiry's pixel, and must show.
            lane.markOnTop(.openDiamond, Self.color, "begin", at: x, title: picture.title(event))
        case .taskEnd(let task, _):
            close(task.id, at: t, picture)
            lane.mark(.tick, "#2e7d32", "end", weight: 1, at: x, title: picture.title(event))
        case .taskExpiration:
            lane.mark(.down, LaneColor.orange, "expiration handler", weight: 3, at: x, title: picture.title(event))
        default:
            break
        }
    }

    mutating func lanes(end: Double, _ picture: LaneContext) -> [PictureLane] {
        for id in open.keys.sorted() { close(id, at: end, picture) }
        return [lane]
    }

    private mutating func close(_ id: Int, at time: Double, _ picture: LaneContext) {
        guard let task = open.removeValue(forKey: id) else { return }
        lane.span(.thin, Self.color, "open", from: picture.x(task.start), to: picture.x(time), title: picture.range(task.start, time, task.title))
    }
}
