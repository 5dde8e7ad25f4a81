/// A background-location plugin whose configuration `keepalive import` reads as an app script
/// (see `Docs/Plugins.md`, which cites each option's documentation).
public enum LocationPlugin: String, CaseIterable, Hashable, Sendable {
    /// Transistor Software's `react-native-background-geolocation` and
    /// `flutter_background_geolocation`: the `Config` given to `ready()`, flat (4.x) or grouped
    /// under `geolocation`, `app`, `activity` (5.x).
    case backgroundGeolocation = "background-geolocation"
    /// The Flutter `location` plugin: `changeSettings(…)` and `enableBackgroundMode(…)`.
    case location
    /// The Flutter `geolocator` plugin: `LocationSettings` / `AppleSettings`.
    case geolocator

    /// The options the import models or approximates, by their names in the plugin's API.
    var options: [String] {
        switch self {
        case .backgroundGeolocation:
            ["desiredAccuracy", "distanceFilter", "stopTimeout", "stationaryRadius", "preventSuspend", "heartbeatInterval",
             "stopOnTerminate", "startOnBoot", "useSignificantChangesOnly", "disableStopDetection",
             "pausesLocationUpdatesAutomatically", "locationAuthorizationRequest", "activityType", "showsBackgroundLocationIndicator"]
        case .location: ["accuracy", "interval", "distanceFilter", "enableBackgroundMode"]
        case .geolocator:
            ["accuracy", "distanceFilter", "pauseLocationUpdatesAutomatically", "activityType",
             "showBackgroundLocationIndicator", "allowBackgroundLocationUpdates", "timeLimit"]
        }
    }

    /// Options the plugin documents that change nothing the model has (uploads, logging,
    /// Android, motion-sensor tuning): read, then named in one warning.
    var ignored: [String] {
        switch self {
        case .backgroundGeolocation:
            ["url", "method", "params", "headers", "extras", "httpRootProperty", "locationTemplate", "geofenceTemplate", "autoSync",
             "autoSyncThreshold", "batchSync", "maxBatchSize", "httpTimeout", "disableAutoSyncOnCellular", "authorization",
             "persistMode", "maxDaysToPersist", "maxRecordsToPersist", "locationsOrderDirection", "debug", "logLevel", "logMaxDays",
             "reset", "disableElasticity", "elasticityMultiplier", "locationUpdateInterval", "fastestLocationUpdateInterval",
             "deferTime", "allowIdenticalLocations", "locationTimeout", "desiredOdometerAccuracy", "isMoving", "stopOnStationary",
             "stopAfterElapsedMinutes", "stopDetectionDelay", "geofenceProximityRadius", "maxMonitoredGeofences",
             "geofenceInitialTriggerEntry", "geofenceModeHighAccuracy", "locationAuthorizationAlert",
             "disableLocationAuthorizationAlert", "disableMotionActivityUpdates", "activityRecognitionInterval",
             "minimumActivityRecognitionConfidence", "triggerActivities", "motionTriggerDelay", "enableHeadless",
             "foregroundService", "notification", "backgroundPermissionRationale", "schedule", "scheduleUseAlarmManager",
             "forceReloadOnBoot", "forceReloadOnLocationChange", "forceReloadOnMotionChange", "forceReloadOnGeofence",
             "forceReloadOnHeartbeat", "forceReloadOnSchedule", "disableProviderChangeRecord", "enableTimestampMeta",
             "filter", "useCLLocationAccuracy"]
        case .location, .geolocator: []
        }
    }

    /// 5.x groups of `Config` whose options read as the flat ones; other groups are ignored whole.
    static let transistorGroups = ["geolocation", "app", "activity"]
    static let transistorIgnoredGroups = ["http", "logger", "persistence"]

    /// Every key the plugin knows.
    var known: [String] { options + ignored }

    /// The keys that tell this plugin from the others: those no other plugin has.
    var distinctive: [String] {
        let others = Self.allCases.filter { $0 != self }.flatMap(\.known)
        let own = known + (self == .backgroundGeolocation ? Self.transistorGroups + Self.transistorIgnoredGroups : [])
        return own.filter { key in !others.contains(key) }
    }

    /// The plugin a file's keys belong to: the one plugin with a distinctive key among them.
    static func recognized(by keys: [String]) -> LocationPlugin? {
        let folded = Set(keys.map(Suggestion.folded))
        let matches = allCases.filter { plugin in plugin.distinctive.contains { folded.contains(Suggestion.folded($0)) } }
        return matches.count == 1 ? matches[0] : nil
    }
}
