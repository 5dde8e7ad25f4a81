/// `BGContinuedProcessingTaskRequest` (iOS 26): work the user started that goes on when the app
/// leaves the screen (§12).
///
/// ```swift
/// // The user taps Export: register the handler now (no need to at launch), then submit.
/// let id = "com.example.export.\(exportNumber)"   // Info.plist: com.example.export.*
/// application.taskScheduler.register(forTaskWithIdentifier: id) { task in … }
/// let request = SimBGContinuedProcessingTaskRequest(identifier: id, title: "Exporting", subtitle: "Starting")
/// request.strategy = .fail
/// do { try application.taskScheduler.submit(request) } catch { export in the foreground }
/// ```
/// Submit it from the foreground, after the user's action. It starts at once (or, with `.queue`,
/// when the system's running continued tasks allow), shows in a Live Activity, and runs while its
/// `progress` keeps rising. `earliestBeginDate` is ignored.
public final class SimBGContinuedProcessingTaskRequest: SimBGTaskRequest {
    /// `BGContinuedProcessingTaskRequest.SubmissionStrategy`.
    public typealias SubmissionStrategy = SimBGContinuedProcessingStrategy
    /// `BGContinuedProcessingTaskRequestResources`.
    public typealias Resources = SimBGContinuedProcessingResources

    /// The Live Activity's title before the task starts.
    public var title: String
    /// The Live Activity's subtitle before the task starts.
    public var subtitle: String
    /// What `submit` does when the task cannot start at once: `.queue` (the default) or `.fail`.
    public var strategy: SubmissionStrategy = .queue
    /// Resources beyond CPU and network; `.gpu` needs a device that supports it
    /// (``SimBGTaskScheduler/supportedResources``), else `submit` throws `notPermitted`.
    public var requiredResources: Resources = .default

    /// A request for the app in the foreground; `identifier` is usually permitted by a wildcard
    /// entry of `BGTaskSchedulerPermittedIdentifiers` (`com.example.export.*`).
    public init(identifier: String, title: String, subtitle: String) {
        self.title = title
        self.subtitle = subtitle
        super.init(identifier: identifier)
    }

    public override var kind: SimBGTaskKind { .continuedProcessing }
}

/// `BGContinuedProcessingTaskRequest.SubmissionStrategy`: what `submit` does when the system
/// cannot start the task at once.
public enum SimBGContinuedProcessingStrategy: String, Hashable, Sendable, Codable, CaseIterable {
    /// `submit` throws `immediateRunIneligible`.
    case fail
    /// The request waits at the back of a queue and starts as soon as it may; the user's force
    /// quit cancels it.
    case queue
}

/// `BGContinuedProcessingTaskRequestResources`: what a continued processing task needs beyond
/// CPU and network.
public struct SimBGContinuedProcessingResources: OptionSet, Hashable, Sendable, Codable {
    public let rawValue: Int
    public init(rawValue: Int) { self.rawValue = rawValue }

    /// The GPU in the background (supported devices, with the entitlement).
    public static let gpu = SimBGContinuedProcessingResources(rawValue: 1)
    /// CPU and network only.
    public static let `default`: SimBGContinuedProcessingResources = []
}
