/// A goal on events that happen on the trip and must reach the app's code soon enough (spec §4
/// "Default goals", geofence / visit): an event is late once `latencySeconds` have passed since
/// it happened (a crossing: the geometric one, not the moment iOS counts it) **or** the user has
/// travelled `travelMetres` past it, whichever comes first. The mechanism whose events they are
/// is the ``SimGoal`` case. [model]
public struct EventLatencyGoal: Hashable, Sendable, Codable {
    /// The latest an event may reach the app, in seconds after it happened (default 5 min, the
    /// top of Apple's end-to-end "3 to 5 minutes on average", §4).
    public var latencySeconds: Double
    /// The farthest the user may have travelled past it, in metres (default 2 km, §4).
    public var travelMetres: Double

    public init(latencySeconds: Double = 300, travelMetres: Double = 2000) {
        self.latencySeconds = latencySeconds
        self.travelMetres = travelMetres
    }
}

/// What a mechanism's event says to an ``EventLatencyMeter``: the mechanism reads its own
/// events; the meter knows none.
enum LatencySignal {
    /// An event that happened at `happenedAt` reached the app's code now.
    case delivered(key: String, happenedAt: Double)
    /// An event that happened at `happenedAt` could not reach the app now, because of `cause`
    /// (`nil`: the app's stop explains it): it may still reach it later (a held event) or never.
    case withheld(key: String, happenedAt: Double, cause: SimCause?)
    /// The app started watching for such events (a region, a condition, visits): a goal whose
    /// app never did is missed, not met for want of events.
    case watching
}

/// Measures an ``EventLatencyGoal``: an event is late once its latency or its travel has
/// passed, whichever first; one that reached the app later is a gap from then to its delivery (closed by
/// what brought the app to run); one that never reached it is missed, a gap to the end. Memory is flat: one
/// event waits per key (a newer one of the same key replaces it, and the older is a gap that
/// never closed), and gaps are capped as every meter's are.
@MainActor
final class EventLatencyMeter: SimGoalMeter {
    private let goal: SimGoal
    private let latency: EventLatencyGoal
    private let trajectory: Trajectory
    private let signal: (SimEvent) -> LatencySignal?
    /// Events withheld and not yet delivered, by key, in order of arrival.
    private var waiting: [(key: String, happenedAt: Double, causes: [SimCause])] = []
    private var running = false
    private var stopCauses: [SimCause] = []
    private var reopenedBy: SimCause?
    private var watched = false
    private var happened = 0
    private var onTime = 0
    private var uncoveredSeconds = 0.0
    private var uncoveredMetres = 0.0
    private var gaps = GapLog()

    init(goal: SimGoal, latency: EventLatencyGoal, trajectory: Trajectory, signal: @escaping (SimEvent) -> LatencySignal?) {
        self.goal = goal
        self.latency = latency
        self.trajectory = trajectory
        self.signal = signal
    }

    func receive(_ event: SimEvent) {
        if case .stateChange(_, let to, let cause) = event.detail {
            if to.isRunning, !running { reopenedBy = cause }
            running = to.isRunning
            stopCauses = to.isRunning ? [] : [cause]
            return
        }
        switch signal(event) {
        case .delivered(let key, let happenedAt):
            let waited = waiting.firstIndex { $0.key == key && $0.happenedAt == happenedAt }
            let causes = waited.map { waiting.remove(at: $0).causes } ?? []
            happened += 1
            let due = lateAt(happenedAt, lookingUntil: event.time)
            guard event.time > due else {
                onTime += 1
                return
            }
            // Delivered late: brought by the wake or launch that let the app run, if it did not run.
            addGap(from: due, to: event.time, causes: causes, closedBy: running ? reopenedBy : nil, closed: true)
        case .withheld(let key, let happenedAt, let cause):
            if waiting.contains(where: { $0.key == key && $0.happenedAt == happenedAt }) { return }
            if let older = waiting.firstIndex(where: { $0.key == key }) {
                // Replaced by a newer event of the same key: the older never reaches the app.
                let replaced = waiting.remove(at: older)
                happened += 1
                addGap(from: missedSince(replaced.happenedAt, limit: event.time), to: event.time, causes: replaced.causes, closedBy: nil, closed: false)
            }
            var causes = running ? [] : stopCauses
            if let cause, !causes.contains(cause) { causes.insert(cause, at: 0) }
            waiting.append((key, happenedAt, causes))
        case .watching:
            watched = true
        case nil:
            break
        }
    }

    /// Any late or lost event misses the goal.
    var missedForCertain: Bool { gaps.count > 0 }

    func appStopped(causes: [SimCause]) {
        stopCauses = causes
    }

    /// When an event that happened at `time` becomes late (§4): once the latency has passed or
    /// the user has travelled more than the goal's metres past it (counted a second at a time),
    /// whichever first. The travel is looked for only until `limit` (the delivery, or the end):
    /// an answer after `limit` is the latency's end, which the caller compares with `limit`. At
    /// most `latencySeconds` seconds are counted.
    private func lateAt(_ time: Double, lookingUntil limit: Double) -> Double {
        let byTime = time + latency.latencySeconds
        var travelled = 0.0
        var cursor = TrajectoryCursor()
        var second = time.rounded(.up)
        while second < min(byTime, limit) {
            travelled += trajectory.speed(at: second, cursor: &cursor) ?? 0
            second += 1
            if travelled > latency.travelMetres { return min(second, byTime) }
        }
        return byTime
    }

    /// Since when an event that happened at `time` and never reached the app counts as missed:
    /// from when it became late (at most `limit`).
    private func missedSince(_ time: Double, limit: Double) -> Double {
        min(lateAt(time, lookingUntil: limit), limit)
    }

    /// Metres travelled from `from` to `to`, a second at a time.
    private func travel(from: Double, to: Double) -> Double {
        var metres = 0.0
        var cursor = TrajectoryCursor()
        var second = from.rounded(.up)
        while second < to {
            metres += trajectory.speed(at: second, cursor: &cursor) ?? 0
            second += 1
        }
        return metres
    }

    private func addGap(from: Double, to: Double, causes: [SimCause], closedBy: SimCause?, closed: Bool) {
        let metres = travel(from: from, to: to)
        uncoveredSeconds += to - from
        uncoveredMetres += metres
        gaps.add(SimGap(from: from, to: to, seconds: to - from, metres: metres, causes: causes, closedBy: closedBy, closed: closed))
    }

    func finish() {}

    func coverage(until end: Double) -> SimCoverage {
        var log = gaps
        var seconds = uncoveredSeconds
        var metres = uncoveredMetres
        var count = happened
        // Still waiting at the end: a gap once due; one not yet due might still have come.
        for entry in waiting {
            // Withheld and never delivered: missed, late or not by the goal's numbers.
            let due = missedSince(entry.happenedAt, limit: end)
            count += 1
            let travelled = travel(from: due, to: end)
            seconds += end - due
            metres += travelled
            log.add(SimGap(from: due, to: end, seconds: end - due, metres: travelled, causes: entry.causes, closedBy: nil, closed: false))
        }
        let fraction = count == 0 ? (watched ? 1 : 0) : Double(onTime) / Double(count)
        return SimCoverage(goal: goal, met: watched && onTime == count, fraction: fraction, uncoveredSeconds: seconds, uncoveredMetres: metres,
                           longestGapSeconds: log.longest, gaps: log.gaps, gapCount: log.count, eventCount: count)
    }
}
