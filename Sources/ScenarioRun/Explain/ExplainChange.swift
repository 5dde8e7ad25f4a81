import ScenarioInput
import Scripting
import Simulation

/// One change `--explain` tries: to the app's script, or to what the user grants.
public enum ExplainChange: Hashable, Sendable {
    /// A change to the app.
    case app(AppChange)
    /// The app asks for Always instead of When In Use, and the user grants it.
    case alwaysInsteadOfWhenInUse
}

extension ExplainChange {
    /// The change that removes `cause` when it is the app's configuration — a usage string, the
    /// background flag, the `location` mode, the authorization it asks for — which `--explain`
    /// tries for a location app (the gap lines name it beside the root cause); `nil` for what the
    /// user, the device or the app's design decides (where it starts or stops updates, its
    /// filter), which `--explain` weighs with their cost instead.
    public static func fixing(_ cause: SimCause) -> ExplainChange? {
        switch cause {
        case .usageDescriptionsMissing: .app(.declareUsageDescriptions)
        case .backgroundUpdatesOff: .app(.set(.allowsBackgroundLocationUpdates(true)))
        case .locationModeMissing: .app(.declareBackgroundMode(.location))
        case .authorization(let status): status == .authorizedWhenInUse ? .alwaysInsteadOfWhenInUse : nil
        case .tripStarts, .whenInUseStartedInBackground, .updatesStartedInBackgroundWake, .userOpensApp, .userLeavesApp, .userReturnsToApp, .deviceLocked, .unlockedBackOnScreen, .deviceWoke,
             .launching, .launched, .systemLaunch, .systemWake, .nothingHoldsApp, .deviceAsleep, .backgroundTimeExpired,
             .noDeliveryWithinBudget, .tasksEndedInHandlers, .tasksEndedWithinAllowance, .watchdog, .memoryPressure, .forceQuit,
             .crash, .updatesPausedAutomatically, .updatesStopped, .fixesUnderDistanceFilter, .hiddenIndicatorRule,
             .sessionTimeLimit, .settingsChanged, .preciseLocationChanged, .locationServicesSwitched, .userAnswered,
             .userChoseAlways, .userKeptWhenInUse, .allowOnceEnded, .bgTasks, .audio, .monitor, .liveUpdates, .pushes,
             .backgroundTasks, .device, .resources, .locationPushes:
            nil
        }
    }

    /// The fix of the root-most cause in `causes` (the nearest first) that has one.
    public static func fixing(_ causes: [SimCause]) -> ExplainChange? {
        causes.reversed().lazy.compactMap { fixing($0) }.first
    }
}
