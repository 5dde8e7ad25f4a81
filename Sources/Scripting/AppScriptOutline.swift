import Simulation

/// What a script does at a glance, found by reading it, not by running it: for the reports'
/// one-line description of the app.
public struct AppScriptOutline: Hashable, Sendable {
    /// What the app asks for at launch.
    public enum Request: Hashable, Sendable {
        case always, whenInUse, nothing
    }

    /// How the app treats its background tasks.
    public enum TaskHabit: Hashable, Sendable {
        /// It begins none.
        case none
        /// Every expiration handler ends its task.
        case endedInHandler
        /// No expiration handler ends its task.
        case neverEnded
        /// Some do, some do not.
        case mixed
    }

    /// The first authorization request at launch.
    public var request: Request
    /// The manager's properties after launch: the last `set` of each at launch (outside `after`),
    /// else Core Location's default.
    public var distanceFilter = simDistanceFilterNone
    public var desiredAccuracy = SimAccuracy.best
    public var allowsBackgroundLocationUpdates = false
    public var pausesLocationUpdatesAutomatically = true
    /// Whether the app shows the background location indicator (§4's 16.4 rule exempts it).
    public var showsBackgroundLocationIndicator = false
    public var activityType = SimActivityType.other
    /// How the expiration handlers treat their tasks.
    public var taskHabit: TaskHabit
    /// How many timers the app has.
    public var timers: Int
    /// The BGTask identifiers the script registers (§12), in reading order.
    public var registeredTasks: [String] = []
    /// The background mechanisms beyond the location manager's updates the script calls on
    /// anywhere (§10–§14), each once, in reading order.
    public var mechanisms: [Mechanism] = []

    /// A background mechanism a script uses, for the reports' `uses` line.
    public enum Mechanism: Hashable, Sendable {
        case significantChanges
        case regions
        case monitor(String)
        case visits
        case liveUpdates(SimLiveConfiguration)
        case backgroundActivitySession
        case serviceSession(SimServiceSessionRequirement)
        case audio(silent: Bool)
        case callKit
        /// A Location Push Service Extension (§16).
        case locationPushes
        case continuedProcessing
    }

    /// Whether the script watches geofences with `CLLocationManager` regions, with `CLMonitor`.
    public var watchedGeofences: (regions: Bool, monitor: Bool) {
        (mechanisms.contains(.regions), mechanisms.contains { if case .monitor = $0 { true } else { false } })
    }

    /// Reads `script`.
    public init(_ script: AppScript) {
        let launch = script.reactions[.launch] ?? []
        let immediate = launch.flatMap { [$0] + $0.immediateNested }
        request = immediate.lazy.compactMap { action -> Request? in
            action == .requestAlways ? .always : action == .requestWhenInUse ? .whenInUse : nil
        }.first ?? .nothing
        for case .set(let settings) in immediate {
            for setting in settings {
                switch setting {
                case .distanceFilter(let metres): distanceFilter = metres
                case .desiredAccuracy(let accuracy): desiredAccuracy = accuracy
                case .allowsBackgroundLocationUpdates(let allows): allowsBackgroundLocationUpdates = allows
                case .pausesLocationUpdatesAutomatically(let pauses): pausesLocationUpdatesAutomatically = pauses
                case .activityType(let type): activityType = type
                case .showsBackgroundLocationIndicator(let shows): showsBackgroundLocationIndicator = shows
                }
            }
        }
        let handlers = script.allActions.compactMap { action -> Bool? in
            guard case .beginTask(_, let variable, let onExpiry) = action else { return nil }
            return variable.map { onExpiry.contains(.endTask(variable: $0)) } ?? false
        }
        taskHabit = handlers.isEmpty ? .none : handlers.allSatisfy { $0 } ? .endedInHandler : handlers.contains(true) ? .mixed : .neverEnded
        timers = script.timers.count
        for case .bgTasks(let action) in script.allActions {
            if let id = action.registeredIdentifier, !registeredTasks.contains(id) { registeredTasks.append(id) }
        }
        for action in script.allActions {
            if let used = Self.mechanism(action), !mechanisms.contains(used) { mechanisms.append(used) }
        }
    }

    /// The mechanism `action` shows the app uses, for the `uses` line: one line per mechanism,
    /// into its folder (`Mechanisms/<M>/`).
    private static func mechanism(_ action: AppScript.Action) -> Mechanism? {
        switch action {
        case .startSignificantChanges: .significantChanges
        case .regions(let action): action.outlinedMechanism
        case .monitor(let action): action.outlinedMechanism
        case .visits(let action): action.outlinedMechanism
        case .liveUpdates(let action): action.outlinedMechanism
        case .serviceSessions(let action): action.outlinedMechanism
        case .audio(let action): action.outlinedMechanism
        case .pushes(let action): action.outlinedMechanism
        case .locationPushes(let action): action.outlinedMechanism
        case .bgTasks(let action): action.outlinedMechanism
        case .transfers, .resources: nil  // not named in the `uses` line
        case .requestAlways, .requestWhenInUse, .set, .startUpdates, .stopUpdates, .requestLocation, .stopSignificantChanges,
             .beginTask, .endTask, .after, .namedAfter, .when, .log, .setIdleTimerDisabled: nil
        }
    }
}

extension AppScript.Action {
    /// The actions inside an `if`, which run at once (unlike those of `after` or an expiration handler).
    var immediateNested: [AppScript.Action] {
        guard case .when(_, let actions, let otherwise) = self else { return [] }
        return (actions + otherwise).flatMap { [$0] + $0.immediateNested }
    }
}
