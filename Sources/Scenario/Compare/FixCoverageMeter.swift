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
    private var coveredSeconds = 0
    private var uncoveredMetres = 0.0
    private var open: SimGap?
    private var openAfterFix = 0.0
    private(set) var gaps: [SimGap] = []
    /// For each kept gap, the time of the last fix before it.
    private(set) var lastFixBeforeGaps: [Double] = []
    private var gapCount = 0
    private var longest = 0.0
    /// Fixes judged, and fixes passed over because they were older than one before them.
    public private(set) var fixCount = 0
    public private(set) var outOfOrderFixes = 0

    public init(goal: LocationGoal, trajectory: Trajectory) {
        self.goal = goal
        self.trajectory = trajectory
        lastFix = trajectory.startTime
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
        let time = Double(second)
        // In a signal gap no app gets a fix: those seconds count for no goal, as in the model.
        guard let position = trajectory.position(at: time), position.speed >= goal.movingSpeed else { return }
        let speed = position.speed
        movingSeconds += 1
        movingSinceFix += 1
        metresSinceFix += speed
        let fresh = movingSinceFix <= goal.maximumFixAgeSeconds
        let near = goal.maximumMetresSinceFix.map { metresSinceFix <= $0 } ?? true
        if fresh, near {
            coveredSeconds += 1
            if var gap = open {
                gap.to = time
                gap.closed = true
                add(gap)
                open = nil
            }
            return
        }
        uncoveredMetres += speed
        if open == nil {
            open = SimGap(from: time, to: time, seconds: 0, metres: 0, causes: [], closedBy: nil, closed: false)
            openAfterFix = lastFix
        }
        open?.seconds += 1
        open?.metres += speed
    }

    private mutating func add(_ gap: SimGap) {
        gapCount += 1
        longest = max(longest, gap.to - gap.from)
        if gaps.count < SimCoverage.maximumGaps {
            gaps.append(gap)
            lastFixBeforeGaps.append(openAfterFix)
        }
    }

    /// The coverage over the whole trip (judging what is left of it).
    public mutating func coverage() -> SimCoverage {
        judge(until: trajectory.endTime)
        if var gap = open {
            gap.to = trajectory.endTime
            add(gap)
            open = nil
        }
        let fraction = movingSeconds == 0 ? 1 : Double(coveredSeconds) / Double(movingSeconds)
        return SimCoverage(
            goal: .location(goal), met: fraction >= goal.requiredFraction, fraction: fraction,
            uncoveredSeconds: Double(movingSeconds - coveredSeconds), uncoveredMetres: uncoveredMetres,
            longestGapSeconds: longest, gaps: gaps, gapCount: gapCount)
    }
}
