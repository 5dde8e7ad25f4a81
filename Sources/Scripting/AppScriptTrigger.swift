extension AppScript {
    /// What happened to the app, as it hears of it.
    public enum Trigger: String, Hashable, Sendable, CaseIterable, Comparable {
        /// `application(_:didFinishLaunchingWithOptions:)`, in the foreground or the background.
        case launch
        /// `applicationDidEnterBackground`.
        case background
        /// `applicationWillEnterForeground`.
        case foreground
        /// `locationManagerDidPauseLocationUpdates`.
        case paused
        /// `locationManagerDidResumeLocationUpdates`: updates restarted after a pause.
        case resumed
        /// The authorization became denied or restricted.
        case denied
        /// `locationManagerDidChangeAuthorization`.
        case authorization
        /// `locationManager(_:didFailWithError:)`.
        case error
        /// `locationManager(_:didUpdateLocations:)`.
        case location
        /// iOS launched the app in the background, or woke it from suspension, for an event.
        case wake
        /// `applicationWillTerminate`: the app is ended while it runs.
        case terminate
        /// `NSProcessInfoPowerStateDidChange`: Low Power Mode turned on or off (§15); a suspended app
        /// hears it when it next runs, once for all the changes meanwhile (§9).
        case powerState = "power-state"
        /// `ProcessInfo.thermalStateDidChangeNotification`, delivered as `power-state` is (§9, §15).
        case thermalState = "thermal-state"
        /// `AVAudioSession.interruptionNotification`, began or ended (§13).
        case interruption
        /// A silent push, a background fetch or a VoIP push reaches the app (§14).
        case push
        // MARK: Regions and visits (§11)
        /// `locationManager(_:didEnterRegion:)`.
        case regionEnter = "region-enter"
        /// `locationManager(_:didExitRegion:)`.
        case regionExit = "region-exit"
        /// `locationManager(_:didVisit:)`.
        case visit
        // MARK: §12 BGTaskScheduler
        /// A BGTask's launch handler: iOS launched a task `register-task` registered (every task;
        /// `complete-task` completes the one launched).
        case bgTask = "bg-task"
        // MARK: Location sessions (§10)
        /// A `liveUpdates` update reaches the app (with a location, `isStationary`, or a diagnostic).
        case update
        case transferFinished = "transfer-finished"  // A background download finished (URLSession).
        case locationPush = "location-push"  // The app's extension's didReceiveLocationPushPayload (§16).

        /// Whether a reaction may be limited to one identifier (`id`): `bg-task` (the task's).
        public var takesID: Bool { self == .bgTask }

        public static func < (lhs: Trigger, rhs: Trigger) -> Bool {
            allCases.firstIndex(of: lhs)! < allCases.firstIndex(of: rhs)!
        }
    }
}
