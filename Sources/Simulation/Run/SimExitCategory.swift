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
    /// (a restart, an app update [model]) or the cause ends no process. A mechanism's cause
    /// answers in its folder.
    public init?(_ cause: SimCause) {
        guard let category = Self.category(of: cause) else { return nil }
        self = category
    }

    private static func category(of cause: SimCause) -> SimExitCategory? {
        switch cause {
        // "Normal exits include terminations by the app switcher when the user swipes up to exit
        // the app" (MXForegroundExitData.cumulativeNormalAppExitCount).
        case .forceQuit: .normalAppExit
        // "This exit usually occurs when the app fails to call endBackgroundTask" (MetricKit docs).
        case .watchdog: .backgroundTaskAssertionTimeout
        case .memoryPressure: .memoryPressureExit
        case .crash(let crash): crash.exitCategory
        case .tripStarts, .userOpensApp, .userLeavesApp, .userReturnsToApp, .deviceLocked, .unlockedBackOnScreen,
             .deviceWoke, .launching, .launched, .systemLaunch, .systemWake, .nothingHoldsApp, .deviceAsleep,
             .backgroundTimeExpired, .noDeliveryWithinBudget, .tasksEndedInHandlers, .tasksEndedWithinAllowance,
             .updatesPausedAutomatically, .updatesStopped, .fixesUnderDistanceFilter, .authorization, .usageDescriptionsMissing,
             .backgroundUpdatesOff, .locationModeMissing, .whenInUseStartedInBackground, .hiddenIndicatorRule,
             .updatesStartedInBackgroundWake, .sessionTimeLimit, .settingsChanged, .preciseLocationChanged,
             .locationServicesSwitched, .userAnswered, .userChoseAlways, .userKeptWhenInUse, .allowOnceEnded: nil
        // A restart, an OS or app update: MetricKit counts no exit for it. [model]
        case .device: nil
        case .bgTasks(let cause): cause.exitCategory
        case .audio(let cause): cause.exitCategory
        case .monitor(let reason): reason.exitCategory
        case .liveUpdates(let cause): cause.exitCategory
        case .pushes(let cause): cause.exitCategory
        case .backgroundTasks(let cause): cause.exitCategory
        case .locationPushes(let cause): cause.exitCategory
        case .resources(let cause): SimExitCategory(cause)  // The app's CPU and memory (§15).
        }
    }
}

extension SimCrash {
    /// How MetricKit counts the exit of a crash; a mechanism's crash answers in its folder.
    var exitCategory: SimExitCategory {
        switch self {
        // An uncaught NSException ends in abort(): "the most common causes of an abnormal exit are
        // uncaught Objective-C exceptions, calls to an abort function" (MetricKit docs).
        case .backgroundLocationWithoutMode: .abnormalExit
        // A stack overflow runs into the guard page: EXC_BAD_ACCESS.
        case .stackOverflow: .badAccess
        case .bgTasks(let crash): crash.exitCategory
        case .pushes(let crash): crash.exitCategory
        case .monitor(let crash): crash.exitCategory
        }
    }
}
