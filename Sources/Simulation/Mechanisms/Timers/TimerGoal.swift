/// A timer goal (spec §4 "Default goals"): each fire of the app's own timers due while it is in
/// the background runs within `onTimeSeconds` of its date (or the timer's tolerance, if more);
/// fires due on screen do not count. Met when at least `requiredFraction` of them are on time. [model]
public struct TimerGoal: Hashable, Sendable, Codable {
    /// The most a fire may run after its date and still be on time, in seconds (default 1 s).
    public var onTimeSeconds: Double
    /// The fraction of the fires that must be on time (default 99 %).
    public var requiredFraction: Double

    public init(onTimeSeconds: Double = 1, requiredFraction: Double = 0.99) {
        self.onTimeSeconds = onTimeSeconds
        self.requiredFraction = requiredFraction
    }
}

/// Measures a ``TimerGoal`` from the timer events: each late fire is a gap from its date to its
/// run (closed by what brought the app to run), each fire that never ran a gap from its date to
/// the end; the on-time fires are counted at the run's end.
@MainActor
final class TimerGoalMeter: SimGoalMeter {
    private let goal: TimerGoal
    private var onTime = 0
    private var late = 0
    private var uncovered = 0.0
    private var running = false
    private var stopCauses: [SimCause] = []
    private var reopenedBy: SimCause?
    private var gaps = GapLog()
    /// Fires that never ran: gaps to the end, known only then (their dates, up to the gaps kept).
    private var neverRan: [(due: Double, causes: [SimCause])] = []
    private var neverRanCount = 0
    private var neverRanDueSum = 0.0

    init(_ goal: TimerGoal) {
        self.goal = goal
    }

    func receive(_ event: SimEvent) {
        switch event.detail {
        case .stateChange(_, let to, let cause):
            if to.isRunning, !running { reopenedBy = cause }
            running = to.isRunning
            if !to.isRunning { stopCauses = [cause] }
        case .timers(.late(let due, let tolerance)):
            guard event.time - due > max(goal.onTimeSeconds, tolerance) else {
                onTime += 1
                return
            }
            late += 1
            uncovered += event.time - due
            gaps.add(SimGap(from: due, to: event.time, seconds: event.time - due, metres: 0, causes: stopCauses,
                            closedBy: reopenedBy, closed: true))
        case .timers(.neverRan(let due, _)):
            neverRanCount += 1
            neverRanDueSum += due
            if neverRan.count < SimCoverage.maximumGaps { neverRan.append((due, stopCauses)) }
        case .timers(.onTime(let count)):
            onTime += count
        default:
            break
        }
    }

    func appStopped(causes: [SimCause]) {
        stopCauses = causes
    }

    func finish() {}

    func coverage(until end: Double) -> SimCoverage {
        var log = gaps
        for fire in neverRan {
            log.add(SimGap(from: fire.due, to: end, seconds: end - fire.due, metres: 0, causes: fire.causes, closedBy: nil, closed: false))
        }
        let fires = onTime + late + neverRanCount
        let fraction = fires == 0 ? 1 : Double(onTime) / Double(fires)
        return SimCoverage(goal: .timers(goal), met: fraction >= goal.requiredFraction, fraction: fraction,
                           uncoveredSeconds: uncovered + Double(neverRanCount) * end - neverRanDueSum, uncoveredMetres: 0,
                           longestGapSeconds: log.longest, gaps: log.gaps, gapCount: late + neverRanCount, eventCount: fires)
    }
}
