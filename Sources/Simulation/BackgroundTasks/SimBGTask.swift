/// `BGTask`: a launched task, handed to the launch handler (§12).
///
/// ```swift
/// application.taskScheduler.register(forTaskWithIdentifier: "com.example.refresh") { task in
///     task.expirationHandler = { task.setTaskCompleted(success: false) }
///     refresh { task.setTaskCompleted(success: true) }
/// }
/// ```
/// Set `expirationHandler` first: a task whose time runs out without one is marked failed, and
/// one not completed by the end of its time gets the app killed.
@MainActor
public class SimBGTask {
    /// The request's identifier.
    public let identifier: String
    /// Runs shortly before the task's time is up (or when the user starts using the device).
    public var expirationHandler: (@MainActor () -> Void)?
    /// App refresh or processing.
    public var kind: SimBGTaskKind { .appRefresh }
    weak var scheduler: BackgroundTaskScheduler?

    init(identifier: String, scheduler: BackgroundTaskScheduler) {
        self.identifier = identifier
        self.scheduler = scheduler
    }

    /// Tells iOS the work is done; once every task is completed the app is suspended.
    public func setTaskCompleted(success: Bool) {
        scheduler?.complete(self, success: success)
    }
}

/// `BGAppRefreshTask`.
public final class SimBGAppRefreshTask: SimBGTask {}

/// `BGProcessingTask`.
public final class SimBGProcessingTask: SimBGTask {
    public override var kind: SimBGTaskKind { .processing }
}
