/// Why iOS killed the app for its own use of CPU or memory (§15): a `SimCause.resources`.
public enum ResourceCause: Hashable, Sendable, Codable {
    /// The CPU monitor (`cpu_resource`, EXC_RESOURCE CPU_FATAL): `usedSeconds` of CPU over the
    /// last `overSeconds`, exceeding `limit`.
    case cpuLimit(usedSeconds: Double, overSeconds: Double, limit: ResourceProfile.WindowLimit)
    /// The wake-ups monitor (EXC_RESOURCE WAKEUPS): `wakeups` over the last `overSeconds`, exceeding `limit`.
    case wakeupsLimit(wakeups: Double, overSeconds: Double, limit: ResourceProfile.WindowLimit)
    /// The app's footprint, `footprintMB`, went over the background limit `limitMB` (jetsam).
    case footprintLimit(footprintMB: Double, limitMB: Double)
    /// Critical memory pressure from other apps ended the app while it ran in the background
    /// on a task or a wake's run, below apps held by location or audio (jetsam).
    case criticalMemoryPressure
    /// Memory pressure reached the running background app although a hold of this kind
    /// (location, audio) kept it (§15 jetsam's next band): an `extreme` memory-pressure event, or
    /// the what-if ``ResourceProfile/heldAppJetsamPerHour``.
    case memoryPressureWhileHeld(SimHold.Kind)
}

/// What a memory-pressure scenario event did to an app it kept (§15): a `SimScenarioNote.resources`.
public enum ResourceScenarioNote: Hashable, Sendable, Codable {
    /// Critical pressure kept the running background app: what holds it (location, audio)
    /// ranks it above the apps killed first.
    case criticalPressureKept(SimHold)
}

extension SimExitCategory {
    /// How MetricKit counts a resource kill: the CPU and wake-ups monitors as the CPU resource
    /// limit exit, the footprint limit as the memory resource limit exit, pressure as the
    /// memory pressure exit.
    init(_ cause: ResourceCause) {
        switch cause {
        case .cpuLimit: self = .cpuResourceLimit
        // MetricKit has no wake-ups counter; XNU's wake-ups monitor belongs to the CPU ledger. [model]
        case .wakeupsLimit: self = .cpuResourceLimit
        case .footprintLimit: self = .memoryResourceLimit
        case .criticalMemoryPressure, .memoryPressureWhileHeld: self = .memoryPressureExit
        }
    }
}
