import ScenarioInput
import Simulation

/// What in the model ends an app's process with a MetricKit exit (§9, §12, §14, §15): what a
/// MetricKit comparison names for a counter the device and the model disagree on. Each case's
/// exit category comes from the model's own mapping (`SimExitCategory(cause)`), not from here.
public enum ModelExitCause: String, CaseIterable, Hashable, Sendable {
    /// Critical memory pressure kills a background app that only a task or a wake's run keeps (§15).
    case criticalMemoryPressure = "critical-memory-pressure"
    /// Memory pressure that reaches a background app held by location or audio (§15): an
    /// `extreme` memory-pressure event, or the what-if `resources.heldAppJetsamPerHour`.
    case memoryPressureWhileHeld = "memory-pressure-while-held"
    /// Memory pressure purges the suspended app (§9).
    case purgedWhileSuspended = "purged-while-suspended"
    /// The CPU monitor: the app's CPU over the profile's `resources.cpuLimit` in the background (§15).
    case cpuLimit = "cpu-limit"
    /// The wake-ups monitor: over `resources.wakeupsLimit` (§15).
    case wakeupsLimit = "wakeups-limit"
    /// The app's footprint over `resources.backgroundFootprintLimitMB` in the background (§15).
    case footprintLimit = "footprint-limit"
    /// Background tasks still open after their expiration (the watchdog, §2).
    case backgroundTaskWatchdog = "background-task-watchdog"
    /// A BGTask not completed before its time ran out (§12).
    case bgTaskNotCompleted = "bgtask-not-completed"
    /// `allowsBackgroundLocationUpdates` without the `location` mode: an uncaught exception (§3).
    case backgroundLocationWithoutMode = "background-location-without-mode"
    /// A VoIP push not reported as a call (§14).
    case voipPushWithoutCall = "voip-push-without-call"
    /// A BGTaskScheduler exception: an identifier registered twice, after launch, or launched
    /// with no handler (§12).
    case bgTaskSchedulerException = "bgtask-scheduler-exception"
    /// A `CLMonitor` opened twice under one name (§11).
    case monitorOpenedTwice = "monitor-opened-twice"
    /// The app's callbacks calling back into themselves without end.
    case stackOverflow = "stack-overflow"
    /// The user swipes the app away in the app switcher: a normal exit, counted on screen.
    case forceQuit = "force-quit"

    /// One cause of the model's that this is, to take its category from.
    public var cause: SimCause {
        switch self {
        case .criticalMemoryPressure: .resources(.criticalMemoryPressure)
        case .memoryPressureWhileHeld: .resources(.memoryPressureWhileHeld(.locationUpdates))
        case .purgedWhileSuspended: .memoryPressure
        case .cpuLimit: .resources(.cpuLimit(usedSeconds: 0, overSeconds: 0, limit: .init(perSecond: 0, windowSeconds: 0)))
        case .wakeupsLimit: .resources(.wakeupsLimit(wakeups: 0, overSeconds: 0, limit: .init(perSecond: 0, windowSeconds: 0)))
        case .footprintLimit: .resources(.footprintLimit(footprintMB: 0, limitMB: 0))
        case .backgroundTaskWatchdog: .watchdog(openTasks: [], allowance: 0)
        case .bgTaskNotCompleted: .bgTasks(.assertionTimeout(SimBGTaskRecord(identifier: "", kind: .appRefresh), seconds: 0))
        case .backgroundLocationWithoutMode: .crash(.backgroundLocationWithoutMode)
        case .voipPushWithoutCall: .crash(.pushes(.voipWithoutCall))
        case .bgTaskSchedulerException: .crash(.bgTasks(.registeredTwice(identifier: "")))
        case .monitorOpenedTwice: .crash(.monitor(.openedTwice(name: "")))
        case .stackOverflow: .crash(.stackOverflow)
        case .forceQuit: .forceQuit
        }
    }

    /// The exit MetricKit counts it as, by the model's mapping.
    public var category: SimExitCategory? { SimExitCategory(cause) }

    /// Where the model can end the app so: the monitors, the footprint check, pressure and the
    /// watchdogs act on a background app only; a crash happens wherever the app runs.
    public var exitData: [MetricKitExitData] {
        switch self {
        case .criticalMemoryPressure, .memoryPressureWhileHeld, .purgedWhileSuspended, .cpuLimit, .wakeupsLimit, .footprintLimit,
             .backgroundTaskWatchdog, .bgTaskNotCompleted, .voipPushWithoutCall:
            [.background]
        case .backgroundLocationWithoutMode, .bgTaskSchedulerException, .monitorOpenedTwice, .stackOverflow:
            [.foreground, .background]
        case .forceQuit:
            [.foreground]  // SimExitCategory.countsInForeground
        }
    }

    /// The matrix's field condition that brings it about on any trip; `nil` when only the app's
    /// own work (a script) or a scenario's event does.
    public var fieldCondition: FieldCondition? {
        self == .criticalMemoryPressure ? .memoryPressure : nil
    }

    /// The causes that end the app with `counter`'s exit, in declaration order.
    public static func causes(of counter: MetricKitCounter) -> [ModelExitCause] {
        guard let category = counter.category else { return [] }
        return allCases.filter { $0.category == category && $0.exitData.contains(counter.exitData) }
    }
}
