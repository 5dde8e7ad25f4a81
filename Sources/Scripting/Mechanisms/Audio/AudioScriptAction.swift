import Simulation

/// What an app script does with background audio (§13): an `AppScript.Action.audio`.
public enum AudioScriptAction: ScriptMechanismAction {
    /// `AVAudioSession.setActive(true)`.
    case activateSession
    /// `AVAudioPlayer.play()`, of sound or of silence.
    case play(silent: Bool)
    /// `AVAudioPlayer.pause()`.
    case pause

    public func mapChildren(_ transform: ([AppScript.Action]) -> [AppScript.Action]) -> AppScript.Action {
        .audio(self)
    }

    public func perform(in app: ScriptedApp, application: SimApplication) {
        let state = app.mechanismState(AudioScriptState.init)
        switch self {
        case .activateSession:
            try? application.audioSession?.setActive(true)
        case .play(let silent):
            if state.player?.isSilent != silent { state.player = application.makeAudioPlayer(silent: silent) }
            state.player?.play()
        case .pause:
            state.player?.pause()
        }
    }
}
