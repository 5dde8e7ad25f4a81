import ScenarioInput
import ScenarioRun
import Simulation

/// The phone's lane (§15): Low Power Mode, heat (serious or critical) and charging as spans, and
/// marks for what happened to the device and what it did to the app — Low Power Mode's offer, a
/// restart or an OS update, the first unlock, an App Store update, and background location
/// updates stopped by Low Power Mode. Drawn from the run's events: a whole-run setting (the
/// phone in Low Power Mode from the start) is the run's header's, not a span.
struct DeviceLanes {
    private var lane = PictureLane(name: "phone")
    private var lowPower: (start: Double, title: String)?
    private var hot: (start: Double, title: String)?
    private var charging: (start: Double, title: String)?

    private static let amber = "#f9a825", hotColor = "#e64a19", chargingColor = "#9ccc65"

    mutating func read(_ event: SimEvent, _ picture: LaneContext) {
        let t = event.time
        let title = { picture.title(event) }
        switch event.detail {
        case .scenario(.device(let note)):
            switch note {
            case .lowPowerMode(let on):
                Self.close(&lowPower, into: &lane, at: t, Self.amber, "Low Power Mode", picture)
                if on { lowPower = (t, title()) }
            case .thermalState(let state):
                Self.close(&hot, into: &lane, at: t, Self.hotColor, "hot (serious or critical)", picture)
                if state >= .serious { hot = (t, title()) }
            case .charging(let on):
                Self.close(&charging, into: &lane, at: t, Self.chargingColor, "charging", picture, shape: .thin)
                if on { charging = (t, title()) }
            case .lowPowerModeOffered:
                lane.mark(.ring, Self.amber, "Low Power Mode offered", weight: 1, at: picture.x(t), title: title())
            case .restarted:
                lane.mark(.cross, LaneColor.grey, "restarted", weight: 3, at: picture.x(t), title: title())
            case .firstUnlock:
                lane.mark(.up, LaneColor.teal, "first unlock", weight: 2, at: picture.x(t), title: title())
            case .appUpdated:
                lane.mark(.square, LaneColor.violet, "app updated", weight: 3, at: picture.x(t), title: title())
            case .autoLocked:
                lane.mark(.down, Self.amber, "auto-lock (Low Power Mode)", weight: 1, at: picture.x(t), title: title())
            case .lowPowerModeEndedByCharging:
                break  // the Low Power Mode span's end, logged next
            case .battery, .backgroundAppRefreshSwitched:
                break
            }
        case .locationStop(_, .device(.lowPowerMode)):
            lane.mark(.down, LaneColor.red, "location stopped by Low Power Mode", weight: 2, at: picture.x(t), title: title())
        default:
            break
        }
    }

    mutating func lanes(end: Double, _ picture: LaneContext) -> [PictureLane] {
        Self.close(&lowPower, into: &lane, at: end, Self.amber, "Low Power Mode", picture)
        Self.close(&hot, into: &lane, at: end, Self.hotColor, "hot (serious or critical)", picture)
        Self.close(&charging, into: &lane, at: end, Self.chargingColor, "charging", picture, shape: .thin)
        return [lane]
    }

    /// Draws an open span up to `time` and closes it.
    private static func close(_ open: inout (start: Double, title: String)?, into lane: inout PictureLane, at time: Double,
                              _ color: String, _ label: String, _ picture: LaneContext, shape: PictureLane.Shape = .bar) {
        guard let span = open else { return }
        lane.span(shape, color, label, from: picture.x(span.start), to: picture.x(time), title: picture.range(span.start, time, span.title))
        open = nil
    }
}
