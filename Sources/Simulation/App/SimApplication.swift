import PlatformShapes
import Foundation

/// `UIApplication` for one process of the simulated app: its state, background tasks and
/// remaining background time (§1, §2), a clock for its timers, and its location managers.
///
/// ```swift
/// task = application.beginBackgroundTask(withName: "upload") { [self] in
///     application.endBackgroundTask(task)
/// }
/// ```
/// Once its process has ended (terminated, or the run is over) it does nothing and reads as
/// terminated.
@MainActor
public final class SimApplication: BackgroundTasking {
    private weak var system: SimSystem?
    /// The number of this process: 1 for the first launch, then one more for every relaunch.
    public let process: Int
    private var ended = false

    init(system: SimSystem, process: Int) {
        self.system = system
        self.process = process
        clock = system.clock
    }

    private var live: SimSystem? { ended ? nil : system }

    /// The app's state, including the states the app never observes (suspended, terminated).
    public var applicationState: SimAppState { live?.appState ?? .terminated }
    /// The scene's activation state (iOS 13+).
    public var sceneState: SimSceneState { applicationState.sceneState }
    /// Seconds of background time left; `Double.greatestFiniteMagnitude` in the foreground and
    /// while a location session keeps the app alive.
    public var backgroundTimeRemaining: Double { live?.backgroundTimeRemaining ?? 0 }
    /// The simulation's `Date()`: the trajectory's `startDate` plus the run's time. App logic that
    /// reads `Date()` on the device takes its "now" from here in a test.
    public var currentDate: Date {
        let start = system?.configuration.trajectory.startDate ?? Date(timeIntervalSince1970: 946_684_800)
        return start.addingTimeInterval(clock.now.seconds)
    }
    /// `ProcessInfo.processInfo.isLowPowerModeEnabled` (§15).
    public var isLowPowerModeEnabled: Bool { live?.device.lowPowerMode ?? false }
    /// `ProcessInfo.processInfo.thermalState` (§15).
    public var thermalState: SimThermalState { live?.device.thermalState ?? .nominal }
    /// `UIApplication.isIdleTimerDisabled`: while the app is on screen with it true, Low Power
    /// Mode's auto-lock does not lock the device (§15). False at every launch; setting it while
    /// the process does not run changes nothing.
    public var isIdleTimerDisabled: Bool {
        get { live?.idleTimerDisabled ?? false }
        set {
            guard let system = live, system.appState.isRunning else { return }
            system.setIdleTimerDisabled(newValue)
        }
    }
    /// The tasks begun and not yet ended.
    public var openBackgroundTasks: [SimBackgroundTaskIdentifier] { live?.mechanism(BackgroundTasks.self)?.openIdentifiers ?? [] }
    /// The task begun first of those still open, without listing them all.
    public var oldestOpenBackgroundTask: SimBackgroundTaskIdentifier? { live?.mechanism(BackgroundTasks.self)?.oldestOpenIdentifier }
    /// The simulation's clock. Sleeps on it belong to this process: they wait while it is
    /// suspended and end with `CancellationError` when it ends.
    public let clock: SimClock

    /// Asks for background time; the handler runs when the budget is spent and must end the task.
    @discardableResult
    public func beginBackgroundTask(withName name: String? = nil, expirationHandler: (@MainActor @Sendable () -> Void)? = nil) -> SimBackgroundTaskIdentifier {
        guard let system = live, let tasks = system.mechanism(BackgroundTasks.self) else { return .invalid }
        return tasks.begin(name: name, handler: expirationHandler, in: system)
    }

    /// Ends a task; ending an unknown or ended identifier is logged as iOS logs it.
    public func endBackgroundTask(_ identifier: SimBackgroundTaskIdentifier) {
        guard let system = live, let tasks = system.mechanism(BackgroundTasks.self) else { return }
        tasks.end(identifier, in: system)
    }

    /// A new location manager for this process; once the process has ended, one that does nothing.
    public func makeLocationManager() -> SimLocationManager {
        guard let system, let services = system.mechanism(LocationServices.self) else {
            preconditionFailure("makeLocationManager: the simulation this app ran in no longer exists")
        }
        let manager = SimLocationManager(system: system, services: services)
        if ended { manager.retire() } else { services.add(manager) }
        return manager
    }

    /// Runs `action` after `seconds` of simulated time, as the app's own timer: only while this
    /// process runs (late, if it is suspended when the time comes; never, if it has ended).
    /// `tolerance` is the timer's (`Timer.tolerance`): the timer goal (§4) allows a fire that
    /// much lateness, or 1 s, whichever is more.
    @discardableResult
    public func schedule(after seconds: Double, tolerance: Double = 0, _ action: @escaping @MainActor () -> Void) -> ScheduledWork? {
        guard let live else { return nil }
        guard let timers = live.mechanism(AppTimers.self) else { return live.scheduleAppWork(after: seconds, action) }
        return timers.schedule(after: seconds, tolerance: tolerance, in: live, action)
    }

    /// For a repeating timer's firing, after its work: the next firings, due every `seconds`,
    /// that come before anything else is due (at most `limit`), counted in one step as running
    /// them would count them, when each uses only `cpu` seconds of CPU and `wakeups` wake-ups
    /// (both 0: it does nothing). Time moves to the last of them; returns how many, 0 when
    /// they must run one by one. Schedule the next firing `seconds` from the new now (issue 33).
    package func repeatFirings(every seconds: Double, cpu: Double, wakeups: Double, atMost limit: Int = .max) -> Int {
        guard let live, let timers = live.mechanism(AppTimers.self) else { return 0 }
        return timers.repeatFirings(every: seconds, cpu: cpu, wakeups: wakeups, atMost: limit, in: live)
    }

    /// Starts a task of the app's own, run on the main actor. `KeepAliveSimulation.runAsync()`
    /// lets every such task run until it comes to rest — sleeps on ``clock``, waits on one of the
    /// simulation's sequences (``SimAsyncStream``) or finishes — before time moves on; `name`
    /// names it in ``SimulationResult/restlessTasks`` if it never does.
    @discardableResult
    public func task(name: String? = nil, _ body: @escaping @MainActor () async -> Void) -> Task<Void, Never> {
        let rest = clock.rest
        rest.appTaskCreated()
        // Named, so a debugger, `Task.name` and the run's reports show it.
        return Task(name: name) { @MainActor [clock] in
            rest.appTaskBegan(name: name, at: clock.now)
            await body()
            rest.appTaskEnded()
        }
    }

    /// The process's audio session (§13).
    public private(set) lazy var audioSession: SimAudioSession? = system.map { SimAudioSession(system: $0, process: process) }

    /// `CXProvider.reportNewIncomingCall`: what a VoIP push must lead to (§14).
    public func reportNewIncomingCall() {
        guard let system = live else { return }
        system.mechanism(PushNotifications.self)?.reportCall(in: system)
    }

    /// Whether a call or an alarm interrupts the app's audio now.
    public var isAudioInterrupted: Bool { live?.mechanism(BackgroundAudio.self)?.interruption != nil }

    /// A player of sound (or of silence), for this process.
    public func makeAudioPlayer(silent: Bool = false) -> SimAudioPlayer? {
        system.map { SimAudioPlayer(system: $0, process: process, silent: silent) }
    }

    /// The app's own code crashes: the process ends as iOS ends a crashed app.
    public func crash(_ crash: SimCrash) {
        live?.crash(crash)
    }

    /// Writes `line` to the run's event log, as the app's own logging.
    /// Past ``SimulationConfiguration/maximumLogLines`` lines the run stops instead.
    public func log(_ line: String) {
        guard let live else { return }
        if let limit = live.configuration.maximumLogLines, live.record.appLogLines >= limit {
            if live.record.logLimitReachedAt == nil {
                live.record.logLimitReachedAt = live.now.seconds
                live.scheduler.stop()
            }
            return
        }
        live.record.appLogLines += 1
        live.emit(.appLog(line))
    }

    // MARK: Location sessions (§10)

    /// `CLLocationUpdate.liveUpdates(configuration)`: set `onUpdate` (or read `updates`); `stop()`
    /// leaves the loop. Before iOS 17 it never yields, and a warning is logged.
    public func liveUpdates(_ configuration: SimLiveConfiguration = .default) -> SimLiveUpdates {
        guard let system, let live = system.mechanism(LiveLocationUpdates.self) else {
            preconditionFailure("liveUpdates: the simulation this app ran in no longer exists")
        }
        let handle = live.start(configuration, process: process, in: system)
        if ended { handle.isStopped = true }
        return handle
    }

    /// `CLBackgroundActivitySession()`: active only when created in use, with the `location` mode
    /// and authorization, or when a relaunched app re-creates the one its last process held.
    public func beginBackgroundActivitySession() -> SimBackgroundActivitySession {
        guard let system, let live = system.mechanism(LiveLocationUpdates.self) else {
            preconditionFailure("beginBackgroundActivitySession: the simulation this app ran in no longer exists")
        }
        return live.beginSession(process: process, in: system)
    }

    /// `CLServiceSession(authorization:)` (iOS 18): active when created in use (or rejoined at once
    /// after a relaunch); it asks for `authorization` and lets live updates and monitor events
    /// through. Hold it as long as the app needs location; `invalidate()` ends it.
    public func serviceSession(authorization requirement: SimServiceSessionRequirement) -> SimServiceSession {
        guard let system, let sessions = system.mechanism(LocationServiceSessions.self) else {
            preconditionFailure("serviceSession: the simulation this app ran in no longer exists")
        }
        return sessions.begin(requirement, in: system)
    }

    func processEnded() { ended = true }

    // MARK: §11 CLMonitor

    /// `await CLMonitor(name)` (iOS 17+): opens the monitor `name` in this process, with the
    /// conditions Core Location keeps for it and the events that waited for it. A second open of
    /// the same name in this process ends the app; before iOS 17 the monitor does nothing and a
    /// warning is logged.
    public func monitor(named name: String) -> SimCLMonitor {
        guard let system, let monitors = system.mechanism(ConditionMonitoring.self) else {
            preconditionFailure("monitor(named:): the simulation this app ran in no longer exists")
        }
        if ended { return SimCLMonitor(name: name, process: process, owner: monitors, system: system) }
        return monitors.open(name, process: process, in: system)
    }

    /// `await CLMonitor(name)` in Apple's spelling: ``monitor(named:)``, awaited as on the
    /// device (the monitor is open when this returns, at the same simulated instant).
    public func monitor(_ name: String) async -> SimCLMonitor {
        monitor(named: name)
    }

    // MARK: §12 BGTaskScheduler

    /// `BGTaskScheduler.shared` for this process.
    public private(set) lazy var taskScheduler = SimBGTaskScheduler(application: self)

    /// The simulation while this process runs; `nil` once it has ended.
    var liveSystem: SimSystem? { live }

    /// `NotificationCenter.default` of this process (`AppNotificationCenter.default` in app code):
    /// the simulation posts `NSProcessInfoPowerStateDidChange` on it; a new process starts with
    /// a new one, with no observers.
    public let notificationCenter = NotificationCenter()

    #if !os(iOS)
    /// `BGTaskScheduler.shared` in Apple's shape (`AppTaskScheduler.shared` in app code): this
    /// process's ``taskScheduler``, with Apple's request and task classes.
    public private(set) lazy var appTaskScheduler = AppTaskScheduler(backend: SimAppTaskSchedulerBackend(taskScheduler))
    #endif
}
