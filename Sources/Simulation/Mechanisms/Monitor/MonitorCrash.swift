/// A crash iOS raises in the app for its use of `CLMonitor` (§11).
public enum MonitorCrash: Hashable, Sendable, Codable {
    /// `CLMonitor(name)` while the process already has that monitor open: one open instance per
    /// name (§11); iOS ends the app. [obs]
    case openedTwice(name: String)
}

extension MonitorCrash {
    /// iOS ends the app (§11): an abnormal exit.
    var exitCategory: SimExitCategory { .abnormalExit }
}
