/// `UIApplication.LaunchOptionsKey`: the keys of the dictionary
/// ``SimAppDelegate/application(_:didFinishLaunchingWithOptions:)`` is given.
public struct SimLaunchOptionsKey: RawRepresentable, Hashable, Sendable {
    public var rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }

    /// `UIApplication.LaunchOptionsKey.location`: iOS launched the app to handle a location event
    /// (a significant change, a region entry or exit, a visit, live updates, a CLMonitor event);
    /// the value is `true`. Make a location manager and start the services again: the event
    /// itself reaches its delegate, not this dictionary.
    public static let location = SimLaunchOptionsKey(rawValue: "UIApplicationLaunchOptionsLocationKey")
}

extension SimApplication {
    /// `UIApplication.LaunchOptionsKey`, spelt as Apple's: `[SimApplication.LaunchOptionsKey: Any]?`.
    public typealias LaunchOptionsKey = SimLaunchOptionsKey
}
