/// A rule of the model that changes at the start of an era (§16): what `keepalive profiles`
/// lists beside each profile, with its source. The words are the reports'.
public enum SimEraChange: String, Hashable, Sendable, Codable, CaseIterable {
    /// iOS 4: 600 s of background time that run while the device sleeps (§2).
    case budgetRunsWhileAsleep
    /// iOS 7: 180 s, paused while the device sleeps (§2, WWDC 2013 session 204).
    case budgetPausedWhileAsleep
    /// iOS 7: background URLSession transfers (§14).
    case backgroundTransfers
    /// iOS 9: `allowsBackgroundLocationUpdates` (§3).
    case backgroundLocationFlag
    /// iOS 11: Always needs `NSLocationAlwaysAndWhenInUseUsageDescription` too (§5, §7).
    case alwaysNeedsBothUsageStrings
    /// iOS 13: about 30 s of background time (§2).
    case budgetOf30Seconds
    /// iOS 13: `BGTaskScheduler` (§12).
    case bgTaskScheduler
    /// iOS 13: provisional Always (§5).
    case provisionalAlways
    /// iOS 13: a VoIP push must be reported to CallKit (§14).
    case voipNeedsCall
    /// iOS 14: approximate location (§5).
    case approximateLocation
    /// iOS 15: no background launch after an app update until the user opens the app (§15).
    case noBackgroundLaunchAfterAppUpdate
    /// iOS 16.4: the hidden-indicator rule (§4).
    case hiddenIndicatorRule
    /// iOS 17: `CLLocationUpdate.liveUpdates`, `CLBackgroundActivitySession`, `CLMonitor` (§10, §11).
    case liveUpdatesAndMonitor
    /// iOS 18: `CLServiceSession`, the live updates' diagnostics, `conditionLimitExceeded` (§10, §11).
    case serviceSessions
    /// iOS 26: `BGContinuedProcessingTask` (§12).
    case continuedProcessing
    /// iOS 26.4: location events no longer relaunch a force-quit app (§9).
    case noLocationRelaunchAfterForceQuit

    /// Where the change is documented or reported.
    public var source: String {
        switch self {
        case .budgetRunsWhileAsleep: "[doc] WWDC 2013 session 204 (before iOS 7 the time ran continuously)"
        case .budgetPausedWhileAsleep: "[doc] WWDC 2013 session 204; crash logs' permittedBackgroundDuration: 180"
        case .backgroundTransfers: "[doc] URLSessionConfiguration.background(withIdentifier:), iOS 7.0+"
        case .backgroundLocationFlag: "[doc] CLLocationManager.allowsBackgroundLocationUpdates, iOS 9.0+"
        case .alwaysNeedsBothUsageStrings: "[doc] NSLocationAlwaysAndWhenInUseUsageDescription, iOS 11.0+"
        case .budgetOf30Seconds: "[dts] forum thread 85066 (about 30 s from iOS 13)"
        case .bgTaskScheduler: "[doc] BGTaskScheduler, iOS 13.0+; WWDC 2019 session 707"
        case .provisionalAlways: "[doc] requestAlwaysAuthorization(); WWDC 2019 session 705"
        case .voipNeedsCall: "[doc] PushKit: pushRegistry(_:didReceiveIncomingPushWith:for:completion:), iOS 13 SDK"
        case .approximateLocation: "[doc] CLAccuracyAuthorization, iOS 14.0+; WWDC 2020 session 10660"
        case .noBackgroundLaunchAfterAppUpdate: "[obs] reports on iOS 15 of no background start after an update"
        case .hiddenIndicatorRule:
            "[dts] forum threads 726945 and 776698; [obs] transistorsoft changelogs 4.11.0/4.12.0, flutter_background_geolocation #1021 #1347"
        case .liveUpdatesAndMonitor: "[doc] CLLocationUpdate, CLBackgroundActivitySession, CLMonitor, iOS 17.0+; WWDC 2023 session 10180"
        case .serviceSessions: "[doc] CLServiceSession, iOS 18.0+; WWDC 2024 session 10212"
        case .continuedProcessing: "[doc] BGContinuedProcessingTask, iOS 26.0+"
        case .noLocationRelaunchAfterForceQuit: "[obs] forum thread 826964 (26.4; 26.1 and 26.2 still relaunched)"
        }
    }
}

/// A rule that changes at a point release inside an era (§16): the era's profile has the rule of
/// its later releases, and a run asked for a release before ``version`` gets the earlier rule
/// (``SimProfile/covering(_:)``). An era named without a version runs its latest releases' rules,
/// never its first release's.
public enum SimPointRelease: String, Hashable, Sendable, Codable, CaseIterable {
    /// iOS 7.0 did not relaunch a force-quit app for significant changes, regions or visits;
    /// 7.1 through 18 do (§9). [obs]
    case forceQuitLocationRelaunchFrom7_1
    /// iOS 15.0–15.2 relaunch an app that is not running for region and significant-change
    /// events unreliably: **[model]** each relaunch happens with probability 0.5, seeded (§16). [obs]
    case reliableLocationRelaunchFrom15_3

    /// The profile whose era the change falls in.
    public var era: String {
        switch self {
        case .forceQuitLocationRelaunchFrom7_1: "ios7"
        case .reliableLocationRelaunchFrom15_3: "ios15"
        }
    }

    /// The first release with the later rule.
    public var version: SimOSVersion {
        switch self {
        case .forceQuitLocationRelaunchFrom7_1: SimOSVersion(7, 1)
        case .reliableLocationRelaunchFrom15_3: SimOSVersion(15, 3)
        }
    }

    /// Where the change is reported.
    public var source: String {
        switch self {
        case .forceQuitLocationRelaunchFrom7_1: "[obs] developers' reports from iOS 7.1 on (§9)"
        case .reliableLocationRelaunchFrom15_3: "[obs] reports on 15.0–15.2 of missing relaunches (§16)"
        }
    }

    /// Gives `profile` the rule of the releases before ``version``.
    func applyBefore(to profile: inout SimProfile) {
        switch self {
        case .forceQuitLocationRelaunchFrom7_1:
            profile.significantChangeRelaunchAfterForceQuit = false
            profile.regions.relaunchAfterForceQuit = false
        case .reliableLocationRelaunchFrom15_3:
            profile.locationRelaunchProbability = 0.5
        }
    }
}
