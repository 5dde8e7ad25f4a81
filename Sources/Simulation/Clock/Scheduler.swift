/// Who a piece of scheduled work belongs to: it runs only while its owner can run it.
public enum SimWorkOwner: Hashable, Sendable {
    /// iOS itself and the user: always runs.
    case system
    /// A background mechanism (location, tasks, …): runs whatever the app's state.
    case mechanism
    /// The app's process with this number: runs only while that process runs, is deferred while
    /// it is suspended, and is dropped when it ends.
    case app(process: Int)
}

/// A handle on scheduled work: `cancel()` makes sure it never runs.
///
/// ```swift
/// let expiry = scheduler.schedule(at: deadline, owner: .system) { expire() }
/// expiry.cancel()   // something held the app after all
/// ```
@MainActor
public final class ScheduledWork {
    /// When the work is due.
    public fileprivate(set) var time: SimInstant
    /// Who the work belongs to.
    public let owner: SimWorkOwner
    @exclusivity(unchecked) fileprivate var action: (@MainActor () -> Void)?
    /// The sequence number of the queue entry that runs this work: an entry left over from before
    /// the work was scheduled again (``Scheduler/schedule(after:reusing:)``) has another, and is skipped.
    @exclusivity(unchecked) fileprivate var sequence: UInt64 = 0

    fileprivate init(time: SimInstant, owner: SimWorkOwner, action: @escaping @MainActor () -> Void) {
        self.time = time
        self.owner = owner
        self.action = action
    }

    /// Whether the work has neither run nor been cancelled.
    public var isPending: Bool { action != nil }

    /// Makes sure the work never runs; cancelling it again, or after it ran, does nothing.
    public func cancel() { action = nil }

    /// Takes the action out, so it runs at most once and its captures are released.
    fileprivate func take() -> (@MainActor () -> Void)? {
        defer { action = nil }
        return action
    }
}

/// Runs work in order of simulated time: the discrete-event heart of a simulation.
///
/// Work at the same instant runs in the order it was scheduled, so a run depends on nothing but
/// its inputs. Nothing here reads the wall clock or sleeps. Cancelled work is skipped when it
/// comes up, and its closure is released at once, so cancelled timers hold no memory.
@MainActor
public final class Scheduler {
    private struct Entry {
        let time: SimInstant
        let sequence: UInt64
        let work: ScheduledWork

        func precedes(_ other: Entry) -> Bool {
            time < other.time || (time == other.time && sequence < other.sequence)
        }

        /// Whether the work is still to run from this entry: not cancelled, not run, and not
        /// scheduled again since (then a later entry runs it).
        @MainActor var isLive: Bool { work.isPending && work.sequence == sequence }
    }

    /// The current simulated time.
    // `@exclusivity(unchecked)` on what every step reads: see SimLocationManager.
    @exclusivity(unchecked) public private(set) var now = SimInstant.zero
    // The closures are main-actor closures, as everything here is: typed so, calling them needs
    // no run-time check of the executor (which cost a tenth of a simulation's time).
    /// Decides, when app work comes due, whether it runs now, waits, or is dropped.
    var admit: @MainActor (ScheduledWork) -> Admission = { _ in .run }
    /// Called whenever `now` moves.
    var onAdvance: @MainActor (SimInstant) -> Void = { _ in }
    /// Keeps the action of app work the admission says must wait, to run when the app runs again.
    var deferWork: @MainActor (@escaping @MainActor () -> Void) -> Void = { _ in }
    @exclusivity(unchecked) private var heap: [Entry] = []
    private var nextSequence: UInt64 = 0
    /// When the run ends, if it is known: work due later can never run, so it is not kept (its
    /// closure lives only as long as its handle), and a script's `after` far past the end costs
    /// nothing however often it is asked for.
    var end: SimInstant?
    /// How much work may run at one instant; past it the scheduler stops (see ``stalled``).
    var stepsPerInstant = SimLimits.stepsPerInstant
    /// Called when the work at one instant reaches `stepsPerInstant` (`true`): the scheduler
    /// then runs `stallDiagnosisSteps` more, so that what the loop does can be seen, and stops
    /// (`false`).
    var onStall: @MainActor (_ diagnosing: Bool) -> Void = { _ in }
    static let stallDiagnosisSteps = 1_000
    private var stepsAtNow = 0
    /// Whether virtual time stopped advancing: the run ends at ``now``; nothing more runs.
    public private(set) var stalled = false

    enum Admission { case run, wait, drop }

    nonisolated init() {}

    /// Schedules `action` at `time` for `owner`; a time in the past runs at the current time.
    @discardableResult
    public func schedule(at time: SimInstant, owner: SimWorkOwner, _ action: @escaping @MainActor () -> Void) -> ScheduledWork {
        enqueue(ScheduledWork(time: max(time, now), owner: owner, action: action))
    }

    /// Schedules `work`'s action again, `seconds` from now, for the same owner: work that repeats
    /// for the whole run (the location manager's tick, a fix a second) keeps one handle instead
    /// of one made and freed at every step. `work` must not be pending (it ran, or was cancelled);
    /// an entry of it still queued is skipped when it comes up.
    @discardableResult
    func schedule(after seconds: Double, reusing work: ScheduledWork, _ action: @escaping @MainActor () -> Void) -> ScheduledWork {
        precondition(!work.isPending, "work scheduled again while pending")
        work.time = max(now.adding(seconds: seconds), now)
        work.action = action
        return enqueue(work)
    }

    private func enqueue(_ work: ScheduledWork) -> ScheduledWork {
        if let end, work.time > end { return work }
        work.sequence = nextSequence
        heap.append(Entry(time: work.time, sequence: nextSequence, work: work))
        nextSequence &+= 1
        siftUp(heap.count - 1)
        return work
    }

    /// Schedules `action` `seconds` from now.
    @discardableResult
    public func schedule(after seconds: Double, owner: SimWorkOwner, _ action: @escaping @MainActor () -> Void) -> ScheduledWork {
        schedule(at: now.adding(seconds: seconds), owner: owner, action)
    }

    /// The time of the next pending work, if any (cancelled work is discarded on the way).
    var nextTime: SimInstant? {
        while let first = heap.first, !first.isLive { _ = popFirst() }
        return heap.first?.time
    }

    /// The furthest instant that work repeating with a fixed use may be counted up to in one step
    /// (``fastForward(to:)``) during the current ``run(until:horizon:)``.
    private(set) var horizon = SimInstant.zero

    /// Runs every piece of work due at or before `limit`, in order, advancing `now`; then sets
    /// `now` to `limit` (unless repeating work counted in one step took it past). App work the
    /// admission defers goes to `deferWork`. `horizon` (at least `limit`): how far repeating work
    /// may be counted in one step, when the caller looks only at what work does, not at the time
    /// between (the run's end).
    func run(until limit: SimInstant, horizon: SimInstant? = nil) {
        self.horizon = max(limit, horizon ?? limit)
        while !stalled, !isStopped, let first = heap.first, first.time <= limit {
            let entry = popFirst()
            guard entry.isLive else { continue }
            if entry.time > now {
                now = entry.time
                stepsAtNow = 0
                onAdvance(now)
            }
            stepsAtNow += 1
            if stepsAtNow >= stepsPerInstant {
                if stepsAtNow == stepsPerInstant { onStall(true) }
                if stepsAtNow >= stepsPerInstant + Self.stallDiagnosisSteps {
                    stalled = true
                    onStall(false)
                    entry.work.cancel()
                    break
                }
            }
            // Only the app's work is admitted or not; the rest always runs (no call a step).
            let admission: Admission = if case .app = entry.work.owner { admit(entry.work) } else { .run }
            switch admission {
            case .run: entry.work.take()?()
            case .wait: if let action = entry.work.take() { deferWork(action) }
            case .drop: entry.work.cancel()
            }
        }
        if !stalled, !isStopped, limit > now {
            now = limit
            onAdvance(now)
        }
    }

    /// Moves `now` on to `instant`, before any pending work, for work that repeats with a fixed
    /// use and was counted up to there in one step (issue 33: time proportional to events).
    func fastForward(to instant: SimInstant) {
        precondition(instant >= now && instant <= horizon && instant < (nextTime ?? .distantFuture), "fast-forward past pending work")
        guard instant > now else { return }
        now = instant
        stepsAtNow = 0
        onAdvance(now)
    }

    /// Whether ``stop()`` ended the run.
    private(set) var isStopped = false

    /// Ends the run where it stands: pending work is dropped, and nothing runs any more.
    func stop() {
        isStopped = true
        removeAll()
    }

    /// Drops every piece of pending work, releasing what the closures hold.
    func removeAll() {
        for entry in heap { entry.work.cancel() }
        heap = []
    }

    /// How many entries wait (cancelled ones included until they come up).
    var count: Int { heap.count }

    /// How many entries have come off the queue (work that ran, waited or was dropped, and
    /// cancelled entries): what a run costs grows with it, not with the virtual time it spans.
    public private(set) var steps = 0

    private func popFirst() -> Entry {
        steps &+= 1
        let first = heap[0]
        let last = heap.removeLast()
        if !heap.isEmpty {
            heap[0] = last
            siftDown(0)
        }
        return first
    }

    private func siftUp(_ index: Int) {
        var child = index
        while child > 0 {
            let parent = (child - 1) / 2
            guard heap[child].precedes(heap[parent]) else { return }
            heap.swapAt(child, parent)
            child = parent
        }
    }

    private func siftDown(_ index: Int) {
        var parent = index
        while true {
            let left = 2 * parent + 1
            let right = left + 1
            var first = parent
            if left < heap.count, heap[left].precedes(heap[first]) { first = left }
            if right < heap.count, heap[right].precedes(heap[first]) { first = right }
            if first == parent { return }
            heap.swapAt(parent, first)
            parent = first
        }
    }
}
