/// Background audio (§13): with the `audio` mode, an app whose audio session is active and
/// playing keeps running in the background without spending its budget. Calls and alarms
/// interrupt the session; the end of an interruption reaches only an app that still runs.
@MainActor
public final class BackgroundAudio: BackgroundMechanism {
    /// Whether the app's session is active.
    public private(set) var isSessionActive = false
    /// Whether a player plays, and whether what it plays is silence.
    public private(set) var playback: Playback?
    /// The interruption in progress, if any.
    public private(set) var interruption: SimAudioInterruptionSource?
    private var interruptionEnd: ScheduledWork?
    /// The app's handler for interruption notifications (its process's).
    var interruptionHandler: (@MainActor (SimAudioInterruption) -> Void)?
    /// Whether silent audio ever held the app: a review risk, reported once.
    private var warnedAboutSilence = false
    /// Whether the app played, or tried to play, in the background: a use of the `audio` mode.
    private var playedInBackground = false

    /// What plays.
    public struct Playback: Hashable, Sendable {
        public var silent: Bool
    }

    public init() {}

    public func holdStatus(in system: SimSystem) -> SimHoldStatus {
        guard isSessionActive || playback != nil || interruption != nil else { return .notHolding(nil) }
        if playback != nil, system.appState == .background { playedInBackground = true }
        guard system.configuration.capabilities.backgroundModes.contains(.audio) else { return .notHolding(.audioModeMissing) }
        if let interruption { return .notHolding(.audioInterrupted(interruption)) }
        guard isSessionActive else { return .notHolding(.audioSessionInactive) }
        guard let playback else { return .notHolding(.audioPaused) }
        return .holding(SimHold(kind: .audioPlayback(silent: playback.silent), spendsBudget: false, isAssertion: false))
    }

    // MARK: The app's calls

    func setActive(_ active: Bool, in system: SimSystem) throws(SimAudioSessionError) {
        if active, interruption == .call { throw .cannotInterruptOthers }
        guard active != isSessionActive else { return }
        isSessionActive = active
        system.emit(.audio, .audio(active ? .sessionActivated : .sessionDeactivated(.audioSessionInactive)))
        if !active { stopPlayback(.audioSessionInactive, in: system) }
        system.reevaluate()
    }

    func play(silent: Bool, in system: SimSystem) -> Bool {
        // Playing needs an active session; AVAudioPlayer activates one implicitly, which a call refuses.
        if !isSessionActive {
            do throws(SimAudioSessionError) { try setActive(true, in: system) } catch { return false }
        }
        if system.appState == .background, !system.configuration.capabilities.backgroundModes.contains(.audio) { return false }
        guard playback?.silent != silent else { return true }
        playback = Playback(silent: silent)
        system.emit(.audio, .audio(.playbackStarted(silent: silent)))
        system.reevaluate()
        return true
    }

    func pause(in system: SimSystem) {
        stopPlayback(.audioPaused, in: system)
        system.reevaluate()
    }

    private func stopPlayback(_ cause: SimCause, in system: SimSystem) {
        guard playback != nil else { return }
        playback = nil
        system.emit(.audio, .audio(.playbackStopped(cause)))
    }

    // MARK: Scenario events

    /// A call (accepted or declined) or an alarm interrupts the session for `seconds`.
    public func interrupt(by source: SimAudioInterruptionSource, seconds: Double, in system: SimSystem) {
        guard isSessionActive, interruption == nil else {
            system.emit(.audio, .audio(.interruptionIgnored(source)))
            return
        }
        interruption = source
        isSessionActive = false
        system.emit(.audio, .audio(.interruptionBegan(source)))
        stopPlayback(.audioInterrupted(source), in: system)
        deliver(.began, in: system)
        system.reevaluate()
        interruptionEnd = system.scheduler.schedule(after: seconds, owner: .mechanism) { [unowned self, unowned system] in
            endInterruption(in: system)
        }
    }

    private func endInterruption(in system: SimSystem) {
        guard let source = interruption else { return }
        interruption = nil
        interruptionEnd = nil
        // "Interruption ended" is not guaranteed: an app that no longer runs never hears it.
        let heard = system.appState.isRunning
        system.emit(.audio, .audio(.interruptionEnded(source, delivered: heard)))
        if heard { deliver(.ended(shouldResume: true), in: system) }
    }

    private func deliver(_ notification: SimAudioInterruption, in system: SimSystem) {
        guard let interruptionHandler else { return }
        system.runAppCode { interruptionHandler(notification) }
    }

    public func infoPlistUse(in system: SimSystem) -> SimInfoPlistUse {
        SimInfoPlistUse(backgroundModes: playedInBackground ? [.audio] : [])
    }

    // MARK: Lifecycle

    public func appStateChanged(in system: SimSystem, from old: SimAppState) {
        switch system.appState {
        case .background where old.isForeground:
            // Without the mode, audio stops when the app leaves the foreground.
            if playback != nil { playedInBackground = true }
            if !system.configuration.capabilities.backgroundModes.contains(.audio) { stopPlayback(.audioModeMissing, in: system) }
            if let playback, playback.silent, !warnedAboutSilence {
                warnedAboutSilence = true
                system.emit(.warning, .warning(.silentAudioKeepAlive))
            }
        case .suspended:
            // Since iOS 10 a suspended app's session is deactivated.
            stopPlayback(.audioDeactivatedOnSuspension, in: system)
            if isSessionActive {
                isSessionActive = false
                system.emit(.audio, .audio(.sessionDeactivated(.audioDeactivatedOnSuspension)))
            }
        default:
            break
        }
    }

    public func processEnded(in system: SimSystem, process: Int, forceQuit: Bool) {
        // The process is gone, and its player and session with it.
        interruptionHandler = nil
        playback = nil
        isSessionActive = false
    }
}

/// What interrupts an audio session.
public enum SimAudioInterruptionSource: String, Hashable, Sendable, Codable {
    case call
    case declinedCall
    case alarm
}

/// `AVAudioSession.interruptionNotification`, as the app hears it.
public enum SimAudioInterruption: Hashable, Sendable {
    case began
    case ended(shouldResume: Bool)
}

/// `AVAudioSession.ErrorCode` cases the model raises.
public enum SimAudioSessionError: Error, Hashable, Sendable {
    /// A call holds the audio: the session cannot be activated (`!int`).
    case cannotInterruptOthers
}

/// What happened to the app's audio.
public enum SimAudioEvent: Hashable, Sendable, Codable {
    case sessionActivated
    case sessionDeactivated(SimCause)
    case playbackStarted(silent: Bool)
    case playbackStopped(SimCause)
    case interruptionBegan(SimAudioInterruptionSource)
    /// The interruption ended; `delivered` when the app ran to hear it.
    case interruptionEnded(SimAudioInterruptionSource, delivered: Bool)
    /// The session was not active: nothing to interrupt.
    case interruptionIgnored(SimAudioInterruptionSource)
}
