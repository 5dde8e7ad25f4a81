import ScenarioInput
import Simulation

extension Prose {
    /// The summary's fix count and longest stretch without one (Docs/Model.md §4, "The delivery
    /// check"): "Delivered 76 fixes; longest gap between them 2 min 42 s", "Delivered 12 fixes;
    /// longest gap 30 min, from the last to the end of the trip", "Delivered 0 fixes; longest gap
    /// between them none". A stretch that a fix bounds on one side only says which.
    public static func deliveries(_ summary: SimSummary) -> String {
        let count = summary.deliveredUpdates
        let head = "Delivered \(count) fix\(count == 1 ? "" : "es"); longest gap"
        guard let seconds = summary.longestDeliveryGapSeconds else { return head + " between them none" }
        let time = Formatting.duration(seconds)
        switch summary.longestDeliveryGapPlace {
        // nil: a summary written before the place was kept.
        case .betweenFixes, nil: return head + " between them " + time
        case .beforeFirstFix: return head + " \(time), from the start of the trip to " + (count == 1 ? "it" : "the first")
        case .afterLastFix: return head + " \(time), from " + (count == 1 ? "it" : "the last") + " to the end of the trip"
        }
    }

    /// The longest stretch without a fix for a table cell: "2 min 42 s", "30 min, after the last
    /// fix", "5 min, before the first fix"; "—" with no fix.
    public static func shortDeliveryGap(_ summary: SimSummary) -> String {
        guard let seconds = summary.longestDeliveryGapSeconds else { return "—" }
        let time = Formatting.duration(seconds)
        switch summary.longestDeliveryGapPlace {
        case .beforeFirstFix: return time + ", before the first fix"
        case .afterLastFix: return time + ", after the last fix"
        case .betweenFixes, nil: return time
        }
    }
}
