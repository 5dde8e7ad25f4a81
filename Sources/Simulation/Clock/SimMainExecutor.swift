#if os(Linux) && compiler(>=6.3)
// Custom main executors (the "Custom Main and Global Executors" pitch, swiftlang/swift#80266)
// are SPI in Swift 6.3; on Linux they are the way for a run to take the main actor's jobs into
// its own hands (the runtime never calls swift_task_enqueueMainExecutor_hook there).
@_spi(ExperimentalCustomExecutors) @_spi(ExperimentalScheduling) import _Concurrency
import Foundation
import Synchronization

/// The main actor's executor while a process runs simulations with `runAsync()`: it passes
/// every job on to the platform's executors, except while a run holds it, when it keeps the main
/// actor's jobs, and the global jobs made on the run's own thread, for the run to execute itself,
/// one after another, in the order they came. (A continuation resumed for a task on the main
/// actor is enqueued on the global executor first and hops to the main actor from there.)
///
/// So a value handed to a `for await` consumer on the main actor is handled before the run moves
/// time on, with no turn of libdispatch's main queue in between (two thread wake-ups a value,
/// which made a day at 1 Hz 50–130× slower than the same app written with delegate callbacks).
/// Installed once per process, the first time a run holds it; until then, and between runs,
/// the process's executors are untouched.
final class SimMainExecutor: MainExecutor, SchedulingExecutor, @unchecked Sendable {
    /// Installed by the first use.
    static let shared: SimMainExecutor = install()

    private let platformMain: any MainExecutor
    fileprivate let platformDefault: any TaskExecutor
    /// Where jobs due at a later real instant go (`Task.sleep`, or a clock's sleep, in app code:
    /// not the simulation's time, so never held): the runtime asks both executors to schedule.
    private let platformMainScheduling: any SchedulingExecutor
    fileprivate let platformDefaultScheduling: any SchedulingExecutor
    private let lock = NSLock()
    @exclusivity(unchecked) private var held: [Held] = []
    /// The thread of the run that holds the jobs (0: none, one run at a time, see
    /// ``beginHolding()``); written under the lock, read without it by every global enqueue.
    private let holdingThread = Atomic<UInt>(0)
    /// Where the jobs not yet run start in `held`.
    @exclusivity(unchecked) private var head = 0
    /// Runs waiting for the holding one to release, resumed by ``release()``.
    @exclusivity(unchecked) private var waiters: [CheckedContinuation<Void, Never>] = []
    /// How many jobs already run `held` may keep before they are dropped: while jobs keep
    /// coming the queue is never seen empty, and a long run would keep every job it ran.
    private static let keptRunJobs = 1_024

    private struct Held {
        let job: UnownedJob
        let global: Bool
    }

    private init(platformMain: any MainExecutor, platformDefault: any TaskExecutor) {
        // Linux's executors are libdispatch's, which schedule.
        guard let mainScheduling = platformMain as? any SchedulingExecutor,
              let defaultScheduling = platformDefault as? any SchedulingExecutor else {
            preconditionFailure("the platform's executors (\(type(of: platformMain)), \(type(of: platformDefault))) cannot schedule jobs")
        }
        self.platformMain = platformMain
        self.platformDefault = platformDefault
        platformMainScheduling = mainScheduling
        platformDefaultScheduling = defaultScheduling
    }

    private static func install() -> SimMainExecutor {
        let executor = SimMainExecutor(platformMain: MainActor.executor, platformDefault: Task.defaultExecutor)
        Factory.main = executor
        Factory.global = SimGlobalExecutor(main: executor)
        _createExecutors(factory: Factory.self)
        return executor
    }

    /// What `_createExecutors` asks for: this executor, and a global one that holds like it.
    private enum Factory: ExecutorFactory {
        nonisolated(unsafe) static var main: SimMainExecutor!
        nonisolated(unsafe) static var global: SimGlobalExecutor!
        static var mainExecutor: any MainExecutor { main }
        static var defaultExecutor: any TaskExecutor { global }
    }

    // MARK: MainExecutor

    func enqueue(_ job: consuming ExecutorJob) {
        lock.lock()
        if holding {
            held.append(Held(job: UnownedJob(job), global: false))
            lock.unlock()
            return
        }
        lock.unlock()
        platformMain.enqueue(job)
    }

    func enqueue<C: Clock>(_ job: consuming ExecutorJob, after delay: C.Duration, tolerance: C.Duration?, clock: C) {
        platformMainScheduling.enqueue(job, after: delay, tolerance: tolerance, clock: clock)
    }

    func enqueue<C: Clock>(_ job: consuming ExecutorJob, at instant: C.Instant, tolerance: C.Duration?, clock: C) {
        platformMainScheduling.enqueue(job, at: instant, tolerance: tolerance, clock: clock)
    }

    func run() throws { try platformMain.run() }
    func stop() { platformMain.stop() }
    var isMainExecutor: Bool { true }
    func checkIsolated() { platformMain.checkIsolated() }

    // MARK: Holding

    /// Whether a global job enqueued now belongs to the holding run: made on its thread.
    fileprivate func holdsGlobalJobs() -> Bool {
        let thread = holdingThread.load(ordering: .relaxed)
        return thread != 0 && thread == UInt(pthread_self())
    }

    fileprivate func hold(_ job: consuming ExecutorJob) {
        lock.lock()
        held.append(Held(job: UnownedJob(job), global: true))
        lock.unlock()
    }

    /// Keeps the main actor's jobs, and the global jobs made on this thread, until ``release()``.
    /// Runs hold one at a time: a run that starts, or comes back from its drain, while another
    /// holds waits for that one's release. (When they nested instead — a parallel test's run
    /// holding inside a job another run held — each ran the others' drain turns and none could
    /// return first: the test process spun for minutes, or grew its queue to an abort.)
    /// On the main actor, as the runs are: a nonisolated async function would run on the pool,
    /// and its thread is the one that would hold.
    @MainActor func beginHolding() async {
        while !tryBeginHolding() { await nextRelease() }
    }

    /// Waits until no run holds the jobs; returns whether one did. A run's drain waits so rather
    /// than yield, so the turns another run's holding gives it are not counted as its own.
    @MainActor func waitWhileAnotherRunHolds() async -> Bool {
        var waited = false
        while isHolding {
            waited = true
            await nextRelease()
        }
        return waited
    }

    private var isHolding: Bool {
        lock.lock()
        defer { lock.unlock() }
        return holding
    }

    /// Whether a run holds the jobs; read under the lock.
    private var holding: Bool { holdingThread.load(ordering: .relaxed) != 0 }

    /// Returns at the next ``release()``, or at once if no run holds.
    @MainActor private func nextRelease() async {
        await withCheckedContinuation { (waiter: CheckedContinuation<Void, Never>) in
            lock.lock()
            if holding {
                waiters.append(waiter)
                lock.unlock()
            } else {
                lock.unlock()
                waiter.resume()
            }
        }
    }

    private func tryBeginHolding() -> Bool {
        lock.lock()
        defer { lock.unlock() }
        guard !holding else { return false }
        holdingThread.store(UInt(pthread_self()), ordering: .relaxed)
        return true
    }

    /// Ends a ``beginHolding()``: hands what is still held to the platform's executors and lets
    /// the waiting runs try again.
    func release() {
        lock.lock()
        holdingThread.store(0, ordering: .relaxed)
        let rest = Array(held[head...])
        held = []
        head = 0
        let resumed = waiters
        waiters = []
        lock.unlock()
        for item in rest {
            if item.global { platformDefault.enqueue(ExecutorJob(item.job)) } else { platformMain.enqueue(ExecutorJob(item.job)) }
        }
        for waiter in resumed { waiter.resume() }
    }

    /// Runs held jobs, oldest first, until none is left or `limit` have run; returns how many ran.
    func runHeld(limit: Int) -> Int {
        var ran = 0
        while ran < limit {
            lock.lock()
            guard head < held.count else {
                held.removeAll(keepingCapacity: true)
                head = 0
                lock.unlock()
                return ran
            }
            let next = held[head]
            head += 1
            if head >= Self.keptRunJobs, head * 2 >= held.count {
                held.removeFirst(head)
                head = 0
            }
            lock.unlock()
            if next.global {
                next.job.runSynchronously(on: SimGlobalExecutor.unowned)
            } else {
                next.job.runSynchronously(on: MainActor.sharedUnownedExecutor)
            }
            ran += 1
        }
        return ran
    }
}

/// The main actor's jobs held and run as `runAsync()` holds and runs them, with no simulation:
/// what `keepalive-bench async` measures its floor with (a bare hand-off to a `for await` loop
/// on the same executor, driven the same way). Not API: its shape follows the run's.
@_spi(Benchmarks)
public enum SimHeldMainActor {
    /// Holds the main actor's jobs, and the global jobs made on this thread, while `body` runs;
    /// `body`'s argument runs the held jobs, oldest first, until none is left, and returns how
    /// many ran. What is still held at the end goes to the platform's executors.
    @MainActor public static func holding<Result>(_ body: (_ runHeld: () -> Int) -> Result) async -> Result {
        let executor = SimMainExecutor.shared
        await executor.beginHolding()
        defer { executor.release() }
        return body { executor.runHeld(limit: .max) }
    }
}

/// The global executor while ``SimMainExecutor`` is installed: a global job made on a holding
/// run's thread (a resumed continuation's first step, on its way back to the main actor) is
/// held with the main actor's; every other passes straight to the platform's executor.
private final class SimGlobalExecutor: TaskExecutor, SchedulingExecutor, @unchecked Sendable {
    private let main: SimMainExecutor
    nonisolated(unsafe) static var unowned: UnownedTaskExecutor!

    init(main: SimMainExecutor) {
        self.main = main
        Self.unowned = UnownedTaskExecutor(ordinary: self)
    }

    func enqueue(_ job: consuming ExecutorJob) {
        if main.holdsGlobalJobs() {
            main.hold(job)
        } else {
            main.platformDefault.enqueue(job)
        }
    }

    func enqueue<C: Clock>(_ job: consuming ExecutorJob, after delay: C.Duration, tolerance: C.Duration?, clock: C) {
        main.platformDefaultScheduling.enqueue(job, after: delay, tolerance: tolerance, clock: clock)
    }

    func enqueue<C: Clock>(_ job: consuming ExecutorJob, at instant: C.Instant, tolerance: C.Duration?, clock: C) {
        main.platformDefaultScheduling.enqueue(job, at: instant, tolerance: tolerance, clock: clock)
    }
}
#endif
