import Foundation

/// The simulation's async sequences (`manager.updates`, `liveUpdates(_:).updates`,
/// `monitor.events`, `session.diagnostics`): an `AsyncStream` that tells the run when its
/// consumer has taken a value and is waiting for the next one.
///
/// A value yielded to a waiting consumer wakes it, and `KeepAliveSimulation.runAsync()` does not
/// move time on until that consumer waits again (or sleeps on the clock, or its loop ends), so a
/// `for await` loop handles every value at the virtual instant it was made, in every run. Values
/// nobody waits for are buffered, as `AsyncStream` buffers them. One consumer at a time.
///
/// ```swift
/// application.task {
///     for await update in manager.updates {
///         if case .locations(let fixes) = update { route.append(contentsOf: fixes) }
///     }
/// }
/// ```
public struct SimAsyncStream<Element: Sendable>: AsyncSequence, Sendable {
    public typealias Failure = Never
    private let storage: Storage

    /// Feeds a ``SimAsyncStream``; the simulation's mechanisms hold it.
    public struct Continuation: Sendable {
        fileprivate let storage: Storage

        /// Hands `value` to the waiting consumer (which the run then waits for), or buffers it.
        public func yield(_ value: Element) { storage.yield(value) }
        /// Ends the sequence: the consumer's loop ends once it has taken what was buffered.
        public func finish() { storage.finish() }
    }

    /// A sequence named `name` (as its API, for reports) whose wakes `clock` tracks; `build`
    /// receives its continuation, as `AsyncStream`'s initializer does. Without a clock (the
    /// simulation is gone) nothing waits for its consumer.
    init(_ name: String, clock: SimClock?, _ build: (Continuation) -> Void) {
        storage = Storage(name: name, clock: clock ?? SimClock())
        build(Continuation(storage: storage))
    }

    public func makeAsyncIterator() -> AsyncIterator {
        AsyncIterator(consumer: Consumer(storage: storage))
    }

    /// Iterates a ``SimAsyncStream``; it stays on the caller's actor while it waits.
    public struct AsyncIterator: AsyncIteratorProtocol {
        public typealias Failure = Never
        fileprivate let consumer: Consumer

        public mutating func next() async -> Element? {
            await consumer.next(isolation: nil)
        }

        public mutating func next(isolation actor: isolated (any Actor)?) async throws(Never) -> Element? {
            await consumer.next(isolation: actor)
        }
    }

    /// One iteration; when it goes away (the loop ended) its task is no longer waited for.
    fileprivate final class Consumer: @unchecked Sendable {
        let storage: Storage
        private var lastKey: SimRestTracker.TaskKey?

        init(storage: Storage) { self.storage = storage }

        deinit {
            if let lastKey { storage.clock.rest.release(lastKey) }
        }

        func next(isolation actor: isolated (any Actor)?) async -> Element? {
            if let ready = storage.takeReady() { return ready.value }
            let storage = storage
            return await withTaskCancellationHandler {
                // As in SimClock's sleep: the wait is registered on the caller's actor, and the
                // task parks in the same step, so a drain never sees it at rest and not waiting.
                await withCheckedContinuation(isolation: actor) { (continuation: CheckedContinuation<Element?, Never>) in
                    lastKey = storage.wait(continuation)
                }
            } onCancel: {
                storage.cancelWaiter()
            }
        }
    }

    /// What was ready without waiting: a value, or the end (`value == nil`).
    fileprivate struct Ready {
        let value: Element?
    }

    fileprivate final class Storage: @unchecked Sendable {
        let name: String
        let clock: SimClock
        private let lock = NSLock()
        private var buffer: [Element] = []
        private var head = 0
        private var finished = false
        // The waiting consumer, as three fields rather than an optional struct: copying a
        // generic struct costs a metadata look-up a value, a third of a `for await` run's time.
        private var waiting: CheckedContinuation<Element?, Never>?
        private var waitingKey: SimRestTracker.TaskKey?
        private var waitingDriven = false

        init(name: String, clock: SimClock) {
            self.name = name
            self.clock = clock
        }

        /// Must hold the lock.
        private func pop() -> Element? {
            guard head < buffer.count else { return nil }
            let value = buffer[head]
            head += 1
            if head == buffer.count {
                buffer.removeAll(keepingCapacity: true)
                head = 0
            }
            return value
        }

        func takeReady() -> Ready? {
            lock.lock()
            defer { lock.unlock() }
            if let value = pop() { return Ready(value: value) }
            return finished ? Ready(value: nil) : nil
        }

        /// Hands the next value to `continuation`, or parks the calling task until one comes;
        /// returns the task's identity.
        func wait(_ continuation: CheckedContinuation<Element?, Never>) -> SimRestTracker.TaskKey? {
            let key = SimRestTracker.TaskKey.current
            // Plain lock calls, not `withLock` and an outcome enum: generic values returned from a
            // closure cost metadata look-ups on every wait.
            lock.lock()
            if let value = pop() {
                lock.unlock()
                // Something came since `takeReady`: go on at once, awake.
                clock.rest.wake(key, by: .sequence(name), at: clock.now)
                continuation.resume(returning: value)
            } else if finished || Task.isCancelled {
                lock.unlock()
                continuation.resume(returning: nil)
            } else {
                let (_, driven) = clock.rest.park()
                (waiting, waitingKey, waitingDriven) = (continuation, key, driven)
                lock.unlock()
            }
            return key
        }

        func yield(_ value: Element) {
            lock.lock()
            guard !finished else { return lock.unlock() }
            guard let continuation = waiting else {
                buffer.append(value)
                return lock.unlock()
            }
            let key = waitingKey
            waiting = nil
            lock.unlock()
            // Counted awake before it can run, so the run waits for it.
            clock.rest.wake(key, by: .sequence(name), at: clock.now)
            continuation.resume(returning: value)
        }

        func finish() {
            lock.lock()
            finished = true
            endWaiter()
        }

        func cancelWaiter() {
            lock.lock()
            endWaiter()
        }

        /// Ends the wait, if a consumer waits; called holding the lock, which it releases.
        private func endWaiter() {
            let (continuation, key, driven) = (waiting, waitingKey, waitingDriven)
            waiting = nil
            lock.unlock()
            guard let continuation else { return }
            if driven { clock.rest.wake(key, by: .sequence(name), at: clock.now) }
            continuation.resume(returning: nil)
        }
    }
}
