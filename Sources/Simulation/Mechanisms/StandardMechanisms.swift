/// The mechanisms every run installs, one line each, in the order the core asks them for holds.
enum StandardMechanisms {
    @MainActor
    static func install(in system: SimSystem, _ configuration: SimulationConfiguration) {
        system.install(LocationServices(configuration: configuration))
        system.install(SignificantLocationChanges())
        system.install(BackgroundTasks())
        system.install(BackgroundAudio())
        system.install(PushNotifications())
        system.install(RegionMonitoring())
        system.install(BackgroundTaskScheduler())
        system.install(LiveLocationUpdates())
        system.install(LocationServiceSessions())
        system.install(ConditionMonitoring())
        system.install(BackgroundTransfers())
        system.install(ResourceLimits())
        system.install(AppTimers())
        system.install(LocationPushes())
    }
}
