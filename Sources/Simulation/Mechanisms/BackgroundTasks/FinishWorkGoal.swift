/// A finish-work goal (spec §4 "Default goals"), for an app whose background need is UIKit
/// background tasks: every task is ended by the app's own code before its expiration handler
/// runs. A task ended only after its handler ran, or open at a watchdog kill, is a miss; met
/// when none misses. [model]
public struct FinishWorkGoal: Hashable, Sendable, Codable {
    /// The most tasks that may miss (default 0: every task must finish in time).
    public var allowedMisses: Int

    public init(allowedMisses: Int = 0) {
        self.allowedMisses = allowedMisses
    }
}

/// Measures a ``FinishWorkGoal`` from the task events: a miss is a gap from the expiry that ran
/// the task's handler to the task's end, or to the watchdog's kill.
@MainActor
final class FinishWorkGoalMeter: SimGoalMeter {
    private let goal: FinishWorkGoal
    private var begun = 0
    /// The tasks open now, by identifier.
    private var open: [Int: SimTaskRecord] = [:]
    /// The open tasks whose expiration handler ran, by identifier: when, and why time ran out.
    private var expired: [Int: (time: Double, why: SimCause?)] = [:]
    /// The last expiry of the budget and its cause.
    private var lastExpiry: (time: Double, why: SimCause)?
    private var uncovered = 0.0
    private var gaps = GapLog()

    init(_ goal: FinishWorkGoal) {
        self.goal = goal
    }

    func receive(_ event: SimEvent) {
        switch event.detail {
        case .taskBegin(let record, _):
            begun += 1
            open[record.id] = record
        case .budgetExpired(let why):
            lastExpiry = (event.time, why)
        case .taskExpiration(let record):
            expired[record.id] = (event.time, lastExpiry?.why)
        case .taskEnd(let record, _):
            open[record.id] = nil
            guard let expiry = expired.removeValue(forKey: record.id) else { return }
            miss(from: expiry.time, at: event.time, [.backgroundTasks(.endedInHandler(record))] + (expiry.why.map { [$0] } ?? []))
        case .stateChange(_, let to, let cause) where !to.isRunning && to != .suspended:
            // The process ended: at a watchdog kill every open task misses; otherwise only those
            // whose handler had run (the others simply end with the process).
            let watchdog = if case .watchdog = cause { true } else { false }
            for id in open.keys.sorted() {
                if let expiry = expired[id] {
                    miss(from: expiry.time, at: event.time, [cause])
                } else if watchdog {
                    miss(from: lastExpiry?.time ?? event.time, at: event.time, [cause])
                }
            }
            open = [:]
            expired = [:]
        default:
            break
        }
    }

    private func miss(from: Double, at time: Double, _ causes: [SimCause]) {
        uncovered += time - from
        gaps.add(SimGap(from: from, to: time, seconds: time - from, metres: 0, causes: causes, closedBy: nil, closed: true))
    }

    var missedForCertain: Bool { gaps.count > goal.allowedMisses }

    func finish() {}

    func coverage(until end: Double) -> SimCoverage {
        var log = gaps
        var uncovered = self.uncovered
        // Handlers that ran for tasks still open at the end (no watchdog under the debugger).
        for id in expired.keys.sorted() {
            guard let expiry = expired[id], let record = open[id] else { continue }
            uncovered += end - expiry.time
            log.add(SimGap(from: expiry.time, to: end, seconds: end - expiry.time, metres: 0,
                           causes: [.backgroundTasks(.openAfterHandler(record))] + (expiry.why.map { [$0] } ?? []), closedBy: nil, closed: false))
        }
        let fraction = begun == 0 ? 1 : max(0, Double(begun - log.count) / Double(begun))
        return SimCoverage(goal: .backgroundTasks(goal), met: log.count <= goal.allowedMisses, fraction: fraction,
                           uncoveredSeconds: uncovered, uncoveredMetres: 0, longestGapSeconds: log.longest,
                           gaps: log.gaps, gapCount: log.count, eventCount: begun)
    }
}
