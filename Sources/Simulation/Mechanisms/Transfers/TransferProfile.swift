/// A profile's parameters for background URLSession transfers: `profile.transfers`.
public struct TransferProfile: Hashable, Sendable, Codable {
    /// The first iOS with background sessions: `URLSessionConfiguration.background(withIdentifier:)`
    /// and `application(_:handleEventsForBackgroundURLSession:completionHandler:)` are iOS 7.0+. [doc]
    public var firstIOSVersion = 7
    /// Seconds the app runs when iOS wakes or relaunches it for its session's events. Apple
    /// publishes no number; the value is the fetch and push wake's. [model]
    public var wakeSeconds: Double = 30
    /// Seconds before the system starts a discretionary transfer: one the app started while in
    /// the background ("the system always starts transfers at its discretion") or one with
    /// `isDiscretionary`. Apple gives no delay ("at times that are more optimal for the device"). [doc][model]
    public var discretionaryDelay: Double = 600

    /// The defaults above.
    public init() {}
}
