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
/// delivered when it can.
public final class SimLocationManager: LocationManaging {
    /// The world owns its managers and outlives them; `unowned(unsafe)` spares a reference
    /// count check at each of the many accesses per fix.
    unowned(unsafe) let world: SimWorld

    /// Receives fixes, errors, authorization changes and pauses, as `CLLocationManagerDelegate` does.
    public weak var delegate: SimLocationManagerDelegate?
    /// Metres a fix must lie from the last delivered one; ``simDistanceFilterNone`` (−1) delivers every fix.
    public var distanceFilter: Double = simDistanceFilterNone
    /// `CLLocationAccuracy` in metres: −2 best for navigation, −1 best (the default), 10, 100, 1000, 3000.
    public var desiredAccuracy: Double = SimAccuracy.best.meters
    /// Whether updates continue in the background; needs the `location` background mode, or the app crashes.
    public var allowsBackgroundLocationUpdates = false {
        didSet {
            guard allowsBackgroundLocationUpdates, !world.configuration.capabilities.backgroundModes.contains(.location) else {
                world.updateBackgroundHolders()
                return
            }
            world.crash("NSInternalInconsistencyException: Invalid parameter not satisfying: !stayUp || CLClientIsBackgroundable(internal->fClient) || _CFMZEnabled()")
        }
    }
    /// Whether Core Location may pause updates when the device stays put.
    public var pausesLocationUpdatesAutomatically = true
    /// What is tracked; sets how soon updates pause.
    public var activityType = SimActivityType.other
    /// Whether an Always app in the background shows the blue indicator.
    public var showsBackgroundLocationIndicator = false

    /// The last fix delivered.
    public private(set) var location: SimLocation?

    private var updatesRequested = false
    private var startedInForeground = false
    private var isPaused = false
    private var wantsOneFix = false
    private var ticking = false
    private var tickGeneration = 0
    private var lastPassed: SimLocation?
    private var queued: [SimLocation] = []
    private var inSignalGap = false
    private var stationarySince: (coordinate: GeoCoordinate, time: Double)?
    private var significantChangeMonitoring = false
    private var lastSignificantFix: SimLocation?
    private var streams: [AsyncStream<SimLocationUpdate>.Continuation] = []
    /// The accuracy profile of the last setting used: looked up once, not at every fix.
    private var accuracyCache: (setting: SimAccuracy, profile: SimAccuracyProfile)?

    init(world: SimWorld) {
        self.world = world
        // iOS reports the current authorization right after a manager is created.
        world.clock.schedule(after: 0) { [weak self] in
            guard let self else { return }
            self.delegate?.locationManagerDidChangeAuthorization(self)
        }
    }

    // MARK: State

    /// What the user and the device allow this app.
    public var authorizationStatus: SimAuthorizationStatus { world.authorization.effective }
    /// Precise or approximate location.
    public var accuracyAuthorization: SimAccuracyAuthorization { world.authorization.accuracy }
    /// The device-wide Location Services switch.
    public func locationServicesEnabled() -> Bool { world.authorization.servicesEnabled }

    /// Standard updates are on (started, not stopped, not paused, and authorized).
    public var isUpdatingLocation: Bool { updatesRequested && !isPaused && world.authorization.allowsLocation }

    /// The setting whose accuracy profile applies.
    var accuracySetting: SimAccuracy {
        if world.authorization.accuracy == .reducedAccuracy { return .reduced }
        switch desiredAccuracy {
        case ..<(-1.5): return .bestForNavigation
        case ..<0: return .best
        case ...10: return .nearestTenMeters
        case ...100: return .hundredMeters
        case ...1000: return .kilometer
        default: return .threeKilometers
        }
    }

    private var accuracyProfile: SimAccuracyProfile {
        let setting = accuracySetting
        if let accuracyCache, accuracyCache.setting == setting { return accuracyCache.profile }
        let profile = world.profile.accuracyProfile(for: setting)
        accuracyCache = (setting, profile)
        return profile
    }

    private var authorizationAllowsBackground: Bool {
        switch world.authorization.effective {
        case .authorizedAlways: true
        case .authorizedWhenInUse: startedInForeground
        default: false
        }
    }

    /// §4: the conditions under which a running location session keeps the app from suspension.
    var keepsAppAlive: Bool {
        world.appState == .background && isUpdatingLocation && allowsBackgroundLocationUpdates
            && world.configuration.capabilities.backgroundModes.contains(.location) && authorizationAllowsBackground
    }

    private var canReceiveNow: Bool {
        switch world.appState {
        case .active, .inactive: true
        case .background: keepsAppAlive || (allowsBackgroundLocationUpdates && authorizationAllowsBackground && world.configuration.capabilities.backgroundModes.contains(.location))
        default: false
        }
    }

    // MARK: Authorization requests

    /// Asks for When In Use; acts only when not yet determined and with the usage string.
    public func requestWhenInUseAuthorization() {
        guard world.configuration.capabilities.whenInUseUsageDescription != nil else {
            world.log(.warning, "requestWhenInUseAuthorization does nothing: NSLocationWhenInUseUsageDescription is missing")
            return
        }
        guard world.authorization.effective == .notDetermined else { return }
        prompt(wantsAlways: false)
    }

    /// Asks for Always; from notDetermined (iOS 13+: provisional Always) or once from When In Use.
    public func requestAlwaysAuthorization() {
        let capabilities = world.configuration.capabilities
        guard capabilities.whenInUseUsageDescription != nil, capabilities.alwaysAndWhenInUseUsageDescription != nil else {
            world.log(.warning, "requestAlwaysAuthorization does nothing: NSLocationWhenInUseUsageDescription and NSLocationAlwaysAndWhenInUseUsageDescription are both needed")
            return
        }
        switch world.authorization.effective {
        case .notDetermined:
            prompt(wantsAlways: true)
        case .authorizedWhenInUse where !world.authorization.alwaysPromptShown && !world.authorization.isTemporary:
            world.authorization.alwaysPromptShown = true
            world.log(.authorizationPrompt, "prompt: allow Always? (the user will answer \(world.configuration.answers.alwaysPrompt.rawValue))")
            world.clock.schedule(after: world.configuration.answers.answerDelay) { [world] in
                guard world.configuration.answers.alwaysPrompt == .changeToAlways else { return }
                world.changeAuthorization({ $0.granted = .authorizedAlways }, "the user chose Change to Always Allow")
            }
        default:
            break
        }
    }

    private func prompt(wantsAlways: Bool) {
        let answers = world.configuration.answers
        let provisional = wantsAlways && world.profile.grantsProvisionalAlways
        world.log(.authorizationPrompt, "prompt: allow location? (the user will answer \(answers.firstPrompt.rawValue)\(wantsAlways && !provisional ? ", then \(answers.alwaysPrompt.rawValue)" : ""))")
        world.clock.schedule(after: answers.answerDelay) { [world] in
            guard world.authorization.granted == .notDetermined else { return }
            world.changeAuthorization({ model in
                model.accuracy = answers.precise ? .fullAccuracy : .reducedAccuracy
                switch answers.firstPrompt {
                case .dontAllow:
                    model.granted = .denied
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
            }, "the user answered \(answers.firstPrompt.rawValue)\(provisional && answers.firstPrompt == .allowWhileUsing ? " (provisional Always)" : "")")
        }
    }

    // MARK: Updates

    /// Starts standard updates. The first fix after a start is always delivered.
    public func startUpdatingLocation() {
        if world.appState == .background, world.authorization.effective == .authorizedWhenInUse, !world.authorization.isProvisionalAlways {
            world.log(.warning, "startUpdatingLocation from the background does nothing for a When In Use app")
            return
        }
        switch world.authorization.effective {
        case .denied, .restricted:
            world.log(.locationError, "startUpdatingLocation: authorization is \(world.authorization.effective): error denied")
            delegate?.locationManager(self, didFailWithError: .denied)
            return
        default:
            break
        }
        let wasRunning = updatesRequested && !isPaused
        updatesRequested = true
        isPaused = false
        stationarySince = nil
        if !wasRunning {
            startedInForeground = world.appState.isForeground
            lastPassed = nil  // stop + start forces a new first fix
            world.log(.locationStart, "startUpdatingLocation (\(accuracySetting.rawValue), distance filter \(distanceFilter < 0 ? "none" : "\(world.format(distanceFilter)) m"))")
        }
        ensureTicking()
        world.updateBackgroundHolders()
    }

    /// Stops standard updates.
    public func stopUpdatingLocation() {
        guard updatesRequested else { return }
        updatesRequested = false
        isPaused = false
        world.log(.locationStop, "stopUpdatingLocation")
        world.updateBackgroundHolders()
    }

    /// One fix, then updates stop (unless standard updates run).
    public func requestLocation() {
        guard world.authorization.allowsLocation else {
            delegate?.locationManager(self, didFailWithError: .denied)
            return
        }
        wantsOneFix = true
        ensureTicking()
    }

    /// Starts the significant-change service: a fix after ≥ 500 m, at most every 5 minutes.
    public func startMonitoringSignificantLocationChanges() {
        guard !significantChangeMonitoring else { return }
        significantChangeMonitoring = true
        world.log(.locationStart, "startMonitoringSignificantLocationChanges")
        scheduleSignificantChangeCheck(after: 0)
    }

    public func stopMonitoringSignificantLocationChanges() {
        significantChangeMonitoring = false
        world.log(.locationStop, "stopMonitoringSignificantLocationChanges")
    }

    /// An async sequence of everything delivered to the delegate: fixes, errors and pauses.
    ///
    /// ```swift
    /// for await update in manager.updates {
    ///     if case .locations(let fixes) = update { route.append(contentsOf: fixes) }
    /// }
    /// ```
    public var updates: AsyncStream<SimLocationUpdate> {
        AsyncStream { continuation in streams.append(continuation) }
    }

    // MARK: Producing fixes

    private var producesFixes: Bool {
        (isUpdatingLocation || wantsOneFix) && world.authorization.allowsLocation && world.appState != .terminated
    }

    private func ensureTicking() {
        guard !ticking, producesFixes else { return }
        ticking = true
        tickGeneration += 1
        let generation = tickGeneration
        world.clock.schedule(after: 0) { [weak self] in self?.tick(generation) }
    }

    private func tick(_ generation: Int) {
        guard generation == tickGeneration else { return }
        guard producesFixes else {
            ticking = false
            return
        }
        offerFix()
        if producesFixes {
            let interval = accuracyProfile.interval
            world.clock.schedule(after: interval) { [weak self] in self?.tick(generation) }
        } else {
            ticking = false
        }
    }

    private func offerFix() {
        let now = world.now
        guard let truth = world.configuration.trajectory.position(at: now.seconds) else {
            if !inSignalGap {
                inSignalGap = true
                world.log(.fixUnavailable, "no position: signal lost")
                report(error: .locationUnknown)
            }
            if wantsOneFix {
                wantsOneFix = false
                report(error: .locationUnknown)
            }
            return
        }
        inSignalGap = false
        let fix = makeFix(truth, at: now)
        let pauseAfterThisFix = notePosition(truth.coordinate, at: now.seconds)

        if wantsOneFix && !isUpdatingLocation {
            wantsOneFix = false
            pass(fix, reason: "requestLocation")
        } else {
            wantsOneFix = false
            if let lastPassed, distanceFilter > 0 {
                let moved = fix.distance(from: lastPassed)
                let improves = world.profile.deliversFixesWhenAccuracyImproves && fix.horizontalAccuracy < lastPassed.horizontalAccuracy
                if moved < distanceFilter && !improves {
                    world.log(.fixFiltered, "under the distance filter", fix: fix, distance: moved)
                    if pauseAfterThisFix { pause() }
                    return
                }
            }
            pass(fix, reason: nil)
        }
        if pauseAfterThisFix { pause() }
    }

    /// A fix that passed the filter: delivered now, or queued until the app can receive it.
    private func pass(_ fix: SimLocation, reason: String?) {
        lastPassed = fix
        if canReceiveNow {
            deliver([fix])
        } else if world.appState == .notRunning || world.appState == .terminated {
            world.log(.fixFiltered, "the app is not running", fix: fix)
        } else {
            queued.append(fix)
            let why = world.appState == .suspended ? "queued: the app is suspended" : "queued: background updates are not allowed"
            world.log(.fixQueued, why, fix: fix)
        }
    }

    private func deliver(_ fixes: [SimLocation]) {
        guard let last = fixes.last else { return }
        location = last
        for fix in fixes {
            let age = world.now.seconds(since: fix.time)
            world.log(.fixDelivered, age > 0 ? "delivered late" : "delivered", fix: fix, delay: age > 0 ? age : nil)
        }
        delegate?.locationManager(self, didUpdateLocations: fixes)
        streams.forEach { $0.yield(.locations(fixes)) }
        world.noteDelivery()
    }

    private func report(error: SimLocationError) {
        guard world.appState.isRunning else { return }
        world.log(.locationError, "didFailWithError: \(error)")
        delegate?.locationManager(self, didFailWithError: error)
        streams.forEach { $0.yield(.error(error)) }
    }

    private func makeFix(_ truth: TruePosition, at now: SimInstant) -> SimLocation {
        let profile = accuracyProfile
        let range = profile.horizontalAccuracy
        let accuracy = range.lowerBound + (range.upperBound - range.lowerBound) * world.random.unit()
        let sigma = accuracy * profile.errorFraction
        let north = world.random.gaussian() * sigma
        let east = world.random.gaussian() * sigma
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
            timestamp: world.configuration.trajectory.startDate.addingTimeInterval(now.seconds))
    }

    /// Tracks whether the device stays put; returns `true` when updates should pause now.
    private func notePosition(_ coordinate: GeoCoordinate, at time: Double) -> Bool {
        guard pausesLocationUpdatesAutomatically, isUpdatingLocation else { return false }
        guard let anchor = stationarySince,
              Geodesy.distance(from: anchor.coordinate, to: coordinate) <= world.profile.stationaryRadius else {
            stationarySince = (coordinate, time)
            return false
        }
        return time - anchor.time >= world.profile.stationaryWindow(for: activityType)
    }

    /// Core Location pauses updates and does not resume them by itself.
    private func pause() {
        isPaused = true
        let window = world.profile.stationaryWindow(for: activityType)
        world.log(.locationPause, "updates paused: the device stayed within \(world.format(world.profile.stationaryRadius)) m for \(world.format(window)) s (\(activityType.rawValue))")
        if world.appState.isRunning {
            delegate?.locationManagerDidPauseLocationUpdates(self)
            streams.forEach { $0.yield(.paused) }
        }
        world.updateBackgroundHolders()
    }

    // MARK: Significant changes

    private func scheduleSignificantChangeCheck(after seconds: Double) {
        world.clock.schedule(after: seconds) { [weak self] in self?.checkSignificantChange() }
    }

    private func checkSignificantChange() {
        guard significantChangeMonitoring, world.authorization.allowsLocation else { return }
        defer { scheduleSignificantChangeCheck(after: 60) }
        guard let truth = world.configuration.trajectory.position(at: world.now.seconds) else { return }
        let fix = makeFix(truth, at: world.now)
        if let last = lastSignificantFix {
            guard fix.distance(from: last) >= world.profile.significantChangeDistance,
                  world.now.seconds(since: last.time) >= world.profile.significantChangeMinimumInterval else { return }
        }
        lastSignificantFix = fix
        if !world.appState.isRunning {
            guard world.authorization.effective == .authorizedAlways, world.appState != .notRunning else { return }
            world.wakeInBackground(reason: "a significant location change")
            // Relaunched: the new process hears of the change through the manager it creates.
            guard significantChangeMonitoring else { return }
        }
        if canReceiveNow || world.appState == .background { deliver([fix]) }
    }

    // MARK: Notifications from the world

    /// The app's process ended and a new one started: this manager does nothing more.
    func retire() {
        updatesRequested = false
        significantChangeMonitoring = false
        wantsOneFix = false
        queued = []
        streams.forEach { $0.finish() }
        streams = []
    }

    func appEnteredBackground() {
        // iOS 13+: the second prompt for a provisional Always grant comes with the first event that needs Always.
        guard world.authorization.isProvisionalAlways, isUpdatingLocation else { return }
        world.authorization.isProvisionalAlways = false
        world.log(.authorizationPrompt, "prompt: keep allowing location in the background? (the user answers \(world.configuration.answers.alwaysPrompt.rawValue))")
        if world.configuration.answers.alwaysPrompt == .keepWhenInUse {
            startedInForeground = true
            world.changeAuthorization({ $0.granted = .authorizedWhenInUse }, "the user kept Only While Using (provisional Always declined)")
        }
    }

    func appStateChanged() {
        if world.appState == .terminated {
            updatesRequested = false
            // The significant-change service outlives the app, and relaunches it unless the user force-quit it.
            if world.wasForceQuit { significantChangeMonitoring = false }
            queued = []
            streams.forEach { $0.finish() }
            streams = []
            return
        }
        if canReceiveNow, !queued.isEmpty {
            let batch = queued
            queued = []
            deliver(batch)
        }
        ensureTicking()
    }

    func authorizationChanged() {
        if !world.authorization.allowsLocation, updatesRequested {
            updatesRequested = false
            isPaused = false
            world.log(.locationStop, "updates stop: authorization is \(world.authorization.effective)")
            report(error: .denied)
        }
        if world.appState.isRunning { delegate?.locationManagerDidChangeAuthorization(self) }
        ensureTicking()
    }
}

/// What ``SimLocationManager/updates`` yields.
public enum SimLocationUpdate: Hashable, Sendable {
    case locations([SimLocation])
    case error(SimLocationError)
    case paused
}
