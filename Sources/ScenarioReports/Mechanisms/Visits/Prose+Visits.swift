import ScenarioInput
import ScenarioRun
import Simulation

// MARK: Visits (§11)

extension Prose {
    /// A visit event as the timeline's line.
    static func text(_ event: VisitEvent) -> String {
        switch event {
        case .start: return "startMonitoringVisits"
        case .stop: return "stopMonitoringVisits"
        case .visit(let visit):
            let arrival = visit.arrival.map(Formatting.clock) ?? "unknown"
            guard let departure = visit.departure else { return "didVisit: arrival at \(arrival) (no departure yet)" }
            return "didVisit: departure at \(Formatting.clock(departure)) (arrived \(arrival))"
        case .lost(let visit, let cause):
            let what = visit.departure.map { "departure at \(Formatting.clock($0))" } ?? "arrival at \(visit.arrival.map(Formatting.clock) ?? "unknown")"
            return "the visit's \(what) is lost: \(cause.map(text) ?? "the app does not run")"
        }
    }

    static func text(_ warning: VisitWarning) -> String {
        switch warning {
        case .eventNotDelivered(let status):
            "a visit is lost: the app does not run, and iOS wakes or relaunches it for regions and visits only with Always (it is \(status))"
        }
    }

    static func text(_ reason: VisitWakeReason) -> String {
        switch reason {
        case .visit: "a visit"
        }
    }
}

extension Prose {
    /// What the visit goal asks.
    static func visitGoalText(_ goal: EventLatencyGoal) -> String { "each visit in the app's code \(latency(goal))" }
}
