import Scripting

extension ReplayGoal {
    /// Whether the app starts the visit service: the visit goal, when it runs no updates.
    static func watchesVisits(_ actions: [AppScript.Action]) -> Bool {
        actions.contains(.visits(.start))
    }
}
