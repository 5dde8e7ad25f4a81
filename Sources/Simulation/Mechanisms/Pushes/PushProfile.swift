/// A profile's parameters for silent pushes, background fetch and VoIP pushes (§14): `profile.pushes`.
public struct PushProfile: Hashable, Sendable, Codable {
    /// Silent pushes delivered in any hour; more are held, the newest only ("no more than two or
    /// three per hour"). [doc]
    public var silentPerHour = 3
    /// Seconds a silent push, a fetch or a VoIP push gives an app it wakes or launches. [doc]
    public var wakeSeconds = 30.0
    /// Whether a VoIP push the app does not report as a call gets it terminated (iOS 13+; the
    /// named profiles before iOS 13 say false). [doc]
    public var voipRequiresCall = true
    /// VoIP pushes not reported as calls after which iOS stops delivering them. [obs]
    public var voipFailuresBeforeCutOff = 3

    /// iOS 13 and later: the defaults above.
    public init() {}

    /// Before iOS 13: an unreported VoIP push gets the app nothing.
    public static let beforeIOS13: PushProfile = {
        var profile = PushProfile()
        profile.voipRequiresCall = false
        return profile
    }()
}
