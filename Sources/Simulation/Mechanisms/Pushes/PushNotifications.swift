/// Silent pushes, background fetch and VoIP pushes (§14): events that wake or launch the app for
/// a short run (`pushWakeSeconds`), each with its own rules. They keep nothing running.
@MainActor
public final class PushNotifications: BackgroundMechanism {
    /// Times of the silent pushes delivered in the last hour, oldest first.
    private var recentSilentPushes: [Double] = []
    /// The silent push held back by throttling: only the newest is kept.
    private var heldSilentPush: ScheduledWork?
    /// VoIP pushes the app did not report as calls.
    public private(set) var unreportedVoIPPushes = 0
    /// The modes the pushes that arrived need, declared or not.
    private var modesUsed: Set<SimBackgroundMode> = []
    /// Whether a VoIP push is being handled, and whether the app reported it as a call.
    private var handlingVoIP = false
    private var callReported = false

    public init() {}

    /// Pushes wake the app; they do not hold it.
    public func holdStatus(in system: SimSystem) -> SimHoldStatus { .notHolding(nil) }

    /// A push or a fetch arrives now.
    public func arrive(_ kind: SimPushKind, in system: SimSystem) {
        modesUsed.insert(kind.backgroundMode)
        guard system.configuration.capabilities.backgroundModes.contains(kind.backgroundMode) else {
            system.emit(.push, .push(.dropped(kind, .modeMissing)))
            return
        }
        if system.wasForceQuit, kind != .voip {
            system.emit(.push, .push(.dropped(kind, .forceQuit)))
            return
        }
        switch kind {
        case .silent: arriveSilent(in: system)
        case .voip:
            guard unreportedVoIPPushes < system.profile.voipFailuresBeforeCutOff || !system.profile.voipPushRequiresCall else {
                system.emit(.push, .push(.dropped(.voip, .tooManyUnreportedCalls)))
                return
            }
            deliver(.voip, in: system)
        case .fetch: deliver(.fetch, in: system)
        }
    }

    private func arriveSilent(in system: SimSystem) {
        let now = system.now.seconds
        recentSilentPushes.removeAll { now - $0 >= 3_600 }
        if recentSilentPushes.count >= system.profile.silentPushesPerHour, let oldest = recentSilentPushes.first {
            // Throttled: held until the hour frees a place; a newer push replaces a held one.
            if let held = heldSilentPush {
                held.cancel()
                system.emit(.push, .push(.dropped(.silent, .replacedByNewer)))
            }
            system.emit(.push, .push(.held(.silent)))
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
            system.wake(for: kind.wakeReason, seconds: system.profile.pushWakeSeconds, afterForceQuit: kind == .voip)
        }
        guard system.appState.isRunning, let application = system.application, let delegate = system.appDelegate else {
            system.emit(.push, .push(.dropped(kind, .appNotRunning)))
            return
        }
        system.emit(.push, .push(.delivered(kind)))
        callReported = false
        let completion = SimBackgroundCompletion(kind: kind, system: system)
        switch kind {
        case .silent, .fetch: delegate.application(application, didReceive: kind, completion: completion)
        case .voip:
            handlingVoIP = true
            delegate.application(application, didReceive: kind, completion: completion)
            handlingVoIP = false
            // iOS 13+: "Killing app because it never posted an incoming call to the system after
            // receiving a PushKit VoIP push."
            if !callReported, system.profile.voipPushRequiresCall, system.appState.isRunning {
                unreportedVoIPPushes += 1
                system.crash(.voipPushWithoutCall)
            }
        }
    }

    /// `CXProvider.reportNewIncomingCall`, from the app.
    func reportCall(in system: SimSystem) {
        // A call reported outside a VoIP push is just a call: not modelled.
        guard handlingVoIP else { return }
        callReported = true
        system.emit(.push, .push(.callReported))
    }

    public func infoPlistUse(in system: SimSystem) -> SimInfoPlistUse {
        SimInfoPlistUse(backgroundModes: modesUsed)
    }

    public func processEnded(in system: SimSystem, process: Int, forceQuit: Bool) {
        // A held push is discarded when the app is killed.
        guard let held = heldSilentPush else { return }
        held.cancel()
        heldSilentPush = nil
        system.emit(.push, .push(.dropped(.silent, .appKilled)))
    }
}

/// What arrives.
public enum SimPushKind: String, Hashable, Sendable, Codable {
    /// A silent push (`content-available: 1`).
    case silent
    /// A PushKit VoIP push.
    case voip
    /// A background fetch.
    case fetch

    /// The `UIBackgroundModes` entry it needs, as the Info.plist writes it.
    public var modeName: String { backgroundMode.rawValue }

    var backgroundMode: SimBackgroundMode {
        switch self {
        case .silent: .remoteNotification
        case .voip: .voip
        case .fetch: .fetch
        }
    }

    var wakeReason: SimWakeReason {
        switch self {
        case .silent: .silentPush
        case .voip: .voipPush
        case .fetch: .backgroundFetch
        }
    }
}

/// `UIBackgroundFetchResult`.
public enum SimFetchResult: String, Hashable, Sendable, Codable {
    case newData, noData, failed
}

/// What became of a push.
public enum SimPushEvent: Hashable, Sendable, Codable {
    /// Why a push never reached the app.
    public enum DropReason: String, Hashable, Sendable, Codable {
        case modeMissing, forceQuit, replacedByNewer, appKilled, appNotRunning, tooManyUnreportedCalls
    }

    case delivered(SimPushKind)
    case held(SimPushKind)
    case dropped(SimPushKind, DropReason)
    case completed(SimPushKind, SimFetchResult)
    case callReported
}

/// The completion handler of a push or a fetch: call it once, with the result.
@MainActor
public final class SimBackgroundCompletion {
    public let kind: SimPushKind
    private weak var system: SimSystem?
    private var called = false

    init(kind: SimPushKind, system: SimSystem) {
        self.kind = kind
        self.system = system
    }

    /// Calls the completion handler.
    public func callAsFunction(_ result: SimFetchResult) {
        guard !called, let system, system.appState.isRunning else { return }
        called = true
        system.emit(.push, .push(.completed(kind, result)))
    }
}
