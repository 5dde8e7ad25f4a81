/// A profile's parameters for the Location Push Service Extension (§16, iOS 15): `profile.locationPushes`.
public struct LocationPushProfile: Hashable, Sendable, Codable {
    /// The first iOS with location pushes: `startMonitoringLocationPushes(completion:)` and
    /// `CLLocationPushServiceExtension` are iOS 15.0+. [doc]
    public var firstIOSVersion = 15
    /// Seconds the extension has, from the push, to call `didReceiveLocationPushPayload`'s
    /// completion before the system terminates it ("if you still don't call the block in a timely
    /// manner, the system terminates the extension"). Apple gives no number: the notification
    /// service extension's 30 s. [model]
    public var timeLimit: Double = 30
    /// Seconds before that end at which the system calls `serviceExtensionWillTerminate()` as a
    /// warning. Apple gives no number. [model]
    public var warningLead: Double = 5

    /// The defaults above.
    public init() {}
}
