/// `BGTaskRequest`: what the app asks `submit` to launch later (§12).
///
/// ```swift
/// let request = SimBGAppRefreshTaskRequest(identifier: "com.example.refresh")
/// request.earliestBeginDate = application.clock.now.seconds + 900   // not sooner than 15 min from now
/// try application.taskScheduler.submit(request)
/// ```
/// `earliestBeginDate` is in seconds from the start of the run (the simulation's `Date`); `nil`
/// means "as soon as the system likes". `submit` copies the request: changing it afterwards
/// changes nothing pending.
@MainActor
public class SimBGTaskRequest {
    /// One of `BGTaskSchedulerPermittedIdentifiers`.
    public let identifier: String
    /// Not sooner than this, in seconds from the start of the run.
    public var earliestBeginDate: Double?

    public init(identifier: String) {
        self.identifier = identifier
    }

    /// The kind of task the request launches.
    public var kind: SimBGTaskKind { .appRefresh }
    /// `BGProcessingTaskRequest.requiresExternalPower`; false for app refresh.
    var needsExternalPower: Bool { false }
}

/// `BGAppRefreshTaskRequest`: a short (~30 s) task to refresh the app's content.
public final class SimBGAppRefreshTaskRequest: SimBGTaskRequest {}

/// `BGProcessingTaskRequest`: minutes of work while the device is idle.
public final class SimBGProcessingTaskRequest: SimBGTaskRequest {
    /// Launch only while the device charges.
    public var requiresExternalPower = false
    /// Launch only with a network connection; the model has no network and ignores it.
    public var requiresNetworkConnectivity = false

    public override var kind: SimBGTaskKind { .processing }
    override var needsExternalPower: Bool { requiresExternalPower }
}
