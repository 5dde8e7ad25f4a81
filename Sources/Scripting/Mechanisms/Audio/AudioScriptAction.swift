import Simulation

/// What an app script does with background audio (§13): an `AppScript.Action.audio`.
public enum AudioScriptAction: Hashable, Sendable {
    /// `AVAudioSession.setActive(true)`.
    case activateSession
    /// `AVAudioPlayer.play()`, of sound or of silence.
    case play(silent: Bool)
    /// `AVAudioPlayer.pause()`.
    case pause
}

extension ScriptedApp {
    func perform(_ action: AudioScriptAction, in application: SimApplication) {
        let state = mechanismState(AudioScriptState.init)
        switch action {
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

extension AudioScriptAction {
    /// The mechanism this action shows the app uses, for ``AppScriptOutline``'s `uses` line.
    var outlinedMechanism: AppScriptOutline.Mechanism? {
        switch self {
        case .play(let silent): .audio(silent: silent)
        case .activateSession, .pause: nil
        }
    }
}

// 0.2.0 reached these through the protocol ScriptMechanismAction; ScriptActionRouting.swift routes now.
extension AudioScriptAction {
    @available(*, deprecated, message: "ScriptedApp performs a script's actions; put it in a script")
    @MainActor public func perform(in app: ScriptedApp, application: SimApplication) { app.perform(self, in: application) }
    @available(*, deprecated, message: "it holds no actions: use AppScript.Action.audio(_:)")
    public func mapChildren(_ transform: ([AppScript.Action]) -> [AppScript.Action]) -> AppScript.Action { .audio(self) }
    @available(*, deprecated, message: "it holds no actions")
    public var children: [AppScript.Action] { [] }
}
