/// `UIApplication` for the simulated app: its state, background tasks and remaining background time (§1, §2).
///
/// ```swift
/// var task = SimBackgroundTaskIdentifier.invalid
/// task = application.beginBackgroundTask(withName: "upload") {
///     application.endBackgroundTask(task)
/// }
/// ```
public struct SimApplication {
    let world: SimWorld

    /// The app's state, including the states the app never observes (suspended, terminated).
    public var applicationState: SimAppState { world.appState }
    /// The scene's activation state (iOS 13+).
    public var sceneState: SimSceneState { world.appState.sceneState }
    /// Seconds of background time left; `Double.greatestFiniteMagnitude` in the foreground and
    /// while a location session keeps the app alive.
    public var backgroundTimeRemaining: Double { world.backgroundTimeRemaining }
    /// The tasks begun and not yet ended.
    public var openBackgroundTasks: [SimBackgroundTaskIdentifier] { world.openTaskIdentifiers }
    /// The simulation's clock, for scheduling the app's own work.
    public var clock: SimClock { world.clock }

    /// Asks for background time; the handler runs when the budget is spent and must end the task.
    @discardableResult
    public func beginBackgroundTask(withName name: String? = nil, expirationHandler: (() -> Void)? = nil) -> SimBackgroundTaskIdentifier {
        world.beginBackgroundTask(name: name, expirationHandler: expirationHandler)
    }

    /// Ends a task; ending an unknown or ended identifier is logged as iOS logs it.
    public func endBackgroundTask(_ identifier: SimBackgroundTaskIdentifier) {
        world.endBackgroundTask(identifier)
    }

    /// A new location manager for this app.
    public func makeLocationManager() -> SimLocationManager {
        let manager = SimLocationManager(world: world)
        world.managers.append(manager)
        return manager
    }
}
