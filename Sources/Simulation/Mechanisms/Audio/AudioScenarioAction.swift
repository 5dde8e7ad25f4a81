/// What a scenario makes happen to the app's audio (§13): a `SimScenarioEvent.Action.audio`.
public enum AudioScenarioAction: Hashable, Sendable, Codable {
    /// A phone call rings for, or (accepted) lasts, `seconds`: it interrupts the app's audio.
    case call(accepted: Bool, seconds: Double)
    /// An alarm sounds for `seconds`, interrupting the app's audio.
    case alarm(seconds: Double)

    /// Interrupts the run's audio session.
    @MainActor
    public func apply(to system: SimSystem) {
        guard let audio = system.mechanism(BackgroundAudio.self) else { return }
        switch self {
        case .call(let accepted, let seconds): audio.interrupt(by: accepted ? .call : .declinedCall, seconds: seconds, in: system)
        case .alarm(let seconds): audio.interrupt(by: .alarm, seconds: seconds, in: system)
        }
    }
}
