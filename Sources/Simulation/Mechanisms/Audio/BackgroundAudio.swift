/// Background audio (§13): with the `audio` mode, an app whose audio session is active and
/// playing keeps running in the background without spending its budget. Calls and alarms
/// interrupt the session; the end of an interruption reaches a running app at once, a suspended
/// one when it next runs (§9), a terminated one never.
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
        guard system.configuration.capabilities.backgroundModes.contains(.audio) else { return .notHolding(.audio(.modeMissing)) }
        if let interruption { return .notHolding(.audio(.interrupted(interruption))) }
        guard isSessionActive else { return .notHolding(.audio(.sessionInactive)) }
        guard let playback else { return .notHolding(.audio(.paused)) }
        return .holding(SimHold(kind: .audio(.playback(silent: playback.silent)), spendsBudget: false, isAssertion: false))
    }

    // MARK: The app's calls

    func setActive(_ active: Bool, in system: SimSystem) throws(SimAudioSessionError) {
        if active, interruption == .call { throw .cannotInterruptOthers }
        guard active != isSessionActive else { return }
        isSessionActive = active
        system.emit(active ? AudioEvent.sessionActivated : .sessionDeactivated(.sessionInactive))
        if !active { stopPlayback(.sessionInactive, in: system) }
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
        system.emit(AudioEvent.playbackStarted(silent: silent))
        system.reevaluate()
        return true
    }

    func pause(in system: SimSystem) {
        stopPlayback(.paused, in: system)
        system.reevaluate()
    }

    private func stopPlayback(_ cause: AudioCause, in system: SimSystem) {
        guard playback != nil else { return }
        playback = nil
        system.emit(AudioEvent.playbackStopped(cause))
    }

    // MARK: Scenario events

    /// A call (accepted or declined) or an alarm interrupts the session for `seconds`.
    public func interrupt(by source: SimAudioInterruptionSource, seconds: Double, in system: SimSystem) {
        guard isSessionActive, interruption == nil else {
            system.emit(AudioEvent.interruptionIgnored(source))
            return
        }
        interruption = source
        isSessionActive = false
        system.emit(AudioEvent.interruptionBegan(source))
        stopPlayback(.interrupted(source), in: system)
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
        // §9: a suspended app hears the end when it next runs (it is not woken for it); a
        // terminated one never does.
        let heard = system.appState.isRunning
        system.emit(AudioEvent.interruptionEnded(source, delivered: heard))
        deliver(.ended(shouldResume: true), in: system)
    }

    /// The key that coalesces `AVAudioSession.interruptionNotification`s waiting for the app (§9).
    private enum InterruptionNotification: Hashable { case interruption }

    private func deliver(_ notification: SimAudioInterruption, in system: SimSystem) {
        system.postToApp(InterruptionNotification.interruption) { [weak self] in
            guard let handler = self?.interruptionHandler else { return }
            handler(notification)
        }
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
            if !system.configuration.capabilities.backgroundModes.contains(.audio) { stopPlayback(.modeMissing, in: system) }
            if let playback, playback.silent, !warnedAboutSilence {
                warnedAboutSilence = true
                system.emit(.warning(.audio(.silentKeepAlive)))
            }
        case .suspended:
            // Since iOS 10 a suspended app's session is deactivated.
            stopPlayback(.deactivatedOnSuspension, in: system)
            if isSessionActive {
                isSessionActive = false
                system.emit(AudioEvent.sessionDeactivated(.deactivatedOnSuspension))
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
