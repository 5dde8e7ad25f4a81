/// What a run found: the event log (when kept) and its summary. `Codable`, for reports and golden files.
public struct SimulationResult: Hashable, Sendable, Codable {
    /// Everything that happened, in order; empty when the run kept no events.
    public var events: [SimEvent]
    /// The answer in numbers.
    public var summary: SimSummary
    /// When the app's log went past ``SimulationConfiguration/maximumLogLines`` and the run
    /// stopped, cut short: the rest of the result is of that part; `nil` for a whole run.
    public var logLimitReachedAt: Double?
    /// Tasks that `KeepAliveSimulation.runAsync()` woke and that never came to rest: they wait on
    /// something the simulation does not control. Always empty after `run()`. Not in files.
    public var restlessTasks: [SimRestlessTask] = []
    /// When the app's timers went past ``SimulationConfiguration/maximumTimerFirings`` simulated
    /// one by one and the run stopped, cut short as at the log limit; `nil` for a whole run.
    public var firingLimitReachedAt: Double? = nil
    /// Sleeps on ``KeepAliveSimulation/clock`` that the run's end cut short (they threw
    /// `CancellationError`), by deadline: an app's repeating timer leaves one; a test's own task
    /// that expects its sleep to end should leave none. Not in files.
    public var unfinishedSleeps: [SimUnfinishedSleep] = []

    private enum CodingKeys: String, CodingKey {
        case events, summary, logLimitReachedAt, firingLimitReachedAt
    }
}

/// Which fixes bound a run's longest stretch without a delivered fix (Docs/Model.md §4, "The
/// delivery check").
public enum SimDeliveryGapPlace: String, Hashable, Sendable, Codable {
    /// From the run's start (the trip's first point) to the first fix.
    case beforeFirstFix
    /// Between two fixes.
    case betweenFixes
    /// From the last fix to the run's end.
    case afterLastFix
}

/// The answer to "does the app stay alive in the background, and if not, when and why?"
public struct SimSummary: Hashable, Sendable, Codable {
    /// How the run ended for the app.
    public var verdict: SimVerdict
    /// Seconds from the start when the app was first suspended, if that is how it ended.
    public var suspendedAt: Double?
    /// Seconds from the start when the app was first terminated (or crashed), even after a
    /// suspension (a purge under memory pressure).
    public var terminatedAt: Double?
    /// Why, the nearest cause first; empty when the app was kept alive.
    public var causes: [SimCause]
    public var policy: KeepAlivePolicy
    public var profile: String
    /// The profile's background time budget in seconds.
    public var budgetSeconds: Double
    /// Fixes delivered to the app.
    public var deliveredUpdates: Int
    /// The longest time without a delivered fix: from the run's start (the trip's first point)
    /// to the first fix, between two fixes, or from the last fix to the run's end; `nil` with no
    /// fix (Docs/Model.md §4, "The delivery check").
    public var longestDeliveryGapSeconds: Double?
    /// Which fixes bound that stretch; `nil` with no fix.
    public var longestDeliveryGapPlace: SimDeliveryGapPlace? = nil
    /// The least background time the app had left at any moment; `nil` if none was ever spent.
    public var minimumBackgroundTimeRemaining: Double?
    /// Seconds spent in each state.
    public var secondsInState: [String: Double]
    /// The verdict under the strict delivery reading, whatever `policy` is.
    public var strictVerdict: SimVerdict
    /// When the strict reading suspends (or the run ends) the app.
    public var strictSuspendedAt: Double?
    /// The length of the run in seconds.
    public var durationSeconds: Double
    /// How many app processes ran (relaunches add one each).
    public var processes: Int
    /// What the simulator warns about the run as a whole (the first 100); what iOS logs at a
    /// moment is in the event log.
    public var warnings: [SimWarning]
    /// How MetricKit would count the first process exit (`terminatedAt`); `nil` when no process
    /// ended, or the user force-quit it (§9).
    public var exitCategory: SimExitCategory?
    /// Whether that exit happened on screen: MetricKit counts it in `MXForegroundExitData`, not
    /// `MXBackgroundExitData`.
    public var exitedInForeground: Bool
    /// The Info.plist lint (§7): what the app declares against what the run used. Each is also
    /// in `warnings`.
    public var infoPlistFindings: [SimPlistFinding]
    /// The coverage of each of the configuration's goals, in their order (spec §4).
    public var coverage: [SimCoverage] = []
    /// The answer to "did the app get what it needed?": every goal met; `nil` with no goal.
    public var goalMet: Bool? { coverage.isEmpty ? nil : coverage.allSatisfy(\.met) }
    /// Why the first process ended (`terminatedAt`): a purge, a force quit, a kill or a crash.
    public var terminationCause: SimCause? = nil
    /// Set when virtual time stopped advancing and the run was stopped there: the summary then
    /// covers the run up to that instant only, and is no answer.
    public var stall: SimStall? = nil
}
