/// Something iOS logs, or the simulator warns about.
public enum SimWarning: Hashable, Sendable, Codable {
    /// `endBackgroundTask` with an identifier that is not open ("no background task exists").
    case noSuchBackgroundTask(id: Int)
    /// A background task has been open this long in the background.
    case backgroundTaskOpenLong(SimTaskRecord, seconds: Double)
    /// An authorization request lacks the Info.plist usage strings it needs: the era's `needs`.
    case missingUsageDescription(always: Bool, needs: [SimUsageDescription])
    /// Before iOS 8 there is no authorization request: the first use of location asks (§5).
    case authorizationRequestUnavailable(always: Bool)
    /// An authorization request made while the app is not in use shows no prompt (§5).
    case authorizationRequestNotInUse
    /// A When In Use app cannot start updates from the background (§4).
    case whenInUseStartFromBackground
    /// The app never reached the background: the run says nothing about staying alive there.
    case neverInBackground

    // MARK: Profiles, the debugger and the Info.plist lint
    /// Under the debugger profile iOS does not suspend the app that it would suspend for this cause (§9).
    case debuggerPreventsSuspension(SimCause)
    /// Under the debugger profile the watchdog does not end the app for these open tasks (§9).
    case debuggerPreventsWatchdog(openTasks: [SimTaskRecord])
    /// The Info.plist lint found this at the end of the run (§7).
    case infoPlist(SimPlistFinding)
    /// About BGTaskScheduler (§12).
    case bgTasks(BGTaskWarning)
    case transfers(TransferWarning)  // Background URLSession transfers.
    /// About background audio (§13).
    case audio(AudioWarning)
    /// Regions and visits (§11).
    case regions(RegionWarning)
    case visits(VisitWarning)

    case liveUpdates(LiveUpdateWarning)  // Live updates and background activity sessions (§10).
    case serviceSessions(ServiceSessionWarning)  // CLServiceSession (§10).
    case locationPushes(LocationPushWarning)  // The Location Push Service Extension (§16).
    /// CLMonitor (§11).
    case monitor(MonitorWarning)
}
