import Geodesy

/// iOS 17/18 location sessions (§10): `CLLocationUpdate.liveUpdates(_:)` and
/// `CLBackgroundActivitySession`. From iOS 18 ``LocationServiceSessions`` also decides whether
/// updates reach the app.
///
/// Live updates come at the cadence of the configuration's accuracy profile. When the device
/// stays within `stationaryRadius` for the configuration's stationary window (in the background
/// at most `liveUpdates.backgroundStillCutoff`), one update says `isStationary` and updates stop
/// until the device moves; then they resume by themselves (unlike
/// `pausesLocationUpdatesAutomatically`), and an app holding an active background activity
/// session, or Always, is woken or relaunched (``LiveUpdateWakeReason/updatesAvailable``).
///
/// A background activity session is active only when created in the foreground with the
/// `location` mode and When In Use or Always; while active it keeps When In Use effective in the
/// background, and while updates flow (not stationary) it keeps the app running without
/// spending its budget. After a relaunch the app must re-create it within
/// `liveUpdates.sessionRejoinWindow` seconds or it ends; `invalidate()` ends it for good.
///
/// ```swift
/// let session = application.beginBackgroundActivitySession()
/// let live = application.liveUpdates(.fitness)
/// live.onUpdate = { update in if update.isStationary { … } }
/// ```
@MainActor
public final class LiveLocationUpdates: BackgroundMechanism {
    /// The app's running live-update stream, if any (it belongs to one process).
    public private(set) var stream: SimLiveUpdates?
    /// The background activity session, if one exists.
    public private(set) var session: SimBackgroundActivitySession?
    /// Whether updates are stopped because the device is still.
    public private(set) var isStationary = false
    /// A terminated app's stream would resume: it is relaunched when the device moves.
    private var relaunchConfiguration: SimLiveConfiguration?
    private var anchor: (coordinate: GeoCoordinate, time: Double)?
    private var tick: ScheduledWork?
    /// While no position is known and the app has heard so, ticks do nothing: the ticks in
    /// between are not scheduled, and this keeps their cadence (the last tick's time and the
    /// interval in nanoseconds) until a change brings it back (``resumeCadence(in:)``), as in
    /// ``SimLocationManager``.
    private var idleCadence: IdleCadence?
    private var rejoinDeadline: ScheduledWork?
    private var lastDiagnostic: SimLiveDiagnostic?
    /// Whether a session kept the app in the background: a use of the `location` mode (§7).
    private var sessionHeldApp = false

    public init() {}

    // MARK: §4-style hold

    public func holdStatus(in system: SimSystem) -> SimHoldStatus {
        guard let stream, stream.process == system.process else { return .notHolding(nil) }
        guard let session, session.isActive else { return .notHolding(.liveUpdates(.noSession)) }
        if isStationary { return .notHolding(.liveUpdates(.stationary(windowSeconds: window(for: stream.configuration, in: system)))) }
        guard authorized(in: system) else { return .notHolding(.authorization(authorization(in: system))) }
        if let withheld = serviceSessions(in: system)?.deliveryObstacle(in: system) { return .notHolding(.liveUpdates(.withheld(withheld))) }
        if system.appState == .background { sessionHeldApp = true }
        return .holding(SimHold(kind: .liveUpdates, spendsBudget: false, isAssertion: false))
    }

    public func infoPlistUse(in system: SimSystem) -> SimInfoPlistUse {
        SimInfoPlistUse(backgroundModes: sessionHeldApp ? [.location] : [])
    }

    // MARK: The app's calls

    func start(_ configuration: SimLiveConfiguration, process: Int, in system: SimSystem) -> SimLiveUpdates {
        let handle = SimLiveUpdates(configuration: configuration, process: process, owner: self, system: system)
        guard system.profile.liveUpdates.isAvailable else {
            system.emit(.warning(.liveUpdates(.unavailable(profile: system.profile.name))))
            handle.isStopped = true
            return handle
        }
        serviceSessions(in: system)?.noteImplicitUse(in: system)
        stream?.isStopped = true
        stream = handle
        relaunchConfiguration = nil
        isStationary = false
        anchor = nil
        resumeCadence(in: system)
        lastDiagnostic = nil
        system.emit(LiveUpdateEvent.started(configuration))
        ensureTicking(after: 0, in: system)
        system.reevaluate()
        return handle
    }

    func stop(_ handle: SimLiveUpdates, in system: SimSystem) {
        guard !handle.isStopped else { return }
        handle.isStopped = true
        guard stream === handle else { return }
        stream = nil
        isStationary = false
        tick?.cancel()
        tick = nil
        idleCadence = nil
        system.emit(LiveUpdateEvent.stopped)
        system.reevaluate()
    }

    func beginSession(process: Int, in system: SimSystem) -> SimBackgroundActivitySession {
        let created = SimBackgroundActivitySession(process: process, owner: self, system: system)
        guard system.profile.liveUpdates.isAvailable else {
            system.emit(.warning(.liveUpdates(.unavailable(profile: system.profile.name))))
            created.isInvalidated = true
            return created
        }
        serviceSessions(in: system)?.noteImplicitUse(in: system)
        // A relaunched app may rejoin the session its last process held, from the background.
        if let session, !session.isInvalidated, session.isActive, session.awaitsRejoin {
            session.awaitsRejoin = false
            rejoinDeadline?.cancel()
            rejoinDeadline = nil
            created.isActive = true
            self.session = created
            system.emit(LiveUpdateEvent.sessionRejoined)
            system.reevaluate()
            return created
        }
        let obstacle: SimCause? = if !system.appState.isForeground {
            .liveUpdates(.sessionNotInUse)
        } else if !system.configuration.capabilities.backgroundModes.contains(.location) {
            .locationModeMissing
        } else if !authorized(in: system) {
            .authorization(authorization(in: system))
        } else {
            nil
        }
        if let old = session, old.isActive { end(old, .liveUpdates(.sessionReplaced), in: system) }
        created.isActive = obstacle == nil
        session = created
        system.emit(LiveUpdateEvent.sessionBegan(active: obstacle == nil, obstacle: obstacle))
        system.reevaluate()
        return created
    }

    func invalidate(_ handle: SimBackgroundActivitySession, in system: SimSystem) {
        guard !handle.isInvalidated else { return }
        handle.isInvalidated = true
        guard session === handle else { return }
        end(handle, .liveUpdates(.sessionInvalidated), in: system)
    }

    private func end(_ handle: SimBackgroundActivitySession, _ cause: SimCause, in system: SimSystem) {
        let wasActive = handle.isActive
        handle.isActive = false
        handle.awaitsRejoin = false
        if session === handle { session = nil }
        if wasActive { system.emit(LiveUpdateEvent.sessionEnded(cause)) }
        system.reevaluate()
    }

    // MARK: Producing updates

    private func authorization(in system: SimSystem) -> SimAuthorizationStatus {
        system.mechanism(LocationServices.self)?.authorization.effective ?? .notDetermined
    }

    private func serviceSessions(in system: SimSystem) -> LocationServiceSessions? {
        system.mechanism(LocationServiceSessions.self)
    }

    /// Whether iOS may bring the app back for updates: with an active background activity
    /// session, or with Always (from iOS 18 only while holding an `.always` service session).
    private func mayBringBack(in system: SimSystem) -> Bool {
        if session?.isActive ?? false { return true }
        return authorization(in: system) == .authorizedAlways && serviceSessions(in: system)?.permitsEventsWhileNotInUse(in: system) != false
    }

    private func authorized(in system: SimSystem) -> Bool {
        let status = authorization(in: system)
        return status == .authorizedAlways || status == .authorizedWhenInUse
    }

    /// The stationary window: the configuration's activity type's; in the background at most the cut-off.
    func window(for configuration: SimLiveConfiguration, in system: SimSystem) -> Double {
        let window = system.profile.stationaryWindow(for: configuration.activityType)
        return system.appState.isForeground ? window : min(window, system.profile.liveUpdates.backgroundStillCutoff)
    }

    private func ensureTicking(after seconds: Double, in system: SimSystem) {
        // A restart from inside the app's handling of an update waits for the next tick (the
        // update in hand was this instant's), or the loop would never let time advance.
        guard tick == nil, !delivering, idleCadence == nil else { return }
        schedule(at: system.now.adding(seconds: seconds), in: system)
    }

    private func schedule(at time: SimInstant, in system: SimSystem) {
        tick = system.scheduler.schedule(at: time, owner: .mechanism) { [unowned self, unowned system] in
            tick = nil
            idleCadence = nil
            produce(in: system)
        }
    }

    /// Whether the app's code is handling an update now.
    private var delivering = false

    /// After a tick with no position whose diagnostic was already given: schedules the last tick
    /// before the next piece of the track starts (none after its end) and keeps the cadence.
    /// Returns `false` when the next tick is the one due anyway.
    private func skipIdleTicks(interval seconds: Double, in system: SimSystem) -> Bool {
        guard tick == nil, let (cadence, next) = IdleCadence.skipping(at: system.now, every: seconds, on: system.configuration.trajectory) else { return false }
        idleCadence = cadence
        if let next { schedule(at: next, in: system) }
        return true
    }

    /// Something a tick reads changes while ticks are skipped: the next tick of the cadence is
    /// scheduled for real (at the current instant if one falls on it).
    func resumeCadence(in system: SimSystem) {
        guard let cadence = idleCadence else { return }
        idleCadence = nil
        tick?.cancel()
        schedule(at: cadence.nextTick(atOrAfter: system.now), in: system)
    }

    private func produce(in system: SimSystem) {
        guard let configuration = stream?.configuration ?? relaunchConfiguration else { return }
        // Approximate location (iOS 14+) sets the cadence and the error, whatever the configuration.
        let limited = system.mechanism(LocationServices.self)?.authorization.accuracy == .reducedAccuracy
        let accuracy = limited ? SimAccuracy.reduced : configuration.accuracy
        let profile = system.profile.accuracyProfile(for: accuracy)
        guard let truth = system.configuration.trajectory.position(at: system.now.seconds) else {
            diagnose(.locationUnavailable, in: system)
            // Until the track goes on, or something changes, every tick would do nothing.
            if lastDiagnostic == .locationUnavailable, skipIdleTicks(interval: profile.interval, in: system) { return }
            ensureTicking(after: profile.interval, in: system)
            return
        }
        defer { ensureTicking(after: profile.interval, in: system) }
        let wasStationary = isStationary
        let still = noteStill(truth.coordinate, window: stream.map { window(for: $0.configuration, in: system) } ?? .infinity, in: system)
        if wasStationary && !still {
            // The device moves again: updates resume by themselves, and iOS brings the app back.
            isStationary = false
            system.emit(LiveUpdateEvent.resumed)
            if !system.appState.isRunning, mayBringBack(in: system) {
                system.wake(for: .liveUpdates(.updatesAvailable), seconds: system.profile.liveUpdates.wakeSeconds)
            }
            system.reevaluate()
        }
        guard let stream, !stream.isStopped, stream.process == system.process else { return }
        guard system.appState.isRunning else { return }
        if isStationary { return }
        guard authorized(in: system) else {
            let services = system.mechanism(LocationServices.self)
            let diagnostic: SimLiveDiagnostic = switch authorization(in: system) {
            case .notDetermined: .authorizationRequestInProgress
            case .restricted: .authorizationRestricted
            default: services?.authorization.servicesEnabled == false ? .authorizationDeniedGlobally : .authorizationDenied
            }
            diagnose(diagnostic, in: system)
            return
        }
        // When In Use reaches a background app only through an active session (or provisional Always).
        if system.appState == .background, authorization(in: system) == .authorizedWhenInUse, !(session?.isActive ?? false) {
            diagnose(.insufficientlyInUse, in: system)
            return
        }
        if let withheld = serviceSessions(in: system)?.deliveryObstacle(in: system) {
            diagnose(withheld, in: system)
            return
        }
        lastDiagnostic = nil
        let fix = SimLocationManager.fix(at: system.now, accuracy: accuracy, in: system)
        if let fix {
            system.emit(.fix(SimFixRecord(latitude: fix.coordinate.latitude, longitude: fix.coordinate.longitude)))
        }
        if still {
            isStationary = true
            system.holdsChanged()  // re-evaluated below, after the app hears of it
            let seconds = window(for: stream.configuration, in: system)
            system.emit(LiveUpdateEvent.stationary(windowSeconds: seconds))
        }
        let diagnostics: Set<SimLiveDiagnostic> = limited && system.profile.liveUpdates.hasDiagnostics ? [.accuracyLimited] : []
        deliver(SimLocationUpdateValue(location: fix, isStationary: still, diagnostics: diagnostics), to: stream, in: system)
        if fix != nil { system.mechanism(LocationServices.self)?.delivered(in: system) }
        if still { system.reevaluate() }
    }

    /// Whether the device has stayed within the stationary radius for `window` seconds.
    private func noteStill(_ coordinate: GeoCoordinate, window: Double, in system: SimSystem) -> Bool {
        let now = system.now.seconds
        guard let anchor, Geodesy.distance(from: anchor.coordinate, to: coordinate) <= system.profile.stationaryRadius else {
            anchor = (coordinate, now)
            return false
        }
        return isStationary || now - anchor.time >= window
    }

    /// An update with no location and a diagnostic (iOS 18; iOS 17 sends nothing), once per change.
    private func diagnose(_ diagnostic: SimLiveDiagnostic, in system: SimSystem) {
        guard lastDiagnostic != diagnostic else { return }
        lastDiagnostic = diagnostic
        guard system.profile.liveUpdates.hasDiagnostics, let stream, system.appState.isRunning else { return }
        system.emit(LiveUpdateEvent.diagnostic(diagnostic))
        deliver(SimLocationUpdateValue(location: nil, isStationary: false, diagnostics: [diagnostic]), to: stream, in: system)
    }

    private func deliver(_ update: SimLocationUpdateValue, to stream: SimLiveUpdates, in system: SimSystem) {
        delivering = true
        stream.deliver(update, in: system)
        delivering = false
    }

    // MARK: Lifecycle

    public func appStateChanged(in system: SimSystem, from old: SimAppState) {
        resumeCadence(in: system)
        // A relaunched process must rejoin its session at once, or the session ends.
        if old == .terminated || old == .notRunning, system.appState.isRunning, let session, session.awaitsRejoin {
            rejoinDeadline?.cancel()
            rejoinDeadline = system.scheduler.schedule(after: system.profile.liveUpdates.sessionRejoinWindow, owner: .mechanism) {
                [unowned self, unowned system] in
                rejoinDeadline = nil
                guard let session = self.session, session.awaitsRejoin else { return }
                end(session, .liveUpdates(.sessionNotRejoined), in: system)
            }
        }
    }

    public func processEnded(in system: SimSystem, process: Int, forceQuit: Bool) {
        // The stream ends with the process; iOS relaunches the app when updates are available
        // again if it held an active session or Always (not after a force quit).
        resumeCadence(in: system)
        if let stream {
            stream.isStopped = true
            relaunchConfiguration = mayBringBack(in: system) && !forceQuit ? stream.configuration : nil
            self.stream = nil
        }
        if let session {
            if !session.isActive { self.session = nil } else if forceQuit { end(session, .forceQuit, in: system) } else { session.awaitsRejoin = true }
        }
        if relaunchConfiguration == nil {
            tick?.cancel()
            tick = nil
        }
    }

    public func runEnded(in system: SimSystem) {
        tick?.cancel()
        idleCadence = nil
        rejoinDeadline?.cancel()
        stream = nil
        session = nil
    }
}
