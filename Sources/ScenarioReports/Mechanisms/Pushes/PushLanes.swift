import ScenarioInput
import ScenarioRun
import Simulation

/// The pushes lane (§14): a mark for each silent push, VoIP push or background fetch delivered,
/// held or dropped, and for the app's completion handler and reported calls.
struct PushLanes {
    private var lane = PictureLane(name: "pushes")

    /// The colour of a wake for a push or a background fetch.
    static let wakeColor = LaneColor.purple

    mutating func read(_ event: SimEvent, _ picture: LaneContext) {
        guard case .pushes(let push) = event.detail else { return }
        let x = picture.x(event.time), title = picture.title(event)
        switch push {
        case .delivered(let kind):
            lane.mark(.dot, LaneColor.purple, "\(Prose.text(kind)) delivered", weight: 2, at: x, title: title)
        case .held(let kind), .waitsForLowPowerMode(let kind):
            lane.mark(.ring, LaneColor.orange, "\(Prose.text(kind)) held", weight: 3, at: x, title: title)
        case .dropped(let kind, _):
            lane.mark(.cross, LaneColor.red, "\(Prose.text(kind)) dropped", weight: 4, at: x, title: title)
        case .completed:
            lane.mark(.tick, "#ab47bc", "handled", weight: 0, at: x, title: title)
        case .callReported:
            lane.mark(.tick, "#2e7d32", "call reported", weight: 1, at: x, title: title)
        }
    }

    mutating func lanes(end: Double, _ picture: LaneContext) -> [PictureLane] { [lane] }
}
