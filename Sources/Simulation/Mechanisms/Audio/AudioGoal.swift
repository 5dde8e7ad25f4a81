/// An audio goal (spec §4 "Default goals"): from the first time it plays, the app's playback
/// never stops except during an interruption, and plays again within `resumeWithinSeconds` of
/// the interruption's end. [model]
///
/// In the model every interruption that ends, ends with `.shouldResume` (a call, declined or
/// accepted, or an alarm: `SimAudioInterruption.ended(shouldResume: true)`), so the allowance
/// follows every one; an app that did not run to hear the end still has to play again.
public struct AudioGoal: Hashable, Sendable, Codable {
    /// How long after an interruption ends the app may take to play again, in seconds (default 5).
    public var resumeWithinSeconds: Double

    public init(resumeWithinSeconds: Double = 5) {
        self.resumeWithinSeconds = resumeWithinSeconds
    }
}

/// Measures an ``AudioGoal``: each stretch without playback, outside an interruption and its
/// allowance, is a gap; it opens with why playback stopped (and why the app did not run) and
/// closes when playback starts again.
@MainActor
final class AudioGoalMeter: SimGoalMeter {
    private let goal: AudioGoal
    /// When playback first started: the goal counts from there.
    private var measuredFrom: Double?
    private var playing = false
    private var interrupted = false
    /// Until when a stop is excused: an interruption's end plus the allowance.
    private var excusedUntil = -Double.infinity
    /// Why playback last stopped; `nil` when it went with the process.
    private var audioCause: AudioCause?
    private var running = false
    /// Why the app last stopped running: its stop's whole chain.
    private var stopCauses: [SimCause] = []
    /// What last brought the app back to running since the open gap began.
    private var reopenedBy: SimCause?
    /// Time counted up to.
    private var counted = 0.0
    private var uncovered = 0.0
    private var open: SimGap?
    private var gaps = GapLog()

    init(_ goal: AudioGoal) {
        self.goal = goal
    }

    func receive(_ event: SimEvent) {
        if let stretch = uncoveredStretch(until: event.time) { count(stretch) }
        counted = event.time
        switch event.detail {
        case .stateChange(let from, let to, let cause):
            if to.isRunning, !from.isRunning { reopenedBy = cause }
            running = to.isRunning
            if !to.isRunning { stopCauses = [cause] }
            if (to == .terminated || to == .notRunning), playing {
                // The process took its player with it: no playbackStopped is logged.
                playing = false
                audioCause = nil
            }
        case .audio(.playbackStarted):
            measuredFrom = measuredFrom ?? event.time
            playing = true
            if var gap = open {
                gap.to = event.time
                gap.closedBy = reopenedBy
                gap.closed = true
                gaps.add(gap)
                open = nil
            }
        case .audio(.playbackStopped(let cause)):
            playing = false
            audioCause = cause
        case .audio(.interruptionBegan):
            interrupted = true
        case .audio(.interruptionEnded):
            interrupted = false
            excusedUntil = event.time + goal.resumeWithinSeconds
        default:
            break
        }
    }

    /// The uncovered stretch from the time counted to `time`, in which nothing changed.
    private func uncoveredStretch(until time: Double) -> (from: Double, to: Double)? {
        guard measuredFrom != nil, !playing, !interrupted else { return nil }
        let from = max(counted, excusedUntil)
        return time > from ? (from, time) : nil
    }

    private func count(_ stretch: (from: Double, to: Double)) {
        uncovered += stretch.to - stretch.from
        if open == nil {
            open = newGap(at: stretch.from)
            reopenedBy = nil
        }
        open?.seconds += stretch.to - stretch.from
    }

    /// A gap opening at `time`: why the app did not run, if it did not, then why playback stopped
    /// (unless the stop's chain already says so).
    private func newGap(at time: Double) -> SimGap {
        var causes = running ? [] : stopCauses
        if let audioCause, !causes.contains(.audio(audioCause)) { causes.append(.audio(audioCause)) }
        return SimGap(from: time, to: time, seconds: 0, metres: 0, causes: causes, closedBy: nil, closed: false)
    }

    func appStopped(causes: [SimCause]) {
        stopCauses = causes
    }

    /// Any gap, open or closed, misses the goal.
    var missedForCertain: Bool { gaps.count > 0 || open != nil }

    func finish() {}

    func coverage(until end: Double) -> SimCoverage {
        var log = gaps
        var uncovered = self.uncovered
        var open = self.open
        if let stretch = uncoveredStretch(until: end) {
            uncovered += stretch.to - stretch.from
            var gap = open ?? newGap(at: stretch.from)
            gap.seconds += stretch.to - stretch.from
            open = gap
        }
        if var gap = open {
            gap.to = end
            log.add(gap)
        }
        let span = measuredFrom.map { end - $0 } ?? 0
        // The covered seconds over the span (not 1 minus the rest): exact for whole seconds.
        let fraction = span > 0 ? max(0, (span - uncovered) / span) : 1
        return SimCoverage(goal: .audio(goal), met: log.count == 0, fraction: fraction, uncoveredSeconds: uncovered,
                           uncoveredMetres: 0, longestGapSeconds: log.longest, gaps: log.gaps, gapCount: log.count)
    }
}
