/// `AVAudioSession.interruptionNotification`, as the app hears it.
public enum SimAudioInterruption: Hashable, Sendable {
    case began
    case ended(shouldResume: Bool)
}
