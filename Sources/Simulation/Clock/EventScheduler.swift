/// Runs actions in order of their simulated time: the discrete-event core of a simulation.
///
/// Actions at the same instant run in the order they were scheduled, so a run never depends on
/// anything but its inputs. Nothing here reads the wall clock or sleeps.
final class EventScheduler {
    private struct Entry {
        let time: SimInstant
        let sequence: UInt64
        let action: () -> Void

        func precedes(_ other: Entry) -> Bool {
            time < other.time || (time == other.time && sequence < other.sequence)
        }
    }

    /// The current simulated time.
    private(set) var now = SimInstant.zero
    private var heap: [Entry] = []
    private var nextSequence: UInt64 = 0

    /// Schedules `action` at `time`; a time in the past runs at the current time.
    func schedule(at time: SimInstant, _ action: @escaping () -> Void) {
        let entry = Entry(time: max(time, now), sequence: nextSequence, action: action)
        nextSequence += 1
        heap.append(entry)
        siftUp(heap.count - 1)
    }

    /// The time of the next action, if any.
    var nextTime: SimInstant? { heap.first?.time }

    /// Runs every action due at or before `limit`, in order, advancing `now`; then sets `now` to `limit`.
    func run(until limit: SimInstant) {
        while let first = heap.first, first.time <= limit {
            let entry = popFirst()
            now = entry.time
            entry.action()
        }
        if limit > now { now = limit }
    }

    private func popFirst() -> Entry {
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
