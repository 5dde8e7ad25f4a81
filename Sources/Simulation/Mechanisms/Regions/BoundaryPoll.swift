/// A mechanism's look at the device's true position every `regions.checkInterval` (§11) while
/// it watches something: the one loop of ``RegionMonitoring`` (regions and visits) and of
/// ``ConditionMonitoring`` (`CLMonitor` conditions), each with its own poll.
@MainActor
final class BoundaryPoll {
    private var check: ScheduledWork?
    /// Whether the mechanism watches anything: the poll goes on only while it does.
    private let watching: @MainActor () -> Bool
    /// One look at the position.
    private let look: @MainActor (SimSystem) -> Void

    init(watching: @escaping @MainActor () -> Bool, look: @escaping @MainActor (SimSystem) -> Void) {
        self.watching = watching
        self.look = look
    }

    /// Schedules the next look, unless one is scheduled or nothing is watched.
    func ensure(in system: SimSystem) {
        guard check == nil, watching() else { return }
        check = system.scheduler.schedule(after: system.profile.regions.checkInterval, owner: .mechanism) { [unowned self, unowned system] in
            check = nil
            look(system)
            ensure(in: system)
        }
    }

    /// Cancels the next look: the run ended.
    func cancel() {
        check?.cancel()
        check = nil
    }
}
