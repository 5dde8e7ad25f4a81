import PlatformShapes
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
public class SimBGTask: BackgroundTask {
    /// The request's identifier.
    public let identifier: String
    /// Runs shortly before the task's time is up (or when the user starts using the device, or,
    /// for a continued processing task, when it stalls or the user stops it).
    public var expirationHandler: (() -> Void)?
    /// App refresh, processing or continued processing.
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

// MARK: §12 BGContinuedProcessingTask (iOS 26)

/// `BGContinuedProcessingTask`: work the user started in the foreground, shown in a Live Activity.
///
/// ```swift
/// application.taskScheduler.register(forTaskWithIdentifier: id) { task in
///     guard let task = task as? SimBGContinuedProcessingTask else { return }
///     task.expirationHandler = { task.setTaskCompleted(success: false) }   // stalled, or the user stopped it
///     task.progress.totalUnitCount = 10
///     for step in 1...10 { application.schedule(after: Double(step) * 5) {
///         task.progress.completedUnitCount = Int64(step)
///         if step == 10 { task.setTaskCompleted(success: true) }
///     } }
/// }
/// ```
/// It runs as long as its progress rises; without progress for `bgTasks.continuedProcessingStallSeconds`
/// iOS expires it, as it does when the user stops it in the Live Activity.
public final class SimBGContinuedProcessingTask: SimBGTask {
    /// The Live Activity's title.
    public private(set) var title: String
    /// The Live Activity's subtitle.
    public private(set) var subtitle: String
    /// The task's progress, which iOS watches and shows.
    public let progress = SimProgress()

    public override var kind: SimBGTaskKind { .continuedProcessing }

    init(identifier: String, title: String, subtitle: String, scheduler: BackgroundTaskScheduler) {
        self.title = title
        self.subtitle = subtitle
        super.init(identifier: identifier, scheduler: scheduler)
    }

    /// Changes the Live Activity's text.
    public func updateTitle(_ title: String, subtitle: String) {
        self.title = title
        self.subtitle = subtitle
        scheduler?.titleUpdated(self)
    }
}
