/// How MetricKit's `MXBackgroundExitData` would count the end of an app process (§9): one case
/// per counter. A suspension is not an exit; a user's force quit is a normal exit counted on
/// screen (``countsInForeground(_:)``).
///
/// ```swift
/// SimExitCategory(.watchdog(openTasks: tasks, allowance: 1))  // .backgroundTaskAssertionTimeout
/// ```
public enum SimExitCategory: String, Hashable, Sendable, Codable, CaseIterable {
    case normalAppExit
    case memoryResourceLimit
    case cpuResourceLimit
    case memoryPressureExit
    case suspendedWithLockedFile
    case illegalInstruction
    case badAccess
    case appWatchdog
    case backgroundTaskAssertionTimeout
    case abnormalExit

    /// Whether MetricKit counts an exit for `cause` on screen (`MXForegroundExitData`) whatever the
    /// app's state: a swipe in the app switcher is counted there, even for a suspended app.
    public static func countsInForeground(_ cause: SimCause) -> Bool { cause == .forceQuit }

    /// The MetricKit class that counts an exit in the background, or on screen.
    public static func metricKitClass(inForeground: Bool) -> String {
        inForeground ? "MXForegroundExitData" : "MXBackgroundExitData"
    }

    /// The property that counts this exit (`MXBackgroundExitData` has them all; `MXForegroundExitData`
    /// the normal, abnormal, watchdog, memory-limit, bad-access and illegal-instruction ones).
    public var metricKitProperty: String {
        switch self {
        case .normalAppExit: "cumulativeNormalAppExitCount"
        case .memoryResourceLimit: "cumulativeMemoryResourceLimitExitCount"
        case .cpuResourceLimit: "cumulativeCPUResourceLimitExitCount"
        case .memoryPressureExit: "cumulativeMemoryPressureExitCount"
        case .suspendedWithLockedFile: "cumulativeSuspendedWithLockedFileExitCount"
        case .illegalInstruction: "cumulativeIllegalInstructionExitCount"
        case .badAccess: "cumulativeBadAccessExitCount"
        case .appWatchdog: "cumulativeAppWatchdogExitCount"
        case .backgroundTaskAssertionTimeout: "cumulativeBackgroundTaskAssertionTimeoutExitCount"
        case .abnormalExit: "cumulativeAbnormalExitCount"
        }
    }

    /// The category of a process that ended for `cause`; `nil` when MetricKit counts no exit
    /// (a restart, an app update [model]) or the cause ends no process.
    public init?(_ cause: SimCause) {
        switch cause {
        // "Normal exits include terminations by the app switcher when the user swipes up to exit
        // the app" (MXForegroundExitData.cumulativeNormalAppExitCount).
        case .forceQuit: self = .normalAppExit
        // "This exit usually occurs when the app fails to call endBackgroundTask" (MetricKit docs).
        case .watchdog: self = .backgroundTaskAssertionTimeout
        case .memoryPressure: self = .memoryPressureExit
        // An uncaught NSException ends in abort(): "the most common causes of an abnormal exit are
        // uncaught Objective-C exceptions, calls to an abort function" (MetricKit docs).
        case .crash(.backgroundLocationWithoutMode): self = .abnormalExit
        // A stack overflow runs into the guard page: EXC_BAD_ACCESS.
        case .crash(.stackOverflow): self = .badAccess
        // iOS kills the app (0xbaadca11); MetricKit has no counter of its own for it. [model]
        case .crash(.pushes(.voipWithoutCall)): self = .abnormalExit
        // §12: a BGTask not completed in time; the BGTaskScheduler exceptions abort() the app.
        case .bgTasks(.assertionTimeout): self = .backgroundTaskAssertionTimeout
        case .crash(.bgTasks(.registeredTwice)), .crash(.bgTasks(.registeredAfterLaunch)), .crash(.bgTasks(.noLaunchHandler)): self = .abnormalExit
        case .crash(.monitor): self = .abnormalExit  // CLMonitor (§11)
        case .resources(let cause): self = SimExitCategory(cause)  // The app's CPU and memory (§15).
        default: return nil
        }
    }
}
