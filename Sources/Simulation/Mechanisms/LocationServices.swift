/// Core Location's side of the device: the app's authorization (§5), the location managers of
/// the running process, and the keep-alive rule of §4, which lives here and nowhere else.
@MainActor
public final class LocationServices: BackgroundMechanism {
    /// What the user and the device allow the app.
    var authorization: AuthorizationModel
    /// The managers the current process made.
    private(set) var managers: [SimLocationManager] = []

    init(configuration: SimulationConfiguration) {
        // Before iOS 14 there is no approximate location: every grant is precise.
        authorization = AuthorizationModel(
            granted: configuration.initialAuthorization,
            accuracy: configuration.profile.hasReducedAccuracy ? configuration.initialAccuracyAuthorization : .fullAccuracy,
            servicesEnabled: configuration.locationServicesEnabled)
    }

    func add(_ manager: SimLocationManager) { managers.append(manager) }

    // MARK: §7 What the run used of the Info.plist

    /// Whether the app relied on background location: it set `allowsBackgroundLocationUpdates`
    /// (iOS 9+), or standard updates ran while it was in the background with the flag on (or,
    /// before iOS 9, at all).
    private(set) var usedBackgroundLocation = false
    /// The usage strings the app's authorization requests needed.
    private(set) var requestedUsage: Set<SimUsageDescription> = []

    func noteBackgroundLocationRequested() { usedBackgroundLocation = true }
    func noteRequest(always: Bool) {
        requestedUsage.insert(.locationWhenInUse)
        if always { requestedUsage.insert(.locationAlwaysAndWhenInUse) }
    }

    public func infoPlistUse(in system: SimSystem) -> SimInfoPlistUse {
        SimInfoPlistUse(backgroundModes: usedBackgroundLocation ? [.location] : [], usageDescriptions: requestedUsage)
    }

    // MARK: §4

    /// Why `manager`'s updates do not keep a background app alive; `nil` when they do, or when
    /// it never started any (then `isInUse` is false).
    func keepAliveObstacle(_ manager: SimLocationManager, in system: SimSystem) -> SimCause? {
        if let stopped = manager.stopCause { return stopped }
        if let paused = manager.pauseCause { return paused }
        if !authorization.allowsLocation { return .authorization(authorization.effective) }
        if system.profile.hasBackgroundLocationFlag, !manager.allowsBackgroundLocationUpdates { return .backgroundUpdatesOff }
        if !system.configuration.capabilities.backgroundModes.contains(.location) { return .locationModeMissing }
        if authorization.effective == .authorizedWhenInUse, !manager.startedInForeground, !authorization.isProvisionalAlways {
            return .whenInUseStartedInBackground
        }
        return nil
    }

    /// Whether `manager`'s running updates keep a background app alive (§4).
    func keepsAlive(_ manager: SimLocationManager, in system: SimSystem) -> Bool {
        manager.updatesRequested && keepAliveObstacle(manager, in: system) == nil
    }

    public func holdStatus(in system: SimSystem) -> SimHoldStatus {
        var obstacle: SimCause?
        for manager in managers where manager.hasUsedUpdates {
            if !usedBackgroundLocation, system.appState == .background, manager.updatesRequested, manager.pauseCause == nil,
               manager.allowsBackgroundLocationUpdates || !system.profile.hasBackgroundLocationFlag {
                usedBackgroundLocation = true
            }
            if manager.updatesRequested, keepAliveObstacle(manager, in: system) == nil {
                // Under the delivery policy the session holds only as long as fixes keep refreshing the budget.
                return .holding(SimHold(kind: .locationUpdates, spendsBudget: system.configuration.policy == .delivery, isAssertion: false))
            }
            obstacle = obstacle ?? keepAliveObstacle(manager, in: system)
        }
        return .notHolding(obstacle)
    }

    // MARK: §5

    /// Applies a change of authorization and tells the managers, as iOS does.
    func changeAuthorization(_ change: (inout AuthorizationModel) -> Void, _ cause: SimCause, in system: SimSystem) {
        let before = (authorization.effective, authorization.accuracy)
        change(&authorization)
        if !system.profile.hasReducedAccuracy { authorization.accuracy = .fullAccuracy }
        let after = (authorization.effective, authorization.accuracy)
        guard before != after else { return }
        system.emit(.authorizationChange, .authorizationChange(
            from: before.0, to: after.0, accuracy: before.1 != after.1 ? after.1 : nil, cause: cause))
        for manager in managers { manager.authorizationChanged() }
        system.reevaluate()
    }

    // MARK: Lifecycle

    public func appStateChanged(in system: SimSystem, from old: SimAppState) {
        if system.appState == .background, old.isForeground {
            for manager in managers { manager.appEnteredBackground() }
        }
        if system.appState == .suspended, authorization.isTemporary { revertAllowOnce(in: system) }
        for manager in managers { manager.appStateChanged() }
    }

    public func processEnded(in system: SimSystem, process: Int, forceQuit: Bool) {
        // A new process makes its own managers; the old ones do nothing more.
        for manager in managers { manager.retire() }
        managers = []
        if authorization.isTemporary { revertAllowOnce(in: system) }
    }

    public func runEnded(in system: SimSystem) {
        // Managers hold this object; letting go of them here breaks that cycle.
        for manager in managers { manager.retire() }
        managers = []
    }

    private func revertAllowOnce(in system: SimSystem) {
        changeAuthorization({ $0.granted = .notDetermined; $0.isTemporary = false }, .allowOnceEnded, in: system)
    }
}
