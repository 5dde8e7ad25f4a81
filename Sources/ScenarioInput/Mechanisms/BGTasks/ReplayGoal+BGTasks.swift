import Scripting
import Simulation

extension ReplayGoal {
    /// Whether the app asks for app refresh or fetches: the refresh goal (§4 "Default goals").
    static func asksForRefresh(_ script: AppScript, _ actions: [AppScript.Action]) -> Bool {
        actions.contains { if case .bgTasks(.submitRefresh) = $0 { true } else { false } } || script.info.backgroundModes.contains(.fetch)
    }

    /// Whether the app submits a continued processing task: the job goal.
    static func submitsJobs(_ actions: [AppScript.Action]) -> Bool {
        actions.contains { if case .bgTasks(.submitContinuedProcessing) = $0 { true } else { false } }
    }
}
