/// How well a run met one goal: the fraction met, what was not covered, and every gap with
/// the cause that opened it and what closed it (spec §4 "Coverage").
public struct SimCoverage: Hashable, Sendable, Codable {
    /// The goal measured.
    public var goal: SimGoal
    /// Whether the run met it.
    public var met: Bool
    /// The fraction of what the goal counts that was covered, 0…1 (1 when nothing counted).
    public var fraction: Double
    /// Seconds the goal counts that were not covered (moving seconds without a fresh fix; time
    /// past the refresh interval).
    public var uncoveredSeconds: Double
    /// Metres travelled while not covered: the uncovered seconds' travel, not the gaps' spans
    /// (0 for goals that count no distance).
    public var uncoveredMetres: Double
    /// The longest gap in seconds, over its whole span (`to - from`; 0 when none).
    public var longestGapSeconds: Double
    /// Every gap, in order; at most ``maximumGaps`` are kept (the figures above count them all).
    public var gaps: [SimGap]
    /// How many gaps there were in all.
    public var gapCount: Int
    /// For a goal on events (crossings, visits): how many happened and were due by the run's
    /// end; `nil` for goals on time.
    public var eventCount: Int?
    /// For the job goal: how many of its jobs the user cancelled (reported, and counted as
    /// met, §4); `nil` for the other goals.
    public var cancelledByUser: Int?

    /// The most gaps a coverage keeps, so that a run's memory does not grow with the trip.
    public static let maximumGaps = 1_000

    public init(goal: SimGoal, met: Bool, fraction: Double, uncoveredSeconds: Double, uncoveredMetres: Double,
                longestGapSeconds: Double, gaps: [SimGap], gapCount: Int, eventCount: Int? = nil, cancelledByUser: Int? = nil) {
        self.goal = goal
        self.met = met
        self.fraction = fraction
        self.uncoveredSeconds = uncoveredSeconds
        self.uncoveredMetres = uncoveredMetres
        self.longestGapSeconds = longestGapSeconds
        self.gaps = gaps
        self.gapCount = gapCount
        self.eventCount = eventCount
        self.cancelledByUser = cancelledByUser
    }
}

/// A stretch of the trip that missed the goal.
///
/// For the location and significant-change goals (spec §4 "Where a gap starts and ends") a gap
/// runs from its anchor — the last fix delivered to running code before it, or the moment the
/// device moved again after standing still since — to the next fix, or the run's end: its span,
/// distance and map segment lie between those two points, and ``firstMissed`` says where the
/// goal's allowance ran out. For goals measured on events or fires it runs from the moment the
/// event became late or the fire was due, which is also its first missed moment.
public struct SimGap: Hashable, Sendable, Codable {
    /// Where it starts and ends, in seconds from the start (`to` is the run's end when not closed).
    public var from: Double
    public var to: Double
    /// The first second that missed the goal (`from` or later): for the location goals, the
    /// first moving second past the goal's allowance after the anchor ``from``.
    public var firstMissed: Double
    /// The seconds it counts as uncovered (moving seconds only, for location goals: never the
    /// allowance or still seconds).
    public var seconds: Double
    /// Metres travelled over its whole span, ``from`` to ``to`` (for the location goals the
    /// uncovered seconds' travel is ``SimCoverage/uncoveredMetres``, summed over the run).
    public var metres: Double
    /// What opened it, the nearest first (suspended because …, paused automatically, …); empty
    /// when the app ran and simply got no fix (a distance filter, no signal).
    public var causes: [SimCause]
    /// What closed it: the wake, relaunch or return to the app that let the goal be met again;
    /// `nil` when the app, running, got its fixes again by itself; see ``closed``.
    public var closedBy: SimCause?
    /// Whether it closed before the run ended.
    public var closed: Bool

    /// A gap; `firstMissed` is `from` when not given (a gap that misses from its start).
    public init(from: Double, firstMissed: Double? = nil, to: Double, seconds: Double, metres: Double, causes: [SimCause], closedBy: SimCause?, closed: Bool) {
        self.from = from
        self.firstMissed = firstMissed ?? from
        self.to = to
        self.seconds = seconds
        self.metres = metres
        self.causes = causes
        self.closedBy = closedBy
        self.closed = closed
    }

    private enum CodingKeys: String, CodingKey {
        case from, to, firstMissed, seconds, metres, causes, closedBy, closed
    }

    /// Decodes a gap; one encoded before ``firstMissed`` existed misses from its start.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let from = try container.decode(Double.self, forKey: .from)
        self.init(from: from, firstMissed: try container.decodeIfPresent(Double.self, forKey: .firstMissed),
                  to: try container.decode(Double.self, forKey: .to), seconds: try container.decode(Double.self, forKey: .seconds),
                  metres: try container.decode(Double.self, forKey: .metres), causes: try container.decode([SimCause].self, forKey: .causes),
                  closedBy: try container.decodeIfPresent(SimCause.self, forKey: .closedBy), closed: try container.decode(Bool.self, forKey: .closed))
    }
}

/// Gathers gaps for a meter: keeps the first ``SimCoverage/maximumGaps``, counts them all.
package struct GapLog: Sendable {
    package private(set) var gaps: [SimGap] = []
    package private(set) var count = 0
    package private(set) var longest = 0.0

    package init() {}

    package mutating func add(_ gap: SimGap) {
        count += 1
        longest = max(longest, gap.to - gap.from)
        if gaps.count < SimCoverage.maximumGaps { gaps.append(gap) }
    }
}
