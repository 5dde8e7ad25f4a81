/// The app's own timers (§9): a fire runs only while the app's process runs; one due while it
/// is suspended runs, late, when it runs again; one due when the process has ended never runs.
/// Fires due in the background are told apart for the timer goal (§4): on time, late, or never.
@MainActor
public final class AppTimers: BackgroundMechanism {
    /// Fires due in the background that ran then.
    private var onTime = 0
    /// Fires due while the app was suspended and not yet run, by number: their date and tolerance.
    private var waiting: [Int: (due: Double, tolerance: Double)] = [:]
    private var nextNumber = 0
    /// Firings simulated one by one in the run, against ``SimulationConfiguration/maximumTimerFirings``.
    private var firings = 0

    public init() {}

    /// Timers keep nothing running.
    public func holdStatus(in system: SimSystem) -> SimHoldStatus { .notHolding(nil) }

    /// Schedules `action` `seconds` from now for the running process. The due date is looked at
    /// by iOS's side (a mechanism's work), so that a fire due while suspended is known as late.
    func schedule(after seconds: Double, tolerance: Double, in system: SimSystem,
                  _ action: @escaping @MainActor () -> Void) -> ScheduledWork {
        let process = system.process
        return system.scheduler.schedule(after: seconds, owner: .mechanism) { [unowned self, unowned system] in
            guard system.process == process else { return }
            firings += 1
            if let limit = system.configuration.maximumTimerFirings, firings > limit {
                if system.record.firingLimitReachedAt == nil {
                    system.record.firingLimitReachedAt = system.now.seconds
                    system.scheduler.stop()
                }
                return
            }
            switch system.appState {
            case .active, .inactive:
                action()
            case .background:
                onTime += 1
                action()
            case .suspended:
                let due = system.now.seconds
                let number = nextNumber
                nextNumber += 1
                waiting[number] = (due, tolerance)
                system.scheduleAppWork(after: 0) { [unowned self, unowned system] in
                    guard let fire = waiting.removeValue(forKey: number) else { return }
                    system.emit(.timers(.late(due: fire.due, tolerance: fire.tolerance)))
                    action()
                }
            case .notRunning, .terminated:
                break
            }
        }
    }

    /// Called by a firing of a repeating timer after its work, which used `cpu` seconds of CPU
    /// with `wakeups` wake-ups (none: did nothing), and which is due again every `seconds`:
    /// counts the firings that come before anything else is due — at most `limit` — in one step,
    /// exactly as running them would, and moves time to the last. Returns how many; the timer's
    /// next firing comes `seconds` after the new now. Counts none where a firing could change
    /// something: the app not running, a task awake or sleeping until then, or a CPU or wake-ups
    /// monitor whose sum the firings would still change (issue 33).
    func repeatFirings(every seconds: Double, cpu: Double, wakeups: Double, atMost limit: Int, in system: SimSystem) -> Int {
        guard system.configuration.integratesRepeatedWork, limit > 0, system.appState.isRunning else { return 0 }
        let interval = SimInstant.nanoseconds(fromSeconds: seconds)
        let now = system.now
        let scheduler = system.scheduler
        guard interval > 0, !scheduler.isStopped, !scheduler.stalled, system.clock.rest.isAtRest else { return 0 }
        // Firings strictly before the next work (work due with one runs first) or sleeper.
        var bound = scheduler.horizon.nanoseconds
        if let next = scheduler.nextTime { bound = min(bound, next.nanoseconds - 1) }
        if let sleeper = system.clock.earliestDeadline(runnable: system.process) { bound = min(bound, sleeper.nanoseconds - 1) }
        guard bound > now.nanoseconds else { return 0 }
        let count = Int(min(Int64(limit), (bound - now.nanoseconds) / interval))
        guard count > 0 else { return 0 }
        if cpu > 0 || wakeups > 0, let resources = system.mechanism(ResourceLimits.self) {
            guard resources.canRepeat(cpu: cpu, wakeups: wakeups, every: interval, in: system) else { return 0 }
            resources.repeatUse(cpu: cpu, wakeups: wakeups, every: interval, count: count, in: system)
        }
        if system.appState == .background { onTime += count }
        scheduler.fastForward(to: SimInstant(nanoseconds: now.nanoseconds + Int64(count) * interval))
        return count
    }

    public func processEnded(in system: SimSystem, process: Int, forceQuit: Bool) {
        reportNeverRan(in: system)
    }

    public func runEnded(in system: SimSystem) {
        reportNeverRan(in: system)
        if onTime > 0 { system.emit(.timers(.onTime(count: onTime))) }
    }

    /// The fires still waiting never run: their process, or the run, ended first.
    private func reportNeverRan(in system: SimSystem) {
        for number in waiting.keys.sorted() {
            guard let fire = waiting[number] else { continue }
            system.emit(.timers(.neverRan(due: fire.due, tolerance: fire.tolerance)))
        }
        waiting = [:]
    }
}
