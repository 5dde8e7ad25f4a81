/// A crash iOS raises in the app.
public enum SimCrash: Hashable, Sendable, Codable {
    /// `allowsBackgroundLocationUpdates = true` without the `location` background mode (§3).
    case backgroundLocationWithoutMode
    /// The app's callbacks called back into themselves without end (EXC_BAD_ACCESS, stack overflow).
    case stackOverflow
    /// A VoIP push the app did not report to CallKit as a call (iOS 13+, §14).
    case voipPushWithoutCall
    /// An exception of BGTaskScheduler (§12).
    case bgTasks(BGTaskCrash)
    /// CLMonitor (§11).
    case monitor(MonitorCrash)
}
