import ScenarioInput
import ScenarioRun
import Simulation

/// The picture's "location sessions" lane (§10), which live updates, background activity
/// sessions and service sessions share: while updates flow (a thin span, closed when they stop,
/// the device is still or the app is terminated), when they resume, diagnostics, and the
/// sessions' changes.
struct LiveUpdateLanes {
    private var lane = PictureLane(name: "location sessions")
    /// Updates flowing since, with the tooltip.
    private var flowing: (start: Double, title: String)?

    /// The colour of a wake for live updates, and of live updates holding the app.
    static let wakeColor = LaneColor.teal, holdColor = LaneColor.teal

    mutating func read(_ event: SimEvent, _ picture: LaneContext) {
        let t = event.time
        if event.state == .terminated { closeFlow(at: t, picture) }
        switch event.detail {
        case .liveUpdates(let live):
            switch live {
            case .started, .resumed:
                if flowing == nil { flowing = (t, picture.title(event)) }
                if case .resumed = live { lane.mark(.up, LaneColor.teal, "moving again", weight: 3, at: picture.x(t), title: picture.title(event)) }
            case .stopped:
                closeFlow(at: t, picture)
            case .stationary:
                closeFlow(at: t, picture)
                lane.mark(.square, LaneColor.orange, "still", weight: 3, at: picture.x(t), title: picture.title(event))
            case .diagnostic:
                lane.mark(.diamond, "#d84315", "diagnostic", weight: 4, at: picture.x(t), title: picture.title(event))
            case .sessionBegan, .sessionRejoined, .sessionEnded:
                lane.mark(.tick, LaneColor.grey, "session", weight: 1, at: picture.x(t), title: picture.title(event))
            }
        case .serviceSessions(.diagnostics(_, let diagnostics)) where !diagnostics.isEmpty:
            lane.mark(.diamond, "#d84315", "diagnostic", weight: 4, at: picture.x(t), title: picture.title(event))
        case .serviceSessions:
            lane.mark(.tick, LaneColor.grey, "session", weight: 1, at: picture.x(t), title: picture.title(event))
        case .warning(.liveUpdates(.unavailable)), .warning(.serviceSessions(.unavailable)):
            lane.mark(.cross, LaneColor.grey, "not on this iOS", weight: 5, at: picture.x(t), title: picture.title(event))
        default:
            break
        }
    }

    mutating func lanes(end: Double, _ picture: LaneContext) -> [PictureLane] {
        closeFlow(at: end, picture)
        return [lane]
    }

    private mutating func closeFlow(at time: Double, _ picture: LaneContext) {
        guard let open = flowing else { return }
        lane.span(.thin, LaneColor.lightTeal, "updates flow", from: picture.x(open.start), to: picture.x(time), title: picture.range(open.start, time, open.title))
        flowing = nil
    }
}
