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
    /// background flag, the `location` mode, the authorization it asks for, the indicator §4's
    /// 16.4 rule needs, a When In Use app's updates started on screen (§4) —
    /// which `--explain` tries for a location app (the gap lines name it beside the root cause);
    /// `nil` for what the user, the device or the app's design decides (when it stops updates,
    /// its filter, its pauses), which `--explain` weighs with their cost instead.
    public static func fixing(_ cause: SimCause) -> ExplainChange? {
        switch cause {
        case .usageDescriptionsMissing: .app(.declareUsageDescriptions)
        case .backgroundUpdatesOff: .app(.set(.allowsBackgroundLocationUpdates(true)))
        case .locationModeMissing: .app(.declareBackgroundMode(.location))
        case .authorization(let status): status == .authorizedWhenInUse ? .alwaysInsteadOfWhenInUse : nil
        // Where updates start is design, but this has one answer, which explain tries first (§4).
        case .whenInUseStartedInBackground: .app(.startUpdatesOnScreen)
        // §4's 16.4 rule: the indicator shown exempts the app (an Apple engineer's advice, thread 726945).
        case .hiddenIndicatorRule: .app(.set(.showsBackgroundLocationIndicator(true)))
        // A start in a wake has no one answer: the screen, or a significant-change wake (§4).
        case .tripStarts, .updatesStartedInBackgroundWake, .userOpensApp, .userLeavesApp, .userReturnsToApp, .deviceLocked, .unlockedBackOnScreen, .deviceWoke,
             .launching, .launched, .systemLaunch, .systemWake, .nothingHoldsApp, .deviceAsleep, .backgroundTimeExpired,
             .noDeliveryWithinBudget, .tasksEndedInHandlers, .tasksEndedWithinAllowance, .watchdog, .memoryPressure, .forceQuit,
             .crash, .updatesPausedAutomatically, .updatesStopped, .fixesUnderDistanceFilter,
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
