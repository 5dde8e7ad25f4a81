/// `AVAudioSession.ErrorCode` cases the model raises.
public enum SimAudioSessionError: Error, Hashable, Sendable {
    /// A call holds the audio: the session cannot be activated (`!int`).
    case cannotInterruptOthers
}
