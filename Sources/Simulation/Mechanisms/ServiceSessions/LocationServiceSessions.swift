/// iOS 18's `CLServiceSession` (§10): the app's declared need for location authorization, and
/// its right to receive live updates and monitor events.
///
/// - A session created while the app is in use (on screen, or kept so by an active
///   `CLBackgroundActivitySession`) is active at once; one created in the background is active
///   only within `serviceSessions.rejoinWindow` seconds of a relaunch whose last process held a
///   session. Otherwise it reports `insufficientlyInUse` until the app is on screen again.
/// - A `.whenInUse` or `.always` session asks for that authorization, as the location manager's
///   requests do (only on screen, once, with the usage strings).
/// - Live updates, `CLMonitor` and background activity sessions create an implicit When In Use
///   session, unless the Info.plist sets `NSLocationRequireExplicitServiceSession`; then, with no
///   explicit session, they deliver nothing but the diagnostic `serviceSessionRequired`.
/// - An app not in use gets live updates and monitor events only with Always authorization and
///   an active `.always` session; otherwise they report `insufficientlyInUse`.
/// - A session is a right to receive, not a keep-alive: it never holds the app running
///   ("Core Location does not take measures to keep apps running continuously when it has
///   nothing to deliver", WWDC24 10212).
///
/// ```swift
/// let session = application.serviceSession(authorization: .always)
/// session.onDiagnostic = { diagnostics in if diagnostics.contains(.insufficientlyInUse) { … } }
/// ```
@MainActor
public final class LocationServiceSessions: BackgroundMechanism {
    /// The sessions the running process holds, in the order it created them.
    public private(set) var sessions: [SimServiceSession] = []
    /// The requirements of the active sessions the last process held, while a relaunched process
    /// may still rejoin them (or while none runs).
    private var heldByEndedProcess: Set<SimServiceSessionRequirement> = []
    private var rejoinDeadline: ScheduledWork?
    /// The process that already has its implicit session.
    private var implicitSessionProcess: Int?

    public init() {}

    public func holdStatus(in system: SimSystem) -> SimHoldStatus { .notHolding(nil) }

    // MARK: The app's calls

    func begin(_ requirement: SimServiceSessionRequirement, in system: SimSystem) -> SimServiceSession {
        let session = SimServiceSession(requirement: requirement, owner: self, system: system)
        guard system.profile.serviceSessions.isAvailable else {
            system.emit(.warning(.serviceSessions(.unavailable(profile: system.profile.name))))
            session.isInvalidated = true
            return session
        }
        sessions.append(session)
        if isInUse(in: system) {
            session.isActive = true
            system.emit(ServiceSessionEvent.began(requirement, active: true))
        } else if heldByEndedProcess.contains(requirement) {
            // A relaunched app may take over, from the background, what its last process held.
            session.isActive = true
            system.emit(ServiceSessionEvent.rejoined(requirement))
        } else {
            system.emit(ServiceSessionEvent.began(requirement, active: false))
        }
        if session.isActive { request(requirement, in: system) }
        // The app hears on a later turn of the run loop, once it holds the session.
        system.scheduleAppWork(after: 0) { [weak self, unowned system] in self?.refreshDiagnostics(in: system) }
        system.reevaluate()
        return session
    }

    func invalidate(_ session: SimServiceSession, in system: SimSystem) {
        guard !session.isInvalidated else { return }
        session.isInvalidated = true
        session.isActive = false
        sessions.removeAll { $0 === session }
        system.emit(ServiceSessionEvent.invalidated(session.authorizationRequirement))
        system.reevaluate()
    }

    /// Live updates, a monitor or a background activity session came into use: iOS makes an
    /// implicit When In Use session for them (once per process), unless the app asked for
    /// explicit ones only.
    public func noteImplicitUse(in system: SimSystem) {
        guard system.profile.serviceSessions.isAvailable, !system.configuration.capabilities.requiresExplicitServiceSession,
              implicitSessionProcess != system.process else { return }
        implicitSessionProcess = system.process
        system.emit(ServiceSessionEvent.implicit)
    }

    // MARK: What the sessions allow

    /// Why live updates and monitor events do not reach the app now; `nil` when they do. Before
    /// iOS 18 there are no sessions and nothing is withheld here.
    public func deliveryObstacle(in system: SimSystem) -> SimLiveDiagnostic? {
        guard system.profile.serviceSessions.isAvailable else { return nil }
        if isInUse(in: system) {
            let explicitOnly = system.configuration.capabilities.requiresExplicitServiceSession
            return explicitOnly && !holds(any: true) ? .serviceSessionRequired : nil
        }
        return alwaysReaches(in: system) ? nil : .insufficientlyInUse
    }

    /// Whether an app that is not in use may be given events (and so be woken or relaunched for
    /// them): always before iOS 18; from iOS 18 only with Always and an `.always` session.
    public func permitsEventsWhileNotInUse(in system: SimSystem) -> Bool {
        !system.profile.serviceSessions.isAvailable || alwaysReaches(in: system)
    }

    private func alwaysReaches(in system: SimSystem) -> Bool {
        authorization(in: system).effective == .authorizedAlways && holds(any: false)
    }

    /// Whether an active session (any, or an `.always` one) is held, or awaits its rejoin.
    private func holds(any: Bool) -> Bool {
        let held = sessions.filter(\.isActive).map(\.authorizationRequirement) + heldByEndedProcess
        return any ? !held.isEmpty : held.contains(.always)
    }

    /// In use: on screen, or kept in use by an active background activity session.
    private func isInUse(in system: SimSystem) -> Bool {
        system.appState.isForeground || (system.mechanism(LiveLocationUpdates.self)?.session?.isActive ?? false)
    }

    private func authorization(in system: SimSystem) -> AuthorizationModel {
        system.mechanism(LocationServices.self)?.authorization ?? AuthorizationModel(granted: .notDetermined, accuracy: .fullAccuracy, servicesEnabled: true)
    }

    private func request(_ requirement: SimServiceSessionRequirement, in system: SimSystem) {
        guard let services = system.mechanism(LocationServices.self) else { return }
        switch requirement {
        case .none: break
        case .whenInUse: if services.authorization.effective == .notDetermined { services.requestWhenInUse(in: system) }
        case .always: services.requestAlways(in: system)
        }
    }

    // MARK: Diagnostics

    /// What a session reports now.
    private func diagnostics(of session: SimServiceSession, in system: SimSystem) -> [SimServiceSessionDiagnostic] {
        guard session.isActive else { return [.insufficientlyInUse] }
        let services = system.mechanism(LocationServices.self)
        let model = authorization(in: system)
        if services?.isPromptPending == true { return [.authorizationRequestInProgress] }
        if !model.servicesEnabled { return [.authorizationDeniedGlobally] }
        switch model.effective {
        case .denied: return [.authorizationDenied]
        case .restricted: return [.authorizationRestricted]
        case .authorizedWhenInUse where session.authorizationRequirement == .always: return [.alwaysAuthorizationDenied]
        default: return []
        }
    }

    /// Tells each session of a running app its diagnostics when they changed since it last heard.
    func refreshDiagnostics(in system: SimSystem) {
        guard system.appState.isRunning else { return }
        for session in sessions where !session.isInvalidated {
            let now = diagnostics(of: session, in: system)
            guard now != session.reported else { continue }
            session.reported = now
            system.emit(ServiceSessionEvent.diagnostics(session.authorizationRequirement, now))
            session.deliver(Set(now), in: system)
        }
    }

    // MARK: Lifecycle

    public func appStateChanged(in system: SimSystem, from old: SimAppState) {
        if system.appState.isForeground {
            for session in sessions where !session.isActive && !session.isInvalidated {
                session.isActive = true
                system.emit(ServiceSessionEvent.activated(session.authorizationRequirement))
                request(session.authorizationRequirement, in: system)
            }
        }
        // A relaunched process has the window to re-create what its last process held.
        if old == .terminated || old == .notRunning, system.appState.isRunning, !heldByEndedProcess.isEmpty {
            rejoinDeadline?.cancel()
            rejoinDeadline = system.scheduler.schedule(after: system.profile.serviceSessions.rejoinWindow, owner: .mechanism) {
                [unowned self, unowned system] in
                rejoinDeadline = nil
                let lapsed = heldByEndedProcess.subtracting(sessions.filter(\.isActive).map(\.authorizationRequirement))
                heldByEndedProcess = []
                if !lapsed.isEmpty {
                    system.emit(ServiceSessionEvent.notRejoined(lapsed.sorted { $0.rawValue < $1.rawValue }))
                }
                system.reevaluate()
            }
        }
        refreshDiagnostics(in: system)
    }

    public func processEnded(in system: SimSystem, process: Int, forceQuit: Bool) {
        // The sessions end with their process; a system relaunch may take them over at once.
        rejoinDeadline?.cancel()
        rejoinDeadline = nil
        heldByEndedProcess = forceQuit ? [] : Set(sessions.filter(\.isActive).map(\.authorizationRequirement))
        for session in sessions {
            session.isActive = false
            session.isInvalidated = true
            session.finish()
        }
        sessions = []
    }

    public func runEnded(in system: SimSystem) {
        rejoinDeadline?.cancel()
        for session in sessions { session.finish() }
        sessions = []
    }
}
