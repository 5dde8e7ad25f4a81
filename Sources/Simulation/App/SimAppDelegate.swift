/// The app under simulation: lifecycle callbacks as `UIApplicationDelegate` delivers them.
///
/// Every method has an empty default, so an app implements only what it needs. A simulation
/// creates the delegate anew for every process (a relaunch starts from nothing, §9).
@MainActor
public protocol SimAppDelegate: AnyObject {
    /// The app launched; `inBackground` when iOS launched it for an event.
    func applicationDidFinishLaunching(_ application: SimApplication, inBackground: Bool)
    func applicationDidBecomeActive(_ application: SimApplication)
    func applicationWillResignActive(_ application: SimApplication)
    func applicationDidEnterBackground(_ application: SimApplication)
    func applicationWillEnterForeground(_ application: SimApplication)
}

extension SimAppDelegate {
    public func applicationDidFinishLaunching(_ application: SimApplication, inBackground: Bool) {}
    public func applicationDidBecomeActive(_ application: SimApplication) {}
    public func applicationWillResignActive(_ application: SimApplication) {}
    public func applicationDidEnterBackground(_ application: SimApplication) {}
    public func applicationWillEnterForeground(_ application: SimApplication) {}
}
