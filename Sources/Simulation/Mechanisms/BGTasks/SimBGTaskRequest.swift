import PlatformShapes
import Foundation

/// `BGTaskRequest`: what the app asks `submit` to launch later (§12).
///
/// ```swift
/// let request = SimBGAppRefreshTaskRequest(identifier: "com.example.refresh")
/// request.earliestBeginDate = application.currentDate.addingTimeInterval(900)   // not sooner than 15 min from now
/// try application.taskScheduler.submit(request)
/// ```
/// `earliestBeginDate` is Apple's `Date`; the run's time 0 is the trajectory's `startDate`, so
/// ``SimApplication/currentDate`` is the simulation's `Date()`. ``earliestBeginSeconds`` says the
/// same in seconds from the start of the run; setting either clears the other. `nil` means "as
/// soon as the system likes". `submit` copies the request: changing it afterwards changes
/// nothing pending.
@MainActor
public class SimBGTaskRequest: BackgroundTaskRequest {
    /// One of `BGTaskSchedulerPermittedIdentifiers`.
    public let identifier: String
    /// Not sooner than this date (Apple's `earliestBeginDate`).
    public var earliestBeginDate: Date? {
        didSet { if earliestBeginDate != nil { earliestBeginSeconds = nil } }
    }
    /// Not sooner than this, in seconds from the start of the run (what `earliestBeginDate` held
    /// before it became a `Date`; see Docs/CHANGELOG.md).
    public var earliestBeginSeconds: Double? {
        didSet { if earliestBeginSeconds != nil { earliestBeginDate = nil } }
    }

    public init(identifier: String) {
        self.identifier = identifier
    }

    /// The kind of task the request launches.
    public var kind: SimBGTaskKind { .appRefresh }
    /// `BGProcessingTaskRequest.requiresExternalPower`; false for app refresh.
    var needsExternalPower: Bool { false }

    /// The earliest begin in seconds from the start of a run whose time 0 is `startDate`.
    func earliestSeconds(startDate: Date) -> Double? {
        earliestBeginSeconds ?? earliestBeginDate.map { $0.timeIntervalSince(startDate) }
    }
}

/// `BGAppRefreshTaskRequest`: a short (~30 s) task to refresh the app's content.
public final class SimBGAppRefreshTaskRequest: SimBGTaskRequest {}

/// `BGProcessingTaskRequest`: minutes of work while the device is idle.
public final class SimBGProcessingTaskRequest: SimBGTaskRequest, BackgroundProcessingTaskRequest {
    /// Launch only while the device charges.
    public var requiresExternalPower = false
    /// Launch only with a network connection; the model has no network and ignores it.
    public var requiresNetworkConnectivity = false

    public override var kind: SimBGTaskKind { .processing }
    override var needsExternalPower: Bool { requiresExternalPower }
}
