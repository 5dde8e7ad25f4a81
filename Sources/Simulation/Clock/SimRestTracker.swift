import Foundation

/// What last woke a task that the simulation drives.
public enum SimTaskWake: Hashable, Sendable, Codable {
    /// The task was started with ``SimApplication/task(name:_:)``.
    case started
    /// A sleep on ``SimClock`` ended.
    case clock
    /// A value (or the end) came from one of the simulation's async sequences, named as its API.
    case sequence(String)
}

/// A task that `KeepAliveSimulation.runAsync()` woke and that did not come to rest — sleep on
/// the clock, wait on one of the simulation's sequences, or finish — within
/// ``KeepAliveSimulation/restBound`` turns of the main actor: it waits on something the
/// simulation does not control (a network call, `Task.sleep`, a foreign stream), so what it
/// does next happens at no defined virtual time. The run went on without it.
public struct SimRestlessTask: Hashable, Sendable, Codable {
    /// The name given to ``SimApplication/task(name:_:)``; `nil` for an unnamed task.
    public var name: String?
    /// What woke it last.
    public var wokenBy: SimTaskWake
    /// Seconds from the start when it was woken.
    public var wokenAt: Double
}

/// Knows which tasks the simulation has set running and that have not yet come to rest, so
/// that `runAsync()` moves time on only when all of them have. A task is identified by the
/// runtime's task object; it is "driven" once it is an app task or was woken by one of the
/// simulation's sequences, and every later wake of a driven task is tracked too.
@usableFromInline
final class SimRestTracker: @unchecked Sendable {
    /// A task's identity, only compared: entries leave before their task can end.
    @usableFromInline
    struct TaskKey: Hashable, Sendable {
        /// The runtime's task object's address, what `UnsafeCurrentTask` holds and compares.
        /// Not the `UnsafeCurrentTask` itself: a type of the standard library whose size is not
        /// fixed at compile time, so that every copy, comparison and optional of a key holding
        /// one went through its value witnesses (5 k instructions a value handed to a loop).
        @usableFromInline let address: UInt

        @inlinable init(address: UInt) { self.address = address }

        @inlinable static var current: TaskKey? {
            withUnsafeCurrentTask { task in task.map { TaskKey(address: unsafeBitCast($0, to: UInt.self)) } }
        }
    }

    private struct Awake {
        let wake: SimTaskWake
        let at: SimInstant
    }

    private let lock = NSLock()
    @exclusivity(unchecked) private var pendingStarts = 0
    // The awake tasks: usually one (the loop a value woke), kept apart from the dictionary so
    // that a value's wake and park hash nothing. A task is in one of the two at most.
    @exclusivity(unchecked) private var awakeAlone: (key: TaskKey, awake: Awake)?
    @exclusivity(unchecked) private var awakeMore: [TaskKey: Awake] = [:]
    /// The app's own tasks that are running, with their names.
    @exclusivity(unchecked) private var appTasks: [TaskKey: String?] = [:]
    /// Counts every wake, so a run can tell that something happened since it last looked.
    @exclusivity(unchecked) private var wakes = 0

    /// Whether every task the simulation drives waits on the clock or a sequence, or has finished.
    var isAtRest: Bool {
        lock.lock()
        defer { lock.unlock() }
        return pendingStarts == 0 && awakeAlone == nil && awakeMore.isEmpty
    }
    /// Tasks woken and not yet at rest, with app tasks not yet started.
    var inFlight: Int { lock.withLock { pendingStarts + (awakeAlone == nil ? 0 : 1) + awakeMore.count } }
    var wakeCount: Int { lock.withLock { wakes } }

    /// Must hold the lock.
    private func setAwake(_ key: TaskKey, _ awake: Awake) {
        if awakeAlone?.key == key {
            awakeAlone = (key, awake)
        } else if awakeAlone == nil, awakeMore.isEmpty {
            awakeAlone = (key, awake)
        } else {
            awakeMore[key] = awake
        }
    }

    /// Must hold the lock; returns whether `key` was awake.
    private func removeAwake(_ key: TaskKey) -> Bool {
        if awakeAlone?.key == key {
            awakeAlone = nil
            return true
        }
        return !awakeMore.isEmpty && awakeMore.removeValue(forKey: key) != nil
    }

    /// An app task was created; it counts as awake from now, before it first runs.
    func appTaskCreated() {
        lock.withLock { pendingStarts += 1 }
    }

    /// Called first thing inside an app task.
    func appTaskBegan(name: String?, at instant: SimInstant) {
        guard let me = TaskKey.current else { return }
        lock.withLock {
            if pendingStarts > 0 { pendingStarts -= 1 }
            setAwake(me, Awake(wake: .started, at: instant))
            appTasks[me] = .some(name)
        }
    }

    /// Called last inside an app task.
    func appTaskEnded() {
        guard let me = TaskKey.current else { return }
        lock.withLock {
            _ = removeAwake(me)
            appTasks[me] = nil
        }
    }

    /// The calling task is about to suspend on the clock or a sequence; returns its identity and
    /// whether it is driven (was awake), so that the wake can be tracked.
    func park() -> (key: TaskKey?, driven: Bool) {
        let me = TaskKey.current
        return (me, park(me))
    }

    /// The task `key` (the caller) is about to suspend on the clock or a sequence; returns
    /// whether it is driven (was awake).
    func park(_ key: TaskKey?) -> Bool {
        guard let key else { return false }
        lock.lock()
        defer { lock.unlock() }
        return removeAwake(key)
    }

    /// `key` is being resumed by the simulation: it is awake until it parks or ends.
    func wake(_ key: TaskKey?, by wake: SimTaskWake, at instant: SimInstant) {
        guard let key else { return }
        lock.lock()
        defer { lock.unlock() }
        setAwake(key, Awake(wake: wake, at: instant))
        wakes &+= 1
    }

    /// A consumer left its sequence (its loop ended): what a task other than an app task does
    /// next is its own, as for a task the simulation never woke.
    func release(_ key: TaskKey) {
        lock.withLock {
            if appTasks[key] == nil { _ = removeAwake(key) }
        }
    }

    /// Gives up on the tasks still awake at `instant`: they are reported, and no longer waited for.
    func abandon(at instant: SimInstant) -> [SimRestlessTask] {
        lock.withLock {
            var awake = awakeMore
            if let alone = awakeAlone { awake[alone.key] = alone.awake }
            var restless = awake.map { SimRestlessTask(name: appTasks[$0.key] ?? nil, wokenBy: $0.value.wake, wokenAt: $0.value.at.seconds) }
            if pendingStarts > 0 {
                // Created but never given the main actor.
                restless += Array(repeating: SimRestlessTask(name: nil, wokenBy: .started, wokenAt: instant.seconds), count: pendingStarts)
            }
            awakeAlone = nil
            awakeMore = [:]
            pendingStarts = 0
            return restless.sorted { ($0.wokenAt, $0.name ?? "") < ($1.wokenAt, $1.name ?? "") }
        }
    }
}
