/// The numbers of `CLLocationUpdate.liveUpdates` and `CLBackgroundActivitySession` (§10, iOS 17),
/// ``SimProfile/liveUpdates``.
public struct LiveUpdateProfile: Hashable, Sendable, Codable {
    /// Whether `CLLocationUpdate.liveUpdates` and `CLBackgroundActivitySession` exist (iOS 17+);
    /// before, they do nothing and a warning is logged. [doc]
    public var isAvailable = false
    /// Whether live updates carry diagnostics (iOS 18+). [doc]
    public var hasDiagnostics = false
    /// Seconds of stillness after which a background app's live updates stop even with a
    /// session, when the configuration's stationary window is longer ("~10 min", DTS thread 763696). [dts]
    public var backgroundStillCutoff = 600.0
    /// Seconds a relaunched app has to re-create its background activity session ("at once"). [model]
    public var sessionRejoinWindow = 5.0
    /// Seconds of run a suspended or terminated app gets when live updates are available again;
    /// an active session then keeps it running. [model] after §9's event wakes.
    public var wakeSeconds = 10.0

    /// The defaults above: no live updates.
    public init() {}
}
