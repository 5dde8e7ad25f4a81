import PlatformShapes

/// `BGTaskScheduler.Error.Code`: why `submit` failed (§12), as the event log records it. `submit`
/// throws it as `AppTaskScheduler.Error` (``schedulerError``), Apple's shape. [doc]
public enum SimBGTaskSchedulerError: Int, Error, Hashable, Sendable, Codable, CaseIterable {
    /// Background App Refresh is off (or the app runs in the Simulator); for a continued
    /// processing request, also: the app is not in the foreground. [model]
    case unavailable = 1
    /// Already 1 app refresh, or 10 processing, requests pending.
    case tooManyPendingTaskRequests = 2
    /// The identifier is not in `BGTaskSchedulerPermittedIdentifiers`, or `UIBackgroundModes` lacks
    /// `fetch` (app refresh) or `processing` (processing), or a continued processing request asks
    /// for resources the device does not support (`.gpu`).
    case notPermitted = 3
    /// A `BGContinuedProcessingTaskRequest` submitted with the `.fail` strategy cannot start at
    /// once (iOS 26): the system runs its most continued processing tasks already.
    case immediateRunIneligible = 4
}

extension SimBGTaskSchedulerError {
    /// The error as `submit` throws it: `BGTaskScheduler.Error`'s domain, the same code.
    public var schedulerError: AppTaskScheduler.Error {
        switch self {
        case .unavailable: AppTaskScheduler.Error(.unavailable)
        case .tooManyPendingTaskRequests: AppTaskScheduler.Error(.tooManyPendingTaskRequests)
        case .notPermitted: AppTaskScheduler.Error(.notPermitted)
        case .immediateRunIneligible: AppTaskScheduler.Error(.immediateRunIneligible)
        }
    }

    /// The case of `error`, as `submit` throws it (the raw values are Apple's codes); `nil` for a
    /// code the simulation never throws.
    public init?(_ error: AppTaskScheduler.Error) {
        self.init(rawValue: error.code.rawValue)
    }
}
