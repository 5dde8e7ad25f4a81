/// What interrupts an audio session.
public enum SimAudioInterruptionSource: String, Hashable, Sendable, Codable {
    case call
    case declinedCall
    case alarm
}
