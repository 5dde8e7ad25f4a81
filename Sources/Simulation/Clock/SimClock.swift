import Foundation

/// The simulation's clock: the only time anything in a run reads.
///
/// It conforms to Swift's `Clock`, so code under test that takes `any Clock<Duration>` can be
/// handed this one. `now` moves only when the simulation runs; `sleep` suspends until the
/// simulation reaches the deadline, never on the wall clock.
///
/// ```swift
/// let simulation = try KeepAliveSimulation(configuration)
/// let clock = simulation.clock
/// clock.schedule(after: 90) { print("90 simulated seconds in:", clock.now) }
/// ```
public final class SimClock: Clock, @unchecked Sendable {
    public typealias Instant = SimInstant

    // The scheduler is driven by one thread; the lock guards sleepers registered from tasks.
    private let lock = NSLock()
    let scheduler = EventScheduler()
    private var sleepers: [(deadline: SimInstant, sequence: Int, continuation: CheckedContinuation<Void, Error>)] = []
    private var sleeperSequence = 0

    init() {}

    public var now: SimInstant { scheduler.now }

    public var minimumResolution: Duration { .nanoseconds(1) }

    /// Suspends the calling task until the simulation reaches `deadline`.
    public func sleep(until deadline: SimInstant, tolerance: Duration? = nil) async throws {
        try Task.checkCancellation()
        try await withCheckedThrowingContinuation { continuation in
            lock.lock()
            sleepers.append((deadline, sleeperSequence, continuation))
            sleeperSequence += 1
            lock.unlock()
        }
    }

    /// Runs `action` when the simulation reaches `seconds` after now.
    public func schedule(after seconds: Double, _ action: @escaping () -> Void) {
        scheduler.schedule(at: now.adding(seconds: seconds), action)
    }

    /// Runs `action` when the simulation reaches `instant`.
    public func schedule(at instant: SimInstant, _ action: @escaping () -> Void) {
        scheduler.schedule(at: instant, action)
    }

    /// Resumes, in deadline order, the sleepers whose deadline has come; returns how many.
    func resumeDueSleepers() -> Int {
        lock.lock()
        let due = sleepers.filter { $0.deadline <= now }.sorted { ($0.deadline, $0.sequence) < ($1.deadline, $1.sequence) }
        sleepers.removeAll { $0.deadline <= now }
        lock.unlock()
        due.forEach { $0.continuation.resume() }
        return due.count
    }

    /// How many tasks sleep on this clock.
    var sleeperCount: Int {
        lock.lock()
        defer { lock.unlock() }
        return sleepers.count
    }

    /// The earliest deadline among sleeping tasks.
    var earliestSleeperDeadline: SimInstant? {
        lock.lock()
        defer { lock.unlock() }
        return sleepers.map(\.deadline).min()
    }
}
