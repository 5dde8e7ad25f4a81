import PlatformShapes
import Dispatch
import Foundation

/// `BGTaskScheduler.shared` for one process of the app (§12), from ``SimApplication/taskScheduler``.
///
/// ```swift
/// // application(_:didFinishLaunchingWithOptions:)
/// application.taskScheduler.register(forTaskWithIdentifier: "com.example.refresh") { task in … }
/// // applicationDidEnterBackground(_:)
/// let request = SimBGAppRefreshTaskRequest(identifier: "com.example.refresh")
/// do { try application.taskScheduler.submit(request) } catch { print(error) }   // .unavailable, …
/// ```
/// Registrations belong to the process: a relaunched app registers its handlers again in its
/// launch code. Once the process has ended, every call does nothing.
@MainActor
public final class SimBGTaskScheduler: BackgroundTaskScheduling {
    private weak var application: SimApplication?

    init(application: SimApplication) {
        self.application = application
    }

    private var live: (SimSystem, BackgroundTaskScheduler)? {
        guard let system = application?.liveSystem, let mechanism = system.mechanism(BackgroundTaskScheduler.self) else { return nil }
        return (system, mechanism)
    }

    /// Registers the launch handler for `identifier`; call it before launch finishes. Returns
    /// false for an identifier not in `BGTaskSchedulerPermittedIdentifiers`. Registering an
    /// identifier twice, or after launch, crashes the app. `queue` is accepted for Apple's
    /// signature; the handler runs on the main actor (pass `.main` on the device for the same).
    @discardableResult
    public func register(
        forTaskWithIdentifier identifier: String, using queue: DispatchQueue? = nil,
        launchHandler: @escaping (SimBGTask) -> Void
    ) -> Bool {
        guard let (system, mechanism) = live else { return false }
        return mechanism.register(identifier, handler: launchHandler, in: system)
    }

    /// Asks iOS to launch the task later; submitting an identifier again replaces its request.
    /// A ``SimBGContinuedProcessingTaskRequest`` (iOS 26) starts at once instead, or queues.
    /// - Throws: `AppTaskScheduler.Error`, `BGTaskScheduler.Error`'s shape (unavailable,
    ///   tooManyPendingTaskRequests, notPermitted, immediateRunIneligible); the event log records
    ///   it as ``SimBGTaskSchedulerError``.
    public func submit(_ taskRequest: SimBGTaskRequest) throws(AppTaskScheduler.Error) {
        do {
            try submitRecorded(taskRequest)
        } catch {
            throw error.schedulerError
        }
    }

    private func submitRecorded(_ taskRequest: SimBGTaskRequest) throws(SimBGTaskSchedulerError) {
        guard let (system, mechanism) = live else { return }
        if let continued = taskRequest as? SimBGContinuedProcessingTaskRequest {
            try mechanism.submitContinued(
                identifier: continued.identifier, title: continued.title, subtitle: continued.subtitle,
                strategy: continued.strategy, resources: continued.requiredResources, in: system)
            return
        }
        try mechanism.submit(
            identifier: taskRequest.identifier, kind: taskRequest.kind, earliest: taskRequest.earliestSeconds(startDate: system.configuration.trajectory.startDate),
            requiresExternalPower: taskRequest.needsExternalPower, in: system)
    }

    /// Removes the pending request with `identifier`, if any.
    public func cancel(taskRequestWithIdentifier identifier: String) {
        guard let (system, mechanism) = live else { return }
        mechanism.cancel(identifier, in: system)
    }

    /// Removes every pending request.
    public func cancelAllTaskRequests() {
        guard let (system, mechanism) = live else { return }
        for identifier in mechanism.pendingIdentifiers { mechanism.cancel(identifier, in: system) }
    }

    /// The identifiers of the pending requests, in the order they were submitted
    /// (`getPendingTaskRequests`, synchronously); queued continued processing requests last.
    public var pendingTaskRequestIdentifiers: [String] { live?.1.pendingIdentifiers ?? [] }

    // MARK: §12 BGContinuedProcessingTask (iOS 26)

    /// `BGTaskScheduler.supportedResources`: what continued processing tasks may ask for on this
    /// device (`.gpu` where the profile says the device supports it).
    public var supportedResources: SimBGContinuedProcessingResources {
        guard let (system, _) = live else { return .default }
        return system.profile.bgTasks.supportsBackgroundGPU ? .gpu : .default
    }
}
