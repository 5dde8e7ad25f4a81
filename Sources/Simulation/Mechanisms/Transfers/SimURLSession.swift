import Foundation

/// `URLSessionConfiguration.background(withIdentifier:)`: a session whose transfers the system
/// carries on while the app is suspended or not running.
public struct SimURLSessionConfiguration: Hashable, Sendable {
    /// The session's identifier; a relaunched app makes a session with it to get its events.
    public let identifier: String
    /// Whether iOS wakes or launches the app when the session's transfers finish (default true). [doc]
    public var sessionSendsLaunchEvents = true
    /// Whether the system may start transfers when it likes (default false; transfers started
    /// from the background are discretionary whatever this says). [doc]
    public var isDiscretionary = false

    /// A background configuration.
    public static func background(withIdentifier identifier: String) -> SimURLSessionConfiguration {
        SimURLSessionConfiguration(identifier: identifier)
    }
}

/// The delegate of a background session (`URLSessionDownloadDelegate`): it hears of finished
/// downloads, and, after a wake, that the session's events are all delivered.
@MainActor
public protocol SimURLSessionDownloadDelegate: AnyObject {
    func urlSession(_ session: SimURLSession, downloadTask: SimURLSessionDownloadTask, didFinishDownloadingTo location: URL)
    func urlSession(_ session: SimURLSession, task: SimURLSessionDownloadTask, didCompleteWithError error: (any Error)?)
    func urlSessionDidFinishEvents(forBackgroundURLSession session: SimURLSession)
}

extension SimURLSessionDownloadDelegate {
    public func urlSession(_ session: SimURLSession, task: SimURLSessionDownloadTask, didCompleteWithError error: (any Error)?) {}
    public func urlSessionDidFinishEvents(forBackgroundURLSession session: SimURLSession) {}
}

/// What an app delegate adopts to be told that a background session's events wait:
/// `application(_:handleEventsForBackgroundURLSession:completionHandler:)`. It should make a
/// session with `identifier` and call `completionHandler` once the session's events are handled.
@MainActor
public protocol SimBackgroundURLSessionAppDelegate: AnyObject {
    func application(_ application: SimApplication, handleEventsForBackgroundURLSession identifier: String,
                     completionHandler: @escaping @MainActor () -> Void)
}

/// `URLSession` with a background configuration, for one process of the app.
@MainActor
public final class SimURLSession {
    public let configuration: SimURLSessionConfiguration
    /// Kept strongly, as `URLSession` keeps its delegate.
    public let delegate: (any SimURLSessionDownloadDelegate)?
    let process: Int
    private weak var transfers: BackgroundTransfers?
    private weak var system: SimSystem?

    init(configuration: SimURLSessionConfiguration, delegate: (any SimURLSessionDownloadDelegate)?, process: Int,
         transfers: BackgroundTransfers?, system: SimSystem?) {
        self.configuration = configuration
        self.delegate = delegate
        self.process = process
        self.transfers = transfers
        self.system = system
    }

    /// `downloadTask(with:)`: a task that starts with `resume()`.
    public func downloadTask(with url: URL) -> SimURLSessionDownloadTask {
        SimURLSessionDownloadTask(url: url, session: self)
    }

    func resume(_ task: SimURLSessionDownloadTask) {
        guard let transfers, let system, system.process == process, system.appState.isRunning else { return }
        transfers.resume(task, in: self, system: system)
    }
}

/// `URLSessionDownloadTask` of a background session.
@MainActor
public final class SimURLSessionDownloadTask {
    public let originalRequestURL: URL
    /// `taskDescription`: how the event log names the task (else its URL).
    public var taskDescription: String?
    /// `taskIdentifier`, set when the task is resumed.
    public internal(set) var taskIdentifier = 0
    /// Seconds the transfer takes once the system starts it: the simulation's stand-in for the
    /// network (Apple's task has no such property).
    public var simulatedSeconds: Double = 60
    private weak var session: SimURLSession?

    init(url: URL, session: SimURLSession) {
        originalRequestURL = url
        self.session = session
    }

    /// Hands the task to the system.
    public func resume() {
        session?.resume(self)
    }
}

extension SimApplication {
    /// `URLSession(configuration:delegate:delegateQueue:)` with a background configuration.
    public func urlSession(configuration: SimURLSessionConfiguration, delegate: (any SimURLSessionDownloadDelegate)?) -> SimURLSession {
        let system = liveSystem, transfers = system?.mechanism(BackgroundTransfers.self)
        // An ended process gets a session that transfers nothing, as its other objects do nothing.
        let session = SimURLSession(configuration: configuration, delegate: delegate, process: process, transfers: transfers, system: system)
        if let system { transfers?.sessionMade(session, in: system) }
        return session
    }
}
