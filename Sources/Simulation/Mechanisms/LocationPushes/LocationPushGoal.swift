/// A location-push goal (§4, §16): every `location` push answered with a location — the
/// extension got one and called its completion block before it was terminated. [model]
public struct LocationPushGoal: Hashable, Sendable, Codable {
    /// The fraction of the location pushes that must be answered (default: all).
    public var requiredFraction: Double

    public init(requiredFraction: Double = 1) {
        self.requiredFraction = requiredFraction
    }
}

/// Measures a ``LocationPushGoal``: each push sent (run or dropped) counts; one not answered
/// is a gap of no length at its arrival, with why.
@MainActor
final class LocationPushGoalMeter: SimGoalMeter {
    private let goal: LocationPushGoal
    private var pushes = 0
    private var answered = 0
    /// The pushes whose extension runs, by number: when each arrived, and whether its location was unavailable.
    private var pending: [Int: (time: Double, unavailable: Bool)] = [:]
    private var gaps = GapLog()

    init(_ goal: LocationPushGoal) {
        self.goal = goal
    }

    func receive(_ event: SimEvent) {
        guard case .locationPushes(let push) = event.detail else { return }
        switch push {
        case .arrived(let number):
            pushes += 1
            pending[number] = (event.time, false)
        case .dropped(_, let reason):
            pushes += 1
            gaps.add(Self.gap(at: event.time, .dropped(reason)))
        case .locationUnavailable(let number):
            pending[number]?.unavailable = true
        case .completed(let number, let located):
            guard let start = pending.removeValue(forKey: number) else { return }
            if located {
                answered += 1
            } else {
                gaps.add(Self.gap(at: start.time, start.unavailable ? .locationUnavailable : .completedWithoutLocation))
            }
        case .terminated(let number):
            guard let start = pending.removeValue(forKey: number) else { return }
            gaps.add(Self.gap(at: start.time, .timedOut))
        case .monitoringStarted, .monitoringFailed, .monitoringStopped, .locationRequested, .located, .willTerminate:
            break
        }
    }

    /// A push not answered is a gap of no length at its arrival.
    private static func gap(at time: Double, _ cause: LocationPushCause) -> SimGap {
        SimGap(from: time, to: time, seconds: 0, metres: 0, causes: [.locationPushes(cause)], closedBy: nil, closed: true)
    }

    /// With every push required, the first one not answered misses the goal.
    var missedForCertain: Bool { goal.requiredFraction >= 1 && gaps.count > 0 }

    func finish() {}

    func coverage(until end: Double) -> SimCoverage {
        var log = gaps
        for start in pending.values.sorted(by: { $0.time < $1.time }) { log.add(Self.gap(at: start.time, .runEnded)) }
        let fraction = pushes == 0 ? 1 : Double(answered) / Double(pushes)
        return SimCoverage(goal: .locationPushes(goal), met: fraction >= goal.requiredFraction, fraction: fraction, uncoveredSeconds: 0,
                           uncoveredMetres: 0, longestGapSeconds: 0, gaps: log.gaps, gapCount: log.count, eventCount: pushes)
    }
}
