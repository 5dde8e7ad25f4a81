import Scripting
import Simulation

extension ReplayGoal {
    /// An app that asks for location pushes needs each one answered (§16).
    static func startsLocationPushes(_ actions: [AppScript.Action]) -> Bool {
        actions.contains(.locationPushes(.startMonitoring))
    }
}

extension LocationPushGoal {
    /// The goal with a scenario's `fraction`, if it gives one.
    func with(fraction: Double?) -> LocationPushGoal {
        var goal = self
        if let fraction { goal.requiredFraction = fraction }
        return goal
    }
}
