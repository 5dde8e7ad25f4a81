/// A profile's parameters for BGTaskScheduler and BGContinuedProcessingTask (§12): `profile.bgTasks`.
public struct BGTaskProfile: Hashable, Sendable, Codable {
    /// Seconds a `BGAppRefreshTask` runs ("about 30 s"). [doc][dts]
    public var appRefreshSeconds: Double = 30
    /// Seconds a `BGProcessingTask` runs on an idle device ("minutes"). [doc][wwdc] The value is a [model] choice.
    public var processingSeconds: Double = 300
    /// Seconds before a task's time is up that its expiration handler runs ("shortly before"); a
    /// task still not completed at the end gets the app killed. [doc] The value is a [model] choice.
    public var expirationLead: Double = 5
    /// The system's delay after a `BGProcessingTask` request's earliest begin date, in seconds:
    /// drawn uniformly from this range (whole seconds) with the run's seed, and never less than
    /// 1 s after the submit. App refresh follows ``refresh`` instead. Real delays depend on usage,
    /// battery, Low Power Mode and rate limits and are often hours. [model]
    public var launchDelay: ClosedRange<Double> = 0...1800
    /// When Background App Refresh runs (§12): the usage-based cadence of `BGAppRefreshTask` and
    /// of the legacy background fetch. [model][obs]
    public var refresh = AppRefreshCadence()
    /// The first iOS with background fetch (`setMinimumBackgroundFetchInterval`, iOS 7; deprecated
    /// in iOS 13, and still run). Before, setting the interval does nothing. [doc]
    public var backgroundFetchFirstIOSVersion = 7
    /// Whether `BGTaskScheduler` exists (iOS 13+); before, registering and submitting do nothing
    /// and a warning is logged. [doc]
    public var hasScheduler = true
    /// Pending requests allowed at once: 1 app refresh, 10 processing. [doc]
    public var maximumPendingRefreshRequests = 1
    public var maximumPendingProcessingRequests = 10

    // MARK: §12 BGContinuedProcessingTask (iOS 26)

    /// Whether `BGContinuedProcessingTask` exists (iOS 26+); before, submitting its request does
    /// nothing (a warning is logged), and a wildcard entry of `BGTaskSchedulerPermittedIdentifiers`
    /// permits nothing. [doc]
    public var hasContinuedProcessing = false
    /// Seconds without progress (`completedUnitCount` not rising) after which iOS expires a
    /// running continued processing task as stalled; it then has `expirationLead` to be
    /// completed. Apple: tasks "must report progress", and "tasks that appear stalled may be
    /// forcibly expired" [doc]; one developer saw a task fail ~30 s after its progress stopped
    /// (Apple Developer Forums thread 808756) [obs]. The value is a [model] choice. No maximum run
    /// time is modelled: Apple publishes none ("minutes or more").
    public var continuedProcessingStallSeconds: Double = 30
    /// Continued processing tasks of the app that may run at once; the next waits (strategy
    /// `.queue`) or is refused (`.fail`: `immediateRunIneligible`). Apple speaks of "the maximum
    /// level of concurrent tasks" and gives no number [doc]; the value is a [model] choice.
    public var maximumRunningContinuedProcessingTasks = 1
    /// Whether the device supports the GPU for continued processing tasks (`supportedResources`
    /// contains `.gpu`; some iPads, with an entitlement) [doc]. The model's phone does not. [model]
    public var supportsBackgroundGPU = false
    /// Seconds before the launch handler of a continued processing task submitted from inside a
    /// launch handler runs: the system shows a new Live Activity, it does not restart the task
    /// at the same instant (an app that completes a task and submits the next in its handler
    /// would otherwise never let time pass). Apple gives no figure; the value is a [model] choice.
    public var continuedProcessingLaunchFromHandlerSeconds: Double = 1

    /// iOS 13–18: the defaults above.
    public init() {}

    /// Before iOS 13: no `BGTaskScheduler`.
    public static let beforeIOS13: BGTaskProfile = {
        var profile = BGTaskProfile()
        profile.hasScheduler = false
        return profile
    }()

    /// iOS 26: `BGContinuedProcessingTask` exists.
    public static let iOS26: BGTaskProfile = {
        var profile = BGTaskProfile()
        profile.hasContinuedProcessing = true
        return profile
    }()
}
