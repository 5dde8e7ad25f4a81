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
    // The iteration's code is inlinable, so that a loop in the app's module runs it specialized
    // for its element type: run generically, a value's hand-off cost about 4 k instructions of
    // generic metadata look-ups (issue 35, item 4). What is not generic stays behind
    // ``SimSequenceWaits``.
    @usableFromInline let storage: Storage

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
        storage = Storage(waits: SimSequenceWaits(name: name, clock: clock ?? SimClock()))
        build(Continuation(storage: storage))
    }

    @inlinable
    public func makeAsyncIterator() -> AsyncIterator {
        AsyncIterator(consumer: Consumer(storage: storage))
    }

    /// Iterates a ``SimAsyncStream``; it stays on the caller's actor while it waits.
    public struct AsyncIterator: AsyncIteratorProtocol {
        public typealias Failure = Never
        @usableFromInline let consumer: Consumer

        @inlinable init(consumer: Consumer) { self.consumer = consumer }

        @inlinable
        public mutating func next() async -> Element? {
            await consumer.next(isolation: nil)
        }

        @inlinable
        public mutating func next(isolation actor: isolated (any Actor)?) async throws(Never) -> Element? {
            await consumer.next(isolation: actor)
        }
    }

    /// One iteration; when it goes away (the loop ended) its task is no longer waited for.
    @usableFromInline
    final class Consumer: @unchecked Sendable {
        @usableFromInline let storage: Storage
        @exclusivity(unchecked) @usableFromInline var lastKey: SimRestTracker.TaskKey?

        @inlinable init(storage: Storage) { self.storage = storage }

        deinit {
            if let lastKey { storage.waits.release(lastKey) }
        }

        @inlinable
        func next(isolation actor: isolated (any Actor)?) async -> Element? {
            let storage = storage
            return await withTaskCancellationHandler {
                // As in SimClock's sleep: the wait is registered on the caller's actor, and the
                // task parks in the same step, so a drain never sees it at rest and not waiting.
                // A value already buffered, or the end, resumes it before it suspends. (Unsafe:
                // every path below resumes it exactly once, under the lock that hands it over.)
                await withUnsafeContinuation(isolation: actor) { (continuation: UnsafeContinuation<Element?, Never>) in
                    lastKey = storage.wait(continuation)
                }
            } onCancel: {
                storage.cancelWaiter()
            }
        }
    }

    @usableFromInline
    final class Storage: @unchecked Sendable {
        @usableFromInline let waits: SimSequenceWaits
        @usableFromInline let lock = NSLock()
        @exclusivity(unchecked) @usableFromInline var buffer: [Element] = []
        @exclusivity(unchecked) @usableFromInline var head = 0
        @exclusivity(unchecked) @usableFromInline var finished = false
        // The waiting consumer, as three fields rather than an optional struct: copying a
        // generic struct costs a metadata look-up a value. The lock guards every field: no
        // exclusivity checks at run time (a call each access).
        @exclusivity(unchecked) @usableFromInline var waiting: UnsafeContinuation<Element?, Never>?
        @exclusivity(unchecked) @usableFromInline var waitingKey: SimRestTracker.TaskKey?
        @exclusivity(unchecked) @usableFromInline var waitingDriven = false

        init(waits: SimSequenceWaits) {
            self.waits = waits
        }

        /// Must hold the lock.
        @inlinable
        func pop() -> Element? {
            guard head < buffer.count else { return nil }
            let value = buffer[head]
            head += 1
            if head == buffer.count {
                buffer.removeAll(keepingCapacity: true)
                head = 0
            }
            return value
        }

        /// Hands the next buffered value, or the end, to `continuation` at once, or parks the
        /// calling task until one comes; returns the task's identity.
        @inlinable
        func wait(_ continuation: UnsafeContinuation<Element?, Never>) -> SimRestTracker.TaskKey? {
            let key = SimRestTracker.TaskKey.current
            // Plain lock calls, not `withLock` and an outcome enum: generic values returned from a
            // closure cost metadata look-ups on every wait.
            lock.lock()
            if let value = pop() {
                // Buffered: the task goes on without suspending, as awake as it was.
                lock.unlock()
                continuation.resume(returning: value)
            } else if finished || Task.isCancelled {
                // Read under the lock: a cancellation handler that took it first found no waiter.
                lock.unlock()
                continuation.resume(returning: nil)
            } else {
                let driven = waits.park(key)
                (waiting, waitingKey, waitingDriven) = (continuation, key, driven)
                lock.unlock()
            }
            return key
        }

        @usableFromInline
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
            waits.wake(key)
            continuation.resume(returning: value)
        }

        @usableFromInline
        func finish() {
            lock.lock()
            finished = true
            endWaiter()
        }

        @inlinable
        func cancelWaiter() {
            lock.lock()
            endWaiter()
        }

        /// Ends the wait, if a consumer waits; called holding the lock, which it releases.
        @inlinable
        func endWaiter() {
            let (continuation, key, driven) = (waiting, waitingKey, waitingDriven)
            waiting = nil
            lock.unlock()
            guard let continuation else { return }
            if driven { waits.wake(key) }
            continuation.resume(returning: nil)
        }
    }
}

/// What a ``SimAsyncStream`` tells the run about its consumer, whatever its element type: its
/// name (for reports) and the clock whose rest tracker counts the consumer's task.
@usableFromInline
final class SimSequenceWaits: Sendable {
    let name: String
    let clock: SimClock
    /// The wake every value gives, made once.
    private let wakeReason: SimTaskWake

    init(name: String, clock: SimClock) {
        self.name = name
        self.clock = clock
        wakeReason = .sequence(name)
    }

    /// The task `key` is about to wait for a value; returns whether it was awake (driven).
    @usableFromInline
    func park(_ key: SimRestTracker.TaskKey?) -> Bool {
        clock.rest.park(key)
    }

    /// The waiting task `key` is being resumed with a value or the end: awake until it parks.
    @usableFromInline
    func wake(_ key: SimRestTracker.TaskKey?) {
        clock.rest.wake(key, by: wakeReason, at: clock.now)
    }

    /// The consumer `key` left the sequence.
    @usableFromInline
    func release(_ key: SimRestTracker.TaskKey) {
        clock.rest.release(key)
    }
}
