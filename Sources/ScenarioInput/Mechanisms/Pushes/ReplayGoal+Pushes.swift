import Scripting
import Simulation

extension ReplayGoal {
    /// Whether the app reports calls or declares the `voip` mode: the call goal.
    static func takesCalls(_ script: AppScript, _ actions: [AppScript.Action]) -> Bool {
        actions.contains(.pushes(.reportCall)) || script.info.backgroundModes.contains(.voip)
    }
}
