/// What a scenario did to the device that only BGTasks notice (§12): a `SimScenarioNote.bgTasks`.
public enum BGTaskScenarioNote: Hashable, Sendable, Codable {
    /// The user switched Background App Refresh on or off in Settings.
    case backgroundAppRefreshSwitched(on: Bool)
}
