import Dispatch
import Foundation

/// `BGTaskScheduler` in Apple's shape: register launch handlers at launch, submit requests,
/// cancel them.
///
/// `SimBGTaskScheduler` (module `Simulation`, `application.taskScheduler`) conforms, and on iOS
/// so does `BGTaskScheduler` (in this file, with no code of its own). Logic generic over the
/// scheduler runs on both:
///
/// ```swift
/// func scheduleUpload<Scheduler: BackgroundTaskScheduling>(
///     on scheduler: Scheduler, _ request: Scheduler.TaskRequest, after seconds: TimeInterval, from now: Date
/// ) throws {
///     request.earliestBeginDate = now.addingTimeInterval(seconds)
///     try scheduler.submit(request)
/// }
/// ```
///
/// The app makes the request itself (`BGProcessingTaskRequest(identifier:)` on the device,
/// `SimBGProcessingTaskRequest(identifier:)` in a test): Apple's initializers are not `required`,
/// so no protocol can ask for them. `now` is the caller's too: `Date()` on the device, the
/// simulation's `application.currentDate` in a test.
@MainActor
public protocol BackgroundTaskScheduling: AnyObject {
    /// `BGTask`: what the launch handler is given.
    associatedtype Task: BackgroundTask
    /// `BGTaskRequest`: what `submit(_:)` takes.
    associatedtype TaskRequest: BackgroundTaskRequest

    /// Registers the launch handler for `identifier` before launch finishes; false for an
    /// identifier not in `BGTaskSchedulerPermittedIdentifiers`. `queue` nil: a background queue
    /// on the device.
    func register(forTaskWithIdentifier identifier: String, using queue: DispatchQueue?, launchHandler: @escaping (Task) -> Void) -> Bool
    /// Asks the system to launch the task later; submitting an identifier again replaces its request.
    func submit(_ taskRequest: TaskRequest) throws
    /// Removes the pending request with `identifier`.
    func cancel(taskRequestWithIdentifier identifier: String)
    /// Removes every pending request.
    func cancelAllTaskRequests()
}

/// `BGTaskRequest`: what `submit(_:)` asks the system to launch.
@MainActor
public protocol BackgroundTaskRequest: AnyObject {
    /// One of `BGTaskSchedulerPermittedIdentifiers`.
    var identifier: String { get }
    /// Not sooner than this; `nil` for no start delay.
    var earliestBeginDate: Date? { get set }
}

/// `BGProcessingTaskRequest`: minutes of work while the device is idle.
@MainActor
public protocol BackgroundProcessingTaskRequest: BackgroundTaskRequest {
    /// Launch only while the device charges.
    var requiresExternalPower: Bool { get set }
    /// Launch only with a network connection.
    var requiresNetworkConnectivity: Bool { get set }
}

/// `BGTask`: a launched task, handed to the launch handler.
@MainActor
public protocol BackgroundTask: AnyObject {
    /// The request's identifier.
    var identifier: String { get }
    /// Runs shortly before the task's time is up; without one the task is marked failed.
    var expirationHandler: (() -> Void)? { get set }
    /// Tells the system the work is done.
    func setTaskCompleted(success: Bool)
}

#if canImport(BackgroundTasks) && os(iOS)
import BackgroundTasks

extension BGTask: BackgroundTask {}
extension BGTaskRequest: BackgroundTaskRequest {}
extension BGProcessingTaskRequest: BackgroundProcessingTaskRequest {}
extension BGTaskScheduler: BackgroundTaskScheduling {}
#endif
