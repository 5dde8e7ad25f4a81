import Geodesy
import Simulation

/// Runs an ``AppScript`` as the app's code: one instance per process, so a relaunch starts with
/// no variables, no manager and no timers, as a new process does (§9).
///
/// Reactions run only while the process runs, because only a running app hears its callbacks;
/// `after` and timers are the app's own timers (`SimApplication/schedule(after:tolerance:_:)`), which
/// never fire while it is suspended.
@MainActor
public class ScriptedApp: SimAppDelegate, SimLocationManagerDelegate {
    /// What the app does.
    public let script: AppScript
    /// The app's location manager, once launched.
    // `@exclusivity(unchecked)` on what each callback reads: see SimLocationManager.
    @exclusivity(unchecked) public private(set) var manager: SimLocationManager?
    /// The background-task identifiers the script's variables hold.
    public private(set) var variables: [String: SimBackgroundTaskIdentifier] = [:]
    @exclusivity(unchecked) var application: SimApplication?
    /// The status the app last heard: `denied` runs when it hears of a refusal it did not know.
    @exclusivity(unchecked) private var lastAuthorization: SimAuthorizationStatus?
    /// How often each named `after` was armed in this process: only the last arming fires.
    private var timerGenerations: [String: Int] = [:]
    /// The `CLMonitor`s this process opened, by name (§11).
    var monitors: [String: SimCLMonitor] = [:]

    /// Each mechanism's state in this process (its sessions, its handlers), made on first use.
    private var mechanismStates: [ObjectIdentifier: AnyObject] = [:]

    /// An app that runs `script`; give `ScriptedApp(script:)` as the simulation's app factory,
    /// so that each process gets its own.
    public init(script: AppScript) {
        self.script = script
    }

    /// The state of type `S` this process keeps for a mechanism, made by `make` on first use;
    /// mechanisms' script actions keep what they need here, so this class names none of them.
    func mechanismState<S: AnyObject>(_ make: () -> S) -> S {
        if let state = mechanismStates[ObjectIdentifier(S.self)] as? S { return state }
        let state = make()
        mechanismStates[ObjectIdentifier(S.self)] = state
        return state
    }

    // MARK: The app delegate

    public func applicationDidFinishLaunching(_ application: SimApplication, inBackground: Bool) {
        self.application = application
        let manager = application.makeLocationManager()
        self.manager = manager
        manager.delegate = self
        application.audioSession?.onInterruption = { [weak self] _ in self?.run(.interruption) }
        for timer in script.timers { schedule(timer) }
        // An app keeps one instance of each CLMonitor, opened at launch, so that a relaunched
        // process gets the events that waited for it (§11).
        for name in script.monitorNames { openMonitor(name, in: application) }
        run(.launch)
        if inBackground { run(.wake) }
    }

    public func applicationDidEnterBackground(_ application: SimApplication) { run(.background) }
    public func applicationWillEnterForeground(_ application: SimApplication) { run(.foreground) }
    public func applicationWillTerminate(_ application: SimApplication) { run(.terminate) }
    public func applicationWasWoken(_ application: SimApplication, for reason: SimWakeReason) { run(.wake) }
    public func applicationPowerStateDidChange(_ application: SimApplication) { run(.powerState) }
    public func applicationThermalStateDidChange(_ application: SimApplication) { run(.thermalState) }

    // MARK: The location manager's delegate

    public func locationManager(_ manager: SimLocationManager, didUpdateLocations locations: [SimLocation]) { run(.location) }
    public func locationManager(_ manager: SimLocationManager, didFailWithError error: SimLocationError) { run(.error) }
    public func locationManagerDidPauseLocationUpdates(_ manager: SimLocationManager) { run(.paused) }
    public func locationManagerDidResumeLocationUpdates(_ manager: SimLocationManager) { run(.resumed) }
    // MARK: Regions and visits (§11)
    /// `region-enter` and `region-exit` run for `CLMonitor` events too (`openMonitor(_:in:)`).
    public func locationManager(_ manager: SimLocationManager, didEnterRegion region: SimCircularRegion) { run(.regionEnter) }
    public func locationManager(_ manager: SimLocationManager, didExitRegion region: SimCircularRegion) { run(.regionExit) }
    public func locationManager(_ manager: SimLocationManager, didVisit visit: SimVisit) { run(.visit) }

    public func locationManagerDidChangeAuthorization(_ manager: SimLocationManager) {
        let status = manager.authorizationStatus
        let becameDenied = status.isRefused && lastAuthorization?.isRefused != true
        lastAuthorization = status
        run(.authorization)
        if becameDenied { run(.denied) }
    }

    // MARK: Running actions

    /// Runs the trigger's reactions, then, given the `id` it fired for, those limited to that id.
    func run(_ trigger: AppScript.Trigger, id: String? = nil) {
        let limited = id.flatMap { script.reactionsByID[trigger]?[$0] } ?? []
        let actions = limited.isEmpty ? reactions(to: trigger) : reactions(to: trigger) + limited
        guard !actions.isEmpty else { return }
        // A reaction that causes its own trigger (`error: start-updates` while denied) would recurse
        // without end; on a phone the stack overflows.
        guard depth < Self.maximumDepth else {
            application?.crash(.stackOverflow)
            return
        }
        depth += 1
        defer { depth -= 1 }
        perform(actions)
    }

    /// The script's reactions to `trigger`. The last trigger's are kept: a fix after a fix (the
    /// common case) does not hash the trigger's name again.
    private func reactions(to trigger: AppScript.Trigger) -> [AppScript.Action] {
        if let reactionCache, reactionCache.trigger == trigger { return reactionCache.actions }
        let actions = script.reactions[trigger] ?? []
        reactionCache = (trigger, actions)
        return actions
    }

    @exclusivity(unchecked) private var reactionCache: (trigger: AppScript.Trigger, actions: [AppScript.Action])?

    /// How deep reactions may call back into reactions before the app crashes.
    public static let maximumDepth = 64
    @exclusivity(unchecked) private var depth = 0

    func perform(_ actions: [AppScript.Action]) {
        for action in actions { perform(action) }
    }

    // `perform(_: AppScript.Action)` routes each action: ScriptActionRouting.swift.

    /// `beginBackgroundTask(withName:expirationHandler:)`, its identifier kept in `variable`.
    func beginTask(name: String?, variable: String?, onExpiry: [AppScript.Action], in application: SimApplication) {
        let identifier = application.beginBackgroundTask(withName: name) { [weak self] in
            self?.perform(onExpiry)
        }
        if let variable { variables[variable] = identifier }
    }

    /// Apple's idiom: end the task `variable` holds, then forget it, so a second end ends nothing.
    func endTask(_ variable: String, in application: SimApplication) {
        guard let identifier = variables[variable], identifier != .invalid else { return }
        application.endBackgroundTask(identifier)
        variables[variable] = .invalid
    }

    /// `actions` after `seconds` on the timer `name`: each arming counts, and a firing that is
    /// no longer the last armed was replaced.
    func after(_ seconds: Double, named name: String, _ actions: [AppScript.Action], in application: SimApplication) {
        let generation = (timerGenerations[name] ?? 0) + 1
        timerGenerations[name] = generation
        application.schedule(after: seconds) { [weak self] in
            guard let self, timerGenerations[name] == generation else { return }
            perform(actions)
        }
    }

    // MARK: §12 BGTaskScheduler

    /// The BGTasks launched in this process and not yet completed by the script, oldest first.
    public internal(set) var bgTasks: [SimBGTask] = []
    /// The task whose launch or expiration handler runs now.
    var currentTask: SimBGTask?

    func holds(_ condition: AppScript.Condition, _ application: SimApplication, _ manager: SimLocationManager) -> Bool {
        switch condition {
        case .authorized: manager.authorizationStatus == .authorizedAlways || manager.authorizationStatus == .authorizedWhenInUse
        case .authorizedAlways: manager.authorizationStatus == .authorizedAlways
        case .authorizedWhenInUse: manager.authorizationStatus == .authorizedWhenInUse
        case .denied: manager.authorizationStatus.isRefused
        case .background: application.applicationState == .background
        case .foreground: application.applicationState.isForeground
        case .updating: manager.isUpdatingLocation
        case .canRequestAuthorization: manager.respondsToAuthorizationRequests
        case .interrupted: application.isAudioInterrupted
        case .lowPowerMode: application.isLowPowerModeEnabled
        case .refreshAvailable: application.backgroundRefreshStatus == .available
        case .stationary: lastLiveUpdate?.isStationary ?? false
        case .diagnostic: !(lastLiveUpdate?.diagnostics.isEmpty ?? true)
        }
    }

    func apply(_ setting: AppScript.ManagerSetting, to manager: SimLocationManager) {
        switch setting {
        case .distanceFilter(let metres): manager.distanceFilter = metres
        case .desiredAccuracy(let accuracy): manager.desiredAccuracy = accuracy.meters
        case .allowsBackgroundLocationUpdates(let allows): manager.allowsBackgroundLocationUpdates = allows
        case .pausesLocationUpdatesAutomatically(let pauses): manager.pausesLocationUpdatesAutomatically = pauses
        case .activityType(let type): manager.activityType = type
        case .showsBackgroundLocationIndicator(let shows): manager.showsBackgroundLocationIndicator = shows
        }
    }

    /// A repeating timer: each firing schedules the next, so it stops with the process.
    private func schedule(_ timer: AppScript.Timer) {
        // A zero interval would fire forever at one instant.
        let seconds = timer.seconds >= AppScript.Timer.minimumSeconds ? timer.seconds : AppScript.Timer.minimumSeconds
        application?.schedule(after: seconds) { [weak self] in
            guard let self, let application else { return }
            let state = application.applicationState
            let due = switch timer.condition {
            case .always: true
            case .background: state == .background
            case .foreground: state.isForeground
            }
            if due { perform(timer.actions) }
            // Firings that do nothing, or only use CPU, are counted in one step over idle time.
            if let use = due ? timer.fixedUse : (cpu: 0, wakeups: 0) {
                _ = application.repeatFirings(every: seconds, cpu: use.cpu, wakeups: use.wakeups)
            }
            schedule(timer)
        }
    }
}

extension AppScript.Timer {
    /// What each firing uses when all it does is one `cpu` action (a wake-up with it), the only
    /// work a firing may do for the firings to be counted in one step; `nil` for any other.
    var fixedUse: (cpu: Double, wakeups: Double)? {
        guard actions.count == 1, case .resources(.cpu(let seconds)) = actions[0] else { return nil }
        return (seconds, 1)
    }
}

extension SimAuthorizationStatus {
    /// Denied or restricted: the app may not use location.
    var isRefused: Bool { self == .denied || self == .restricted }
}
