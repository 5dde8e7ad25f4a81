/// Why something happened: a typed value that reports turn into words and tests compare.
///
/// A summary carries a chain of causes, the nearest first: `[.backgroundTimeExpired(budget: 30),
/// .updatesPausedAutomatically(windowSeconds: 600, activityType: .fitness)]` reads "background
/// time expired, because updates paused automatically after 10 min still (fitness)".
public enum SimCause: Hashable, Sendable, Codable {
    // The user and the device.
    case tripStarts
    case userOpensApp
    case userLeavesApp
    case userReturnsToApp
    case deviceLocked
    /// Unlocking brings back the app that was on screen.
    case unlockedBackOnScreen
    /// The device woke and the frozen app runs again with this much background time.
    case deviceWoke(budgetLeft: Double)
    /// Launch in progress (`notRunning → inactive`).
    case launching
    case launched
    /// iOS launches the app (a new process) in the background for this reason.
    case systemLaunch(SimWakeReason)
    /// iOS wakes the suspended app in the background for this reason.
    case systemWake(SimWakeReason)

    // Why the app stops running.
    /// Nothing holds the app in the background: no task, no location session, no wake run.
    case nothingHoldsApp
    /// iOS 7+: the device sleeps and only spending holds (tasks) hold the app: it gets no CPU time.
    case deviceAsleep(budgetLeft: Double)
    /// The budget ran out.
    case backgroundTimeExpired(budget: Double)
    /// Delivery policy: no fix was delivered for a whole budget.
    case noDeliveryWithinBudget(budget: Double)
    /// Every task was ended in its expiration handler.
    case tasksEndedInHandlers
    /// The tasks still open after expiry were ended within the handlers' allowance.
    case tasksEndedWithinAllowance
    /// The watchdog (0x8badf00d): these tasks were still open this long after expiry.
    case watchdog(openTasks: [SimTaskRecord], allowance: Double)
    /// Purged from memory while suspended.
    case memoryPressure
    /// Swiped away in the app switcher.
    case forceQuit
    case crash(SimCrash)

    // Why location does not hold the app.
    /// Core Location paused updates after the device stayed put (`pausesLocationUpdatesAutomatically`).
    case updatesPausedAutomatically(windowSeconds: Double, activityType: SimActivityType)
    /// The app stopped the updates.
    case updatesStopped
    /// Updates ran, but each fix lay under the distance filter from the last one delivered.
    case fixesUnderDistanceFilter
    /// Authorization does not allow location (in the background).
    case authorization(SimAuthorizationStatus)
    /// Authorization stayed notDetermined: the app's request (`always`: for Always) did nothing,
    /// for the Info.plist lacks these usage strings (§5). The root of `.authorization(.notDetermined)`.
    case usageDescriptionsMissing(always: Bool, missing: [SimUsageDescription])
    /// `allowsBackgroundLocationUpdates` is false (iOS 9+).
    case backgroundUpdatesOff
    /// `UIBackgroundModes` lacks `location`.
    case locationModeMissing
    /// A When In Use app whose updates were started in the background.
    case whenInUseStartedInBackground
    /// §4's iOS 16.4 rule: an Always app with the indicator hidden, significant changes on and a
    /// coarse filter or accuracy gets no keep-alive from its updates.
    case hiddenIndicatorRule
    /// §4: updates started in a background run the system began for this kind of event (not a
    /// significant change) keep nothing alive.
    case updatesStartedInBackgroundWake(KeepAliveStartWake)
    /// The what-if ``SimProfile/maxSessionSeconds`` (§15): the continuous background session
    /// ended after this many seconds.
    case sessionTimeLimit(seconds: Double)

    // Authorization changes.
    case settingsChanged
    case preciseLocationChanged
    case locationServicesSwitched(on: Bool)
    case userAnswered(SimUserAnswers.FirstPrompt, provisionalAlways: Bool)
    case userChoseAlways
    case userKeptWhenInUse
    /// Allow Once ends when the app leaves use.
    case allowOnceEnded

    /// BGTaskScheduler (§12).
    case bgTasks(BGTaskCause)
    /// Background audio (§13).
    case audio(AudioCause)

    /// A `CLMonitor` event waits instead of reaching the app (§11).
    case monitor(SimMonitorHoldReason)
    case liveUpdates(LiveUpdateCause)  // Live updates and background activity sessions (§10).
    /// Pushes (§14): why a VoIP push was not a call.
    case pushes(PushCause)
    /// UIKit background tasks (§2): why a task missed the finish-work goal.
    case backgroundTasks(BackgroundTaskCause)
    /// Device conditions (§15): a restart, an OS or app update.
    case device(SimDeviceCause)
    case resources(ResourceCause)  // The app's own CPU and memory (§15).
    case locationPushes(LocationPushCause)  // The Location Push Service Extension (§16).
}
