/// Why audio stopped, or does not hold the app (§13): a `SimCause.audio`.
public enum AudioCause: Hashable, Sendable, Codable {
    /// The app paused its audio.
    case paused
    /// The app's audio session is not active.
    case sessionInactive
    /// `UIBackgroundModes` lacks `audio`.
    case modeMissing
    /// A call or an alarm interrupted the audio.
    case interrupted(SimAudioInterruptionSource)
    /// A suspended app's audio session is deactivated (iOS 10+).
    case deactivatedOnSuspension
}

extension AudioCause {
    /// None ends the app's process: MetricKit counts no exit for an audio cause.
    var exitCategory: SimExitCategory? { nil }
}
