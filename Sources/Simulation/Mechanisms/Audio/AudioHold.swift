/// How audio holds the app (§13): a `SimHold.Kind.audio`.
public enum AudioHold: Hashable, Sendable, Codable {
    /// Audio playing with the `audio` mode; `silent` when it is silence.
    case playback(silent: Bool)
}
