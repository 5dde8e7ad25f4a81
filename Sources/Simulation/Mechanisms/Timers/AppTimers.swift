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
