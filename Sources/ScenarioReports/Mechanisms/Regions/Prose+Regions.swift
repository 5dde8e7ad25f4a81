import ScenarioInput
import ScenarioRun
import Simulation

// MARK: Regions (§11)

extension Prose {
    /// A region event as the timeline's line; `time` is when it was logged.
    static func text(_ event: RegionEvent, at time: Double) -> String {
        switch event {
        case .start(let region):
            return "startMonitoring(for: \"\(region.identifier)\"): \(number(region.radius)) m around \(Formatting.fixed(region.latitude, 5)), \(Formatting.fixed(region.longitude, 5))"
        case .stop(let region):
            return "stopMonitoring(for: \"\(region.identifier)\")"
        case .failure(let region, let error):
            let why = error == .regionMonitoringFailure
                ? "an app may monitor at most 20 regions"
                : "region monitoring needs location authorization with precise location"
            return "monitoringDidFailFor \"\(region.identifier)\": \(error) (\(why))"
        case .crossing(let region, let entered, let crossedAt, let qualifiedAt):
            let callback = entered ? "didEnterRegion" : "didExitRegion"
            return "\(callback) \"\(region.identifier)\": the device crossed the boundary at \(Formatting.clock(crossedAt)), the crossing counted at \(Formatting.clock(qualifiedAt)) (far enough past it, long enough), reported \(Formatting.duration(max(0, time - qualifiedAt))) later"
        case .lost(let region, let entered, let crossedAt, _, let cause):
            let why = cause.map(text) ?? "the app does not run"
            return "the \(entered ? "entry into" : "exit from") region \"\(region.identifier)\" (crossed at \(Formatting.clock(crossedAt))) is lost: \(why)"
        }
    }

    static func text(_ warning: RegionWarning) -> String {
        switch warning {
        case .eventNotDelivered(let identifier, let status):
            "the event of region \"\(identifier)\" is lost: the app does not run, and iOS wakes or relaunches it for regions and visits only with Always (it is \(status))"
        }
    }

    static func text(_ reason: RegionWakeReason) -> String {
        switch reason {
        case .entry: "a region entry"
        case .exit: "a region exit"
        }
    }
}

extension Prose {
    /// What the geofence goal asks of regions.
    static func regionGoalText(_ goal: EventLatencyGoal) -> String { "each region crossing in the app's code \(latency(goal))" }
}
