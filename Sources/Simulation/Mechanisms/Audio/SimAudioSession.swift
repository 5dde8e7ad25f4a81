/// `AVAudioSession.sharedInstance()` for one process of the app (§13).
///
/// ```swift
/// try application.audioSession.setActive(true)
/// application.audioSession.onInterruption = { interruption in … }
/// let player = application.makeAudioPlayer()
/// player.play()
/// ```
@MainActor
public final class SimAudioSession {
    private weak var system: SimSystem?
    private let audio: BackgroundAudio?
    private let process: Int

    init(system: SimSystem, process: Int) {
        self.system = system
        audio = system.mechanism(BackgroundAudio.self)
        self.process = process
    }

    /// The system, while this session's process runs.
    private var live: SimSystem? {
        guard let system, system.process == process, system.appState != .terminated else { return nil }
        return system
    }

    /// Whether the session is active.
    public var isActive: Bool { live != nil && audio?.isSessionActive == true }

    /// `setActive(_:)`; activating fails while a call holds the audio.
    public func setActive(_ active: Bool) throws(SimAudioSessionError) {
        guard let system = live, let audio else { return }
        try audio.setActive(active, in: system)
    }

    /// `AVAudioSession.interruptionNotification`: heard only while the app runs.
    public var onInterruption: (@MainActor (SimAudioInterruption) -> Void)? {
        get { audio?.interruptionHandler }
        set { if live != nil { audio?.interruptionHandler = newValue } }
    }
}

/// `AVAudioPlayer`, reduced to what keeps an app alive: whether it plays, and whether what it
/// plays is silence (which App Review rejects as a keep-alive, guideline 2.5.4).
@MainActor
public final class SimAudioPlayer {
    private weak var system: SimSystem?
    private let audio: BackgroundAudio?
    private let process: Int
    /// Whether the player's sound is silence.
    public let isSilent: Bool

    init(system: SimSystem, process: Int, silent: Bool) {
        self.system = system
        audio = system.mechanism(BackgroundAudio.self)
        self.process = process
        isSilent = silent
    }

    private var live: SimSystem? {
        guard let system, system.process == process, system.appState != .terminated else { return nil }
        return system
    }

    /// Whether it plays.
    public var isPlaying: Bool { live != nil && audio?.playback?.silent == isSilent }

    /// `play()`: activates the session if needed; `false` when it cannot play (a call holds the
    /// audio, or the app is in the background without the `audio` mode).
    @discardableResult
    public func play() -> Bool {
        guard let system = live, let audio else { return false }
        return audio.play(silent: isSilent, in: system)
    }

    /// `pause()`.
    public func pause() {
        guard let system = live, isPlaying, let audio else { return }
        audio.pause(in: system)
    }
}
