import Foundation

/// The simulation's clock: the only time anything in a run reads.
///
/// It conforms to Swift's `Clock`, so app code that takes `any Clock<Duration>` can be handed
/// this one. `now` moves only when the simulation runs; `sleep` suspends until the simulation
/// reaches the deadline, never on the wall clock. A sleep belongs to the app process that was
/// running when it began: it wakes late if that process is suspended at the deadline (its code
/// does not run), and ends with `CancellationError` if the process ends first.
///
/// A sleep begun before the run waits for the run. The run's end ends every sleep still waiting
/// with `CancellationError` (each is named in ``SimulationResult/unfinishedSleeps``), and a sleep
/// begun after the end throws it at once: the clock will not move again, so the deadline can
/// never come (as swift-clocks' `TestClock.run` ends the sleeps it cannot finish).
///
/// ```swift
/// application.task {
///     while true {
///         try await application.clock.sleep(for: .seconds(60))   // 60 simulated seconds
///         manager.startUpdatingLocation()
///     }
/// }
/// ```
public final class SimClock: Clock, @unchecked Sendable {
    public typealias Duration = Swift.Duration
    public typealias Instant = SimInstant

    private struct Sleeper {
        let id: UInt64
        let deadline: SimInstant
        let process: Int
        /// The sleeping task, and whether the run waits for it once woken (an app task, or a
        /// task woken by one of the simulation's sequences).
        let key: SimRestTracker.TaskKey?
        let tracked: Bool
        /// The task's name (`Task(name:)`; an app task's is the one given to `application.task(name:)`).
        let name: String?
        let continuation: CheckedContinuation<Void, Error>
    }

    // `now` and the sleepers are read from any task; the lock guards them. The scheduler itself
    // is driven on the main actor.
    private let lock = NSLock()
    @exclusivity(unchecked) private var current = SimInstant.zero
    @exclusivity(unchecked) private var sleepers: [Sleeper] = []
    @exclusivity(unchecked) private var nextSleeperID: UInt64 = 0
    @exclusivity(unchecked) private var runningProcess = 0
    /// Set by the run's end: the clock never moves again.
    @exclusivity(unchecked) private var ended = false
    @exclusivity(unchecked) private var cutShort: [SimUnfinishedSleep] = []
    /// The tasks the run has woken that have not yet come to rest.
    let rest = SimRestTracker()

    init() {}

    public var now: SimInstant { lock.withLock { current } }

    public var minimumResolution: Swift.Duration { .nanoseconds(1) }

    // Nonsending: the sleeper registers and resumes on its own actor (the main actor, for app
    // code) with no hop through the global pool, which a loaded machine could delay past the drain.
    /// Suspends the calling task until the simulation reaches `deadline`; returns at once for a
    /// deadline that has passed, and throws `CancellationError` when the task is cancelled, when
    /// the run ends first, or at once when the run has ended.
    public nonisolated(nonsending) func sleep(until deadline: SimInstant, tolerance: Swift.Duration? = nil) async throws {
        try await sleep(until: deadline, on: #isolation)
    }

    private func sleep(until deadline: SimInstant, on actor: isolated (any Actor)?) async throws {
        try Task.checkCancellation()
        let id: UInt64? = try lock.withLock {
            guard deadline > current else { return nil }
            guard !ended else { throw CancellationError() }
            nextSleeperID &+= 1
            return nextSleeperID
        }
        guard let id else { return }
        let name = Task.name
        try await withTaskCancellationHandler {
            // Capturing `actor` keeps this closure on it: withTaskCancellationHandler's operation
            // would otherwise run on the global pool, beside the run's drain.
            try await withCheckedThrowingContinuation(isolation: actor) { (continuation: CheckedContinuation<Void, Error>) in
                // Registered and parked in one step: a drain that sees the task at rest also
                // sees its deadline (it once saw neither, and the run ended without the sleeper).
                let cancelled: Bool = lock.withLock {
                    // The run may have ended since the check above.
                    if Task.isCancelled || ended { return true }
                    let (key, tracked) = rest.park()
                    sleepers.append(Sleeper(id: id, deadline: deadline, process: runningProcess, key: key, tracked: tracked,
                                            name: name, continuation: continuation))
                    return false
                }
                if cancelled { continuation.resume(throwing: CancellationError()) }
            }
        } onCancel: {
            let removed: Sleeper? = lock.withLock {
                guard let index = sleepers.firstIndex(where: { $0.id == id }) else { return nil }
                return sleepers.remove(at: index)
            }
            if let removed { wake([removed], throwing: true) }
        }
    }

    /// Suspends the calling task for `duration` of simulated time, on the caller's actor (the
    /// standard library's `Clock.sleep(for:)` would resume it through the global pool).
    public nonisolated(nonsending) func sleep(for duration: Swift.Duration, tolerance: Swift.Duration? = nil) async throws {
        try await sleep(until: now.advanced(by: duration), tolerance: tolerance)
    }

    // MARK: Driven by the simulation

    func advance(to instant: SimInstant) {
        lock.withLock { current = instant }
    }

    /// The app process whose code is running now (0: none).
    func setRunningProcess(_ process: Int) {
        lock.withLock { runningProcess = process }
    }

    /// The earliest deadline among sleepers that could be resumed (those of `process` or of no process).
    func earliestDeadline(runnable process: Int) -> SimInstant? {
        lock.lock()
        defer { lock.unlock() }
        // A loop, not filter/map/min: `runAsync()` asks at every step (a fix's, at 1 Hz).
        var earliest: SimInstant?
        for sleeper in sleepers where sleeper.process == 0 || sleeper.process == process {
            if earliest.map({ sleeper.deadline < $0 }) ?? true { earliest = sleeper.deadline }
        }
        return earliest
    }

    /// Resumes, in deadline order, the sleepers due by now whose process runs (`process`) or that
    /// belong to none; returns how many.
    @discardableResult
    func resumeDue(runnable process: Int) -> Int {
        let due: [Sleeper] = lock.withLock {
            // Most steps wake no sleeper: no arrays made for them.
            guard sleepers.contains(where: { $0.deadline <= current && ($0.process == 0 || $0.process == process) }) else { return [] }
            let due = sleepers.filter { $0.deadline <= current && ($0.process == 0 || $0.process == process) }
            sleepers.removeAll { $0.deadline <= current && ($0.process == 0 || $0.process == process) }
            return due.sorted { ($0.deadline, $0.id) < ($1.deadline, $1.id) }
        }
        wake(due, throwing: false)
        return due.count
    }

    /// Resumes sleepers, tracking the driven ones as awake before they can run.
    private func wake(_ woken: [Sleeper], throwing: Bool) {
        guard !woken.isEmpty else { return }
        let instant = now
        if woken.contains(where: { !$0.tracked }) { lock.withLock { untrackedWakes &+= 1 } }
        for sleeper in woken {
            if sleeper.tracked { rest.wake(sleeper.key, by: .clock, at: instant) }
            if throwing { sleeper.continuation.resume(throwing: CancellationError()) } else { sleeper.continuation.resume() }
        }
    }

    /// Ends the sleeps of a process that ended.
    func cancelSleepers(ofProcess process: Int) {
        let ended: [Sleeper] = lock.withLock {
            let ended = sleepers.filter { $0.process == process }
            sleepers.removeAll { $0.process == process }
            return ended
        }
        wake(ended, throwing: true)
    }

    /// The run has ended: every sleep still waiting ends with `CancellationError` and is kept in
    /// ``unfinishedSleeps``; later sleeps throw at once. Idempotent.
    func endRun() {
        let ended: [Sleeper] = lock.withLock {
            self.ended = true
            let ended = sleepers.sorted { ($0.deadline, $0.id) < ($1.deadline, $1.id) }
            sleepers = []
            cutShort += ended.map { SimUnfinishedSleep(name: $0.name, deadline: $0.deadline.seconds, endedAt: current.seconds) }
            return ended
        }
        wake(ended, throwing: true)
    }

    /// Whether the run has ended (the clock never moves again).
    var hasEnded: Bool { lock.withLock { ended } }

    /// The sleeps the run's end cut short, by deadline.
    var unfinishedSleeps: [SimUnfinishedSleep] { lock.withLock { cutShort } }

    /// How many tasks sleep on this clock.
    var sleeperCount: Int { lock.withLock { sleepers.count } }

    /// How many times a task the run does not drive (a test's own task, code written against any
    /// `Clock`) was woken: such a task may resume through the global pool, so the run gives it
    /// a few quiet turns to come back before time moves on.
    @exclusivity(unchecked) private var untrackedWakes = 0
    var untrackedWakeCount: Int { lock.withLock { untrackedWakes } }

    /// How many of the app's own tasks (and tasks woken by the simulation's sequences) sleep on this clock.
    var appTaskSleeperCount: Int { lock.withLock { sleepers.count { $0.tracked } } }
}

/// A sleep on ``SimClock`` that was still waiting when the run ended: its deadline lay past the
/// run's end (or the run stopped early), so it could never come. The sleep ended with
/// `CancellationError`, as swift-clocks' `TestClock.run` ends a sleep that can never finish.
/// An app's repeating timer leaves one at every end; a test's own task should leave none.
public struct SimUnfinishedSleep: Hashable, Sendable, Codable {
    /// The task's name: `application.task(name:)`'s, or `Task(name:)`'s; `nil` for an unnamed task.
    public var name: String?
    /// Seconds from the start when the sleep would have ended.
    public var deadline: Double
    /// Seconds from the start when the run ended it.
    public var endedAt: Double

    public init(name: String?, deadline: Double, endedAt: Double) {
        self.name = name
        self.deadline = deadline
        self.endedAt = endedAt
    }
}
