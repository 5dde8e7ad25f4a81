import Simulation

/// A choice `keepalive import` makes that the configuration does not spell out; the written
/// scenario states each as a comment above the app, so that what the script does beyond the
/// JSON is said where it is done (Docs/Plugins.md).
public enum ImportDecision: Hashable, Sendable {
    /// A background mode the plugin's iOS code needs, for this option (`nil`: always).
    case backgroundMode(SimBackgroundMode, option: String?)
    /// How location runs: standard updates with the plugin's stop timer, with iOS's pause, or
    /// never turned off; or significant changes alone.
    case mechanism(ImportMechanism)
    /// `preventSuspend`: the app kept running in the background by silent audio.
    case silentAudioKeepAlive
    /// `preventSuspend` left out: with `pausesLocationUpdatesAutomatically: false` it "will no longer work".
    case preventSuspendIgnored
    /// `startOnBoot`: background fetch at the minimum interval, each fetch completed.
    case backgroundFetch
    /// `locationAuthorizationRequest: Any` asked as When In Use, the first prompt iOS shows.
    case anyAsWhenInUse

    /// The decision as the scenario's comment says it.
    public var text: String {
        switch self {
        case .backgroundMode(let mode, let option):
            "UIBackgroundModes gets '\(mode.rawValue)'" + (option.map { " for \($0): true" } ?? ": the plugin's iOS setup")
        case .mechanism(.stopTimer(let minutes)):
            "standard updates; still is read as no fix passing the distance filter for stopTimeout (\(AppScriptWriter.number(minutes)) min: the model has no motion sensor), then updates stop and the stationary geofence waits for the exit"
        case .mechanism(.iOSPause):
            "standard updates with iOS's automatic pause standing for the plugin's stop detection; the stationary geofence when paused"
        case .mechanism(.neverStopped):
            "standard updates, never turned off (pausesLocationUpdatesAutomatically: false)"
        case .mechanism(.significantChangesOnly):
            "significant changes only (useSignificantChangesOnly): distanceFilter, stationaryRadius and activityType have no effect"
        case .silentAudioKeepAlive:
            "preventSuspend: true is played as silent audio in the background (the audio mode): " + Self.silentAudioVerdict
        case .preventSuspendIgnored:
            "preventSuspend: true does nothing: with pausesLocationUpdatesAutomatically: false it \"will no longer work\" (the plugin's documentation)"
        case .backgroundFetch:
            "startOnBoot: true registers background fetch at the minimum interval (set-fetch-interval at launch, each fetch completed), which the plugin relies on to relaunch the app after a reboot; the model has no reboot launch"
        case .anyAsWhenInUse:
            "locationAuthorizationRequest: Any asks When In Use, the first prompt iOS shows"
        }
    }

    /// Why silent audio is no pass, in the words the run's warning uses (§13).
    public static let silentAudioVerdict = "App Review rejects this (guideline 2.5.4), and iOS may stop it at any time"
}

/// How an imported app's location runs (``ImportDecision/mechanism(_:)``).
public enum ImportMechanism: Hashable, Sendable {
    /// The plugin's stop detection, read as this many minutes without a fix.
    case stopTimer(minutes: Double)
    case iOSPause
    case neverStopped
    case significantChangesOnly
}
