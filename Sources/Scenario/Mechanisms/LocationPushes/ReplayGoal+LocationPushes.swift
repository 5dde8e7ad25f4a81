import Scripting

extension ReplayGoal {
    /// An app that asks for location pushes needs each one answered (§16).
    static func startsLocationPushes(_ actions: [AppScript.Action]) -> Bool {
        actions.contains(.locationPushes(.startMonitoring))
    }
}
