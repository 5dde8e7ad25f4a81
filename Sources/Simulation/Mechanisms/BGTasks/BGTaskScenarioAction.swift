/// What a scenario makes the system or the user do to BGTasks (§12): a `SimScenarioEvent.Action.bgTasks`.
public enum BGTaskScenarioAction: Hashable, Sendable, Codable {
    /// iOS launches the pending BGTask request with this identifier now.
    case launch(identifier: String)
    /// iOS expires the running BGTask with this identifier now.
    case expire(identifier: String)
    /// The user switches Background App Refresh on or off in Settings.
    case setBackgroundAppRefresh(enabled: Bool)
    /// The user stops the running continued processing task with this identifier in its Live
    /// Activity: iOS expires it (iOS 26).
    case cancel(identifier: String)

    /// Does it to the run's BGTaskScheduler.
    @MainActor
    public func apply(to system: SimSystem) {
        guard let scheduler = system.mechanism(BackgroundTaskScheduler.self) else { return }
        switch self {
        case .launch(let identifier): scheduler.launchNow(identifier, in: system)
        case .expire(let identifier): scheduler.expireNow(identifier, in: system)
        case .setBackgroundAppRefresh(let enabled): scheduler.setBackgroundAppRefresh(enabled: enabled, in: system)
        case .cancel(let identifier): scheduler.cancelByUser(identifier, in: system)
        }
    }
}
