import ScenarioInput
import ScenarioRun
import Simulation

/// The transfers lane: each download from its resume to the moment it finishes or is cancelled
/// (dashed while a discretionary one waits for the system to start it); marks for its end, the
/// events reaching the app and its completion handler.
struct TransferLanes {
    private var lane = PictureLane(name: "transfers")

    /// The colour of a wake for finished transfers.
    static let wakeColor = LaneColor.teal
    /// Transfers under way, by task identifier: when resumed, when the system starts them, the tooltip.
    private var open: [Int: (resumed: Double, starts: Double, title: String)] = [:]

    mutating func read(_ event: SimEvent, _ picture: LaneContext) {
        guard case .transfers(let transfer) = event.detail else { return }
        let x = picture.x(event.time), title = picture.title(event)
        switch transfer {
        case .start(let record, _, _, let startsAt, _):
            open[record.id] = (event.time, startsAt, title)
        case .finish(let record):
            close(record.id, at: event.time, picture)
            lane.mark(.dot, LaneColor.purple, "finished", weight: 2, at: x, title: title)
        case .deliver:
            lane.mark(.tick, "#2e7d32", "heard by the app", weight: 1, at: x, title: title)
        case .events, .completion:
            lane.mark(.tick, "#ab47bc", "session events", weight: 0, at: x, title: title)
        case .cancel(let record):
            close(record.id, at: event.time, picture)
            lane.mark(.cross, LaneColor.red, "cancelled", weight: 5, at: x, title: title)
        case .waits:
            lane.mark(.tick, LaneColor.grey, "waits", weight: 0, at: x, title: title)
        case .begins(let record, _):
            open[record.id]?.starts = event.time
        case .resumeDelay:
            break
        }
    }

    mutating func lanes(end: Double, _ picture: LaneContext) -> [PictureLane] {
        for identifier in open.keys.sorted() { close(identifier, at: end, picture) }
        return [lane]
    }

    private mutating func close(_ identifier: Int, at time: Double, _ picture: LaneContext) {
        guard let span = open.removeValue(forKey: identifier) else { return }
        let starts = min(span.starts, time)
        if starts > span.resumed {
            lane.span(.dashed, LaneColor.grey, "waits (discretionary)", from: picture.x(span.resumed), to: picture.x(starts), title: span.title)
        }
        lane.span(.bar, LaneColor.purple, "transfers", from: picture.x(starts), to: picture.x(time), title: picture.range(starts, time, span.title))
    }
}
