import Scripting
import Simulation

/// The iOS options of Transistor Software's `react-native-background-geolocation` /
/// `flutter_background_geolocation` that the import reads, with the plugin's documented
/// defaults, and the app script that behaves as the plugin does with them (`Docs/Plugins.md`).
public struct BackgroundGeolocationConfig: Hashable, Sendable {
    /// `locationAuthorizationRequest`.
    public enum AuthorizationRequest: String, CaseIterable, Hashable, Sendable {
        case always = "Always"
        case whenInUse = "WhenInUse"
        /// "Accept either": the import asks When In Use, the first prompt iOS shows.
        case any = "Any"
    }

    public var desiredAccuracy = SimAccuracy.best
    /// Metres.
    public var distanceFilter = 10.0
    /// Minutes still before the plugin turns location services off.
    public var stopTimeout = 5.0
    /// Metres; the plugin raises it to ``minimumStationaryRadius``.
    public var stationaryRadius = 25.0
    public var preventSuspend = false
    /// Seconds.
    public var heartbeatInterval = 60.0
    public var stopOnTerminate = true
    public var startOnBoot = false
    public var useSignificantChangesOnly = false
    public var disableStopDetection = false
    /// `nil`: not given (the plugin's own stop detection decides).
    public var pausesLocationUpdatesAutomatically: Bool?
    public var locationAuthorizationRequest = AuthorizationRequest.always
    public var activityType = SimActivityType.other
    public var showsBackgroundLocationIndicator = true

    public init() {}

    /// "The plugin enforces a minimum stationaryRadius of 25".
    public static let minimumStationaryRadius = 25.0
    /// The stationary geofence's identifier.
    public static let stationaryRegion = "stationary"
    /// The stop-detection timer's name.
    public static let stopTimer = "stop-detection"

    /// `desiredAccuracy`'s presets (`DESIRED_ACCURACY_NAVIGATION` … `_LOWEST`), by value and name,
    /// as Core Location's constants: the iOS plugin passes the metres on.
    static let accuracies: [(value: Double, name: String, accuracy: SimAccuracy)] = [
        (-2, "Navigation", .bestForNavigation), (-1, "High", .best), (10, "Medium", .nearestTenMeters),
        (100, "Low", .hundredMeters), (1000, "VeryLow", .kilometer), (3000, "Lowest", .threeKilometers),
    ]
    /// `activityType`'s values: `ACTIVITY_TYPE_OTHER` = 1 … `_AIRBORNE` = 5, CLActivityType's raw values.
    static let activityTypes: [(value: Double, type: SimActivityType)] = [
        (1, .other), (2, .automotiveNavigation), (3, .fitness), (4, .otherNavigation), (5, .airborne),
    ]

    /// The plugin's own stop detection runs: neither turned off nor replaced by iOS's pause.
    public var detectsStops: Bool {
        !useSignificantChangesOnly && !disableStopDetection && pausesLocationUpdatesAutomatically != false
    }

    /// `CLLocationManager.pausesLocationUpdatesAutomatically`: as given, else on only when the
    /// plugin's stop detection is disabled ("the default iOS behavior").
    public var iOSPauses: Bool { pausesLocationUpdatesAutomatically ?? disableStopDetection }

    /// `preventSuspend` works: "preventSuspend will no longer work" with pausing off.
    public var keepsAwake: Bool { preventSuspend && pausesLocationUpdatesAutomatically != false }

    /// What the import chose beyond the options, in the order the script shows it.
    public var decisions: [ImportDecision] {
        var decisions: [ImportDecision] = [.backgroundMode(.location, option: nil)]
        if keepsAwake { decisions.append(.backgroundMode(.audio, option: "preventSuspend")) }
        if startOnBoot { decisions += [.backgroundMode(.fetch, option: "startOnBoot"), .backgroundFetch] }
        if locationAuthorizationRequest == .any { decisions.append(.anyAsWhenInUse) }
        if useSignificantChangesOnly {
            decisions.append(.mechanism(.significantChangesOnly))
        } else {
            decisions.append(.mechanism(detectsStops ? .stopTimer(minutes: stopTimeout) : iOSPauses ? .iOSPause : .neverStopped))
        }
        if keepsAwake { decisions.append(.silentAudioKeepAlive) } else if preventSuspend { decisions.append(.preventSuspendIgnored) }
        return decisions
    }

    /// The app as the plugin runs it after `ready(config)` and `start()`.
    public var script: AppScript {
        let standard = SimCapabilities()
        var info = SimCapabilities(backgroundModes: [.location], whenInUseUsageDescription: standard.whenInUseUsageDescription,
                                   alwaysAndWhenInUseUsageDescription: standard.alwaysAndWhenInUseUsageDescription)
        if keepsAwake { info.backgroundModes.insert(.audio) }
        if startOnBoot { info.backgroundModes.insert(.fetch) }
        var script = AppScript(info: info)
        let request: AppScript.Action = locationAuthorizationRequest == .always ? .requestAlways : .requestWhenInUse
        let radius = max(stationaryRadius, Self.minimumStationaryRadius)
        let arm = AppScript.Action.regions(.monitor(latitude: nil, longitude: nil, radius: radius, id: Self.stationaryRegion))
        let disarm = AppScript.Action.regions(.stopMonitoring(id: Self.stationaryRegion))
        if useSignificantChangesOnly {
            // Only the significant-change service: the other location options "have no effect".
            script.reactions[.launch] = [request, .startSignificantChanges]
            if stopOnTerminate { script.reactions[.terminate] = [.stopSignificantChanges] }
        } else {
            let distance = distanceFilter
            script.reactions[.launch] = [
                request,
                .set([.desiredAccuracy(desiredAccuracy), .distanceFilter(distance), .activityType(activityType),
                      .allowsBackgroundLocationUpdates(true), .pausesLocationUpdatesAutomatically(iOSPauses),
                      .showsBackgroundLocationIndicator(showsBackgroundLocationIndicator)]),
                .startUpdates,
            ]
            // No motion sensor in the model: still is no fix for stopTimeout minutes, each fix restarting the timer.
            if detectsStops {
                script.reactions[.location] = [.namedAfter(name: Self.stopTimer, seconds: stopTimeout * 60, actions: [.stopUpdates, arm])]
            } else if iOSPauses {
                script.reactions[.paused] = [arm]
            }
            script.reactions[.terminate] = stopOnTerminate ? [.stopUpdates, disarm] : [arm]
            if detectsStops || iOSPauses || !stopOnTerminate {
                script.reactions[.regionExit] = [.startUpdates, disarm]
            }
        }
        if startOnBoot {
            // TSBackgroundFetch: the fetch the plugin relies on after a reboot, so the mode is used.
            script.reactions[.launch] = (script.reactions[.launch] ?? []) + [.bgTasks(.setFetchInterval(seconds: 0))]
            script.reactions[.push] = [.pushes(.complete(.noData))]
        }
        if keepsAwake {
            script.reactions[.background] = [.audio(.activateSession), .audio(.play(silent: true))]
            // iOS fires the heartbeat "only when configured with preventSuspend: true".
            script.timers = [AppScript.Timer(every: heartbeatInterval, while: .background, actions: [.log("heartbeat")])]
        }
        return script
    }
}
