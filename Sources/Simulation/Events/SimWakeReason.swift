/// Why iOS launches or wakes an app in the background.
public enum SimWakeReason: Hashable, Sendable, Codable {
    case significantLocationChange
    /// Regions and visits (§11).
    case regions(RegionWakeReason)
    case visits(VisitWakeReason)
    /// A BGTask is launched (§12).
    case bgTasks(BGTaskWakeReason)
    case transfers(TransferWakeReason)  // Background URLSession transfers.
    /// A silent or VoIP push, or a background fetch (§14).
    case pushes(PushWakeReason)
    // MARK: Location sessions (§10)
    /// Live updates are available again after the device was still.
    case locationUpdatesAvailable
    /// CLMonitor (§11).
    case monitor(MonitorWakeReason)
}
