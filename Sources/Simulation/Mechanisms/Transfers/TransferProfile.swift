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
    /// Whether a discretionary transfer waits for the device to charge ("the system might delay
    /// transferring large files until the device is plugged in and connected to Wi-Fi",
    /// `isDiscretionary`) [doc]; the spec settles that it does (§14). The model is always on Wi-Fi. [model]
    public var discretionaryNeedsPower = true
    /// The app's resume delay after its first wake for a session's events, in seconds: each wake
    /// (or relaunch) multiplies it by ``resumeDelayFactor``; the user opening the app resets it;
    /// it holds back the start of transfers the app creates in the background. Quinn (DTS),
    /// forum thread 14854 ("NSURLSession's resume rate limiter") [dts]; nsurlsessiond's log in
    /// thread 128813 reads 60, 120, 240 s on iOS 12.4 [obs].
    public var resumeDelayFirst: Double = 60
    /// What each further wake multiplies the resume delay by ("doubles that delay"). [dts][obs]
    public var resumeDelayFactor: Double = 2

    /// The defaults above.
    public init() {}
}
