import Simulation

/// An app written down instead of in Swift: its Info.plist, what it does when something
/// happens, and its timers. ``ScriptedApp`` runs it; scenario files hold it under `app:`.
///
/// ```swift
/// var script = AppScript()
/// script.reactions[.launch] = [.requestAlways, .set([.allowsBackgroundLocationUpdates(true)]), .startUpdates]
/// script.reactions[.background] = [.beginTask(name: "nav", variable: "task", onExpiry: [.endTask(variable: "task")])]
/// ```
public struct AppScript: Hashable, Sendable {
    /// The Info.plist entries that decide what the app may do in the background.
    public var info: SimCapabilities
    /// What the app does when each trigger happens, in order.
    public var reactions: [Trigger: [Action]]
    /// Repeating timers of the app's own.
    public var timers: [Timer]
    /// Reactions limited to one identifier, for the triggers that take one (``Trigger/takesID``):
    /// `reactionsByID[.bgTask]["com.example.refresh"]` runs only when that task launches, after
    /// the trigger's reactions for every identifier.
    public var reactionsByID: [Trigger: [String: [Action]]]

    /// An app that declares `info` and does nothing.
    public init(info: SimCapabilities = SimCapabilities(), reactions: [Trigger: [Action]] = [:], timers: [Timer] = [],
                reactionsByID: [Trigger: [String: [Action]]] = [:]) {
        self.info = info
        self.reactions = reactions
        self.timers = timers
        self.reactionsByID = reactionsByID
    }

    /// One thing the app does.
    public indirect enum Action: Hashable, Sendable {
        /// `requestAlwaysAuthorization()`.
        case requestAlways
        /// `requestWhenInUseAuthorization()`.
        case requestWhenInUse
        /// Sets manager properties, in order.
        case set([ManagerSetting])
        /// `startUpdatingLocation()`.
        case startUpdates
        /// `stopUpdatingLocation()`.
        case stopUpdates
        /// `requestLocation()`.
        case requestLocation
        /// `startMonitoringSignificantLocationChanges()`.
        case startSignificantChanges
        /// `stopMonitoringSignificantLocationChanges()`.
        case stopSignificantChanges
        /// `beginBackgroundTask(withName:expirationHandler:)`, the identifier stored in `variable`
        /// (overwriting what it held); the handler runs `onExpiry`.
        case beginTask(name: String?, variable: String?, onExpiry: [Action])
        /// `endBackgroundTask(task); task = .invalid`, as Apple's samples write it: ends the task
        /// `variable` holds and clears it; nothing when it holds none. A task whose identifier a
        /// second `beginTask` overwrote is never ended: it expires.
        case endTask(variable: String)
        /// `actions` after `seconds`, on a timer of the app's own.
        case after(seconds: Double, actions: [Action])
        /// `actions` after `seconds` on the app's timer named `name`: a later one of the same name
        /// replaces it unfired (`timer.invalidate()` and a new `Timer`), as a plugin's stop timer
        /// is restarted by each fix.
        case namedAfter(name: String, seconds: Double, actions: [Action])
        /// `actions` if `condition` holds now, else `otherwise`.
        case when(Condition, actions: [Action], otherwise: [Action])
        /// A line in the event log.
        case log(String)
        /// `UIApplication.shared.isIdleTimerDisabled = disabled`: while the app is on screen with
        /// it true, Low Power Mode's auto-lock does not lock the device (§15).
        case setIdleTimerDisabled(Bool)

        // MARK: Regions and visits (§11)
        /// Region monitoring (§11).
        case regions(RegionScriptAction)
        /// The visit service (§11).
        case visits(VisitScriptAction)
        /// BGTaskScheduler (§12).
        case bgTasks(BGTaskScriptAction)
        case transfers(TransferScriptAction)  // Background URLSession transfers.
        /// Background audio (§13).
        case audio(AudioScriptAction)
        /// Pushes and background fetch (§14).
        case pushes(PushScriptAction)
        case liveUpdates(LiveUpdateScriptAction)  // Live updates and background activity sessions (§10).
        case serviceSessions(ServiceSessionScriptAction)  // CLServiceSession (§10).
        case resources(ResourceScriptAction)  // The app's own CPU and memory (§15).
        case locationPushes(LocationPushScriptAction)  // Location pushes and their extension (§16).

        // MARK: CLMonitor (§11)
        /// A named `CLMonitor`'s conditions.
        case monitor(MonitorScriptAction)
    }

    /// What an `if` can ask about the app's situation.
    public enum Condition: String, Hashable, Sendable, CaseIterable {
        /// Authorized Always or When In Use.
        case authorized
        case authorizedAlways = "always"
        case authorizedWhenInUse = "when-in-use"
        /// Denied or restricted.
        case denied
        /// The app is in the background.
        case background
        /// The app is on screen.
        case foreground
        /// Standard updates run (started, not paused, authorized).
        case updating
        /// The authorization requests exist (iOS 8+): what an app that also runs on iOS 7 asks
        /// with `respondsToSelector:`; before, its first start of updates asks the user (§5).
        case canRequestAuthorization = "can-request-authorization"
        /// A call or an alarm interrupts the app's audio now.
        case interrupted
        /// Low Power Mode is on (`ProcessInfo.isLowPowerModeEnabled`, §15).
        case lowPowerMode = "low-power-mode"
        /// `backgroundRefreshStatus` is available: Background App Refresh is on for the app and
        /// the device, and Low Power Mode is off (§12).
        case refreshAvailable = "refresh-available"
        // MARK: Location sessions (§10)
        /// The last live update said `isStationary`.
        case stationary
        /// The last live update carried a diagnostic (iOS 18).
        case diagnostic
    }

    /// A `CLLocationManager` property and its value.
    public enum ManagerSetting: Hashable, Sendable {
        /// Metres; `simDistanceFilterNone` for `kCLDistanceFilterNone`.
        case distanceFilter(Double)
        case desiredAccuracy(SimAccuracy)
        case allowsBackgroundLocationUpdates(Bool)
        case pausesLocationUpdatesAutomatically(Bool)
        case activityType(SimActivityType)
        case showsBackgroundLocationIndicator(Bool)

        /// The property's name in Core Location.
        public var property: Property {
            switch self {
            case .distanceFilter: .distanceFilter
            case .desiredAccuracy: .desiredAccuracy
            case .allowsBackgroundLocationUpdates: .allowsBackgroundLocationUpdates
            case .pausesLocationUpdatesAutomatically: .pausesLocationUpdatesAutomatically
            case .activityType: .activityType
            case .showsBackgroundLocationIndicator: .showsBackgroundLocationIndicator
            }
        }

        /// The properties a script may set, by their Core Location names.
        public enum Property: String, Hashable, Sendable, CaseIterable {
            case distanceFilter
            case desiredAccuracy
            case allowsBackgroundLocationUpdates
            case pausesLocationUpdatesAutomatically
            case activityType
            case showsBackgroundLocationIndicator
        }
    }

    /// A timer that fires every `seconds` while the app runs (never while it is suspended; late
    /// once if it was), and does `actions` when `condition` holds.
    public struct Timer: Hashable, Sendable {
        /// When the timer's work is done.
        public enum Condition: String, Hashable, Sendable, CaseIterable {
            case background
            case foreground
            case always
        }

        /// The shortest interval: `ScriptedApp` fires a shorter (or NaN) one at this.
        public static let minimumSeconds = 1.0

        /// Seconds between firings.
        public var seconds: Double
        /// When a firing does its actions.
        public var condition: Condition
        /// What a firing does.
        public var actions: [Action]

        /// A timer firing every `seconds` from launch.
        public init(every seconds: Double, while condition: Condition = .always, actions: [Action]) {
            self.seconds = seconds
            self.condition = condition
            self.actions = actions
        }
    }
}

extension AppScript {
    /// Every action of the script, nested ones included, in reading order.
    public var allActions: [Action] {
        let byID = Trigger.allCases.flatMap { trigger in (reactionsByID[trigger] ?? [:]).sorted { $0.key < $1.key }.flatMap(\.value) }
        let top = Trigger.allCases.flatMap { reactions[$0] ?? [] } + byID + timers.flatMap(\.actions)
        return top.flatMap { [$0] + $0.nested }
    }

    /// The `CLMonitor`s the script uses, by name, in reading order (§11): the app opens each at launch.
    public var monitorNames: [String] {
        var names: [String] = []
        for action in allActions {
            let name: String? = if case .monitor(let action) = action { action.monitorName } else { nil }
            if let name, !names.contains(name) { names.append(name) }
        }
        return names
    }

    /// The variables a `begin-task` stores into.
    public var variables: Set<String> {
        Set(allActions.compactMap { if case .beginTask(_, let variable?, _) = $0 { variable } else { nil } })
    }

    /// `self` with `transform` applied to every action list, nested ones first.
    public func mapActions(_ transform: ([Action]) -> [Action]) -> AppScript {
        var script = self
        script.reactions = reactions.mapValues { Action.map($0, transform) }
        script.reactionsByID = reactionsByID.mapValues { $0.mapValues { Action.map($0, transform) } }
        script.timers = timers.map { var timer = $0; timer.actions = Action.map(timer.actions, transform); return timer }
        return script
    }
}

extension AppScript.Action {
    /// The actions inside this one, at any depth.
    public var nested: [AppScript.Action] {
        children.flatMap { [$0] + $0.nested }
    }

    static func map(_ actions: [AppScript.Action], _ transform: ([AppScript.Action]) -> [AppScript.Action]) -> [AppScript.Action] {
        transform(actions.map { $0.mapChildren(transform) })
    }
}
