/// Something that happens to the device, the user or the app at a given time of a run.
public struct SimScenarioEvent: Hashable, Sendable, Codable {
    /// What happens.
    public enum Action: Hashable, Sendable, Codable {
        /// The user opens the app (a launch if it is not running).
        case launch
        /// The user leaves the app (home gesture or app switch).
        case enterBackground
        /// The user returns to the app.
        case returnToForeground
        /// The device is locked and goes to sleep.
        case lock
        /// The device is woken and unlocked; an app that was on screen comes back.
        case unlock
        /// iOS purges the app if it is suspended.
        case memoryPressure
        /// The user swipes the app away.
        case forceQuit
        /// The user changes the app's authorization in Settings.
        case setAuthorization(SimAuthorizationStatus)
        /// The user turns precise location off (or on).
        case setAccuracyAuthorization(SimAccuracyAuthorization)
        /// The device-wide Location Services switch.
        case setLocationServices(enabled: Bool)
        /// The app's own code: begin a background task with this name, ended in its handler.
        case beginBackgroundTask(name: String)
        /// The app's own code: end the oldest open background task.
        case endBackgroundTask
        /// The app's own code: start or stop standard location updates.
        case startUpdatingLocation
        case stopUpdatingLocation
        /// Something of BGTaskScheduler (§12).
        case bgTasks(BGTaskScenarioAction)
        /// A call or an alarm that interrupts the app's audio (§13).
        case audio(AudioScenarioAction)
        /// A silent push, a VoIP push or a background fetch (§14).
        case pushes(PushScenarioAction)
        /// Low Power Mode, battery, charging, heat, the global refresh switch, restarts and updates (§15).
        case device(SimDeviceAction)
        case resources(ResourceScenarioAction)  // Critical memory pressure (§15).
        case locationPushes(LocationPushScenarioAction)  // The Location Push Service Extension (§16).

        /// Whether the user does this on the device (opens, leaves or returns to the app, locks,
        /// unlocks, force-quits, changes a setting): Low Power Mode's auto-lock counts from the
        /// last one (§15). What iOS, the app or other apps do is not.
        public var isUserInteraction: Bool {
            switch self {
            case .launch, .enterBackground, .returnToForeground, .lock, .unlock, .forceQuit,
                 .setAuthorization, .setAccuracyAuthorization, .setLocationServices: true
            case .memoryPressure, .beginBackgroundTask, .endBackgroundTask, .startUpdatingLocation, .stopUpdatingLocation: false
            case .device(let action): action.isUserInteraction
            case .bgTasks, .audio, .pushes, .resources: false
            case .locationPushes(let action): action.isUserInteraction
            }
        }
    }

    /// Seconds from the start of the run.
    public var time: Double
    public var action: Action

    public init(at time: Double, _ action: Action) {
        self.time = time
        self.action = action
    }
}
