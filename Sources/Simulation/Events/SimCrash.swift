/// A crash iOS raises in the app.
public enum SimCrash: Hashable, Sendable, Codable {
    /// `allowsBackgroundLocationUpdates = true` without the `location` background mode (§3).
    case backgroundLocationWithoutMode
    /// The app's callbacks called back into themselves without end (EXC_BAD_ACCESS, stack overflow).
    case stackOverflow
    /// An exception of BGTaskScheduler (§12).
    case bgTasks(BGTaskCrash)
    /// iOS ends the app for its pushes (§14).
    case pushes(PushCrash)
    /// CLMonitor (§11).
    case monitor(MonitorCrash)
}
