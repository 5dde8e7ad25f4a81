/// Why live updates do not hold the app, or why a background activity session ended (§10).
public enum LiveUpdateCause: Hashable, Sendable, Codable {
    /// Live updates stopped: the device was still for the window.
    case stationary(windowSeconds: Double)
    /// Live updates keep a background app running only with an active background activity session.
    case noSession
    /// A background activity session created while the app was not in use is never active.
    case sessionNotInUse
    /// The relaunched app did not re-create its background activity session in time.
    case sessionNotRejoined
    /// The app invalidated its background activity session.
    case sessionInvalidated
    /// A new session replaced it.
    case sessionReplaced
    /// iOS 18's service sessions withhold live updates (the diagnostic says why).
    case withheld(SimLiveDiagnostic)
}

extension LiveUpdateCause {
    /// None ends the app's process: MetricKit counts no exit for a live-update cause.
    var exitCategory: SimExitCategory? { nil }
}
