import Scripting
import Simulation

extension ReplayGoal {
    /// The activity types of the script's `start-live-updates`, in reading order: live updates
    /// navigate or track as standard updates do (§4 "Default goals").
    static func liveUpdateActivityTypes(_ actions: [AppScript.Action]) -> [SimActivityType] {
        actions.compactMap { action -> SimActivityType? in
            if case .liveUpdates(.start(let configuration)) = action { configuration.activityType } else { nil }
        }
    }
}
