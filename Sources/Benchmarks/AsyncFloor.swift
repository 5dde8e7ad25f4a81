import Foundation
@_spi(Benchmarks) import Simulation

/// The floor of `keepalive-bench async` (issue 35, item 4): the least a `for await` loop on the
/// main actor can cost a value. A hand-written one-slot sequence hands values to a loop in a
/// main-actor task, one at a time, the driver running the main actor's jobs after each until
/// the loop waits again, as `runAsync()` runs them (``SimHeldMainActor``): the same two task
/// switches a value (the resumed continuation's step on the global executor, then the main
/// actor's), with no simulation, no rest tracking and no buffer.
enum AsyncFloor {
    /// Hands `values` copies of `value` to a `for await` loop; returns how many fixes the loop
    /// counted (`values` × the fixes in `value`), or `nil` where the run cannot hold the main
    /// actor's jobs (anything but Linux with Swift 6.3).
    @MainActor
    static func run(values: Int, value: SimLocationUpdate) async -> Int? {
        #if os(Linux) && compiler(>=6.3)
        let channel = OneSlotChannel()
        let counter = Counter()
        let settled: Bool = await SimHeldMainActor.holding { runHeld in
            // Made while the jobs are held: its first step is run below, as an app task's is.
            let consumer = Task { @MainActor in
                for await update in channel {
                    if case .locations(let fixes) = update { counter.fixes += fixes.count }
                }
            }
            _ = runHeld()
            var waitedEveryTime = channel.isWaiting
            for _ in 0..<values {
                channel.send(value)
                _ = runHeld()
                waitedEveryTime = waitedEveryTime && channel.isWaiting
            }
            channel.finish()
            _ = runHeld()
            _ = consumer
            return waitedEveryTime
        }
        // A value the loop had not taken before the next came would be lost: the floor would lie.
        precondition(settled, "the floor's loop did not wait again after a value")
        return counter.fixes
        #else
        return nil
        #endif
    }

    @MainActor private final class Counter {
        var fixes = 0
    }

    /// One slot and one waiting consumer. Locked, as a sequence that may be fed from any thread
    /// must be (the simulation's are); the driver never sends while a value is still in the slot.
    final class OneSlotChannel: AsyncSequence, @unchecked Sendable {
        typealias Element = SimLocationUpdate
        typealias Failure = Never
        private let lock = NSLock()
        private var slot: SimLocationUpdate?
        private var finished = false
        private var waiter: UnsafeContinuation<SimLocationUpdate?, Never>?

        var isWaiting: Bool {
            lock.lock()
            defer { lock.unlock() }
            return waiter != nil
        }

        func send(_ value: SimLocationUpdate) {
            lock.lock()
            if let waiter {
                self.waiter = nil
                lock.unlock()
                waiter.resume(returning: value)
            } else {
                slot = value
                lock.unlock()
            }
        }

        func finish() {
            lock.lock()
            finished = true
            let waiter = waiter
            self.waiter = nil
            lock.unlock()
            waiter?.resume(returning: nil)
        }

        /// The value in the slot, the end, or a wait.
        fileprivate func next(isolation actor: isolated (any Actor)?) async -> SimLocationUpdate? {
            await withUnsafeContinuation(isolation: actor) { (continuation: UnsafeContinuation<SimLocationUpdate?, Never>) in
                lock.lock()
                if let value = slot {
                    slot = nil
                    lock.unlock()
                    continuation.resume(returning: value)
                } else if finished {
                    lock.unlock()
                    continuation.resume(returning: nil)
                } else {
                    waiter = continuation
                    lock.unlock()
                }
            }
        }

        func makeAsyncIterator() -> Iterator { Iterator(channel: self) }

        struct Iterator: AsyncIteratorProtocol {
            typealias Failure = Never
            let channel: OneSlotChannel

            mutating func next() async -> SimLocationUpdate? { await channel.next(isolation: nil) }

            mutating func next(isolation actor: isolated (any Actor)?) async throws(Never) -> SimLocationUpdate? {
                await channel.next(isolation: actor)
            }
        }
    }
}
