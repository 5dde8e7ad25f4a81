/// What arrives.
public enum SimPushKind: String, Hashable, Sendable, Codable {
    /// A silent push (`content-available: 1`).
    case silent
    /// A PushKit VoIP push.
    case voip
    /// A background fetch.
    case fetch

    /// The `UIBackgroundModes` entry it needs, as the Info.plist writes it.
    public var modeName: String { backgroundMode.rawValue }

    var backgroundMode: SimBackgroundMode {
        switch self {
        case .silent: .remoteNotification
        case .voip: .voip
        case .fetch: .fetch
        }
    }

    var wakeReason: SimWakeReason {
        switch self {
        case .silent: .pushes(.silent)
        case .voip: .pushes(.voip)
        case .fetch: .pushes(.fetch)
        }
    }
}
