/// The simulation's routing of the shared enums: each switch lists every case, the core's with
/// their own line and each mechanism's with one line calling into its folder, so that a new case
/// is a compile error here rather than a silent no-op.
extension SimScenarioEvent.Action {
    /// Makes the action happen in the run.
    @MainActor
    func apply(to system: SimSystem) {
        if isUserInteraction { system.userInteracted() }
        switch self {
        case .launch: system.returnToForeground(.userOpensApp)
        case .enterBackground: system.enterBackground(.userLeavesApp)
        case .returnToForeground: system.returnToForeground(.userReturnsToApp)
        case .lock: system.lock()
        case .unlock: system.unlock()
        case .memoryPressure: system.memoryPressure()
        case .forceQuit: system.forceQuit()
        case .setAuthorization(let status): LocationServices.userSets(status, in: system)
        case .setAccuracyAuthorization(let accuracy): LocationServices.userSets(accuracy, in: system)
        case .setLocationServices(let enabled): LocationServices.userSwitchesLocationServices(on: enabled, in: system)
        case .beginBackgroundTask(let name):
            KeepAliveSimulation.runAppCode(self, in: system) { application, _ in KeepAliveSimulation.beginSelfEndingTask(name, in: application) }
        case .endBackgroundTask:
            KeepAliveSimulation.runAppCode(self, in: system) { application, _ in
                if let oldest = application.oldestOpenBackgroundTask { application.endBackgroundTask(oldest) }
            }
        case .startUpdatingLocation: KeepAliveSimulation.runAppCode(self, in: system) { _, manager in manager?.startUpdatingLocation() }
        case .stopUpdatingLocation: KeepAliveSimulation.runAppCode(self, in: system) { _, manager in manager?.stopUpdatingLocation() }
        case .bgTasks(let action): action.apply(to: system)
        case .audio(let action): action.apply(to: system)
        case .pushes(let action): action.apply(to: system)
        case .device(let action): action.apply(to: system)
        case .resources(let action): action.apply(to: system)
        case .locationPushes(let action): action.apply(to: system)
        }
    }
}

extension SimWarning {
    /// Whether the warning is about the run as a whole (kept in the summary), rather than a line
    /// iOS logs at a moment (kept in the event log only).
    public var isAboutTheRun: Bool {
        switch self {
        case .neverInBackground, .infoPlist: true
        case .noSuchBackgroundTask, .backgroundTaskOpenLong, .missingUsageDescription, .authorizationRequestUnavailable,
             .authorizationRequestNotInUse, .whenInUseStartFromBackground, .debuggerPreventsSuspension, .debuggerPreventsWatchdog: false
        case .bgTasks(let warning): warning.isAboutTheRun
        case .transfers(let warning): warning.isAboutTheRun
        case .audio(let warning): warning.isAboutTheRun
        case .regions(let warning): warning.isAboutTheRun
        case .visits(let warning): warning.isAboutTheRun
        case .liveUpdates(let warning): warning.isAboutTheRun
        case .serviceSessions(let warning): warning.isAboutTheRun
        case .monitor(let warning): warning.isAboutTheRun
        case .locationPushes(let warning): warning.isAboutTheRun
        }
    }
}
