/// A significant-change goal (spec §4 "Default goals"), for an app that runs significant
/// changes and no standard updates: while the user moves, a second is missed when the last fix
/// delivered to running code (or, before any, the moment the app left the screen) is more than
/// `maximumMetres` of travel *and* more than `maximumAgeSeconds` old. Apple's 500 m / 5 min is
/// the service's least spacing; the goal tolerates the field's wider one. [model]
public struct SignificantChangeGoal: Hashable, Sendable, Codable {
    /// The travel since the last fix past which a moving second may be missed, in metres (5 km).
    public var maximumMetres: Double
    /// The age of the last fix past which a moving second may be missed, in seconds (15 min).
    public var maximumAgeSeconds: Double
    /// The fraction of the moving seconds that must be covered (90 %).
    public var requiredFraction: Double
    /// The track speed from which a second counts as moving, in m/s (1, as the location goals).
    public var movingSpeed: Double

    public init(maximumMetres: Double = 5000, maximumAgeSeconds: Double = 900, requiredFraction: Double = 0.9, movingSpeed: Double = 1) {
        self.maximumMetres = maximumMetres
        self.maximumAgeSeconds = maximumAgeSeconds
        self.requiredFraction = requiredFraction
        self.movingSpeed = movingSpeed
    }
}

/// Measures a ``SignificantChangeGoal`` a second at a time as the run streams. Its gaps are
/// placed as the location goals' are (``AnchoredGaps``, spec §4 "Where a gap starts and ends"):
/// from the last fix before the first missed second to the next delivered fix, or the end.
@MainActor
final class SignificantChangeGoalMeter: SimGoalMeter {
    private let goal: SignificantChangeGoal
    private let trajectory: Trajectory
    private var cursor = 0
    private var trajectoryCursor = TrajectoryCursor()
    /// When the last fix reached running code, or the app left the screen before any; `nil`
    /// until the app first leaves the screen. The goal's age and travel count from here.
    private var lastFix: Double?
    private var metresSinceFix = 0.0
    private var delivered = false
    private var running = false
    private var stopCauses: [SimCause] = []
    private var serviceCause: SimCause?
    private var movingSeconds = 0
    private var gaps = AnchoredGaps(start: 0)

    init(_ goal: SignificantChangeGoal, trajectory: Trajectory) {
        self.goal = goal
        self.trajectory = trajectory
    }

    func receive(_ event: SimEvent) {
        judge(until: event.time)
        switch event.detail {
        case .stateChange(let from, let to, let cause):
            if to.isRunning, !running { gaps.appRan(at: event.time, by: cause) }
            running = to.isRunning
            if !to.isRunning { stopCauses = [cause] }
            if from.isForeground, !to.isForeground, !delivered, lastFix == nil { restart(at: event.time) }
        case .fix where event.kind == .fixDelivered:
            delivered = true
            restart(at: event.time)
            serviceCause = nil
        case .locationStop(.significantChanges, let cause):
            serviceCause = cause
        default:
            break
        }
    }

    private func restart(at time: Double) {
        lastFix = time
        metresSinceFix = 0
        gaps.fix(at: time)
    }

    /// Judges every whole second before `time`.
    private func judge(until time: Double) {
        let end = min(time, trajectory.endTime)
        while Double(cursor) < end {
            judge(second: cursor)
            cursor += 1
        }
    }

    private func judge(second: Int) {
        let time = Double(second)
        guard let lastFix, let speed = trajectory.speed(at: time, cursor: &trajectoryCursor) else { return }
        let moving = speed >= goal.movingSpeed
        if moving {
            movingSeconds += 1
            metresSinceFix += speed
        }
        let missed = metresSinceFix > goal.maximumMetres && time - lastFix > goal.maximumAgeSeconds
        gaps.judge(second: second, speed: speed, moving: moving, missed: missed) {
            AnchoredGaps.causes(running: running, stopCauses: stopCauses, serviceCause: serviceCause)
        }
    }

    var missedForCertain: Bool {
        gaps.missedForCertain(requiredFraction: goal.requiredFraction, duration: trajectory.duration)
    }

    func appStopped(causes: [SimCause]) {
        stopCauses = causes
    }

    func finish() {}

    func coverage(until end: Double) -> SimCoverage {
        judge(until: end)
        return gaps.coverage(of: .significantChanges(goal), movingSeconds: movingSeconds, requiredFraction: goal.requiredFraction,
                             endingAt: min(end, trajectory.endTime))
    }
}
