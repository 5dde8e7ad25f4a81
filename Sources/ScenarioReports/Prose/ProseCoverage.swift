import ScenarioInput
import ScenarioRun
import Simulation

/// The answer to "did my app get what it needed on this trip?" in words (spec §4): the goal,
/// met or missed, its coverage and every gap with its cause and what closed it.
extension Prose {
    /// What the goal asks, in a phrase: "a fix at most 5 s old at every moving second (99 %)".
    public static func text(_ goal: SimGoal) -> String {
        switch goal {
        case .location(let goal) where goal.maximumMetresSinceFix != nil:
            "no stretch over \(Formatting.duration(goal.maximumFixAgeSeconds)) or \(number(goal.maximumMetresSinceFix ?? 0)) m without a fix while moving (\(percent(goal.requiredFraction)) of the moving time)"
        case .location(let goal):
            "a fix at most \(Formatting.duration(goal.maximumFixAgeSeconds)) old at every moving second (\(percent(goal.requiredFraction)) of the moving time)"
        case .bgTasks(let goal): text(goal)
        case .regions(let goal): regionGoalText(goal)
        case .monitor(let goal): monitorGoalText(goal)
        case .visits(let goal): visitGoalText(goal)
        case .audio(let goal): text(goal)
        case .pushes(let goal): text(goal)
        case .backgroundTasks(let goal): text(goal)
        case .timers(let goal): text(goal)
        case .significantChanges(let goal): text(goal)
        case .continuedProcessing(let goal): text(goal)
        case .locationPushes(let goal): text(goal)
        }
    }

    /// "within 5 min of it happening and before the user has travelled 2.0 km past it" (§4: late
    /// at whichever comes first).
    static func latency(_ goal: EventLatencyGoal) -> String {
        "within \(Formatting.duration(goal.latencySeconds)) of it happening and before the user has travelled \(distance(goal.travelMetres)) past it"
    }

    /// The headline: "Goal navigation met: 100 % of the moving time covered." or "Goal tracking
    /// missed: 81.4 % of the moving time covered; 12 min 3 s (4.1 km) not; 2 gaps, the longest 9 min 12 s."
    public static func headline(_ coverage: SimCoverage) -> String {
        let answer = goalAnswer(coverage)
        var text: String
        switch coverage.goal {
        case .location: text = "\(answer): \(percent(coverage.fraction)) of the moving time covered"
        case .bgTasks: text = "\(answer): \(percent(coverage.fraction)) of the time in the background covered"
        case .audio: text = "\(answer): \(percent(coverage.fraction)) of the time since playback began covered"
        case .regions, .monitor: text = eventsAnswer(coverage, answer, noun: "crossing", watched: "a region")
        case .visits: text = eventsAnswer(coverage, answer, noun: "visit", watched: "visits")
        case .pushes: return callHeadline(coverage)
        case .backgroundTasks: return finishWorkHeadline(coverage)
        case .continuedProcessing: return jobHeadline(coverage)
        case .locationPushes: return locationPushHeadline(coverage)
        case .timers: text = timerAnswer(coverage, answer)
        case .significantChanges: text = "\(answer): \(percent(coverage.fraction)) of the moving time covered"
        }
        if coverage.gapCount > 0 {
            let metres = coverage.uncoveredMetres > 0 ? " (\(distance(coverage.uncoveredMetres)))" : ""
            text += "; \(Formatting.duration(coverage.uncoveredSeconds))\(metres) not"
            text += "; \(coverage.gapCount) gap\(coverage.gapCount == 1 ? "" : "s")"
            if coverage.gapCount > 1 { text += ", the longest \(Formatting.duration(coverage.longestGapSeconds))" }
        }
        return text + "."
    }

    /// "Goal tracking met", or "Goal tracking (10 min / 1.0 km, 90 %) met" when the goal's numbers
    /// are not the spec's for its kind: a headline never reads as the defaults it did not use.
    static func goalAnswer(_ coverage: SimCoverage) -> String {
        "Goal \(name(coverage.goal))\(statedNumbers(coverage.goal).map { " (\($0))" } ?? "") \(coverage.met ? "met" : "missed")"
    }

    /// A goal's numbers in short, or `nil` when they are the defaults of its kind (``ReplayGoal/goal``).
    static func statedNumbers(_ goal: SimGoal) -> String? {
        switch goal {
        case .location(let goal):
            guard goal != (goal.kind == .navigation ? LocationGoal.navigation() : LocationGoal.tracking()) else { return nil }
            let age = Formatting.duration(goal.maximumFixAgeSeconds)
            return "\(goal.maximumMetresSinceFix.map { "\(age) / \(distance($0))" } ?? age), \(percent(goal.requiredFraction))"
        case .bgTasks(let goal): return goal == RefreshGoal() ? nil : "every \(Formatting.duration(goal.intervalSeconds))"
        case .regions(let goal), .monitor(let goal), .visits(let goal):
            return goal == EventLatencyGoal() ? nil : "\(Formatting.duration(goal.latencySeconds)) / \(distance(goal.travelMetres))"
        case .audio(let goal): return goal == AudioGoal() ? nil : "again within \(Formatting.duration(goal.resumeWithinSeconds))"
        case .pushes(let goal): return goal == CallGoal() ? nil : percent(goal.requiredFraction)
        case .backgroundTasks(let goal): return goal == FinishWorkGoal() ? nil : "at most \(goal.allowedMisses) missed"
        case .timers(let goal):
            return goal == TimerGoal() ? nil : "\(Formatting.duration(goal.onTimeSeconds)), \(percent(goal.requiredFraction))"
        case .significantChanges(let goal):
            guard goal != SignificantChangeGoal() else { return nil }
            return "\(Formatting.duration(goal.maximumAgeSeconds)) / \(distance(goal.maximumMetres)), \(percent(goal.requiredFraction))"
        case .continuedProcessing(let goal): return goal == JobGoal() ? nil : percent(goal.requiredFraction)
        case .locationPushes(let goal): return goal == LocationPushGoal() ? nil : percent(goal.requiredFraction)
        }
    }

    /// A goal over crossings or visits counts them: "1 of 2 crossings reached the app in time";
    /// none that happened, or none the app watched for, said so.
    private static func eventsAnswer(_ coverage: SimCoverage, _ answer: String, noun: String, watched: String) -> String {
        let events = coverage.eventCount ?? 0
        guard events > 0 else {
            return coverage.met ? "\(answer): no \(noun) happened on this trip (nothing to reach the app)"
                                : "\(answer): the app never watched \(watched) on this trip (nothing could reach it)"
        }
        return "\(answer): \(events - coverage.gapCount) of \(events) \(noun)\(events == 1 ? "" : "s") reached the app in time"
    }

    /// A call goal counts pushes, not time: "Goal call missed: 0 of 5 VoIP pushes reported to
    /// CallKit (0 %)."; "Goal call met: no VoIP push arrived." when there was none.
    private static func callHeadline(_ coverage: SimCoverage) -> String {
        let head = goalAnswer(coverage)
        let pushes = coverage.eventCount ?? 0
        if pushes == 0 { return head + ": no VoIP push arrived." }
        let reported = pushes - coverage.gapCount
        return head + ": \(reported) of \(pushes) VoIP push\(pushes == 1 ? "" : "es") reported to CallKit (\(percent(coverage.fraction)))."
    }

    /// The gap lines a text answer shows per goal; the rest are counted ("… and 12 more").
    public static let gapLinesShown = 10

    /// The answer's lines: each goal's headline and its gaps; none when no goal was measured.
    public static func answer(_ summary: SimSummary) -> [String] {
        var lines: [String] = []
        for coverage in summary.coverage {
            lines.append(headline(coverage))
            for shown in coverage.gaps.prefix(gapLinesShown) { lines.append("  gap " + gap(shown, of: coverage.goal)) }
            if coverage.gapCount > gapLinesShown { lines.append("  … and \(coverage.gapCount - gapLinesShown) more gaps") }
        }
        return lines
    }

    /// One gap of `goal`. A location goal's runs from its anchor (the last fix) to its end, with
    /// the travel between, then the seconds missed from where the allowance ran out:
    /// "0:25:01–0:42:55 (14.3 km), 17 min 49 s uncovered from 0:25:06: suspended: nothing keeps …;
    /// closed: a relaunch for a region exit". A crossing's: "0:44:32–0:50:02, 5 min 30 s uncovered (462 m): …".
    /// A stretch without playback reads "0:35:05–0:41:40, 6 min 35 s without playback: …; closed:
    /// playback resumed"; a VoIP push not reported, "0:03:00, a VoIP push not reported as a call: killed: …".
    public static func gap(_ gap: SimGap, of goal: SimGoal) -> String {
        let why = (reason(gap.causes) ?? noCause(goal)) + fixNote(gap.causes)
        func end() -> String { gap.closed ? "closed: \(gapEnd(gap, of: goal))" : gapEnd(gap, of: goal) }
        let span = "\(Formatting.clock(gap.from))–\(Formatting.clock(gap.to))"
        let metres = gap.metres > 0 ? " (\(distance(gap.metres)))" : ""
        // One case a goal: a goal counted in events says which one; one counted in time, the span.
        switch goal {
        case .pushes: return "\(Formatting.clock(gap.from)), a VoIP push not reported as a call: \(why)"
        case .backgroundTasks: return finishWorkGap(gap, why: why)
        case .continuedProcessing: return jobGap(gap, why: why)
        case .locationPushes: return locationPushGap(gap, why: why)
        case .timers: return timerGap(gap, why: why, end: end())
        case .audio:
            return "\(span), \(Formatting.duration(gap.seconds)) without playback: \(why); \(end())"
        case .location, .significantChanges:
            // Anchored gaps (§4): the span's travel beside the span, the missed seconds after.
            return "\(span)\(metres), \(Formatting.duration(gap.seconds)) uncovered from \(Formatting.clock(gap.firstMissed)): \(why); \(end())"
        case .bgTasks, .regions, .monitor, .visits:
            return "\(span), \(Formatting.duration(gap.seconds)) uncovered\(metres): \(why); \(end())"
        }
    }

    /// The configuration fix for a gap's root cause, as `--explain` names it: "; fix (--explain
    /// tries it): UIBackgroundModes includes location"; empty when the root is no configuration.
    static func fixNote(_ causes: [SimCause]) -> String {
        ExplainChange.fixing(causes).map { "; fix (--explain tries it): \(text($0))" } ?? ""
    }

    /// A gap with no cause: the app ran and simply did not get what the goal needs.
    private static func noCause(_ goal: SimGoal) -> String {
        switch goal {
        case .location: "the app ran but no fix reached it (updates not started, or fixes came less often than the goal needs)"
        case .bgTasks: "no background run came"
        case .regions, .monitor, .visits: "the event came later than the goal allows"
        case .audio: "playback stopped"
        case .pushes: "not reported"
        case .backgroundTasks: "its expiration handler ran"
        case .timers: "the app did not run when the fire was due"
        case .significantChanges: "no significant change reached the app's code (changes came further apart than the goal allows)"
        case .continuedProcessing: "the job did not complete"
        case .locationPushes: "not answered with a location"
        }
    }

    /// What closed a gap that no wake or launch closed.
    private static func selfClosed(_ goal: SimGoal) -> String {
        switch goal {
        case .location: "fixes came again"
        case .bgTasks: "a background run came"
        case .regions, .monitor, .visits: "the event reached the app"
        case .audio: "playback resumed"
        case .pushes: "a call was reported"
        case .backgroundTasks: "the task ended"
        case .timers: "the fire ran"
        case .significantChanges: "a fix reached the app"
        case .continuedProcessing: "the job ended"
        case .locationPushes: "the push was answered"
        }
    }

    /// What ended a gap of `goal`: the wake or launch, what came again by itself, or "not
    /// closed before the end".
    public static func gapEnd(_ gap: SimGap, of goal: SimGoal) -> String {
        gap.closed ? gap.closedBy.map(text) ?? selfClosed(goal) : "not closed before the end"
    }

    /// What opened a gap of `goal`, in words.
    public static func gapCause(_ causes: [SimCause], of goal: SimGoal) -> String {
        reason(causes) ?? noCause(goal)
    }

    /// What opened a gap in a few words, for a table cell: the nearest cause alone.
    public static func shortGapCause(_ causes: [SimCause], of goal: SimGoal) -> String {
        causes.first.map(text) ?? noCause(goal)
    }

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
