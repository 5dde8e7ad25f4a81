/// What the simulator warns about for background audio (§13): a `SimWarning.audio`.
public enum AudioWarning: Hashable, Sendable, Codable {
    /// Silent audio kept the app alive: App Review rejects this (guideline 2.5.4).
    case silentKeepAlive

    /// A keep-alive App Review rejects is about the run as a whole.
    public var isAboutTheRun: Bool { true }
}
