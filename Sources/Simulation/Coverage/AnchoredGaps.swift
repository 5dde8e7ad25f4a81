/// The gaps of a goal judged a second at a time against the fixes the app's code received (the
/// location and significant-change goals, and a recording judged alike), placed as spec §4
/// "Where a gap starts and ends" says, the way a track viewer draws them. [model]
///
/// A gap opens at its *anchor*: the last fix delivered to running code before its first missed
/// second — or, if the device stood still since, the second it moved again; never before the
/// previous gap's end. It closes where the goal was met again: the next fix (or, for a goal
/// that needs running code, the app running again still holding a fresh fix), or the run's end.
/// A gap's `seconds` are its missed moving seconds (what coverage counts); its `metres` the
/// travel over its whole span, anchor to end. The goal's allowance decides only which seconds
/// are missed. Memory is flat: a few numbers and the kept gaps (``GapLog``).
package struct AnchoredGaps: Sendable {
    /// Where a gap opening now would start.
    private var anchor: Double
    /// Travel since `anchor`: each second with a position adds its speed over that second, as the
    /// meters count metres.
    private var metresSinceAnchor = 0.0
    /// When something last let the goal be met again since the last missed second, and the
    /// travel from the anchor to then: where an open gap ends if the goal is met from there.
    private var restored: (time: Double, metres: Double)?
    /// Whether the device stood still (a second with a position, under the moving speed) since
    /// the anchor or the last restore.
    private var stoodStill = false
    /// The last thing that brought the app back to running since the open gap began.
    private var reopenedBy: SimCause?
    private var open: SimGap?
    /// The open gap's missed seconds, kept apart so that a missed second does not copy the gap.
    private var openSeconds = 0.0
    /// Whether a gap is open: asked every second, where comparing `open` with `nil` copied the gap.
    private var isOpen = false
    private var log = GapLog()
    /// The missed moving seconds, and their travel, over the whole run.
    package private(set) var missedSeconds = 0
    package private(set) var missedMetres = 0.0

    /// Gaps for a run whose goal counts from `start` (the trip's start, or the moment the app
    /// left the screen) before any fix.
    package init(start: Double) {
        anchor = start
    }

    /// A fix reached the app's running code at `time` (or what the goal counts as one, such as a
    /// launch that gives a new process the goal's age): the next gap's anchor, and where an open
    /// gap closes if the goal is met from here.
    package mutating func fix(at time: Double) {
        if !isOpen {
            anchor = time
            metresSinceAnchor = 0
        } else {
            restored = (time, metresSinceAnchor)
        }
        stoodStill = false
    }

    /// The app runs again at `time` because of `cause`: an open gap names it as what closed it,
    /// and ends here if the fix the app still holds meets the goal from here.
    package mutating func appRan(at time: Double, by cause: SimCause) {
        guard isOpen else { return }
        reopenedBy = cause
        restored = (time, metresSinceAnchor)
        stoodStill = false
    }

    /// A missed second's causes (§4): why the app does not run, when it does not, then why its
    /// location service delivers nothing, once.
    package static func causes(running: Bool, stopCauses: [SimCause], serviceCause: SimCause?) -> [SimCause] {
        var causes = running ? [] : stopCauses
        if let serviceCause, !causes.contains(serviceCause) { causes.append(serviceCause) }
        return causes
    }

    /// Judges one whole second: `speed` is the device's (`nil` with no position: such a second
    /// counts for nothing and ends no stillness), `moving` whether it reaches the goal's moving
    /// speed, `missed` whether a moving second misses the goal. Returns whether a gap opened.
    @discardableResult
    package mutating func judge(second: Int, speed: Double?, moving: Bool, missed: Bool, causes: () -> [SimCause]) -> Bool {
        guard let speed else { return false }
        let opened = judge(second: second, speed: speed, moving: moving, missed: missed)
        if opened { open?.causes = causes() }
        return opened
    }

    /// ``judge(second:speed:moving:missed:causes:)`` for a second with a position; a gap that
    /// opens has no causes yet: the caller names them (``nameOpenGapCauses(_:)``).
    package mutating func judge(second: Int, speed: Double, moving: Bool, missed: Bool) -> Bool {
        let time = Double(second)
        if moving, !missed { close(orAt: time) }
        // Moving again after standing still since the last fix: a gap would start here.
        if moving, stoodStill, !isOpen {
            anchor = time
            metresSinceAnchor = 0
        }
        stoodStill = !moving
        metresSinceAnchor += speed
        guard moving, missed else { return false }
        missedSeconds += 1
        missedMetres += speed
        restored = nil
        var opened = false
        if !isOpen {
            isOpen = true
            open = SimGap(from: anchor, firstMissed: time, to: time, seconds: 0, metres: 0, causes: [], closedBy: nil, closed: false)
            openSeconds = 0
            reopenedBy = nil
            opened = true
        }
        openSeconds += 1
        return opened
    }

    /// The causes of the gap that just opened.
    package mutating func nameOpenGapCauses(_ causes: [SimCause]) {
        open?.causes = causes
    }

    /// Closes the open gap where the goal was last restored (else at `time`, the second found
    /// covered); the next gap's anchor is there.
    private mutating func close(orAt time: Double) {
        guard isOpen, var gap = open else { return }
        gap.seconds = openSeconds
        let end = restored ?? (time, metresSinceAnchor)
        gap.to = end.time
        gap.metres = end.metres
        gap.closedBy = reopenedBy
        gap.closed = true
        log.add(gap)
        open = nil
        isOpen = false
        anchor = end.time
        metresSinceAnchor -= end.metres
        restored = nil
    }

    /// The gaps as of `end` (seconds before it judged): an open gap closes at what restored the
    /// goal after its last missed second, by `end`, or else runs to `end`, not closed.
    package func gaps(endingAt end: Double) -> GapLog {
        var copy = self
        if let restored, restored.time <= end {
            copy.close(orAt: end)
        } else if var gap = copy.open {
            gap.seconds = copy.openSeconds
            gap.to = max(end, gap.firstMissed)
            gap.metres = copy.metresSinceAnchor
            copy.log.add(gap)
        }
        return copy.log
    }

    /// The coverage of `goal` as of `end`: the missed seconds against `movingSeconds`, met at
    /// `requiredFraction`, with the gaps as ``gaps(endingAt:)`` gives them.
    package func coverage(of goal: SimGoal, movingSeconds: Int, requiredFraction: Double, endingAt end: Double) -> SimCoverage {
        let log = gaps(endingAt: end)
        let fraction = Self.fraction(movingSeconds: movingSeconds, missedSeconds: missedSeconds)
        return SimCoverage(
            goal: goal, met: fraction >= requiredFraction, fraction: fraction,
            uncoveredSeconds: Double(missedSeconds), uncoveredMetres: missedMetres,
            longestGapSeconds: log.longest, gaps: log.gaps, gapCount: log.count)
    }

    /// The covered share of `movingSeconds` when `missedSeconds` of them were missed (1 without any).
    package static func fraction(movingSeconds: Int, missedSeconds: Int) -> Double {
        movingSeconds == 0 ? 1 : Double(movingSeconds - missedSeconds) / Double(movingSeconds)
    }

    /// Whether a goal is met with these counts: what ``coverage(of:movingSeconds:requiredFraction:endingAt:)`` says.
    package static func met(movingSeconds: Int, missedSeconds: Int, requiredFraction: Double) -> Bool {
        fraction(movingSeconds: movingSeconds, missedSeconds: missedSeconds) >= requiredFraction
    }

    /// Whether more seconds were missed than `requiredFraction` allows of a trip of `duration`
    /// seconds (its moving seconds can be no more): missed, whatever the rest brings.
    package func missedForCertain(requiredFraction: Double, duration: Double) -> Bool {
        Double(missedSeconds) > (1 - requiredFraction) * duration
    }
}
