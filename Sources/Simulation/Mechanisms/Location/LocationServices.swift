/// Core Location's side of the device: the app's authorization (§5), the location managers of
/// the running process, and the keep-alive rule of §4, which lives here and nowhere else.
@MainActor
public final class LocationServices: BackgroundMechanism {
    // `@exclusivity(unchecked)`: read at every fix, see SimLocationManager.
    /// What the user and the device allow the app.
    @exclusivity(unchecked) var authorization: AuthorizationModel {
        didSet { deliveryObstacleMayHaveChanged() }
    }
    /// The managers the current process made.
    @exclusivity(unchecked) private(set) var managers: [SimLocationManager] = [] {
        didSet { deliveryObstacleMayHaveChanged() }
    }

    /// Told whenever something ``deliveryObstacle(in:)`` reads may have changed (authorization,
    /// the managers, their updates or background flag, the app's state): the location goal's
    /// meter asks for the obstacle after its next event instead of after every fix (issue 33).
    var deliveryObstacleObservers: [@MainActor () -> Void] = []

    func deliveryObstacleMayHaveChanged() {
        for observer in deliveryObstacleObservers { observer() }
    }

    /// Whether the app declares the `location` background mode: a set look-up once, not at every fix.
    private let declaresLocationMode: Bool

    init(configuration: SimulationConfiguration) {
        declaresLocationMode = configuration.capabilities.backgroundModes.contains(.location)
        // Before iOS 14 there is no approximate location: every grant is precise.
        authorization = AuthorizationModel(
            granted: configuration.initialAuthorization,
            accuracy: configuration.profile.hasReducedAccuracy ? configuration.initialAccuracyAuthorization : .fullAccuracy,
            servicesEnabled: configuration.locationServicesEnabled)
    }

    func add(_ manager: SimLocationManager) { managers.append(manager) }

    /// Whether an authorization prompt is on screen, waiting for the user's answer.
    @exclusivity(unchecked) private(set) var isPromptPending = false
    /// How many prompts iOS has shown: the next takes the scripted answer of this index (§5).
    private var promptsShown = 0

    /// The answers for the prompt shown now, with the scripted one (if any) in place of the
    /// defaults, and the seconds the user takes; `nil` answers when the user ignores it.
    func nextAnswers(in system: SimSystem) -> (answers: SimUserAnswers, ignored: Bool, delay: Double) {
        var answers = system.configuration.answers
        defer { promptsShown += 1 }
        guard let scripted = answers.scripted(prompt: promptsShown, shownAt: system.now.seconds) else {
            return (answers, false, answers.answerDelay)
        }
        guard let first = scripted.choice.firstPrompt, let always = scripted.choice.alwaysPrompt else {
            return (answers, true, scripted.delay)
        }
        answers.firstPrompt = first
        answers.alwaysPrompt = always
        return (answers, false, scripted.delay)
    }

    /// Shows a prompt the user ignores: on screen for `seconds`, then gone, nothing changed.
    private func ignorePrompt(for seconds: Double, in system: SimSystem, then: @escaping @MainActor () -> Void = {}) {
        system.emit(.prompt(.unanswered(seconds: seconds)))
        isPromptPending = true
        system.scheduler.schedule(after: seconds, owner: .system) { [unowned self, unowned system] in
            isPromptPending = false
            then()
            system.mechanism(LocationServiceSessions.self)?.refreshDiagnostics(in: system)
        }
    }

    // MARK: §7 What the run used of the Info.plist

    /// Whether the app relied on background location: it set `allowsBackgroundLocationUpdates`
    /// (iOS 9+), or standard updates ran while it was in the background with the flag on (or,
    /// before iOS 9, at all).
    @exclusivity(unchecked) private(set) var usedBackgroundLocation = false
    /// The usage strings the app's authorization requests needed.
    @exclusivity(unchecked) private(set) var requestedUsage: Set<SimUsageDescription> = []

    func noteBackgroundLocationRequested() { usedBackgroundLocation = true }
    func noteRequest(always: Bool, in system: SimSystem) {
        requestedUsage.formUnion(system.profile.usageDescriptions(always: always))
    }

    /// The era's usage strings for a request that the Info.plist lacks, warned about; `true`
    /// when none is missing.
    private func hasUsageDescriptions(always: Bool, in system: SimSystem) -> Bool {
        let needs = system.profile.usageDescriptions(always: always)
        let missing = needs.filter { !system.configuration.capabilities.declares($0) }
        guard missing.isEmpty else {
            system.emit(.warning(.missingUsageDescription(always: always, needs: needs)))
            if authorization.effective == .notDetermined { unansweredRequest = .usageDescriptionsMissing(always: always, missing: missing) }
            return false
        }
        return true
    }

    /// Why authorization is still notDetermined, when a request did nothing for want of a usage
    /// string: the root of `.authorization(.notDetermined)`.
    private var unansweredRequest: SimCause? {
        didSet { deliveryObstacleMayHaveChanged() }
    }

    /// Why authorization keeps location from the app, down to the root the run knows; `nil`
    /// when it allows location.
    func authorizationObstacle() -> SimCause? {
        guard !authorization.allowsLocation else { return nil }
        if authorization.effective == .notDetermined, let unansweredRequest { return unansweredRequest }
        return .authorization(authorization.effective)
    }

    /// Why the app's running code gets no fix from location services: authorization, or off
    /// screen the flag or the mode (a When In Use app's fixes are queued without them); the
    /// location goal's gap cause while the app runs. `nil` when the app made no manager.
    func deliveryObstacle(in system: SimSystem) -> SimCause? {
        guard !managers.isEmpty else { return nil }
        if let cause = authorizationObstacle() { return cause }
        guard !system.appState.isForeground, managers.contains(where: \.updatesRequested) else { return nil }
        if system.profile.hasBackgroundLocationFlag, managers.contains(where: { $0.updatesRequested && !$0.allowsBackgroundLocationUpdates }) {
            return .backgroundUpdatesOff
        }
        return declaresLocationMode ? nil : .locationModeMissing
    }

    /// Before iOS 8 (§5): the first use of location services on screen shows the prompt.
    func noteFirstUse(in system: SimSystem) {
        guard system.profile.promptsOnFirstLocationUse, authorization.effective == .notDetermined, !isPromptPending,
              system.appState.isForeground else { return }
        prompt(wantsAlways: true, system)
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
        if let obstacle = authorizationObstacle() { return obstacle }
        if system.profile.hasBackgroundLocationFlag, !manager.allowsBackgroundLocationUpdates { return .backgroundUpdatesOff }
        if !declaresLocationMode { return .locationModeMissing }
        if authorization.effective == .authorizedWhenInUse, !manager.startedInForeground, !authorization.isProvisionalAlways {
            return .whenInUseStartedInBackground
        }
        if let wake = manager.startedInWake, !system.profile.keepAliveStartWakes.contains(wake) {
            return .updatesStartedInBackgroundWake(wake)
        }
        if system.profile.hiddenIndicatorRule.applies(
            at: system.profile.osVersion, alwaysAuthorized: authorization.effective == .authorizedAlways,
            indicatorShown: manager.showsBackgroundLocationIndicator,
            significantChangesOn: managers.contains(where: \.significantChangeMonitoring),
            distanceFilter: manager.distanceFilter, desiredAccuracy: manager.desiredAccuracy) {
            return .hiddenIndicatorRule
        }
        return nil
    }

    /// A setting §4's 16.4 rule reads changed (a manager's indicator, filter or accuracy, or
    /// significant changes started or stopped): a background app's holds are asked again, once.
    func keepAliveSettingsChanged(in system: SimSystem) {
        guard system.appState == .background, managers.contains(where: \.updatesRequested) else { return }
        system.reevaluate()
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
                let delivery = system.configuration.policy == .delivery
                return .holding(SimHold(kind: .locationUpdates, spendsBudget: delivery, isAssertion: false,
                                        expiryCause: delivery ? .noDeliveryWithinBudget(budget: system.budget.fullSeconds) : nil))
            }
            obstacle = obstacle ?? keepAliveObstacle(manager, in: system)
        }
        if managers.contains(where: \.refusedStart) { return .refused(.whenInUseStartedInBackground) }
        return .notHolding(obstacle)
    }

    // MARK: §5 Requests (from a location manager or a service session)

    /// Asks for When In Use; acts only when not yet determined, with the usage string, and
    /// while the app is on screen.
    func requestWhenInUse(in system: SimSystem) {
        guard !system.profile.promptsOnFirstLocationUse else {
            system.emit(.warning(.authorizationRequestUnavailable(always: false)))
            return
        }
        noteRequest(always: false, in: system)
        guard hasUsageDescriptions(always: false, in: system) else { return }
        guard authorization.effective == .notDetermined, !isPromptPending else { return }
        guard system.appState.isForeground else {
            system.emit(.warning(.authorizationRequestNotInUse))
            return
        }
        prompt(wantsAlways: false, system)
    }

    /// Asks for Always; from notDetermined (iOS 13+: provisional Always) or once from When In Use;
    /// only while the app is on screen.
    func requestAlways(in system: SimSystem) {
        guard !system.profile.promptsOnFirstLocationUse else {
            system.emit(.warning(.authorizationRequestUnavailable(always: true)))
            return
        }
        noteRequest(always: true, in: system)
        guard hasUsageDescriptions(always: true, in: system) else { return }
        let status = authorization.effective
        guard status == .notDetermined || status == .authorizedWhenInUse, !isPromptPending else { return }
        guard system.appState.isForeground else {
            system.emit(.warning(.authorizationRequestNotInUse))
            return
        }
        if status == .notDetermined {
            prompt(wantsAlways: true, system)
            return
        }
        guard !authorization.alwaysPromptShown, !authorization.isTemporary else { return }
        authorization.alwaysPromptShown = true
        let (answers, ignored, delay) = nextAnswers(in: system)
        guard !ignored else {
            // Unanswered: iOS may show it again at the next request. [model]
            ignorePrompt(for: delay, in: system) { [unowned self] in authorization.alwaysPromptShown = false }
            return
        }
        system.emit(.prompt(.allowAlways(answer: answers.alwaysPrompt)))
        isPromptPending = true
        system.scheduler.schedule(after: delay, owner: .system) { [unowned self, unowned system] in
            isPromptPending = false
            if answers.alwaysPrompt == .changeToAlways {
                changeAuthorization({ $0.granted = .authorizedAlways }, .userChoseAlways, in: system)
            }
            system.mechanism(LocationServiceSessions.self)?.refreshDiagnostics(in: system)
        }
    }

    private func prompt(wantsAlways: Bool, _ system: SimSystem) {
        let (answers, ignored, delay) = nextAnswers(in: system)
        guard !ignored else {
            ignorePrompt(for: delay, in: system)
            return
        }
        let provisional = wantsAlways && system.profile.grantsProvisionalAlways
        // Before iOS 8 one prompt, one answer: allowed is `authorized` (Always), or denied.
        let firstUse = system.profile.promptsOnFirstLocationUse
        system.emit(.prompt(.allowLocation(answer: answers.firstPrompt, then: wantsAlways && !provisional && !firstUse ? answers.alwaysPrompt : nil)))
        isPromptPending = true
        system.scheduler.schedule(after: delay, owner: .system) { [unowned self, unowned system] in
            isPromptPending = false
            // Service sessions hear that the prompt left the screen, whatever the answer changed.
            defer { system.mechanism(LocationServiceSessions.self)?.refreshDiagnostics(in: system) }
            guard authorization.granted == .notDetermined else { return }
            changeAuthorization({ model in
                model.accuracy = answers.precise ? .fullAccuracy : .reducedAccuracy
                switch answers.firstPrompt {
                case .dontAllow:
                    model.granted = .denied
                case _ where firstUse:
                    model.granted = .authorizedAlways
                case .allowOnce:
                    model.granted = .authorizedWhenInUse
                    model.isTemporary = true
                case .allowWhileUsing where provisional:
                    model.granted = .authorizedAlways
                    model.isProvisionalAlways = true
                case .allowWhileUsing where wantsAlways:
                    model.granted = answers.alwaysPrompt == .changeToAlways ? .authorizedAlways : .authorizedWhenInUse
                    model.alwaysPromptShown = true
                case .allowWhileUsing:
                    model.granted = .authorizedWhenInUse
                }
            }, .userAnswered(answers.firstPrompt, provisionalAlways: provisional && answers.firstPrompt == .allowWhileUsing), in: system)
        }
    }

    // MARK: §5 Changes

    /// Applies a change of authorization and tells the managers, as iOS does.
    func changeAuthorization(_ change: (inout AuthorizationModel) -> Void, _ cause: SimCause, in system: SimSystem) {
        let before = (authorization.effective, authorization.accuracy)
        change(&authorization)
        if !system.profile.hasReducedAccuracy { authorization.accuracy = .fullAccuracy }
        let after = (authorization.effective, authorization.accuracy)
        guard before != after else { return }
        system.emit(.authorizationChange(
            from: before.0, to: after.0, accuracy: before.1 != after.1 ? after.1 : nil, cause: cause))
        for manager in managers { manager.authorizationChanged() }
        // Live updates read the accuracy at each tick: skipped idle ticks come back.
        system.mechanism(LiveLocationUpdates.self)?.resumeCadence(in: system)
        system.mechanism(LocationServiceSessions.self)?.refreshDiagnostics(in: system)
        system.reevaluate()
    }

    // MARK: §15 The what-if session limit

    /// The end of the background session ``SimProfile/maxSessionSeconds`` allows, while one runs.
    private var sessionLimitWork: ScheduledWork?

    /// A background session may have started (the app entered the background, or started
    /// updates there): with the what-if on, it ends `maxSessionSeconds` later if still running.
    func noteBackgroundSession(in system: SimSystem) {
        guard let limit = system.profile.maxSessionSeconds, sessionLimitWork == nil, system.appState == .background,
              managers.contains(where: { keepsAlive($0, in: system) }) else { return }
        sessionLimitWork = system.scheduler.schedule(after: limit, owner: .mechanism) { [unowned self, unowned system] in
            sessionLimitWork = nil
            guard system.appState == .background else { return }
            for manager in managers where keepsAlive(manager, in: system) { manager.endSession(.sessionTimeLimit(seconds: limit)) }
            system.reevaluate()
        }
    }

    // MARK: Lifecycle

    public func appStateChanged(in system: SimSystem, from old: SimAppState) {
        deliveryObstacleMayHaveChanged()
        if system.appState == .background {
            noteBackgroundSession(in: system)
        } else {
            sessionLimitWork?.cancel()
            sessionLimitWork = nil
        }
        if system.appState == .background, old.isForeground {
            for manager in managers { manager.appEnteredBackground() }
        }
        if system.appState == .suspended, authorization.isTemporary { revertAllowOnce(in: system) }
        for manager in managers { manager.appStateChanged() }
    }

    public func deviceChanged(in system: SimSystem, from old: SimDevice) {
        guard system.device.lowPowerMode != old.lowPowerMode else { return }
        for manager in managers { manager.applyLowPowerMode(system) }
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

    /// A fix reached the app: counted, and under the delivery policy (§4) it renews the budget.
    func delivered(in system: SimSystem) {
        system.noteDelivery()
        if system.configuration.policy == .delivery { system.refillBudget() }
    }
}
