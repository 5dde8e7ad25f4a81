/// Silent pushes, background fetch and VoIP pushes (§14): events that wake or launch the app for
/// a short run (`profile.pushes.wakeSeconds`), each with its own rules. They keep nothing running.
@MainActor
public final class PushNotifications: BackgroundMechanism {
    /// Times of the silent pushes delivered in the last hour, oldest first.
    private var recentSilentPushes: [Double] = []
    /// The silent push held back by throttling: only the newest is kept.
    private var heldSilentPush: ScheduledWork?
    /// Whether a silent push waits for Low Power Mode to end (§15): one, the newest, shares the
    /// single place of a held push with throttling's.
    private var silentPushWaitsForLowPowerMode = false
    /// VoIP pushes the app did not report as calls.
    public private(set) var unreportedVoIPPushes = 0
    /// The modes the pushes that arrived need, declared or not.
    private var modesUsed: Set<SimBackgroundMode> = []
    /// Whether a VoIP push is being handled, and whether the app reported it as a call.
    private var handlingVoIP = false
    private var callReported = false
    /// Whether a push's handler is running, and whether it called its completion handler.
    private var delivering = false
    private var completedWhileDelivering = false

    public init() {}

    /// Pushes wake the app; they do not hold it.
    public func holdStatus(in system: SimSystem) -> SimHoldStatus { .notHolding(nil) }

    /// A push or a fetch arrives now.
    public func arrive(_ kind: SimPushKind, in system: SimSystem) {
        modesUsed.insert(kind.backgroundMode)
        guard system.configuration.capabilities.backgroundModes.contains(kind.backgroundMode) else {
            system.emit(PushEvent.dropped(kind, .modeMissing))
            return
        }
        // Background fetch is Background App Refresh: Low Power Mode turns it off (§15). [doc]
        if kind == .fetch, system.device.backgroundAppRefreshBlocked {
            system.emit(PushEvent.dropped(kind, .backgroundAppRefreshOff))
            return
        }
        if system.wasForceQuit, kind != .voip {
            system.emit(PushEvent.dropped(kind, .forceQuit))
            return
        }
        switch kind {
        case .silent: arriveSilent(in: system)
        case .voip:
            guard unreportedVoIPPushes < system.profile.pushes.voipFailuresBeforeCutOff || !system.profile.pushes.voipRequiresCall else {
                system.emit(PushEvent.dropped(.voip, .tooManyUnreportedCalls))
                return
            }
            deliver(.voip, in: system)
        case .fetch: deliver(.fetch, in: system)
        }
    }

    private func arriveSilent(in system: SimSystem) {
        // §15: silent pushes wait while Low Power Mode lasts, the newest kept; VoIP pushes do not.
        if system.device.lowPowerMode {
            dropHeldSilentPush(.replacedByNewer, in: system)
            silentPushWaitsForLowPowerMode = true
            system.emit(PushEvent.waitsForLowPowerMode(.silent))
            return
        }
        let now = system.now.seconds
        recentSilentPushes.removeAll { now - $0 >= 3_600 }
        if recentSilentPushes.count >= system.profile.pushes.silentPerHour, let oldest = recentSilentPushes.first {
            // Throttled: held until the hour frees a place; a newer push replaces a held one.
            dropHeldSilentPush(.replacedByNewer, in: system)
            system.emit(PushEvent.held(.silent))
            heldSilentPush = system.scheduler.schedule(after: oldest + 3_600 - now, owner: .mechanism) { [unowned self, unowned system] in
                heldSilentPush = nil
                arriveSilent(in: system)
            }
            return
        }
        recentSilentPushes.append(now)
        deliver(.silent, in: system)
    }

    private func deliver(_ kind: SimPushKind, in system: SimSystem) {
        if !system.appState.isRunning {
            // PushKit relaunches even an app the user force-quit; the others were dropped above.
            system.wake(for: kind.wakeReason, seconds: system.profile.pushes.wakeSeconds, afterForceQuit: kind == .voip)
        }
        guard system.appState.isRunning, let application = system.application, let delegate = system.appDelegate else {
            system.emit(PushEvent.dropped(kind, .appNotRunning))
            return
        }
        system.emit(PushEvent.delivered(kind))
        callReported = false
        let completion = SimBackgroundCompletion(kind: kind, system: system)
        delivering = true
        completedWhileDelivering = false
        defer {
            delivering = false
            if completedWhileDelivering { system.wakeHandled() }
        }
        switch kind {
        case .silent, .fetch: delegate.application(application, didReceive: kind, completion: completion)
        case .voip:
            handlingVoIP = true
            delegate.application(application, didReceive: kind, completion: completion)
            handlingVoIP = false
            // iOS 13+: "Killing app because it never posted an incoming call to the system after
            // receiving a PushKit VoIP push."
            if !callReported, system.profile.pushes.voipRequiresCall, system.appState.isRunning {
                unreportedVoIPPushes += 1
                system.crash(.pushes(.voipWithoutCall))
            }
        }
    }

    /// The app called a push's completion handler: that ends the push's run (§14), once its
    /// handler has returned; whatever else holds the app keeps it.
    func completed(in system: SimSystem) {
        if delivering { completedWhileDelivering = true } else { system.wakeHandled() }
    }

    /// `CXProvider.reportNewIncomingCall`, from the app.
    func reportCall(in system: SimSystem) {
        // A call reported outside a VoIP push is just a call: not modelled.
        guard handlingVoIP else { return }
        callReported = true
        system.emit(PushEvent.callReported)
    }

    public func infoPlistUse(in system: SimSystem) -> SimInfoPlistUse {
        SimInfoPlistUse(backgroundModes: modesUsed)
    }

    /// Drops the held silent push, throttled or waiting for Low Power Mode, if there is one.
    private func dropHeldSilentPush(_ reason: PushEvent.DropReason, in system: SimSystem) {
        guard heldSilentPush != nil || silentPushWaitsForLowPowerMode else { return }
        heldSilentPush?.cancel()
        heldSilentPush = nil
        silentPushWaitsForLowPowerMode = false
        system.emit(PushEvent.dropped(.silent, reason))
    }

    public func deviceChanged(in system: SimSystem, from old: SimDevice) {
        // Low Power Mode ended: the silent push that waited arrives now (§15).
        guard old.lowPowerMode, !system.device.lowPowerMode, silentPushWaitsForLowPowerMode else { return }
        silentPushWaitsForLowPowerMode = false
        arriveSilent(in: system)
    }

    public func processEnded(in system: SimSystem, process: Int, forceQuit: Bool) {
        // A held push is discarded when the app is killed.
        dropHeldSilentPush(.appKilled, in: system)
    }
}
