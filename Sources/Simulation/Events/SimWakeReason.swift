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
    case liveUpdates(LiveUpdateWakeReason)  // Live updates and background activity sessions (§10).
    /// CLMonitor (§11).
    case monitor(MonitorWakeReason)
}

extension SimWakeReason {
    /// Whether a launch for this reason is one for a location event (the `.location` launch key).
    public var isLocationEvent: Bool {
        switch self {
        case .significantLocationChange: true
        case .regions(let reason): reason.isLocationEvent
        case .visits(let reason): reason.isLocationEvent
        case .bgTasks(let reason): reason.isLocationEvent
        case .transfers(let reason): reason.isLocationEvent
        case .pushes(let reason): reason.isLocationEvent
        case .liveUpdates(let reason): reason.isLocationEvent
        case .monitor(let reason): reason.isLocationEvent
        }
    }

    /// Whether a relaunch for this reason is one iOS 15.0–15.2 made unreliably (§16: region,
    /// CLMonitor and significant-change events).
    public var relaunchMayBeUnreliable: Bool {
        switch self {
        case .significantLocationChange: true
        case .regions(let reason): reason.relaunchMayBeUnreliable
        case .visits(let reason): reason.relaunchMayBeUnreliable
        case .bgTasks(let reason): reason.relaunchMayBeUnreliable
        case .transfers(let reason): reason.relaunchMayBeUnreliable
        case .pushes(let reason): reason.relaunchMayBeUnreliable
        case .liveUpdates(let reason): reason.relaunchMayBeUnreliable
        case .monitor(let reason): reason.relaunchMayBeUnreliable
        }
    }
}
