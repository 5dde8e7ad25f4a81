/// Every mechanism of the model, in the order the core asks them for holds: what the places
/// that need one line per mechanism switch over, so that a new case is a compile error at each
/// (installing it, its profile parameters, its `--explain` fixes), not a line a list forgets.
package enum SimMechanism: CaseIterable, Sendable {
    case location, significantChanges, backgroundTasks, audio, pushes, regions, bgTasks, liveUpdates
    case serviceSessions, monitor, transfers, resources, timers, locationPushes, visits
}

/// The mechanisms every run installs, one line each, in `SimMechanism`'s order.
enum StandardMechanisms {
    @MainActor
    static func install(in system: SimSystem, _ configuration: SimulationConfiguration) {
        for mechanism in SimMechanism.allCases {
            switch mechanism {
            case .location: system.install(LocationServices(configuration: configuration))
            case .significantChanges: system.install(SignificantLocationChanges())
            case .backgroundTasks: system.install(BackgroundTasks())
            case .audio: system.install(BackgroundAudio())
            case .pushes: system.install(PushNotifications())
            case .regions: system.install(RegionMonitoring())
            case .bgTasks: system.install(BackgroundTaskScheduler())
            case .liveUpdates: system.install(LiveLocationUpdates())
            case .serviceSessions: system.install(LocationServiceSessions())
            case .monitor: system.install(ConditionMonitoring())
            case .transfers: system.install(BackgroundTransfers())
            case .resources: system.install(ResourceLimits())
            case .timers: system.install(AppTimers())
            case .locationPushes: system.install(LocationPushes())
            case .visits: break  // Visits are the location manager's (LocationServices serves them, §11).
            }
        }
    }
}
