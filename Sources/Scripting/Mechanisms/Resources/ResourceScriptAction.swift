import Simulation

/// What an app script uses of CPU and memory (§15): an `AppScript.Action.resources`.
public enum ResourceScriptAction: ScriptMechanismAction {
    /// The reaction's own work: `seconds` of CPU now, one wake-up.
    case cpu(seconds: Double)
    /// A loop that keeps a core `cpu` busy (0…1) for `seconds` of wall time, waking `wakeups`
    /// times a second; it advances only while the process runs.
    case busyLoop(seconds: Double, cpu: Double, wakeups: Double)
    /// The process's memory footprint becomes `megabytes`.
    case footprint(megabytes: Double)
    /// The footprint grows by `megabytes` (a cache that keeps every fix, say).
    case grow(megabytes: Double)

    /// The step in which a busy loop's use is counted. [model]
    public static let busyLoopStep = 1.0

    public func mapChildren(_ transform: ([AppScript.Action]) -> [AppScript.Action]) -> AppScript.Action {
        .resources(self)
    }

    public func perform(in app: ScriptedApp, application: SimApplication) {
        switch self {
        case .cpu(let seconds):
            application.useCPU(seconds: seconds)
        case .busyLoop(let seconds, let cpu, let wakeups):
            Self.loop(left: seconds, cpu: cpu, wakeups: wakeups, in: application)
        case .footprint(let megabytes):
            application.setFootprint(megabytes: megabytes)
        case .grow(let megabytes):
            application.setFootprint(megabytes: application.footprintMB + megabytes)
        }
    }

    /// One step of a busy loop, counted at its end, then the next.
    @MainActor
    private static func loop(left: Double, cpu: Double, wakeups: Double, in application: SimApplication) {
        guard left > 0 else { return }
        let step = min(busyLoopStep, left)
        application.schedule(after: step) { [weak application] in
            guard let application else { return }
            application.useCPU(seconds: cpu * step, wakeups: wakeups * step)
            loop(left: left - step, cpu: cpu, wakeups: wakeups, in: application)
        }
    }
}
