import ScenarioInput
import ScenarioRun
import Simulation

/// The location-push lane (§16): each push's extension as a bar from its arrival to its end,
/// with marks for a push dropped, answered with a location, or terminated.
struct LocationPushLanes {
    private var lane = PictureLane(name: "location pushes")
    /// Extensions running, by push: when each started, and its tooltip.
    private var open: [Int: (start: Double, title: String)] = [:]

    mutating func read(_ event: SimEvent, _ picture: LaneContext) {
        guard case .locationPushes(let push) = event.detail else { return }
        let x = picture.x(event.time), title = picture.title(event)
        switch push {
        case .arrived(let number):
            open[number] = (event.time, title)
        case .dropped:
            lane.mark(.cross, LaneColor.red, "location push dropped", weight: 4, at: x, title: title)
        case .completed(let number, let located):
            close(number, at: event.time, picture)
            lane.mark(located ? .dot : .ring, located ? "#2e7d32" : LaneColor.orange,
                      located ? "answered with a location" : "answered without a location", weight: located ? 1 : 3, at: x, title: title)
        case .terminated(let number):
            close(number, at: event.time, picture)
            lane.mark(.cross, LaneColor.red, "extension terminated", weight: 5, at: x, title: title)
        case .monitoringStarted, .monitoringFailed, .monitoringStopped, .locationRequested, .located, .locationUnavailable, .willTerminate:
            break
        }
    }

    mutating func lanes(end: Double, _ picture: LaneContext) -> [PictureLane] {
        for number in open.keys.sorted() { close(number, at: end, picture) }
        return [lane]
    }

    private mutating func close(_ number: Int, at time: Double, _ picture: LaneContext) {
        guard let span = open.removeValue(forKey: number) else { return }
        lane.span(.bar, LaneColor.indigo, "extension runs", from: picture.x(span.start), to: picture.x(time), title: picture.range(span.start, time, span.title))
    }
}
