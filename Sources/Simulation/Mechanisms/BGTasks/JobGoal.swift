/// A job goal (spec §4 "Default goals", iOS 26): each `BGContinuedProcessingTask` ends with
/// `setTaskCompleted(success: true)`. Expiry, a kill, a failure or a job dropped from the queue
/// is a miss; a job the user cancelled is reported and counts as met. An app that started no
/// job misses it: its work was never done (the API missing, a crash before the submit). [model]
public struct JobGoal: Hashable, Sendable, Codable {
    /// The fraction of the jobs that must succeed (default: all).
    public var requiredFraction: Double

    public init(requiredFraction: Double = 1) {
        self.requiredFraction = requiredFraction
    }
}

/// Measures a ``JobGoal`` from the BGTask events of continued processing tasks: a miss is a gap
/// over the job, from its start (or its submit, queued) to where it was lost.
@MainActor
final class JobGoalMeter: SimGoalMeter {
    private struct Job {
        let record: SimBGTaskRecord
        let since: Double
        var expiry: SimBGTaskExpiry?
        var cancelled = false
    }

    private let goal: JobGoal
    private var running: [String: Job] = [:]
    private var queued: [String: Job] = [:]
    private var jobs = 0
    private var succeeded = 0
    private var cancelled = 0
    private var uncovered = 0.0
    private var gaps = GapLog()

    init(_ goal: JobGoal) {
        self.goal = goal
    }

    func receive(_ event: SimEvent) {
        switch event.detail {
        case .bgTasks(let task):
            receive(task, at: event.time)
        case .stateChange(_, let to, let cause) where !to.isRunning && to != .suspended:
            // The process ended: its jobs with it, and its queue.
            for job in running.values.sorted(by: Self.order) { miss(job, at: event.time, [cause]) }
            for job in queued.values.sorted(by: Self.order) {
                jobs += 1  // never launched: counted as it is lost
                miss(job, at: event.time, [.bgTasks(.jobDropped(job.record)), cause])
            }
            running = [:]
            queued = [:]
        default:
            break
        }
    }

    private static func order(_ a: Job, _ b: Job) -> Bool { (a.since, a.record.identifier) < (b.since, b.record.identifier) }

    private func receive(_ task: BGTaskEvent, at time: Double) {
        switch task {
        case .continuedSubmit(let record, _, _, let isQueued, _) where isQueued:
            queued[record.identifier] = Job(record: record, since: time)
        case .launch(let record, _, _) where record.kind == .continuedProcessing:
            let since = queued.removeValue(forKey: record.identifier)?.since ?? time
            running[record.identifier] = Job(record: record, since: since)
            jobs += 1
        case .expiration(let record, let reason, _) where record.kind == .continuedProcessing:
            guard running[record.identifier] != nil else { return }
            if reason == .userCancelled { running[record.identifier]?.cancelled = true } else { running[record.identifier]?.expiry = reason }
        case .complete(let record, let success, _) where record.kind == .continuedProcessing:
            guard let job = running.removeValue(forKey: record.identifier) else { return }
            if job.cancelled {
                cancelled += 1
            } else if let expiry = job.expiry {
                miss(job, at: time, [.bgTasks(.jobExpired(record, expiry))])
            } else if success {
                succeeded += 1
            } else {
                miss(job, at: time, [.bgTasks(.jobFailed(record))])
            }
        case .failed(let record) where record.kind == .continuedProcessing:
            guard let job = running.removeValue(forKey: record.identifier) else { return }
            if job.cancelled { cancelled += 1 } else { miss(job, at: time, [.bgTasks(.jobExpired(record, job.expiry ?? .timeUp))]) }
        default:
            break
        }
    }

    private func miss(_ job: Job, at time: Double, _ causes: [SimCause]) {
        uncovered += time - job.since
        gaps.add(SimGap(from: job.since, to: time, seconds: time - job.since, metres: 0, causes: causes, closedBy: nil, closed: true))
    }

    var missedForCertain: Bool { goal.requiredFraction >= 1 && gaps.count > 0 }

    func finish() {}

    func coverage(until end: Double) -> SimCoverage {
        var log = gaps
        var uncovered = self.uncovered
        // Queued at the end: never launched, counted now.
        let count = jobs + queued.count
        // Still running or queued at the end: not completed, so not what the app needed.
        for job in running.values.sorted(by: Self.order) + queued.values.sorted(by: Self.order) {
            uncovered += end - job.since
            log.add(SimGap(from: job.since, to: end, seconds: end - job.since, metres: 0, causes: [.bgTasks(.jobUnfinished(job.record))],
                           closedBy: nil, closed: false))
        }
        // No job at all (the API missing, a crash before the submit): the work was never done.
        let fraction = count == 0 ? 0 : Double(succeeded + cancelled) / Double(count)
        return SimCoverage(goal: .continuedProcessing(goal), met: count > 0 && fraction >= goal.requiredFraction, fraction: fraction,
                           uncoveredSeconds: uncovered, uncoveredMetres: 0, longestGapSeconds: log.longest, gaps: log.gaps,
                           gapCount: log.count, eventCount: count, cancelledByUser: cancelled)
    }
}
