/// What happened to the app's audio (§13): the detail of an `.audio` event.
public enum AudioEvent: Hashable, Sendable, Codable {
    /// The kinds of audio events, as the JSON Lines report names them: one for all.
    public enum Kind: String, Hashable, Sendable, Codable, CaseIterable {
        case audio
    }

    case sessionActivated
    case sessionDeactivated(AudioCause)
    case playbackStarted(silent: Bool)
    case playbackStopped(AudioCause)
    case interruptionBegan(SimAudioInterruptionSource)
    /// The interruption ended; `delivered` when the app ran to hear it at once (a suspended app
    /// hears it when it next runs, §9).
    case interruptionEnded(SimAudioInterruptionSource, delivered: Bool)
    /// The session was not active: nothing to interrupt.
    case interruptionIgnored(SimAudioInterruptionSource)

    /// The event's kind.
    public var kind: Kind { .audio }
}

extension SimSystem {
    /// Logs an audio event.
    func emit(_ event: AudioEvent) {
        emit(.audio(event))
    }
}
