import Simulation

/// What a scripted app's process keeps for its audio: its player, once it plays.
@MainActor
final class AudioScriptState {
    var player: SimAudioPlayer?
}
