/// What a run found: the event log and its summary. `Codable`, for reports and golden files.
public struct SimulationResult: Hashable, Sendable, Codable {
    /// Everything that happened, in order.
    public var events: [SimEvent]
    /// The answer in numbers.
    public var summary: SimSummary
}

/// The answer to "does the app stay alive in the background, and if not, when and why?"
public struct SimSummary: Hashable, Sendable, Codable {
    /// How the run ended for the app.
    public var verdict: SimVerdict
    /// Seconds from the start when the app was first suspended, if it was.
    public var suspendedAt: Double?
    /// Seconds from the start when the app was terminated (or crashed), if it was.
    public var terminatedAt: Double?
    /// Why, in words; `nil` when the app was kept alive.
    public var reason: String?
    public var policy: KeepAlivePolicy
    public var profile: String
    /// The profile's background time budget in seconds.
    public var budgetSeconds: Double
    /// Fixes delivered to the app.
    public var deliveredUpdates: Int
    /// The longest time between two delivered fixes; `nil` with fewer than two.
    public var longestDeliveryGapSeconds: Double?
    /// The least background time the app had left at any moment; `nil` if it never ran on a budget.
    public var minimumBackgroundTimeRemaining: Double?
    /// Seconds spent in each state.
    public var secondsInState: [String: Double]
    /// The verdict under the strict delivery reading, whatever `policy` is.
    public var strictVerdict: SimVerdict
    /// When the strict reading suspends (or the run ends) the app.
    public var strictSuspendedAt: Double?
    /// The length of the run in seconds.
    public var durationSeconds: Double

    /// The verdict in one sentence.
    public var sentence: String {
        switch verdict {
        case .keptAlive:
            let strict = strictVerdict == .keptAlive ? "" : "; under the strict delivery reading it would have been \(strictVerdict.rawValue) at \(Self.clockTime(strictSuspendedAt ?? 0))"
            return "The app stayed alive for the whole trip (\(Self.clockTime(durationSeconds)))\(strict)."
        case .suspended:
            return "The app was suspended at \(Self.clockTime(suspendedAt ?? 0)): \(reason ?? "")."
        case .terminated:
            return "The app was terminated at \(Self.clockTime(terminatedAt ?? 0)): \(reason ?? "")."
        case .crashed:
            return "The app crashed at \(Self.clockTime(terminatedAt ?? 0)): \(reason ?? "")."
        }
    }

    /// `h:mm:ss`, with tenths when the time is not whole; rounded once, so 59.96 s reads 0:01:00.
    public static func clockTime(_ seconds: Double) -> String {
        let tenthsTotal = Int((seconds * 10).rounded())
        let whole = tenthsTotal / 10
        let tenths = tenthsTotal % 10
        let text = "\(whole / 3600):\(twoDigits(whole % 3600 / 60)):\(twoDigits(whole % 60))"
        return tenths == 0 ? text : "\(text).\(tenths)"
    }

    private static func twoDigits(_ value: Int) -> String { value < 10 ? "0\(value)" : "\(value)" }
}
