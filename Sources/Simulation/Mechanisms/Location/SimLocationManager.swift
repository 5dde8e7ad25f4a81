import Foundation
import Geodesy

/// A `CLLocationManager` that draws its fixes from a replayed trip in simulated time (§3, §5).
///
/// Get one from ``SimApplication/makeLocationManager()`` and use it as you would the real one:
///
/// ```swift
/// let manager = application.makeLocationManager()
/// manager.delegate = self
/// manager.distanceFilter = 50
/// manager.allowsBackgroundLocationUpdates = true
/// manager.requestAlwaysAuthorization()
/// manager.startUpdatingLocation()
/// ```
///
/// Fixes come at the cadence of the `desiredAccuracy` setting's ``SimAccuracyProfile``, with a
/// seeded error. A fix is delivered when it lies at least `distanceFilter` metres from the last
/// fix that was delivered (the first after a start always is); while the app cannot receive
/// fixes (suspended, or in the background without background updates) they are queued and
/// delivered when it can. A manager belongs to the process that made it: when that process
/// ends, it does nothing more and its `updates` sequence finishes.
@MainActor
public final class SimLocationManager: LocationManaging {
    // Read and written at every fix: `@exclusivity(unchecked)` drops the run-time exclusivity
    // check of each access (issue 21: with the same on the per-fix state of LocationServices, SimSystem,
    // Scheduler and ScriptedApp, a third of a
    // replay's simulation). No access to these properties spans a call that could reach them again.
    @exclusivity(unchecked) private(set) weak var system: SimSystem?
    private let services: LocationServices

    /// `CLLocation`'s counterpart has no member naming a visit: `LocationManaging` is told.
    public typealias Visit = SimVisit

    /// Receives fixes, errors, authorization changes, pauses, regions and visits, as
    /// `CLLocationManagerDelegate` does: any `LocationManagingDelegate` of this manager (a
    /// ``SimLocationManagerDelegate`` is one).
    @exclusivity(unchecked) public weak var delegate: (any LocationManagingDelegate<SimLocationManager>)?
    /// Metres a fix must lie from the last delivered one; ``simDistanceFilterNone`` (−1) delivers every fix.
    @exclusivity(unchecked) public var distanceFilter: Double = simDistanceFilterNone {
        didSet { settingOfKeepAliveChanged() }
    }
    /// `CLLocationAccuracy` in metres: −2 best for navigation, −1 best (the default), 10, 100, 1000, 3000.
    @exclusivity(unchecked) public var desiredAccuracy: Double = SimAccuracy.best.meters {
        didSet {
            if let system { resumeCadence(system) }
            settingOfKeepAliveChanged()
        }
    }
    /// Whether updates continue in the background (iOS 9+); needs the `location` background
    /// mode, or the app crashes. Before iOS 9 the property does not exist and setting it does nothing.
    @exclusivity(unchecked) public var allowsBackgroundLocationUpdates = false {
        didSet {
            services.deliveryObstacleMayHaveChanged()
            guard let system, system.profile.hasBackgroundLocationFlag else { return }
            if allowsBackgroundLocationUpdates { services.noteBackgroundLocationRequested() }
            guard allowsBackgroundLocationUpdates, !system.configuration.capabilities.backgroundModes.contains(.location) else {
                system.reevaluate()
                return
            }
            system.crash(.backgroundLocationWithoutMode)
        }
    }
    /// Whether Core Location may pause updates when the device stays put.
    @exclusivity(unchecked) public var pausesLocationUpdatesAutomatically = true
    /// What is tracked; sets how soon updates pause.
    @exclusivity(unchecked) public var activityType = SimActivityType.other
    /// Whether an Always app in the background shows the blue indicator.
    @exclusivity(unchecked) public var showsBackgroundLocationIndicator = false {
        didSet { settingOfKeepAliveChanged() }
    }

    /// The last fix delivered.
    @exclusivity(unchecked) public private(set) var location: SimLocation?

    // The session, as Core Location keeps it.
    @exclusivity(unchecked) private(set) var updatesRequested = false {
        didSet { if updatesRequested != oldValue { services.deliveryObstacleMayHaveChanged() } }
    }
    /// Whether updates were ever started (so that the §4 rule has something to say about them).
    @exclusivity(unchecked) private(set) var hasUsedUpdates = false
    /// Whether iOS refused the last start (a When In Use app, from the background, §4): the
    /// app's updates do not run because of it, until a start works or the app stops them.
    private(set) var refusedStart = false
    @exclusivity(unchecked) private(set) var startedInForeground = false
    /// The kind of background run the system began in which the running updates were started
    /// (§4 "Starting in the background"); `nil` when started on screen, or in a background run
    /// that followed the screen, or once the app has been on screen since.
    @exclusivity(unchecked) private(set) var startedInWake: KeepAliveStartWake?
    /// Why updates stopped (by the app, or by authorization); `nil` while running or never started.
    @exclusivity(unchecked) private(set) var stopCause: SimCause?
    /// Set while Core Location has paused the updates.
    @exclusivity(unchecked) private(set) var pauseCause: SimCause?
    /// Low Power Mode stopped the deliveries while the app still thinks its updates run (§15,
    /// ``SimProfile/lowPowerModeLocation``): no callback tells it, and the session still holds.
    @exclusivity(unchecked) private(set) var stoppedByLowPowerMode = false
    @exclusivity(unchecked) private(set) var significantChangeMonitoring = false
    @exclusivity(unchecked) private var wantsOneFix = false
    @exclusivity(unchecked) private var tick: ScheduledWork?
    /// The work of the last tick at the interval, scheduled again for the next (one handle for
    /// the run, not one made and freed a fix).
    @exclusivity(unchecked) private var repeatingTick: ScheduledWork?
    /// While no position is known (before the track, in a signal gap, after its end) a tick finds
    /// nothing to do, so the ticks in between are not scheduled: this is the cadence they keep
    /// (the last tick's time and the interval, in nanoseconds). `tick` then waits for the last
    /// tick before the next piece starts (none after the end), and any change that a tick would
    /// notice first brings the cadence back (``resumeCadence(_:)``): idle time costs nothing,
    /// and every tick that does something comes when it would have.
    @exclusivity(unchecked) private var idleCadence: IdleCadence?
    /// Whether a fix is being offered now: a start or a one-fix request from the app's callback
    /// then changes nothing at this instant (the next tick comes at the interval), as starting
    /// updates that run changes nothing on iOS, instead of a tick at the same instant for ever.
    @exclusivity(unchecked) private var producing = false
    @exclusivity(unchecked) private var lastPassed: SimLocation?
    @exclusivity(unchecked) private var queued: [SimLocation] = []
    /// The array a single fix is delivered in, kept for the next: refilled in place unless the
    /// app kept it (one allocation and free a fix otherwise).
    @exclusivity(unchecked) private var singleFix: [SimLocation] = []
    @exclusivity(unchecked) private var inSignalGap = false
    /// What each tick runs: made once, not a closure (and a weak reference) a fix.
    private lazy var tickAction: @MainActor () -> Void = { [weak self] in self?.produce() }
    /// Where the last fix's position was found on the trajectory: the next is a tick later.
    @exclusivity(unchecked) private var trajectoryCursor = TrajectoryCursor()
    @exclusivity(unchecked) private var stationarySince: (coordinate: GeoCoordinate, time: Double)?
    @exclusivity(unchecked) private(set) var retired = false
    @exclusivity(unchecked) private var streams: [SimAsyncStream<SimLocationUpdate>.Continuation] = []
    /// The accuracy profile of the last setting used: looked up once, not at every fix.
    @exclusivity(unchecked) private var accuracyCache: (setting: SimAccuracy, profile: SimAccuracyProfile)?
    /// The stationary window of the last activity type used: a dictionary look-up, not at every fix.
    @exclusivity(unchecked) private var windowCache: (activityType: SimActivityType, seconds: Double)?

    init(system: SimSystem, services: LocationServices) {
        self.system = system
        self.services = services
        // iOS reports the current authorization right after a manager is created.
        system.scheduleAppWork(after: 0) { [weak self] in
            guard let self, !retired else { return }
            delegate?.locationManagerDidChangeAuthorization(self)
        }
    }

    // MARK: State

    /// What the user and the device allow this app.
    public var authorizationStatus: SimAuthorizationStatus { services.authorization.effective }
    /// Precise or approximate location.
    public var accuracyAuthorization: SimAccuracyAuthorization { services.authorization.accuracy }
    /// The device-wide Location Services switch.
    public func locationServicesEnabled() -> Bool { services.authorization.servicesEnabled }

    /// Standard updates are on (started, not stopped, not paused, and authorized).
    public var isUpdatingLocation: Bool { updatesRequested && pauseCause == nil && services.authorization.allowsLocation }

    /// The setting whose accuracy profile applies.
    var accuracySetting: SimAccuracy {
        if services.authorization.accuracy == .reducedAccuracy { return .reduced }
        switch desiredAccuracy {
        case ..<(-1.5): return .bestForNavigation
        case ..<0: return .best
        case ...10: return .nearestTenMeters
        case ...100: return .hundredMeters
        case ...1000: return .kilometer
        default: return .threeKilometers
        }
    }

    private func accuracyProfile(_ system: SimSystem) -> SimAccuracyProfile {
        let setting = accuracySetting
        if let accuracyCache, accuracyCache.setting == setting { return accuracyCache.profile }
        let profile = system.profile.accuracyProfile(for: setting)
        accuracyCache = (setting, profile)
        return profile
    }

    /// Whether a fix that passed the filter reaches the delegate now (§3): always in the
    /// foreground; in the background while the session keeps the app alive, or, for an Always
    /// app, whenever the app runs (a task holds it), even with background updates off.
    private func canReceiveNow(_ system: SimSystem) -> Bool {
        switch system.appState {
        case .active, .inactive: true
        case .background: services.authorization.effective == .authorizedAlways || services.keepsAlive(self, in: system)
        default: false
        }
    }

    /// A setting §4's 16.4 rule reads changed: a background app's hold is asked again.
    private func settingOfKeepAliveChanged() {
        guard let system, !retired else { return }
        services.keepAliveSettingsChanged(in: system)
    }

    // MARK: Authorization requests

    /// Whether `requestWhenInUseAuthorization` and `requestAlwaysAuthorization` exist on the
    /// device (iOS 8+), as `[CLLocationManager instancesRespondToSelector:]` tells an app that
    /// also runs on iOS 7; before, the first use of location services shows the prompt (§5).
    public var respondsToAuthorizationRequests: Bool {
        !(system?.profile.promptsOnFirstLocationUse ?? false)
    }

    /// Asks for When In Use; acts only when not yet determined, with the usage string, and
    /// while the app is on screen.
    public func requestWhenInUseAuthorization() {
        guard let system, !retired else { return }
        services.requestWhenInUse(in: system)
    }

    /// Asks for Always; from notDetermined (iOS 13+: provisional Always) or once from When In Use;
    /// only while the app is on screen.
    public func requestAlwaysAuthorization() {
        guard let system, !retired else { return }
        services.requestAlways(in: system)
    }

    // MARK: Updates

    /// Starts standard updates. The first fix after a start is always delivered.
    public func startUpdatingLocation() {
        guard let system, !retired else { return }
        services.noteFirstUse(in: system)
        if system.appState == .background, services.authorization.effective == .authorizedWhenInUse,
           !services.authorization.isProvisionalAlways, !(updatesRequested && pauseCause == nil) {
            system.emit(.warning(.whenInUseStartFromBackground))
            refusedStart = true
            system.reevaluate()
            return
        }
        switch services.authorization.effective {
        case .denied, .restricted:
            report(error: .denied, system)
            return
        default:
            break
        }
        resumeCadence(system)
        let wasRunning = updatesRequested && pauseCause == nil && !stoppedByLowPowerMode
        let wasPaused = updatesRequested && pauseCause != nil
        refusedStart = false
        stoppedByLowPowerMode = false
        updatesRequested = true
        hasUsedUpdates = true
        stopCause = nil
        pauseCause = nil
        stationarySince = nil
        if !wasRunning {
            startedInForeground = system.appState.isForeground
            startedInWake = system.appState == .background ? system.backgroundRunOrigin.map(KeepAliveStartWake.init) : nil
            lastPassed = nil  // stop + start forces a new first fix
            emitStart(system)
        }
        ensureTicking(system)
        system.reevaluate()
        if !wasRunning { services.noteBackgroundSession(in: system) }
        // Started in the background while Low Power Mode is on: stopped again at once.
        applyLowPowerMode(system)
        if wasPaused, system.appState.isRunning {
            delegate?.locationManagerDidResumeLocationUpdates(self)
            streams.forEach { $0.yield(.resumed) }
        }
    }

    /// Stops standard updates.
    public func stopUpdatingLocation() {
        guard let system, !retired else { return }
        refusedStart = false
        guard updatesRequested else { return }
        resumeCadence(system)
        updatesRequested = false
        pauseCause = nil
        stoppedByLowPowerMode = false
        stopCause = .updatesStopped
        system.emit(.locationStop(.standardUpdates, cause: .updatesStopped))
        system.reevaluate()
    }

    /// iOS ends the session for `cause` (the what-if session limit, §15): the updates stop and
    /// the app is not told; its next `startUpdatingLocation()` starts a new one.
    func endSession(_ cause: SimCause) {
        guard let system, !retired, updatesRequested else { return }
        resumeCadence(system)
        updatesRequested = false
        pauseCause = nil
        stoppedByLowPowerMode = false
        stopCause = cause
        system.emit(.locationStop(.standardUpdates, cause: cause))
    }

    /// One fix, then updates stop (unless standard updates run).
    public func requestLocation() {
        guard let system, !retired else { return }
        guard services.authorization.allowsLocation else {
            report(error: .denied, system)
            return
        }
        resumeCadence(system)
        wantsOneFix = true
        ensureTicking(system)
    }

    /// Starts the significant-change service: a fix after ≥ 500 m, at most every 5 minutes.
    public func startMonitoringSignificantLocationChanges() {
        guard let system, !retired, !significantChangeMonitoring else { return }
        services.noteFirstUse(in: system)
        significantChangeMonitoring = true
        system.emit(.locationStart(.significantChanges, accuracy: nil, distanceFilter: nil))
        system.mechanism(SignificantLocationChanges.self)?.start(in: system)
        settingOfKeepAliveChanged()  // §4's 16.4 rule reads it, for every manager's updates
    }

    /// Stops the significant-change service.
    public func stopMonitoringSignificantLocationChanges() {
        guard let system, !retired, significantChangeMonitoring else { return }
        significantChangeMonitoring = false
        system.emit(.locationStop(.significantChanges, cause: .updatesStopped))
        system.mechanism(SignificantLocationChanges.self)?.stopIfUnused(in: system)
        settingOfKeepAliveChanged()
    }

    // MARK: Regions and visits (§11)

    /// The regions the app monitors: the app's, not this manager's, so they outlive the process
    /// (`CLLocationManager.monitoredRegions`).
    public var monitoredRegions: Set<SimCircularRegion> {
        Set(system?.mechanism(RegionMonitoring.self)?.regions ?? [])
    }

    /// The largest region radius Core Location accepts, in metres (`maximumRegionMonitoringDistance`).
    public var maximumRegionMonitoringDistance: Double { SimLimits.distances.upperBound }

    /// Starts monitoring `region`: the delegate hears `didEnterRegion` / `didExitRegion` minutes
    /// after a crossing, or `monitoringDidFailFor` (the 21st region, or no authorization). A
    /// region with the identifier of a monitored one replaces it.
    public func startMonitoring(for region: SimCircularRegion) {
        guard let system, !retired, let regions = system.mechanism(RegionMonitoring.self) else { return }
        services.noteFirstUse(in: system)
        regions.start(region, for: self, in: system)
    }

    /// Stops monitoring the region with `region`'s identifier; events still pending for it are dropped.
    public func stopMonitoring(for region: SimCircularRegion) {
        guard let system, !retired else { return }
        system.mechanism(RegionMonitoring.self)?.stop(identifier: region.identifier, in: system)
    }

    /// Starts the visit service: the delegate hears `didVisit` for arrivals and departures; it
    /// relaunches the app (Always) when a visit comes while it does not run.
    public func startMonitoringVisits() {
        guard let system, !retired else { return }
        system.mechanism(RegionMonitoring.self)?.startVisits(in: system)
    }

    /// Stops the visit service.
    public func stopMonitoringVisits() {
        guard let system, !retired else { return }
        system.mechanism(RegionMonitoring.self)?.stopVisits(in: system)
    }

    func monitoringFailed(for region: SimCircularRegion, _ error: SimLocationError) {
        guard !retired else { return }
        delegate?.locationManager(self, monitoringDidFailFor: region, withError: error.locationError)
    }

    func deliverRegionEvent(_ region: SimCircularRegion, entered: Bool) {
        guard let system, !retired, system.appState.isRunning else { return }
        if entered {
            delegate?.locationManager(self, didEnterRegion: region)
        } else {
            delegate?.locationManager(self, didExitRegion: region)
        }
    }

    func deliverVisit(_ visit: SimVisit) {
        guard let system, !retired, system.appState.isRunning else { return }
        delegate?.locationManager(self, didVisit: visit)
    }

    /// An async sequence of everything delivered to the delegate: fixes, errors and pauses. It
    /// finishes when the run ends or the manager's process ends.
    ///
    /// ```swift
    /// for await update in manager.updates {
    ///     if case .locations(let fixes) = update { route.append(contentsOf: fixes) }
    /// }
    /// ```
    public var updates: SimAsyncStream<SimLocationUpdate> {
        SimAsyncStream("manager.updates", clock: system?.clock) { continuation in
            if retired { continuation.finish() } else { streams.append(continuation) }
        }
    }

    // MARK: Producing fixes

    private var producesFixes: Bool {
        !retired && ((isUpdatingLocation && !stoppedByLowPowerMode) || wantsOneFix) && services.authorization.allowsLocation
    }

    private func ensureTicking(_ system: SimSystem) {
        guard tick == nil, idleCadence == nil, !producing, producesFixes else { return }
        tick = system.scheduler.schedule(after: 0, owner: .mechanism, tickAction)
    }

    private func produce() {
        tick = nil
        idleCadence = nil
        guard let system, producesFixes else { return }
        // One look-up of the setting's profile per fix: it is read for the fix and for the next tick.
        let profile = accuracyProfile(system)
        producing = true
        let found = offerFix(system, profile)
        producing = false
        guard producesFixes, tick == nil else { return }
        if !found, !wantsOneFix, skipIdleTicks(system, interval: profile.interval) { return }
        if let repeatingTick, !repeatingTick.isPending {
            tick = system.scheduler.schedule(after: profile.interval, reusing: repeatingTick, tickAction)
        } else {
            let next = system.scheduler.schedule(after: profile.interval, owner: .mechanism, tickAction)
            tick = next
            repeatingTick = next
        }
    }

    /// After a tick that found no position: schedules the last tick before the next piece of the
    /// track starts (none after its end) and keeps the cadence in `idleCadence`. Returns `false`
    /// when the next tick is the one due anyway.
    private func skipIdleTicks(_ system: SimSystem, interval seconds: Double) -> Bool {
        guard let (cadence, next) = IdleCadence.skipping(at: system.now, every: seconds, on: system.configuration.trajectory) else { return false }
        idleCadence = cadence
        if let next { tick = system.scheduler.schedule(at: next, owner: .mechanism, tickAction) }
        return true
    }

    /// Something a tick reads is about to change while ticks are skipped: the next tick of the
    /// cadence is scheduled for real (at the current instant if one falls on it), so that it sees
    /// the change when it would have.
    private func resumeCadence(_ system: SimSystem) {
        guard let cadence = idleCadence else { return }
        idleCadence = nil
        tick?.cancel()
        tick = system.scheduler.schedule(at: cadence.nextTick(atOrAfter: system.now), owner: .mechanism, tickAction)
    }

    /// Offers the fix of this tick; `false` when there is no position to draw it from.
    @discardableResult
    private func offerFix(_ system: SimSystem, _ profile: SimAccuracyProfile) -> Bool {
        let now = system.now
        guard let truth = system.configuration.trajectory.position(at: now.seconds, cursor: &trajectoryCursor) else {
            if !inSignalGap {
                inSignalGap = true
                system.emit(.fixUnavailable)
                report(error: .locationUnknown, system)
            }
            if wantsOneFix {
                wantsOneFix = false
                report(error: .locationUnknown, system)
            }
            return false
        }
        inSignalGap = false
        let fix = Self.makeFix(truth, at: now, profile: profile, system)
        let pauseAfterThisFix = notePosition(truth.coordinate, at: now.seconds, system)

        if wantsOneFix && !isUpdatingLocation {
            wantsOneFix = false
            pass(fix, reason: .requested, system)
        } else {
            wantsOneFix = false
            if let lastPassed, distanceFilter > 0 {
                let moved = fix.distance(from: lastPassed)
                let improves = system.profile.deliversFixesWhenAccuracyImproves && fix.horizontalAccuracy < lastPassed.horizontalAccuracy
                if moved < distanceFilter && !improves {
                    system.emit(.fix(SimFixRecord(
                        latitude: fix.coordinate.latitude, longitude: fix.coordinate.longitude,
                        distanceFromLastDelivered: moved, reason: .underDistanceFilter)))
                    if pauseAfterThisFix { pause(system) }
                    return true
                }
            }
            pass(fix, reason: nil, system)
        }
        if pauseAfterThisFix { pause(system) }
        return true
    }

    /// A fix that passed the filter: delivered now, or queued until the app can receive it.
    private func pass(_ fix: SimLocation, reason: SimFixRecord.Reason?, _ system: SimSystem) {
        lastPassed = fix
        if canReceiveNow(system) {
            deliverOne(fix, reason: reason, system)
        } else if !system.appState.isRunning && system.appState != .suspended {
            system.emit(.fix(SimFixRecord(latitude: fix.coordinate.latitude, longitude: fix.coordinate.longitude, reason: .appNotRunning)))
        } else {
            queued.append(fix)
            let why: SimFixRecord.Reason = system.appState == .suspended ? .appSuspended : .backgroundUpdatesNotAllowed
            system.emit(.fix(SimFixRecord(latitude: fix.coordinate.latitude, longitude: fix.coordinate.longitude, reason: why)))
        }
    }

    private func deliverOne(_ fix: SimLocation, reason: SimFixRecord.Reason?, _ system: SimSystem) {
        singleFix.removeAll(keepingCapacity: true)
        singleFix.append(fix)
        deliver(singleFix, reason: reason, system)
    }

    private func deliver(_ fixes: [SimLocation], reason: SimFixRecord.Reason?, _ system: SimSystem) {
        guard let last = fixes.last else { return }
        location = last
        for fix in fixes {
            let age = system.now.seconds(since: fix.time)
            system.emit(.fix(SimFixRecord(
                latitude: fix.coordinate.latitude, longitude: fix.coordinate.longitude,
                delay: age > 0 ? age : nil, reason: reason)))
        }
        system.runAppCode {
            delegate?.locationManager(self, didUpdateLocations: fixes)
            streams.forEach { $0.yield(.locations(fixes)) }
        }
        for _ in fixes { services.delivered(in: system) }
    }

    /// An error to the delegate (in Core Location's shape, `LocationError`) and to every
    /// `updates` sequence alike.
    private func report(error: SimLocationError, _ system: SimSystem) {
        guard system.appState.isRunning else { return }
        system.emit(.locationError(error))
        delegate?.locationManager(self, didFailWithError: error.locationError)
        streams.forEach { $0.yield(.error(error)) }
    }

    /// A fix for the true position at `now`, with the error of the `best` setting; `nil` in a signal gap.
    static func fix(at now: SimInstant, accuracy: SimAccuracy = .best, in system: SimSystem) -> SimLocation? {
        guard let truth = system.configuration.trajectory.position(at: now.seconds) else { return nil }
        return makeFix(truth, at: now, profile: system.profile.accuracyProfile(for: accuracy), system)
    }

    private static func makeFix(_ truth: TruePosition, at now: SimInstant, profile: SimAccuracyProfile, _ system: SimSystem) -> SimLocation {
        let range = profile.horizontalAccuracy
        let accuracy = range.lowerBound + (range.upperBound - range.lowerBound) * system.random.unit()
        let sigma = accuracy * profile.errorFraction
        let north = system.random.gaussian() * sigma
        let east = system.random.gaussian() * sigma
        let metresPerDegree = 111_320.0
        let latitude = truth.coordinate.latitude + north / metresPerDegree
        let longitude = truth.coordinate.longitude
            + east / (metresPerDegree * max(0.01, cos(truth.coordinate.latitude * .pi / 180)))
        return SimLocation(
            coordinate: GeoCoordinate(latitude: max(-90, min(90, latitude)), longitude: longitude),
            altitude: truth.altitude ?? 0,
            horizontalAccuracy: accuracy,
            verticalAccuracy: truth.altitude == nil ? -1 : profile.verticalAccuracy,
            speed: truth.speed, course: truth.course, time: now,
            timestamp: system.configuration.trajectory.startDate.addingTimeInterval(now.seconds))
    }

    /// Tracks whether the device stays put; returns `true` when updates should pause now.
    private func notePosition(_ coordinate: GeoCoordinate, at time: Double, _ system: SimSystem) -> Bool {
        guard pausesLocationUpdatesAutomatically, isUpdatingLocation else { return false }
        guard let anchor = stationarySince,
              Geodesy.distance(from: anchor.coordinate, to: coordinate) <= system.profile.stationaryRadius else {
            stationarySince = (coordinate, time)
            return false
        }
        return time - anchor.time >= stationaryWindow(system)
    }

    private func stationaryWindow(_ system: SimSystem) -> Double {
        let activityType = activityType
        if let windowCache, windowCache.activityType == activityType { return windowCache.seconds }
        let seconds = system.profile.stationaryWindow(for: activityType)
        windowCache = (activityType, seconds)
        return seconds
    }

    /// Core Location pauses updates and does not resume them by itself.
    private func pause(_ system: SimSystem) {
        let window = system.profile.stationaryWindow(for: activityType)
        pauseCause = .updatesPausedAutomatically(windowSeconds: window, activityType: activityType)
        system.emit(.locationPause(windowSeconds: window, radius: system.profile.stationaryRadius, activityType: activityType))
        if system.appState.isRunning {
            delegate?.locationManagerDidPauseLocationUpdates(self)
            streams.forEach { $0.yield(.paused) }
        }
        system.reevaluate()
    }

    // MARK: From the mechanisms

    func deliverSignificantChange(_ fix: SimLocation) {
        guard let system, !retired, system.appState.isRunning else { return }
        deliverOne(fix, reason: .significantChange, system)
    }

    /// The manager's process ended, or the run did: it does nothing more.
    func retire() {
        retired = true
        updatesRequested = false
        stoppedByLowPowerMode = false
        significantChangeMonitoring = false
        wantsOneFix = false
        queued = []
        tick?.cancel()
        tick = nil
        repeatingTick = nil
        idleCadence = nil
        streams.forEach { $0.finish() }
        streams = []
    }

    func appEnteredBackground() {
        // iOS 13+: the second prompt for a provisional Always grant comes with the first event that needs Always.
        guard let system, services.authorization.isProvisionalAlways, isUpdatingLocation else { return }
        services.authorization.isProvisionalAlways = false
        // Answered as it appears, whatever the scripted answer's time [model]; ignored, Always stays.
        let (answers, ignored, _) = services.nextAnswers(in: system)
        guard !ignored else {
            system.emit(.prompt(.unanswered(seconds: 0)))
            return
        }
        let answer = answers.alwaysPrompt
        system.emit(.prompt(.keepAllowingInBackground(answer: answer)))
        if answer == .keepWhenInUse {
            startedInForeground = true
            services.changeAuthorization({ $0.granted = .authorizedWhenInUse }, .userKeptWhenInUse, in: system)
        }
    }

    func appStateChanged() {
        guard let system, !retired else { return }
        if system.appState.isForeground { startedInWake = nil }
        applyLowPowerMode(system)
        if canReceiveNow(system), !queued.isEmpty {
            let batch = queued
            queued = []
            deliver(batch, reason: nil, system)
        }
        ensureTicking(system)
    }

    /// Logs standard updates starting with today's settings; `resumedAfter`: not by the app.
    private func emitStart(_ system: SimSystem, resumedAfter: SimCause? = nil) {
        system.emit(.locationStart(.standardUpdates, accuracy: accuracySetting,
                                                   distanceFilter: distanceFilter < 0 ? nil : distanceFilter, resumedAfter: resumedAfter))
    }

    /// Stops or resumes deliveries as Low Power Mode, the app's state and the profile's
    /// ``SimProfile/lowPowerModeLocation`` say (§15): stopped when a background app's updates run
    /// under Low Power Mode; resumed, for `stops-while-on`, when it ends or the app comes on screen.
    func applyLowPowerMode(_ system: SimSystem) {
        let effect = system.profile.lowPowerModeLocation
        guard effect != .unaffected, !retired else { return }
        if stoppedByLowPowerMode {
            guard effect == .stopsWhileOn, !system.device.lowPowerMode || system.appState.isForeground else { return }
            stoppedByLowPowerMode = false
            emitStart(system, resumedAfter: .device(.lowPowerMode))
            resumeCadence(system)
            ensureTicking(system)
            return
        }
        guard system.device.lowPowerMode, system.appState == .background, updatesRequested, pauseCause == nil,
              services.authorization.allowsLocation else { return }
        stoppedByLowPowerMode = true
        tick?.cancel()
        tick = nil
        idleCadence = nil
        system.emit(.locationStop(.standardUpdates, cause: .device(.lowPowerMode)))
        ensureTicking(system)  // a requestLocation() still pending gets its fix
    }

    func authorizationChanged() {
        guard let system, !retired else { return }
        resumeCadence(system)
        if !services.authorization.allowsLocation, updatesRequested {
            updatesRequested = false
            pauseCause = nil
            stopCause = .authorization(services.authorization.effective)
            system.emit(.locationStop(.standardUpdates, cause: .authorization(services.authorization.effective)))
            report(error: .denied, system)
        }
        if system.appState.isRunning { delegate?.locationManagerDidChangeAuthorization(self) }
        ensureTicking(system)
    }
}

/// What ``SimLocationManager/updates`` yields.
public enum SimLocationUpdate: Hashable, Sendable {
    case locations([SimLocation])
    case error(SimLocationError)
    case paused
    /// Updates restarted after a pause.
    case resumed
}
