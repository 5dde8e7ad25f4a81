/// A call goal (spec §4 "Default goals"): every VoIP push reaches the app and is reported to
/// CallKit as a call before its handler returns (iOS 13+ kills an app that does not). [model]
public struct CallGoal: Hashable, Sendable, Codable {
    /// The fraction of the VoIP pushes that must be reported (default: all).
    public var requiredFraction: Double

    public init(requiredFraction: Double = 1) {
        self.requiredFraction = requiredFraction
    }
}

/// Measures a ``CallGoal``: each VoIP push sent (delivered or dropped) counts; one not reported
/// is a gap at its time, with why.
@MainActor
final class CallGoalMeter: SimGoalMeter {
    private let goal: CallGoal
    private var pushes = 0
    private var reported = 0
    /// When the VoIP push being handled was delivered, until it is reported or settled.
    private var pending: Double?
    private var gaps = GapLog()

    init(_ goal: CallGoal) {
        self.goal = goal
    }

    func receive(_ event: SimEvent) {
        switch event.detail {
        case .pushes(.delivered(.voip)):
            settle()
            pushes += 1
            pending = event.time
        case .pushes(.callReported):
            guard pending != nil else { return }
            reported += 1
            pending = nil
        case .pushes(.dropped(.voip, let reason)):
            settle()
            pushes += 1
            gaps.add(Self.gap(at: event.time, .pushes(.dropped(reason))))
        case .crash(.pushes(.voipWithoutCall)):
            guard let time = pending else { return }
            gaps.add(Self.gap(at: time, .crash(.pushes(.voipWithoutCall))))
            pending = nil
        default:
            break
        }
    }

    /// A push handled without a report and without a kill (before iOS 13) is settled when the
    /// next push comes, or at the end.
    private func settle() {
        guard let time = pending else { return }
        gaps.add(Self.gap(at: time, .pushes(.callNotReported)))
        pending = nil
    }

    /// A push not reported is a gap of no length at its time.
    private static func gap(at time: Double, _ cause: SimCause) -> SimGap {
        SimGap(from: time, to: time, seconds: 0, metres: 0, causes: [cause], closedBy: nil, closed: true)
    }

    /// A push's cause is its own (the kill, the drop), not the app's stop.
    func appStopped(causes: [SimCause]) {}

    /// With every push required, the first one not reported misses the goal.
    var missedForCertain: Bool { goal.requiredFraction >= 1 && gaps.count > 0 }

    func finish() {}

    func coverage(until end: Double) -> SimCoverage {
        var log = gaps
        if let time = pending { log.add(Self.gap(at: time, .pushes(.callNotReported))) }
        let fraction = pushes == 0 ? 1 : Double(reported) / Double(pushes)
        return SimCoverage(goal: .pushes(goal), met: fraction >= goal.requiredFraction, fraction: fraction, uncoveredSeconds: 0,
                           uncoveredMetres: 0, longestGapSeconds: 0, gaps: log.gaps, gapCount: log.count, eventCount: pushes)
    }
}
