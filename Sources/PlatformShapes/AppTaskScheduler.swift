import Dispatch
import Foundation

#if !(canImport(BackgroundTasks) && os(iOS))
/// `BGTaskScheduler` with Apple's static access: app code writes `AppTaskScheduler.shared`,
/// which is `BGTaskScheduler.shared` on the device and here the scheduler of the simulated
/// process the code runs in (``SimulatedPlatformBinding``).
///
/// ```swift
/// AppTaskScheduler.shared.register(forTaskWithIdentifier: "com.example.refresh", using: nil) { task in
///     task.expirationHandler = { task.setTaskCompleted(success: false) }
///     upload { task.setTaskCompleted(success: true) }
/// }
/// let request = AppRefreshTaskRequest(identifier: "com.example.refresh")
/// request.earliestBeginDate = AppClock.now.addingTimeInterval(900)
/// do { try AppTaskScheduler.shared.submit(request) }
/// catch let error as AppTaskScheduler.Error where error.code == .notPermitted { … }
/// ```
///
/// Off any simulation it is a scheduler of an app that cannot schedule, as Apple's is in the
/// Simulator: `register` returns false and `submit` throws `unavailable`.
@MainActor
public final class AppTaskScheduler: BackgroundTaskScheduling {
    private let backend: (any SimulatedTaskScheduling)?

    /// A scheduler that hands every call to `backend` (the simulation's); `nil`: unavailable.
    public init(backend: (any SimulatedTaskScheduling)?) {
        self.backend = backend
    }

    /// The running process's scheduler.
    public static var shared: AppTaskScheduler {
        SimulatedPlatformBinding.current?.taskScheduler ?? AppTaskScheduler(backend: nil)
    }

    /// Registers the launch handler for `identifier` before launch finishes; false for an
    /// identifier not in `BGTaskSchedulerPermittedIdentifiers`. The handler runs on the main
    /// actor in the simulation (pass `.main` on the device for the same).
    @discardableResult
    public func register(forTaskWithIdentifier identifier: String, using queue: DispatchQueue?, launchHandler: @escaping (AppTask) -> Void) -> Bool {
        backend?.register(identifier, launchHandler: launchHandler) ?? false
    }

    /// Asks the system to launch the task later; submitting an identifier again replaces its request.
    /// - Throws: `AppTaskScheduler.Error`.
    public func submit(_ taskRequest: AppTaskRequest) throws {
        guard let backend else { throw Error(.unavailable) }
        try backend.submit(taskRequest)
    }

    /// Removes the pending request with `identifier`.
    public func cancel(taskRequestWithIdentifier identifier: String) {
        backend?.cancel(identifier)
    }

    /// Removes every pending request.
    public func cancelAllTaskRequests() {
        backend?.cancelAll()
    }

    /// `BGTaskScheduler.Error`: the `BGTaskSchedulerErrorDomain` and its codes, with Apple's raw
    /// values, so `error as? AppTaskScheduler.Error` and `.code == .notPermitted` read as on the device.
    public struct Error: Swift.Error, CustomNSError, CustomStringConvertible, Hashable, Sendable {
        /// `BGTaskScheduler.Error.Code`.
        public enum Code: Int, Hashable, Sendable, CaseIterable {
            /// Background App Refresh is off, or the app cannot schedule background work now.
            case unavailable = 1
            /// Too many requests of this kind are pending.
            case tooManyPendingTaskRequests = 2
            /// The identifier is not permitted, or the background mode is missing.
            case notPermitted = 3
            /// A continued processing request with the `.fail` strategy cannot start at once (iOS 26).
            case immediateRunIneligible = 4
        }

        /// Why `submit` threw.
        public let code: Code

        /// An error with `code`.
        public init(_ code: Code) {
            self.code = code
        }

        /// `BGTaskSchedulerErrorDomain`.
        public static var errorDomain: String { "BGTaskSchedulerErrorDomain" }
        /// The code's raw value, as `NSError.code` gives it.
        public var errorCode: Int { code.rawValue }
        /// Empty.
        public var errorUserInfo: [String: Any] { [:] }
        /// The code's name (`notPermitted`), as the simulation's logs print it.
        public var description: String { "\(code)" }

        // Apple's shortcuts, for `catch AppTaskScheduler.Error.notPermitted`.
        public static var unavailable: Code { .unavailable }
        public static var tooManyPendingTaskRequests: Code { .tooManyPendingTaskRequests }
        public static var notPermitted: Code { .notPermitted }
        public static var immediateRunIneligible: Code { .immediateRunIneligible }
    }
}

extension AppTaskScheduler.Error.Code {
    /// Lets `catch AppTaskScheduler.Error.notPermitted` match an error of this code.
    public static func ~= (match: AppTaskScheduler.Error.Code, error: any Error) -> Bool {
        (error as? AppTaskScheduler.Error)?.code == match
    }
}

/// What ``AppTaskScheduler`` hands its calls to: the simulation's scheduler of one process.
@MainActor
public protocol SimulatedTaskScheduling: AnyObject {
    /// `register(forTaskWithIdentifier:using:launchHandler:)`.
    func register(_ identifier: String, launchHandler: @escaping (AppTask) -> Void) -> Bool
    /// `submit(_:)`.
    func submit(_ request: AppTaskRequest) throws(AppTaskScheduler.Error)
    /// `cancel(taskRequestWithIdentifier:)`.
    func cancel(_ identifier: String)
    /// `cancelAllTaskRequests()`.
    func cancelAll()
}

/// `BGTaskRequest`: made as ``AppRefreshTaskRequest`` or ``ProcessingTaskRequest``.
@MainActor
public class AppTaskRequest: BackgroundTaskRequest {
    /// Which of Apple's request classes this is.
    public enum Kind: Hashable, Sendable {
        /// `BGAppRefreshTaskRequest`.
        case appRefresh
        /// `BGProcessingTaskRequest`.
        case processing
    }

    /// One of `BGTaskSchedulerPermittedIdentifiers`.
    public let identifier: String
    /// Not sooner than this (``AppClock/now`` plus a delay); `nil` for no start delay.
    public var earliestBeginDate: Date?
    /// Which of Apple's request classes this is.
    public let kind: Kind

    init(identifier: String, kind: Kind) {
        self.identifier = identifier
        self.kind = kind
    }
}

/// `BGAppRefreshTaskRequest`.
@MainActor
public final class AppRefreshTaskRequest: AppTaskRequest {
    /// `BGAppRefreshTaskRequest(identifier:)`.
    public init(identifier: String) {
        super.init(identifier: identifier, kind: .appRefresh)
    }
}

/// `BGProcessingTaskRequest`.
@MainActor
public final class ProcessingTaskRequest: AppTaskRequest, BackgroundProcessingTaskRequest {
    /// Launch only while the device charges.
    public var requiresExternalPower = false
    /// Launch only with a network connection.
    public var requiresNetworkConnectivity = false

    /// `BGProcessingTaskRequest(identifier:)`.
    public init(identifier: String) {
        super.init(identifier: identifier, kind: .processing)
    }
}

/// `BGTask`: what the launch handler is given, an ``AppRefreshTask`` or a ``ProcessingTask``
/// (`task as? AppRefreshTask`, as `task as? BGAppRefreshTask` on the device).
@MainActor
public class AppTask: BackgroundTask {
    private let task: any BackgroundTask

    /// The task `task` (the simulation's) in Apple's shape.
    public init(_ task: any BackgroundTask) {
        self.task = task
    }

    /// The request's identifier.
    public var identifier: String { task.identifier }
    /// Runs shortly before the task's time is up; without one the task is marked failed.
    public var expirationHandler: (() -> Void)? {
        get { task.expirationHandler }
        set { task.expirationHandler = newValue }
    }
    /// Tells the system the work is done.
    public func setTaskCompleted(success: Bool) {
        task.setTaskCompleted(success: success)
    }
}

/// `BGAppRefreshTask`.
@MainActor
public final class AppRefreshTask: AppTask {}

/// `BGProcessingTask`.
@MainActor
public final class ProcessingTask: AppTask {}
#endif

#if canImport(BackgroundTasks) && os(iOS)
import BackgroundTasks

public typealias AppTaskScheduler = BGTaskScheduler
public typealias AppTaskRequest = BGTaskRequest
public typealias AppRefreshTaskRequest = BGAppRefreshTaskRequest
public typealias ProcessingTaskRequest = BGProcessingTaskRequest
public typealias AppTask = BGTask
public typealias AppRefreshTask = BGAppRefreshTask
public typealias ProcessingTask = BGProcessingTask
#endif
