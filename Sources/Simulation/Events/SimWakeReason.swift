/// Why iOS launches or wakes an app in the background.
public enum SimWakeReason: Hashable, Sendable, Codable {
    case significantLocationChange
    case silentPush
    case voipPush
    case backgroundFetch
    // MARK: Regions and visits (§11)
    case regionEntry
    case regionExit
    case visit
    /// A BGTask is launched (§12).
    case bgTasks(BGTaskWakeReason)
    case transfers(TransferWakeReason)  // Background URLSession transfers.
    // MARK: Location sessions (§10)
    /// Live updates are available again after the device was still.
    case locationUpdatesAvailable
    // MARK: CLMonitor (§11)
    /// A `CLMonitor` condition's state changed.
    case monitorEvent
}
