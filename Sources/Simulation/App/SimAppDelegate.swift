/// The app under simulation: lifecycle callbacks as `UIApplicationDelegate` delivers them.
///
/// Every method has an empty default, so an app implements only what it needs. A simulation
/// creates the delegate anew for every process (a relaunch starts from nothing, §9).
@MainActor
public protocol SimAppDelegate: AnyObject {
    /// `application(_:didFinishLaunchingWithOptions:)`, Apple's launch entry: called first at every
    /// launch, then ``applicationDidFinishLaunching(_:inBackground:)``. `launchOptions` is nil for
    /// a launch by the user, and holds `.location: true` when iOS launched the app for a location
    /// event (``SimLaunchOptionsKey/location``); other system launches (a BGTask, a push, a
    /// transfer) give an empty dictionary. The result is ignored, as iOS ignores it outside URL
    /// launches.
    func application(_ application: SimApplication, didFinishLaunchingWithOptions launchOptions: [SimApplication.LaunchOptionsKey: Any]?) -> Bool
    /// The app launched; `inBackground` when iOS launched it for an event.
    func applicationDidFinishLaunching(_ application: SimApplication, inBackground: Bool)
    func applicationDidBecomeActive(_ application: SimApplication)
    func applicationWillResignActive(_ application: SimApplication)
    func applicationDidEnterBackground(_ application: SimApplication)
    func applicationWillEnterForeground(_ application: SimApplication)
    /// The user quits the app while it runs; a suspended app, or one iOS kills, is ended
    /// without hearing of it.
    func applicationWillTerminate(_ application: SimApplication)
    /// Not a UIKit callback: iOS resumed the suspended app in the background for `reason`. A real
    /// app learns of this only through the event's own callback, which follows.
    func applicationWasWoken(_ application: SimApplication, for reason: SimWakeReason)
    /// A silent push (`application(_:didReceiveRemoteNotification:fetchCompletionHandler:)`), a
    /// fetch (`application(_:performFetchWithCompletionHandler:)`) or a VoIP push
    /// (`pushRegistry(_:didReceiveIncomingPushWith:for:completion:)`), §14. A VoIP push must be
    /// reported as a call (`application.reportNewIncomingCall()`) before this returns.
    func application(_ application: SimApplication, didReceive push: SimPushKind, completion: SimBackgroundCompletion)
    /// Not a UIKit callback: `NSProcessInfoPowerStateDidChange`, posted when Low Power Mode turns
    /// on or off (read ``SimApplication/isLowPowerModeEnabled``). A suspended app hears it when it
    /// next runs, once for all the changes meanwhile (§9); it does not wake the app (§15).
    func applicationPowerStateDidChange(_ application: SimApplication)
    /// Not a UIKit callback: `ProcessInfo.thermalStateDidChangeNotification` (read
    /// ``SimApplication/thermalState``); delivered as ``applicationPowerStateDidChange(_:)`` is (§9).
    func applicationThermalStateDidChange(_ application: SimApplication)
}

extension SimAppDelegate {
    public func application(_ application: SimApplication, didFinishLaunchingWithOptions launchOptions: [SimApplication.LaunchOptionsKey: Any]?) -> Bool {
        true
    }
    public func applicationDidFinishLaunching(_ application: SimApplication, inBackground: Bool) {}
    public func applicationDidBecomeActive(_ application: SimApplication) {}
    public func applicationWillResignActive(_ application: SimApplication) {}
    public func applicationDidEnterBackground(_ application: SimApplication) {}
    public func applicationWillEnterForeground(_ application: SimApplication) {}
    public func applicationWillTerminate(_ application: SimApplication) {}
    public func applicationWasWoken(_ application: SimApplication, for reason: SimWakeReason) {}
    public func application(_ application: SimApplication, didReceive push: SimPushKind, completion: SimBackgroundCompletion) {}
    public func applicationPowerStateDidChange(_ application: SimApplication) {}
    public func applicationThermalStateDidChange(_ application: SimApplication) {}
}
