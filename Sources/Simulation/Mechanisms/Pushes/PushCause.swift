/// Why a VoIP push missed its call goal (§14): a `SimCause.pushes`.
public enum PushCause: Hashable, Sendable, Codable {
    /// The push never reached the app.
    case dropped(PushEvent.DropReason)
    /// The push's handler returned without reporting a call to CallKit, and iOS did not kill the
    /// app for it (before iOS 13; from iOS 13 the cause is the kill, `PushCrash.voipWithoutCall`).
    case callNotReported
}

extension PushCause {
    /// None ends the app's process: MetricKit counts no exit for a push cause.
    var exitCategory: SimExitCategory? { nil }
}
