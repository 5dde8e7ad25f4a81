/// A BGTask or task request as events and causes name it (§12).
public struct SimBGTaskRecord: Hashable, Sendable, Codable {
    /// The request's identifier, one of `BGTaskSchedulerPermittedIdentifiers`.
    public var identifier: String
    /// App refresh, processing or continued processing.
    public var kind: SimBGTaskKind

    public init(identifier: String, kind: SimBGTaskKind) {
        self.identifier = identifier
        self.kind = kind
    }
}

/// The kinds of BGTask (§12): `BGAppRefreshTask` (~30 s), `BGProcessingTask` (minutes, idle
/// device) and, from iOS 26, `BGContinuedProcessingTask` (started from the foreground, runs while
/// it reports progress).
public enum SimBGTaskKind: String, Hashable, Sendable, Codable, CaseIterable {
    case appRefresh
    case processing
    // MARK: §12 BGContinuedProcessingTask (iOS 26)
    case continuedProcessing
    /// The legacy background fetch (`setMinimumBackgroundFetchInterval`, §14): not a task, but
    /// planned on the same system schedule as app refresh; its run is
    /// `application(_:performFetchWithCompletionHandler:)`.
    case backgroundFetch

    /// The background mode the kind needs in `UIBackgroundModes`; a continued processing task
    /// needs none (its Info.plist entry is the identifier alone). [doc]
    public var requiredMode: SimBackgroundMode? {
        switch self {
        case .appRefresh, .backgroundFetch: .fetch
        case .processing: .processing
        case .continuedProcessing: nil
        }
    }

    /// Whether it is Background App Refresh, run on the usage-based cadence (§12): app refresh
    /// and background fetch.
    public var isAppRefresh: Bool {
        switch self {
        case .appRefresh, .backgroundFetch: true
        case .processing, .continuedProcessing: false
        }
    }

    /// Why iOS wakes or launches the app for a task of this kind; `nil` for a continued
    /// processing task, which starts in the foreground and never wakes the app.
    public var wakeReason: SimWakeReason? {
        switch self {
        case .appRefresh: .bgTasks(.appRefresh)
        case .processing: .bgTasks(.processing)
        case .continuedProcessing: nil
        case .backgroundFetch: .pushes(.fetch)
        }
    }
}

/// Why a due BGTask request is not launched now (§12, §9).
public enum SimBGTaskDeferral: String, Hashable, Sendable, Codable {
    /// The user force-quit the app: nothing is launched until the user opens it again.
    case forceQuit
    /// Background App Refresh is off.
    case backgroundAppRefreshOff
    /// The app is on screen: iOS launches tasks for an app in the background.
    case appInUse
    /// A processing task waits for an idle (locked) device.
    case deviceInUse
    /// A processing task that requires external power waits for the device to charge.
    case notCharging
    /// Low Power Mode is on: Background App Refresh is off while it lasts (§15).
    case lowPowerMode
    /// The device is hot (`profile.device.defersBackgroundTasksFrom`): discretionary work waits (§15).
    case thermalState
    /// iOS launches no app in the background now: before the first unlock after a restart, or
    /// after an app update the user has not opened (§15).
    case cannotLaunchApp
    /// App refresh: the user has not opened the app for `bgTasks.refresh.recentUseDays`; it
    /// waits until they do.
    case notOpenedRecently
    /// App refresh: `bgTasks.refresh.maxRunsWithoutUse` runs came with no opening of the app
    /// since; none comes until the user opens it.
    case runsWithoutUse
}

/// Why a running BGTask expires (§12).
public enum SimBGTaskExpiry: String, Hashable, Sendable, Codable {
    /// Its time is nearly up: the handler runs `bgTasks.expirationLead` seconds before the end.
    case timeUp
    /// The user started using (unlocked) the device: a processing task ends.
    case deviceInUse
    /// The device was disconnected from power: a task that requires external power ends.
    case powerDisconnected
    /// A scenario's `bg-expire` expired it.
    case scenario
    // MARK: §12 BGContinuedProcessingTask (iOS 26)
    /// A continued processing task reported no progress for `bgTasks.continuedProcessingStallSeconds`.
    case stalled
    /// The user stopped a continued processing task in its Live Activity (a scenario's `bg-cancel`).
    case userCancelled
}
