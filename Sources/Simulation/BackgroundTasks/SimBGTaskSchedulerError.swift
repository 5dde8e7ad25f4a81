/// `BGTaskScheduler.Error.Code`: why `submit` threw (§12). [doc]
public enum SimBGTaskSchedulerError: Int, Error, Hashable, Sendable, Codable, CaseIterable {
    /// Background App Refresh is off (or the app runs in the Simulator).
    case unavailable = 1
    /// Already 1 app refresh, or 10 processing, requests pending.
    case tooManyPendingTaskRequests = 2
    /// The identifier is not in `BGTaskSchedulerPermittedIdentifiers`, or `UIBackgroundModes` lacks
    /// `fetch` (app refresh) or `processing` (processing).
    case notPermitted = 3
}
