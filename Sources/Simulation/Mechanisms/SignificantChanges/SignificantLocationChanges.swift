/// The significant-change service (§3, §9): a fix after ≥ 500 m (in the field further, drawn per
/// change: ``SignificantChangeProfile``), at most every 5 minutes; it
/// outlives the app's process and wakes or relaunches an Always app (one the user force-quit
/// only where `significantChangeRelaunchAfterForceQuit`: iOS 7.1–18), which gets a short run
/// (`significantChangeWakeSeconds`), not the task budget.
@MainActor
public final class SignificantLocationChanges: BackgroundMechanism {
    /// Whether the app has the service on (it survives the app's process).
    public private(set) var isMonitoring = false
    private var lastFix: SimLocation?
    /// Metres from `lastFix` the next change needs, drawn when the last one came.
    private var nextDistance = 0.0
    private var check: ScheduledWork?
    private var random = SeededRandom(seed: 0)

    public init() {}

    public func installed(in system: SimSystem) {
        // A stream of its own: the draws change no other mechanism's.
        random = SeededRandom(seed: system.configuration.seed ^ 0x534C_4353_7061_6365)
    }

    /// Significant changes keep nothing running: they wake the app instead.
    public func holdStatus(in system: SimSystem) -> SimHoldStatus { .notHolding(nil) }

    func start(in system: SimSystem) {
        guard !isMonitoring else { return }
        isMonitoring = true
        scheduleCheck(after: 0, in: system)
    }

    func stopIfUnused(in system: SimSystem) {
        let services = system.mechanism(LocationServices.self)
        guard !(services?.managers.contains(where: \.significantChangeMonitoring) ?? false) else { return }
        isMonitoring = false
        check?.cancel()
        check = nil
    }

    public func processEnded(in system: SimSystem, process: Int, forceQuit: Bool) {
        // §9 by era: after a force quit the service goes on only where it relaunches the app.
        guard forceQuit, !system.profile.significantChangeRelaunchAfterForceQuit else { return }
        isMonitoring = false
        check?.cancel()
        check = nil
    }

    private func scheduleCheck(after seconds: Double, in system: SimSystem) {
        check?.cancel()
        check = system.scheduler.schedule(after: seconds, owner: .mechanism) { [unowned self, unowned system] in
            checkForChange(in: system)
        }
    }

    private func checkForChange(in system: SimSystem) {
        guard isMonitoring, let services = system.mechanism(LocationServices.self) else { return }
        // The service waits for authorization (started before the answer, or after a revocation).
        scheduleCheck(after: 60, in: system)
        guard services.authorization.allowsLocation else { return }
        guard let fix = SimLocationManager.fix(at: system.now, in: system) else { return }
        if let lastFix {
            guard fix.distance(from: lastFix) >= nextDistance,
                  system.now.seconds(since: lastFix.time) >= system.profile.significantChangeMinimumInterval else { return }
        }
        lastFix = fix
        nextDistance = system.profile.significantChanges.nextDistance(minimum: system.profile.significantChangeDistance, random: &random)
        if !system.appState.isRunning {
            guard services.authorization.effective == .authorizedAlways, system.appState != .notRunning else { return }
            system.wake(for: .significantLocationChange, seconds: system.profile.significantChangeWakeSeconds,
                        afterForceQuit: system.profile.significantChangeRelaunchAfterForceQuit)
        }
        // A relaunched app hears of the change through the manager its launch code made.
        for manager in services.managers where manager.significantChangeMonitoring {
            manager.deliverSignificantChange(fix)
        }
    }
}
