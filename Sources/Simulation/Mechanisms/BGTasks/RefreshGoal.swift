/// A refresh goal (spec §4 "Default goals"): the app runs in the background (a
/// `BGAppRefreshTask`, or a background fetch) at least every `intervalSeconds` of the trip, the
/// first within that time of leaving the screen. Being on screen counts as fresh. [model]
public struct RefreshGoal: Hashable, Sendable, Codable {
    /// The longest the app may go without a background run, in seconds (default 6 h).
    public var intervalSeconds: Double

    public init(intervalSeconds: Double = 21_600) {
        self.intervalSeconds = intervalSeconds
    }
}

/// Measures a ``RefreshGoal``: the stretches in the background longer than the interval
/// without a run are its gaps.
@MainActor
final class RefreshGoalMeter: SimGoalMeter {
    private let goal: RefreshGoal
    /// Since when the app is fresh: its last run, or when it left the screen; `nil` on screen.
    private var freshSince: Double?
    private var measuredFrom: Double?
    private var stopCauses: [SimCause] = []
    /// The app's state now: a run's event comes before the wake it causes, so the closer is
    /// told from the state the run finds (suspended: a wake; not running: a launch).
    private var state = SimAppState.notRunning
    private var reopenedBy: SimCause?
    private var uncovered = 0.0
    private var gaps = GapLog()

    init(_ goal: RefreshGoal) {
        self.goal = goal
    }

    func receive(_ event: SimEvent) {
        switch event.detail {
        case .stateChange(let from, let to, let cause):
            state = to
            if to.isRunning, !from.isRunning { reopenedBy = cause }
            if !to.isRunning { stopCauses = [cause] }
            if to.isForeground {
                ranAt(event.time, closedBy: cause)
                freshSince = nil
            } else if from.isForeground, to == .background {
                measuredFrom = measuredFrom ?? event.time
                freshSince = event.time
            }
        case .bgTasks(.launch(let record, _, _)) where record.kind == .appRefresh:
            ranAt(event.time, closedBy: closer(for: record.kind.wakeReason))
        case .pushes(.delivered(.fetch)):
            ranAt(event.time, closedBy: closer(for: SimPushKind.fetch.wakeReason))
        default:
            break
        }
    }

    /// What brought the app to a run for `reason`: the wake or launch it needs, or what it was
    /// already running for.
    private func closer(for reason: SimWakeReason?) -> SimCause? {
        guard let reason, !state.isRunning else { return reopenedBy }
        return state == .notRunning ? .systemLaunch(reason) : .systemWake(reason)
    }

    /// A run (or the screen) at `time`: a wait longer than the interval before it was a gap.
    private func ranAt(_ time: Double, closedBy: SimCause?) {
        if let since = freshSince { close(since: since, at: time, closedBy: closedBy, closed: true) }
        freshSince = freshSince == nil ? nil : time
    }

    private func close(since: Double, at time: Double, closedBy: SimCause?, closed: Bool) {
        let due = since + goal.intervalSeconds
        guard time > due else { return }
        uncovered += time - due
        gaps.add(SimGap(from: due, to: time, seconds: time - due, metres: 0, causes: stopCauses,
                        closedBy: closed ? closedBy : nil, closed: closed))
    }

    /// Any gap misses the goal.
    var missedForCertain: Bool { gaps.count > 0 }

    func appStopped(causes: [SimCause]) {
        stopCauses = causes
    }

    func finish() {}

    func coverage(until end: Double) -> SimCoverage {
        var log = gaps
        var uncovered = self.uncovered
        if let since = freshSince, end > since + goal.intervalSeconds {
            let due = since + goal.intervalSeconds
            uncovered += end - due
            log.add(SimGap(from: due, to: end, seconds: end - due, metres: 0, causes: stopCauses, closedBy: nil, closed: false))
        }
        let span = measuredFrom.map { end - $0 } ?? 0
        let fraction = span > 0 ? max(0, 1 - uncovered / span) : 1
        return SimCoverage(goal: .bgTasks(goal), met: log.count == 0, fraction: fraction, uncoveredSeconds: uncovered,
                           uncoveredMetres: 0, longestGapSeconds: log.longest, gaps: log.gaps, gapCount: log.count)
    }
}
