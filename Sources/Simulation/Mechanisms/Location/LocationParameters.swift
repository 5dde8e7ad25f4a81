/// The location parameters a scenario or a matrix may set (`location.…`, `significantChanges.…`).
extension SimProfile {
    static let locationParameters: [SimProfileParameter.Parameter<SimProfile>] = [
        .flag("hasBackgroundLocationFlag", \.hasBackgroundLocationFlag, "whether allowsBackgroundLocationUpdates exists (§3, iOS 9+)"),
        .number("stationaryRadius", \.stationaryRadius, 0...10_000, .metres, "how far the device may wander and still count as staying put (§3)"),
        .flag("deliversFixesWhenAccuracyImproves", \.deliversFixesWhenAccuracyImproves, "deliver a filtered fix whose accuracy improved (§3)"),
        .version("hiddenIndicatorRule.fromVersion", \.hiddenIndicatorRule.fromVersion, "the first release of §4's hidden-indicator rule (16.4; never)"),
        .flag("hiddenIndicatorRule.needsSignificantChanges", \.hiddenIndicatorRule.needsSignificantChanges,
              "whether §4's 16.4 rule needs significant changes on"),
        .number("hiddenIndicatorRule.accuracyThreshold", \.hiddenIndicatorRule.accuracyThreshold, 0...100_000, .metres,
                "a desiredAccuracy coarser than this is coarse for §4's 16.4 rule"),
        .wakeKinds("keepAliveStartWakes", \.keepAliveStartWakes, "the background runs in which started updates keep the app alive (§4)"),
        .number("relaunchProbability", \.locationRelaunchProbability, 0...1, .fraction,
                "the chance iOS relaunches a not-running app for a region or significant change (§16: 0.5 on 15.0–15.2)"),
        .numberOrOff("maxSessionSeconds", \.maxSessionSeconds, 1...3_155_760_000, .seconds,
                     "what-if: a continuous background location session ends after this long (§15; off: no iOS version does)"),
        .choice("lowPowerModeLocation", \.lowPowerModeLocation, "what Low Power Mode does to background updates (§15: unaffected)"),
    ]

    static let significantChangeParameters: [SimProfileParameter.Parameter<SimProfile>] = [
        .number("distance", \.significantChangeDistance, 0...1_000_000, .metres, "metres between significant changes (§3)"),
        .number("minimumInterval", \.significantChangeMinimumInterval, 0...86_400, .seconds, "the shortest interval between significant changes (§3)"),
        .number("wakeSeconds", \.significantChangeWakeSeconds, 0...600, .seconds, "how long a significant-change wake runs (§9)"),
        .flag("relaunchAfterForceQuit", \.significantChangeRelaunchAfterForceQuit, "whether a significant change relaunches a force-quit app (§9)"),
    ]
}
