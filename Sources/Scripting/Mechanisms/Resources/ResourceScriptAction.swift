import Simulation

/// What an app script uses of CPU and memory (§15): an `AppScript.Action.resources`.
public enum ResourceScriptAction: Hashable, Sendable {
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

    /// Runs the action in `application`'s process.
    @MainActor
    func perform(in application: SimApplication) {
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

    /// The action with its CPU time (a busy loop's share of a core) times `fraction`: the
    /// explain fix that makes the app's work lighter.
    func cpuScaled(by fraction: Double) -> ResourceScriptAction {
        switch self {
        case .cpu(let seconds): .cpu(seconds: seconds * fraction)
        case .busyLoop(let seconds, let cpu, let wakeups): .busyLoop(seconds: seconds, cpu: cpu * fraction, wakeups: wakeups)
        case .footprint, .grow: self
        }
    }

    /// One step of a busy loop, counted at its end, then the next. Whole steps that come before
    /// anything else is due are counted in one step (issue 33); the loop's last, partial step
    /// runs on its own.
    @MainActor
    private static func loop(left: Double, cpu: Double, wakeups: Double, in application: SimApplication) {
        guard left > 0 else { return }
        let step = min(busyLoopStep, left)
        application.schedule(after: step) { [weak application] in
            guard let application else { return }
            application.useCPU(seconds: cpu * step, wakeups: wakeups * step)
            var rest = left - step
            // The whole steps after this one, but for the last: it is scheduled as before.
            let wholeSteps = (rest / busyLoopStep).rounded(.down) - 1
            if step == busyLoopStep, wholeSteps >= 1 {
                let repeated = application.repeatFirings(every: step, cpu: cpu * step, wakeups: wakeups * step, atMost: Int(wholeSteps))
                // `rest - n` is exact: `rest` is a multiple of its ulp, which is at most 1 below 2⁵³.
                rest -= Double(repeated) * busyLoopStep
            }
            loop(left: rest, cpu: cpu, wakeups: wakeups, in: application)
        }
    }
}

// 0.2.0 reached these through the protocol ScriptMechanismAction; ScriptActionRouting.swift routes now.
extension ResourceScriptAction {
    @available(*, deprecated, message: "ScriptedApp performs a script's actions; put it in a script")
    @MainActor public func perform(in app: ScriptedApp, application: SimApplication) { perform(in: application) }
    @available(*, deprecated, message: "it holds no actions: use AppScript.Action.resources(_:)")
    public func mapChildren(_ transform: ([AppScript.Action]) -> [AppScript.Action]) -> AppScript.Action { .resources(self) }
    @available(*, deprecated, message: "it holds no actions")
    public var children: [AppScript.Action] { [] }
}
