#if os(Linux) && compiler(>=6.3)
// Custom main executors (the "Custom Main and Global Executors" pitch, swiftlang/swift#80266)
// are SPI in Swift 6.3; on Linux they are the way for a run to take the main actor's jobs into
// its own hands (the runtime never calls swift_task_enqueueMainExecutor_hook there).
@_spi(ExperimentalCustomExecutors) import _Concurrency
import Foundation

/// The main actor's executor while a process runs simulations with `runAsync()`: it passes
/// every job on to the platform's main executor, except while a run holds it, when it keeps
/// the main actor's jobs for the run to execute itself, one after another, in the order they
/// came. Global jobs are left to the platform: app code on the main actor, the simulation's
/// sequences and its clock resume on the caller's actor, so they make none.
///
/// So a value handed to a `for await` consumer on the main actor is handled before the run moves
/// time on, with no turn of libdispatch's main queue in between (two thread wake-ups a value,
/// which made a day at 1 Hz 50–130× slower than the same app written with delegate callbacks).
/// Installed once per process, the first time a run holds it; until then, and between runs,
/// the process's executors are untouched.
final class SimMainExecutor: MainExecutor, @unchecked Sendable {
    /// Installed by the first use.
    static let shared: SimMainExecutor = install()

    private let platformMain: any MainExecutor
    private let lock = NSLock()
    private var held: [UnownedJob] = []
    private var head = 0
    private var holdDepth = 0

    private init(platformMain: any MainExecutor) {
        self.platformMain = platformMain
    }

    private static func install() -> SimMainExecutor {
        let executor = SimMainExecutor(platformMain: MainActor.executor)
        Factory.main = executor
        Factory.global = Task.defaultExecutor
        _createExecutors(factory: Factory.self)
        return executor
    }

    /// What `_createExecutors` asks for: this executor, and the platform's global one unchanged.
    private enum Factory: ExecutorFactory {
        nonisolated(unsafe) static var main: SimMainExecutor!
        nonisolated(unsafe) static var global: (any TaskExecutor)!
        static var mainExecutor: any MainExecutor { main }
        static var defaultExecutor: any TaskExecutor { global }
    }

    // MARK: MainExecutor

    func enqueue(_ job: consuming ExecutorJob) {
        lock.lock()
        if holdDepth > 0 {
            held.append(UnownedJob(job))
            lock.unlock()
            return
        }
        lock.unlock()
        platformMain.enqueue(job)
    }

    func run() throws { try platformMain.run() }
    func stop() { platformMain.stop() }
    var isMainExecutor: Bool { true }
    func checkIsolated() { platformMain.checkIsolated() }

    // MARK: Holding

    /// Keeps the main actor's jobs until the matching ``release()``; runs may nest.
    func beginHolding() {
        lock.lock()
        holdDepth += 1
        lock.unlock()
    }

    /// Ends a ``beginHolding()``; the last one hands what is still held to the platform's executor.
    func release() {
        lock.lock()
        holdDepth -= 1
        let rest: [UnownedJob]
        if holdDepth == 0 {
            rest = Array(held[head...])
            held = []
            head = 0
        } else {
            rest = []
        }
        lock.unlock()
        for job in rest { platformMain.enqueue(ExecutorJob(job)) }
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
            lock.unlock()
            next.runSynchronously(on: MainActor.sharedUnownedExecutor)
            ran += 1
        }
        return ran
    }
}
#endif
