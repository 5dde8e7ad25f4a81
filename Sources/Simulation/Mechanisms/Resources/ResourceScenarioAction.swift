/// What a scenario does to the app's memory (§15): a `SimScenarioEvent.Action.resources`.
public enum ResourceScenarioAction: Hashable, Sendable, Codable {
    /// Critical memory pressure from other apps (`memory-pressure` with `level: critical`):
    /// a suspended app is purged, and a background app running on a task or a wake's run is
    /// killed; one held by location or audio ranks higher and is kept.
    case criticalMemoryPressure
    /// Extreme memory pressure (`memory-pressure` with `level: extreme`, §15): as critical, and a
    /// background app held by location or audio is killed too (jetsam's next band); the app on
    /// screen never is.
    case extremeMemoryPressure

    @MainActor
    public func apply(to system: SimSystem) {
        switch self {
        case .criticalMemoryPressure: system.mechanism(ResourceLimits.self)?.criticalMemoryPressure(in: system)
        case .extremeMemoryPressure: system.mechanism(ResourceLimits.self)?.criticalMemoryPressure(in: system, reachesHeldApps: true)
        }
    }
}
