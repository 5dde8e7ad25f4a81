import ScenarioInput
import ScenarioRun
import Simulation

/// The picture's "regions" lane (§11), which regions, visits and `CLMonitor` conditions share:
/// when the device crossed a boundary, when the crossing counted, when the app heard of it or
/// why it was held; visits and the stays they close; failures and lost events.
struct RegionLanes {
    private var lane = PictureLane(name: "regions")

    /// The colour of a wake for a region, a visit or a CLMonitor event.
    static let wakeColor = LaneColor.teal

    mutating func read(_ event: SimEvent, _ picture: LaneContext) {
        let at = picture.x(event.time)
        switch event.detail {
        case .regions(.crossing(_, _, let crossedAt, let countedAt)):
            crossing(crossedAt: crossedAt, countedAt: countedAt, event, picture, .diamond, LaneColor.darkTeal, "reported", weight: 4)
        case .monitor(.delivered(_, let record)):
            crossing(crossedAt: record.crossedAt, countedAt: record.date, event, picture, .diamond, LaneColor.darkTeal, "reported", weight: 4)
        case .monitor(.held(_, let record, _)):
            crossing(crossedAt: record.crossedAt, countedAt: record.date, event, picture, .openDiamond, LaneColor.orange, "held", weight: 5)
        case .monitor, .regions(.start), .regions(.stop), .visits(.start), .visits(.stop):
            lane.mark(.tick, LaneColor.grey, "monitoring", weight: 1, at: at, title: picture.title(event))
        case .regions(.failure):
            lane.mark(.cross, LaneColor.red, "failed", weight: 6, at: at, title: picture.title(event))
        case .regions(.lost(_, _, let crossedAt, let countedAt, _)):
            crossing(crossedAt: crossedAt, countedAt: countedAt, event, picture, .cross, LaneColor.red, "lost", weight: 6)
        case .visits(.lost):
            lane.mark(.cross, LaneColor.red, "lost", weight: 6, at: at, title: picture.title(event))
        case .warning(.monitor(.unavailable)):
            lane.mark(.cross, LaneColor.grey, "not on this iOS", weight: 5, at: at, title: picture.title(event))
        case .visits(.visit(let visit)):
            if let arrival = visit.arrival, let departure = visit.departure {
                lane.span(.thin, "#b39ddb", "stay", from: picture.x(arrival), to: picture.x(departure), title: picture.title(event))
            }
            lane.mark(.square, LaneColor.violet, "visit", weight: 4, at: at, title: picture.title(event))
        default:
            break
        }
    }

    /// A crossing: when the device crossed the boundary, when it counted, and the mark of what
    /// became of it, joined by a line that is the delay.
    private mutating func crossing(crossedAt: Double?, countedAt: Double?, _ event: SimEvent, _ picture: LaneContext,
                                   _ glyph: PictureLane.Glyph, _ fill: String, _ legend: String, weight: Int) {
        let text = picture.title(event)
        if let crossedAt {
            lane.span(.line, LaneColor.lightTeal, nil, from: picture.x(crossedAt), to: picture.x(event.time), title: text)
            lane.mark(.ring, LaneColor.teal, "crossed", weight: 2, at: picture.x(crossedAt), title: text)
        }
        if let countedAt, crossedAt != nil { lane.mark(.tick, LaneColor.teal, "counted", weight: 3, at: picture.x(countedAt), title: text) }
        lane.mark(glyph, fill, legend, weight: weight, at: picture.x(event.time), title: text)
    }

    mutating func lanes(end: Double, _ picture: LaneContext) -> [PictureLane] {
        [lane]
    }
}
