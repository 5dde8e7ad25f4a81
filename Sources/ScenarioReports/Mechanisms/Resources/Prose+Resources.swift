import ScenarioInput
import ScenarioRun
import Simulation

/// Words for the app's CPU and memory (§15), in the crash reports' terms.
extension Prose {
    static func text(_ cause: ResourceCause) -> String {
        switch cause {
        case .cpuLimit(let used, let over, let limit):
            "killed: cpu_resource (EXC_RESOURCE CPU_FATAL): \(Prose.number(used)) s of CPU over the last \(Prose.number(over)) s in the background, exceeding the limit of \(Prose.number(limit.perSecond * 100)) % CPU over \(Prose.number(limit.windowSeconds)) s"
        case .wakeupsLimit(let wakeups, let over, let limit):
            "killed: wakeups_resource (EXC_RESOURCE WAKEUPS): \(Prose.number(wakeups)) wake-ups over the last \(Prose.number(over)) s in the background, exceeding the limit of \(Prose.number(limit.perSecond)) wake-ups a second over \(Prose.number(limit.windowSeconds)) s"
        case .footprintLimit(let footprint, let limit):
            "killed: jetsam (memory resource limit): a footprint of \(Prose.number(footprint)) MB in the background, over the limit of \(Prose.number(limit)) MB"
        case .criticalMemoryPressure:
            "killed: jetsam (critical memory pressure): only a background task or a wake's run kept the app, below apps held by location or audio"
        case .memoryPressureWhileHeld(let kind):
            "killed: jetsam (memory pressure): it reached the running background app although \(Prose.text(SimHold(kind: kind, spendsBudget: false, isAssertion: false))) held it"
        }
    }

    /// A resource cause's name, as JSON writes it.
    static func name(_ cause: ResourceCause) -> String {
        switch cause {
        case .cpuLimit: "cpuLimit"
        case .wakeupsLimit: "wakeupsLimit"
        case .footprintLimit: "footprintLimit"
        case .criticalMemoryPressure: "criticalMemoryPressure"
        case .memoryPressureWhileHeld: "memoryPressureWhileHeld"
        }
    }

    static func text(_ note: ResourceScenarioNote) -> String {
        switch note {
        case .criticalPressureKept(let hold):
            "critical memory pressure: the app is kept, held by \(Prose.text(hold)), above apps on a background task"
        }
    }
}

extension Prose {
    /// A memory-pressure event's fields, as a scenario file writes them.
    static func fields(_ action: ResourceScenarioAction) -> [(name: String, value: String)] {
        switch action {
        case .criticalMemoryPressure: [("level", "critical")]
        case .extremeMemoryPressure: [("level", "extreme")]
        }
    }
}
