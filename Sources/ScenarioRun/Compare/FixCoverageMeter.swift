import ScenarioInput
import Simulation

/// Judges a location goal from fixes alone, as a recording shows them: every whole moving second
/// of the trip is covered when the newest fix is at most the goal's age old (in moving seconds)
/// and, for tracking, at most its distance behind. The rule is ``LocationGoalMeter``'s for a
/// recording (tracking), fed with the fixes' own times; so the device's file and the model's
/// delivered fixes are judged alike, and their answers are the same type (``SimCoverage``).
///
/// The trip's start counts as a fix, as the model's launch does. Memory is flat: a few numbers
/// and the gaps, up to ``SimCoverage/maximumGaps``.
public struct FixCoverageMeter: Sendable {
    public let goal: LocationGoal
    public let trajectory: Trajectory
    /// The next second to judge.
    private var cursor = 0
    private var lastFix: Double
    private var movingSinceFix = 0.0
    private var metresSinceFix = 0.0
    private var movingSeconds = 0
    /// The gaps, anchored at the last fix before each as the model's are (spec §4).
    private var gaps: AnchoredGaps
    /// For each kept gap, the time of the last fix before it (its anchor, unless the device
    /// stood still since).
    private(set) var lastFixBeforeGaps: [Double] = []
    /// Fixes judged, and fixes passed over because they were older than one before them.
    public private(set) var fixCount = 0
    public private(set) var outOfOrderFixes = 0

    public init(goal: LocationGoal, trajectory: Trajectory) {
        self.goal = goal
        self.trajectory = trajectory
        lastFix = trajectory.startTime
        gaps = AnchoredGaps(start: trajectory.startTime)
    }

    /// A fix taken at `time`, seconds from the start; fixes come in time order (an older one is counted and passed over).
    public mutating func add(fixAt time: Double) {
        guard time >= lastFix else {
            outOfOrderFixes += 1
            return
        }
        judge(until: time)
        fixCount += 1
        lastFix = time
        movingSinceFix = 0
        metresSinceFix = 0
        gaps.fix(at: time)
    }

    /// Whether the goal judges this whole second: the user moves, and there is signal.
    public func judges(second: Int) -> Bool {
        guard let position = trajectory.position(at: Double(second)) else { return false }
        return position.speed >= goal.movingSpeed
    }

    private mutating func judge(until time: Double) {
        let end = min(time, trajectory.endTime)
        while Double(cursor) < end {
            judge(second: cursor)
            cursor += 1
        }
    }

    private mutating func judge(second: Int) {
        // In a signal gap no app gets a fix: those seconds count for no goal, as in the model.
        guard let position = trajectory.position(at: Double(second)) else { return }
        let speed = position.speed
        let moving = speed >= goal.movingSpeed
        if moving {
            movingSeconds += 1
            movingSinceFix += 1
            metresSinceFix += speed
        }
        let fresh = movingSinceFix <= goal.maximumFixAgeSeconds
        let near = goal.maximumMetresSinceFix.map { metresSinceFix <= $0 } ?? true
        let opened = gaps.judge(second: second, speed: speed, moving: moving, missed: !(fresh && near)) { [] }
        if opened, lastFixBeforeGaps.count < SimCoverage.maximumGaps { lastFixBeforeGaps.append(lastFix) }
    }

    /// The coverage over the whole trip (judging what is left of it).
    public mutating func coverage() -> SimCoverage {
        judge(until: trajectory.endTime)
        return gaps.coverage(of: .location(goal), movingSeconds: movingSeconds, requiredFraction: goal.requiredFraction,
                             endingAt: trajectory.endTime)
    }
}
