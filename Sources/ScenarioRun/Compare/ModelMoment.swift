import ScenarioInput
import Simulation

/// The model's state at one second of a replay: what the app was doing when the device and the
/// model parted.
public struct ModelMoment: Hashable, Sendable {
    /// What the location manager was doing for the app.
    public enum Location: Hashable, Sendable {
        /// No updates asked for in this process (not started yet, or the process is gone).
        case off
        case running(SimLocationService)
        /// Paused automatically (`pausesLocationUpdatesAutomatically`).
        case paused
        /// Stopped, for this cause.
        case stopped(SimCause)
    }

    /// Seconds from the start.
    public var time: Double
    public var appState: SimAppState
    /// The app's process number (a relaunch starts a new one).
    public var process: Int
    public var location: Location
    /// What held the app in the background then, the oldest first.
    public var holds: [SimHold]
    /// When the app last received a fix, if it had.
    public var lastFixAt: Double?
}

/// Follows a run's events up to `time` and keeps the state there: flat memory, whatever the trip.
@MainActor
final class ModelMomentProbe: SimEventSink {
    private(set) var moment: ModelMoment

    init(at time: Double) {
        moment = ModelMoment(time: time, appState: .notRunning, process: 0, location: .off, holds: [], lastFixAt: nil)
    }

    func receive(_ event: SimEvent) {
        // Events at the second itself come before it is judged, as the goal meters take them.
        guard event.time <= moment.time else { return }
        moment.appState = event.state
        moment.process = event.process
        switch event.detail {
        case .launch:
            moment.location = .off
            moment.holds = []
        case .stateChange(_, let to, _) where to == .terminated || to == .notRunning:
            moment.location = .off
            moment.holds = []
        case .locationStart(let service, _, _, _): moment.location = .running(service)
        case .locationStop(_, let cause): moment.location = .stopped(cause)
        case .locationPause: moment.location = .paused
        case .keepAliveStart(let hold): moment.holds.append(hold)
        case .keepAliveEnd(let hold, _, _):
            if let index = moment.holds.firstIndex(where: { $0.kind == hold.kind }) { moment.holds.remove(at: index) }
        case .fix where event.kind == .fixDelivered:
            moment.lastFixAt = event.time
        default:
            break
        }
    }
}
