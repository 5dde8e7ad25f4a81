import ScenarioInput
import ScenarioRun
import Simulation

/// Words for background audio (§13).
extension Prose {
    /// An audio event as one line of the timeline.
    static func text(_ audio: AudioEvent) -> String {
        switch audio {
        case .sessionActivated: "audio session activated"
        case .sessionDeactivated(let cause): "audio session deactivated: \(text(cause))"
        case .playbackStarted(let silent): silent ? "plays silent audio" : "plays audio"
        case .playbackStopped(let cause): "audio stops: \(text(cause))"
        case .interruptionBegan(let source): "audio interrupted by \(text(source))"
        case .interruptionEnded(let source, let delivered):
            delivered ? "the interruption by \(text(source)) ends: the app hears it" : "the interruption by \(text(source)) ends; the app does not run now: it hears it when it next runs, if the same process does"
        case .interruptionIgnored(let source): "\(text(source)): no active audio session to interrupt"
        }
    }

    static func text(_ source: SimAudioInterruptionSource) -> String {
        switch source {
        case .call: "an accepted phone call"
        case .declinedCall: "a declined phone call"
        case .alarm: "an alarm"
        }
    }

    /// An audio cause in words.
    static func text(_ cause: AudioCause) -> String {
        switch cause {
        case .paused: "the app paused its audio"
        case .sessionInactive: "the audio session is not active"
        case .modeMissing: "UIBackgroundModes lacks 'audio'"
        case .interrupted(let source): "\(text(source)) interrupted the audio"
        case .deactivatedOnSuspension: "a suspended app's audio session is deactivated"
        }
    }

    /// An audio cause's name, as JSON writes it.
    static func name(_ cause: AudioCause) -> String {
        switch cause {
        case .paused: "audioPaused"
        case .sessionInactive: "audioSessionInactive"
        case .modeMissing: "audioModeMissing"
        case .interrupted: "audioInterrupted"
        case .deactivatedOnSuspension: "audioDeactivatedOnSuspension"
        }
    }

    /// What holds the app, as a noun phrase.
    static func text(_ hold: AudioHold) -> String {
        switch hold {
        case .playback(silent: false): "audio playback"
        case .playback(silent: true): "silent audio playback"
        }
    }

    /// What holds the app, in a word or two for the picture's legend.
    static func label(_ hold: AudioHold) -> String {
        switch hold {
        case .playback(silent: false): "audio"
        case .playback(silent: true): "silent audio"
        }
    }
}

extension Prose {
    /// An audio warning in words.
    static func text(_ warning: AudioWarning) -> String {
        switch warning {
        case .silentKeepAlive: "silent audio keeps the app alive: " + ImportDecision.silentAudioVerdict
        }
    }
}

extension Prose {
    /// What the audio goal asks.
    static func text(_ goal: AudioGoal) -> String {
        "playback that stops only during an interruption and plays again within \(Formatting.duration(goal.resumeWithinSeconds)) of its end"
    }
}

extension Prose {
    /// An interruption's fields, as a scenario file writes them.
    static func fields(_ action: AudioScenarioAction) -> [(name: String, value: String)] {
        switch action {
        case .call(let accepted, let seconds): [("accepted", "\(accepted)"), ("duration", JSONValue.number(seconds))]
        case .alarm(let seconds): [("duration", JSONValue.number(seconds))]
        }
    }
}
