/// The numbers of `CLServiceSession` (§10, iOS 18), ``SimProfile/serviceSessions``.
public struct ServiceSessionProfile: Hashable, Sendable, Codable {
    /// Whether `CLServiceSession` exists and decides who receives live updates and monitor
    /// events (iOS 18+); before, creating one does nothing and a warning is logged. [doc]
    public var isAvailable = false
    /// Seconds a relaunched app has to re-create the service sessions its last process held
    /// ("within a few seconds of a relaunch"). [model]
    public var rejoinWindow = 5.0

    /// The defaults above: no service sessions.
    public init() {}
}
