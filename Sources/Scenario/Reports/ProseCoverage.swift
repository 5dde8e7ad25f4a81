import Simulation

/// The answer to "did my app get what it needed on this trip?" in words (spec §4): the goal,
/// met or missed, its coverage and every gap with its cause and what closed it.
extension Prose {
    /// A goal's name, as `--goal` and JSON write it: `navigation`, `tracking`, `refresh`.
    public static func name(_ goal: SimGoal) -> String {
        switch goal {
        case .location(let goal): goal.kind.rawValue
        case .bgTasks: "refresh"
        }
    }

    /// What the goal asks, in a phrase: "a fix at most 5 s old at every moving second (99 %)".
    public static func text(_ goal: SimGoal) -> String {
        switch goal {
        case .location(let goal) where goal.maximumMetresSinceFix != nil:
            "no stretch over \(Formatting.duration(goal.maximumFixAgeSeconds)) or \(number(goal.maximumMetresSinceFix ?? 0)) m without a fix while moving (\(percent(goal.requiredFraction)) of the moving time)"
        case .location(let goal):
            "a fix at most \(Formatting.duration(goal.maximumFixAgeSeconds)) old at every moving second (\(percent(goal.requiredFraction)) of the moving time)"
        case .bgTasks(let goal):
            "a background run at least every \(Formatting.duration(goal.intervalSeconds))"
        }
    }

    /// The headline: "Goal navigation met: 100 % of the moving time covered." or "Goal tracking
    /// missed: 81.4 % of the moving time covered; 12 min 3 s (4.1 km) not; 2 gaps, the longest 9 min 12 s."
    public static func headline(_ coverage: SimCoverage) -> String {
        let goal = name(coverage.goal)
        let what: String = switch coverage.goal {
        case .location: "of the moving time covered"
        case .bgTasks: "of the time in the background covered"
        }
        var text = "Goal \(goal) \(coverage.met ? "met" : "missed"): \(percent(coverage.fraction)) \(what)"
        if coverage.gapCount > 0 {
            let metres = coverage.uncoveredMetres > 0 ? " (\(distance(coverage.uncoveredMetres)))" : ""
            text += "; \(Formatting.duration(coverage.uncoveredSeconds))\(metres) not"
            text += "; \(coverage.gapCount) gap\(coverage.gapCount == 1 ? "" : "s")"
            if coverage.gapCount > 1 { text += ", the longest \(Formatting.duration(coverage.longestGapSeconds))" }
        }
        return text + "."
    }

    /// The gap lines a text answer shows per goal; the rest are counted ("… and 12 more").
    public static let gapLinesShown = 10

    /// The answer's lines: each goal's headline and its gaps; none when no goal was measured.
    public static func answer(_ summary: SimSummary) -> [String] {
        summary.coverage.flatMap { coverage in
            [headline(coverage)]
                + coverage.gaps.prefix(gapLinesShown).map { "  gap " + gap($0) }
                + (coverage.gapCount > gapLinesShown ? ["  … and \(coverage.gapCount - gapLinesShown) more gaps"] : [])
        }
    }

    /// One gap: "0:25:01–0:42:55, 4 min 12 s moving (1.2 km): suspended: nothing keeps … ; closed
    /// by a relaunch for a region exit".
    public static func gap(_ gap: SimGap) -> String {
        let metres = gap.metres > 0 ? " (\(distance(gap.metres)))" : ""
        let why = gapCause(gap.causes)
        let end = gap.closed ? "closed: \(gap.closedBy.map(text) ?? "fixes came again")" : "not closed before the end"
        return "\(Formatting.clock(gap.from))–\(Formatting.clock(gap.to)), \(Formatting.duration(gap.seconds)) uncovered\(metres): \(why); \(end)"
    }

    /// What opened a gap, in words; with no cause, the app ran and got no fix.
    public static func gapCause(_ causes: [SimCause]) -> String {
        reason(causes) ?? noFixReached + " (updates not started, or fixes came less often than the goal needs)"
    }

    /// What opened a gap in a few words, for a table cell: the nearest cause alone.
    public static func shortGapCause(_ causes: [SimCause]) -> String {
        causes.first.map(text) ?? noFixReached
    }

    private static let noFixReached = "the app ran but no fix reached it"

    /// 0.9962 → "99.6 %"; exactly 1 → "100 %".
    static func percent(_ fraction: Double) -> String {
        let value = (fraction * 1000).rounded(.down) / 10
        return value == value.rounded() ? "\(Int(value)) %" : "\(Formatting.fixed(value, 1)) %"
    }

    /// Metres as "350 m" or "4.1 km".
    static func distance(_ metres: Double) -> String {
        metres < 1000 ? "\(Int(metres.rounded())) m" : "\(Formatting.fixed(metres / 1000, 1)) km"
    }
}
