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
final class SimRestTracker: @unchecked Sendable {
    /// A task's identity, only compared: entries leave before their task can end.
    struct TaskKey: Hashable, @unchecked Sendable {
        let task: UnsafeCurrentTask
        static var current: TaskKey? { withUnsafeCurrentTask { $0.map(TaskKey.init) } }
    }

    private struct Awake {
        let wake: SimTaskWake
        let at: SimInstant
    }

    private let lock = NSLock()
    private var pendingStarts = 0
    private var awake: [TaskKey: Awake] = [:]
    /// The app's own tasks that are running, with their names.
    private var appTasks: [TaskKey: String?] = [:]
    /// Counts every wake, so a run can tell that something happened since it last looked.
    private var wakes = 0

    /// Whether every task the simulation drives waits on the clock or a sequence, or has finished.
    var isAtRest: Bool { lock.withLock { pendingStarts == 0 && awake.isEmpty } }
    /// Tasks woken and not yet at rest, with app tasks not yet started.
    var inFlight: Int { lock.withLock { pendingStarts + awake.count } }
    var wakeCount: Int { lock.withLock { wakes } }

    /// An app task was created; it counts as awake from now, before it first runs.
    func appTaskCreated() {
        lock.withLock { pendingStarts += 1 }
    }

    /// Called first thing inside an app task.
    func appTaskBegan(name: String?, at instant: SimInstant) {
        guard let me = TaskKey.current else { return }
        lock.withLock {
            if pendingStarts > 0 { pendingStarts -= 1 }
            awake[me] = Awake(wake: .started, at: instant)
            appTasks[me] = .some(name)
        }
    }

    /// Called last inside an app task.
    func appTaskEnded() {
        guard let me = TaskKey.current else { return }
        lock.withLock {
            awake[me] = nil
            appTasks[me] = nil
        }
    }

    /// The calling task is about to suspend on the clock or a sequence; returns its identity and
    /// whether it is driven (was awake), so that the wake can be tracked.
    func park() -> (key: TaskKey?, driven: Bool) {
        guard let me = TaskKey.current else { return (nil, false) }
        return lock.withLock { (me, awake.removeValue(forKey: me) != nil) }
    }

    /// `key` is being resumed by the simulation: it is awake until it parks or ends.
    func wake(_ key: TaskKey?, by wake: SimTaskWake, at instant: SimInstant) {
        guard let key else { return }
        lock.withLock {
            awake[key] = Awake(wake: wake, at: instant)
            wakes &+= 1
        }
    }

    /// A consumer left its sequence (its loop ended): what a task other than an app task does
    /// next is its own, as for a task the simulation never woke.
    func release(_ key: TaskKey) {
        lock.withLock {
            if appTasks[key] == nil { _ = awake.removeValue(forKey: key) }
        }
    }

    /// Gives up on the tasks still awake at `instant`: they are reported, and no longer waited for.
    func abandon(at instant: SimInstant) -> [SimRestlessTask] {
        lock.withLock {
            var restless = awake.map { SimRestlessTask(name: appTasks[$0.key] ?? nil, wokenBy: $0.value.wake, wokenAt: $0.value.at.seconds) }
            if pendingStarts > 0 {
                // Created but never given the main actor.
                restless += Array(repeating: SimRestlessTask(name: nil, wokenBy: .started, wokenAt: instant.seconds), count: pendingStarts)
            }
            awake = [:]
            pendingStarts = 0
            return restless.sorted { ($0.wokenAt, $0.name ?? "") < ($1.wokenAt, $1.name ?? "") }
        }
    }
}
