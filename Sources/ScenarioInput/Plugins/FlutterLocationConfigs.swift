import Scripting
import Simulation

/// The Flutter `location` plugin's settings (`changeSettings`, `enableBackgroundMode`) and the
/// app script its iOS code makes of them (`LocationPlugin.m`; `Docs/Plugins.md`).
public struct FlutterLocationConfig: Hashable, Sendable {
    public var accuracy = SimAccuracy.best
    /// Milliseconds; Android's only: iOS reads accuracy and distanceFilter.
    public var interval = 1000.0
    /// Metres; 0 is `kCLDistanceFilterNone`.
    public var distanceFilter = 0.0
    public var enableBackgroundMode = false

    public init() {}

    /// What the import chose beyond the options.
    public var decisions: [ImportDecision] {
        enableBackgroundMode ? [.backgroundMode(.location, option: "enableBackgroundMode")] : []
    }

    /// `LocationAccuracy` by name and index, as `changeSettings` maps them on iOS.
    static let accuracies: [(name: String, accuracy: SimAccuracy)] = [
        ("powerSave", .kilometer), ("low", .hundredMeters), ("balanced", .nearestTenMeters), ("high", .best),
        ("navigation", .bestForNavigation), ("reduced", .threeKilometers),
    ]

    public var script: AppScript {
        whenInUseUpdatesScript(background: enableBackgroundMode, settings: [
            .desiredAccuracy(accuracy), .distanceFilter(coreLocationDistance(distanceFilter)),
            .pausesLocationUpdatesAutomatically(true), .allowsBackgroundLocationUpdates(enableBackgroundMode),
            .showsBackgroundLocationIndicator(enableBackgroundMode),
        ])
    }
}

/// The Flutter `geolocator` plugin's `AppleSettings` (a `LocationSettings` reads as its first two
/// fields) and the app script its iOS code makes of them (`geolocator_apple`; `Docs/Plugins.md`).
public struct GeolocatorConfig: Hashable, Sendable {
    public var accuracy = SimAccuracy.best
    /// Metres; 0 is `kCLDistanceFilterNone`.
    public var distanceFilter = 0.0
    public var pauseLocationUpdatesAutomatically = false
    public var activityType = SimActivityType.other
    public var showBackgroundLocationIndicator = false
    public var allowBackgroundLocationUpdates = true

    public init() {}

    /// What the import chose beyond the options.
    public var decisions: [ImportDecision] {
        allowBackgroundLocationUpdates ? [.backgroundMode(.location, option: "allowBackgroundLocationUpdates")] : []
    }

    /// `LocationAccuracy` by name and index, as `LocationAccuracyMapper` maps them on iOS.
    static let accuracies: [(name: String, accuracy: SimAccuracy)] = [
        ("lowest", .threeKilometers), ("low", .kilometer), ("medium", .hundredMeters), ("high", .nearestTenMeters),
        ("best", .best), ("bestForNavigation", .bestForNavigation), ("reduced", .threeKilometers),
    ]
    /// `ActivityType` by name and index, as `ActivityTypeMapper` maps them.
    static let activityTypes: [(name: String, type: SimActivityType)] = [
        ("automotiveNavigation", .automotiveNavigation), ("fitness", .fitness), ("otherNavigation", .otherNavigation),
        ("airborne", .airborne), ("other", .other),
    ]

    public var script: AppScript {
        whenInUseUpdatesScript(background: allowBackgroundLocationUpdates, settings: [
            .desiredAccuracy(accuracy), .distanceFilter(coreLocationDistance(distanceFilter)),
            .pausesLocationUpdatesAutomatically(pauseLocationUpdatesAutomatically), .activityType(activityType),
            .allowsBackgroundLocationUpdates(allowBackgroundLocationUpdates),
            .showsBackgroundLocationIndicator(showBackgroundLocationIndicator),
        ])
    }
}

/// Both Flutter plugins' iOS code: ask When In Use, set the manager, start standard updates; the
/// `location` background mode only when background updates are on.
private func whenInUseUpdatesScript(background: Bool, settings: [AppScript.ManagerSetting]) -> AppScript {
    let standard = SimCapabilities()
    let info = SimCapabilities(backgroundModes: background ? [.location] : [],
                               whenInUseUsageDescription: standard.whenInUseUsageDescription,
                               alwaysAndWhenInUseUsageDescription: standard.alwaysAndWhenInUseUsageDescription)
    var script = AppScript(info: info)
    script.reactions[.launch] = [.requestWhenInUse, .set(settings), .startUpdates]
    return script
}

/// The plugins' 0 is `kCLDistanceFilterNone`.
private func coreLocationDistance(_ metres: Double) -> Double {
    metres == 0 ? simDistanceFilterNone : metres
}
