import PlatformShapes

/// Sends the recorded route when the app leaves the screen, inside a background task so iOS
/// does not suspend the app mid-upload; written once for `UIApplication` and the simulation's
/// application, known only as ``BackgroundTasking``.
@MainActor
public final class RouteUploader<App: BackgroundTasking> {
    /// How an upload ended.
    public enum Outcome: Hashable, Sendable {
        /// The server answered; `points` were sent.
        case sent(points: Int)
        /// The background time ran out first: the task was ended unfinished.
        case expired
        /// iOS gave no background time (`beginBackgroundTask` returned `.invalid`).
        case refused
    }

    public let application: App
    /// The network call: sends the points and calls back on the main actor when done.
    private let send: ([RoutePoint], @escaping @MainActor () -> Void) -> Void
    private var task: App.BackgroundTaskIdentifier?
    public private(set) var outcomes: [Outcome] = []

    public init(application: App, send: @escaping ([RoutePoint], @escaping @MainActor () -> Void) -> Void) {
        self.application = application
        self.send = send
    }

    /// Starts an upload of `route` unless one runs.
    public func upload(_ route: [RoutePoint]) {
        guard task == nil else { return }
        let identifier = application.beginBackgroundTask(withName: "route-upload") { [weak self] in
            self?.finish(.expired)
        }
        guard identifier != .invalid else {
            outcomes.append(.refused)
            return
        }
        task = identifier
        send(route) { [weak self] in self?.finish(.sent(points: route.count)) }
    }

    /// Ends the task once: the answer after an expiry (or the reverse) changes nothing.
    private func finish(_ outcome: Outcome) {
        guard let task else { return }
        self.task = nil
        outcomes.append(outcome)
        application.endBackgroundTask(task)
    }
}
