import ScenarioInput
import Simulation

/// A gap one side had at a second the other side covered.
public struct GapDivergence: Hashable, Sendable {
    /// The gap, as the side that had it judged it.
    public var gap: SimGap
    /// The first whole second in it that the other side covered.
    public var firstSecond: Double
}

/// The first second the device missed and the model did not, with the model's state then and
/// the conditions tried there.
public struct FirstDivergence: Hashable, Sendable {
    public var second: Double
    /// The device's last fix before its gap, in seconds from the start: where the conditions are tried.
    public var lastDeviceFix: Double
    /// The model's state at ``second``.
    public var model: ModelMoment
    /// Each §15 condition, in ``CompareCondition`` order, and whether it explains the divergence.
    public var conditions: [ConditionCheck]
}

/// The device's coverage of a trip beside the model's, both judged from fixes against the same
/// goal (``FixCoverageMeter``), and where they part.
public struct DeviceComparison: Sendable {
    public var track: String
    public var device: String
    public var goal: LocationGoal
    /// The device's recording, judged.
    public var deviceCoverage: SimCoverage
    /// The fixes the model's app received, judged by the same rule; each gap carries the causes
    /// of the run's own gap it overlaps.
    public var modelCoverage: SimCoverage
    /// The run's own answer to the goal (navigation also needs the app's code running).
    public var runCoverage: SimCoverage?
    /// The model's run, for its verdict.
    public var summary: SimSummary
    /// Fixes in the recording, those within the trip, and those passed over as older than one before them.
    public var deviceFixes: Int
    public var deviceFixesInTrip: Int
    public var outOfOrderDeviceFixes: Int
    /// Fixes the model's app received.
    public var modelFixes: Int
    /// (a) Gaps the device had that the model did not predict (in part or whole).
    public var unpredicted: [GapDivergence]
    /// (b) Gaps the model predicted that the device did not have: the model too strict.
    public var tooStrict: [GapDivergence]
    /// The first of (a), examined; `nil` when the model predicted every gap of the device.
    public var first: FirstDivergence?
    /// The profiles × conditions asked for, each replayed whole and judged, in plan order.
    public var cells: [CellComparison] = []
    /// The trip, as replayed: the picture draws it.
    public var trajectory: Trajectory
    /// When each side had fixes (the device's recorded, the model's delivered), for the picture.
    public var deviceFixTimes: FixBins
    public var modelFixTimes: FixBins
    /// Where the recording's fixes lie, for the picture's map.
    public var deviceExtent: RecordingExtent

    /// Whether the device and the model part anywhere.
    public var diverged: Bool { !unpredicted.isEmpty || !tooStrict.isEmpty }

    /// The gaps of `gaps` with a second that `other` covers, each with the first such second.
    /// Both lists are in order and disjoint; a gap misses the whole seconds
    /// ``missed(_:)`` gives (from its first missed second, not its anchor: the seconds between
    /// are within the goal's allowance, covered on both sides).
    public static func divergences(_ gaps: [SimGap], against other: [SimGap]) -> [GapDivergence] {
        var result: [GapDivergence] = []
        var index = 0
        for gap in gaps {
            let span = missed(gap)
            while index < other.count, missed(other[index]).upperBound <= span.lowerBound { index += 1 }
            var point = span.lowerBound
            var scan = index
            while scan < other.count, missed(other[scan]).lowerBound <= point, point < span.upperBound {
                point = max(point, missed(other[scan]).upperBound)
                scan += 1
            }
            // The other side's gaps end where it was met again; its next second is judged covered.
            if point < span.upperBound { result.append(GapDivergence(gap: gap, firstSecond: point)) }
        }
        return result
    }

    /// Whether the whole second `time` is one that `gaps` missed.
    public static func uncovered(_ time: Double, in gaps: [SimGap]) -> Bool {
        gaps.contains { missed($0).contains(time) }
    }

    /// The whole seconds a gap misses: from its first missed second up to the first second
    /// judged after it closed (a fix at 0:01:40.3 closes it for the second from 0:01:41).
    static func missed(_ gap: SimGap) -> Range<Double> {
        gap.firstMissed..<max(gap.to.rounded(.up), gap.firstMissed + 1)
    }
}
