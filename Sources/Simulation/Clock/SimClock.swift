import Foundation

/// The simulation's clock: the only time anything in a run reads.
///
/// It conforms to Swift's `Clock`, so app code that takes `any Clock<Duration>` can be handed
/// this one. `now` moves only when the simulation runs; `sleep` suspends until the simulation
/// reaches the deadline, never on the wall clock. A sleep belongs to the app process that was
/// running when it began: it wakes late if that process is suspended at the deadline (its code
/// does not run), and ends with `CancellationError` if the process ends first.
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
        /// Whether an app task started with `SimApplication.task` sleeps here.
        let tracked: Bool
        let continuation: CheckedContinuation<Void, Error>
    }

    // `now` and the sleepers are read from any task; the lock guards them. The scheduler itself
    // is driven on the main actor.
    private let lock = NSLock()
    private var current = SimInstant.zero
    private var sleepers: [Sleeper] = []
    private var nextSleeperID: UInt64 = 0
    private var runningProcess = 0
    /// App tasks started or resumed from a sleep that have not yet slept (again) or finished.
    private var resumedAppTasks = 0

    init() {}

    /// Set for the app's own tasks, so that a run knows when they have all come to rest.
    @TaskLocal static var isAppTask = false

    public var now: SimInstant { lock.withLock { current } }

    public var minimumResolution: Swift.Duration { .nanoseconds(1) }

    /// Suspends the calling task until the simulation reaches `deadline`; returns at once for a
    /// deadline that has passed, and throws `CancellationError` when the task is cancelled.
    public func sleep(until deadline: SimInstant, tolerance: Swift.Duration? = nil) async throws {
        try Task.checkCancellation()
        let id: UInt64? = lock.withLock {
            guard deadline > current else { return nil }
            nextSleeperID &+= 1
            return nextSleeperID
        }
        guard let id else { return }
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, Error>) in
                let cancelled: Bool = lock.withLock {
                    if Task.isCancelled { return true }
                    let tracked = Self.isAppTask
                    if tracked, resumedAppTasks > 0 { resumedAppTasks -= 1 }
                    sleepers.append(Sleeper(id: id, deadline: deadline, process: runningProcess, tracked: tracked, continuation: continuation))
                    return false
                }
                if cancelled { continuation.resume(throwing: CancellationError()) }
            }
        } onCancel: {
            let removed: Sleeper? = lock.withLock {
                guard let index = sleepers.firstIndex(where: { $0.id == id }) else { return nil }
                return sleepers.remove(at: index)
            }
            removed?.continuation.resume(throwing: CancellationError())
        }
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
        lock.withLock { sleepers.filter { $0.process == 0 || $0.process == process }.map(\.deadline).min() }
    }

    /// Resumes, in deadline order, the sleepers due by now whose process runs (`process`) or that
    /// belong to none; returns how many.
    @discardableResult
    func resumeDue(runnable process: Int) -> Int {
        let due: [Sleeper] = lock.withLock {
            let due = sleepers.filter { $0.deadline <= current && ($0.process == 0 || $0.process == process) }
            sleepers.removeAll { $0.deadline <= current && ($0.process == 0 || $0.process == process) }
            resumedAppTasks += due.count { $0.tracked }
            return due.sorted { ($0.deadline, $0.id) < ($1.deadline, $1.id) }
        }
        due.forEach { $0.continuation.resume() }
        return due.count
    }

    /// Ends the sleeps of a process that ended (or of every process, at the end of a run).
    func cancelSleepers(ofProcess process: Int?) {
        let ended: [Sleeper] = lock.withLock {
            let ended = sleepers.filter { process == nil || $0.process == process }
            sleepers.removeAll { process == nil || $0.process == process }
            resumedAppTasks += ended.count { $0.tracked }
            return ended
        }
        ended.forEach { $0.continuation.resume(throwing: CancellationError()) }
    }

    /// How many tasks sleep on this clock.
    var sleeperCount: Int { lock.withLock { sleepers.count } }

    /// An app task started: it is in flight until it sleeps or finishes.
    func appTaskStarted() {
        lock.withLock { resumedAppTasks += 1 }
    }

    /// An app task finished.
    func appTaskFinished() {
        lock.withLock { if resumedAppTasks > 0 { resumedAppTasks -= 1 } }
    }

    /// App tasks started or resumed that are still on their way to their next sleep or their end.
    var appTasksInFlight: Int { lock.withLock { resumedAppTasks } }

    /// How many of the app's own tasks sleep on this clock.
    var appTaskSleeperCount: Int { lock.withLock { sleepers.count { $0.tracked } } }
}
