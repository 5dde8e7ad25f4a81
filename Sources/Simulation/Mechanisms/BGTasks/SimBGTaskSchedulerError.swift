/// `BGTaskScheduler.Error.Code`: why `submit` threw (§12). [doc]
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
