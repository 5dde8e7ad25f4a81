/// What a scenario did that changes nothing in the app's state.
public enum SimScenarioNote: Hashable, Sendable, Codable {
    case locationServicesSwitched(on: Bool)
    /// The app returns from suspension.
    case resumesFromSuspension
    /// iOS did not relaunch the app for this event (§16: 15.0–15.2 relaunch unreliably).
    case relaunchMissed(SimWakeReason)
    /// Memory pressure, but the app is not suspended, so iOS keeps it.
    case memoryPressureIgnored
    /// Something only BGTasks notice (§12).
    case bgTasks(BGTaskScenarioNote)
    /// Something of the device's state (§15).
    case device(SimDeviceNote)
    case resources(ResourceScenarioNote)  // The app's own CPU and memory (§15).
}
