/// The app's background time (§2) as a value: how much is left, whether it is being spent, and
/// when it runs out.
///
/// One type serves the live model, the strict delivery check and the reports. Time is accounted
/// lazily: the budget remembers what was left when it was last *settled* and whether it is
/// counting, so reading it at any moment is a subtraction.
///
/// ```swift
/// var budget = BackgroundBudget(seconds: 30, pausesWhileAsleep: true)
/// budget.setCounting(true, at: now)
/// budget.remaining(at: now.adding(seconds: 12))   // 18
/// ```
public struct BackgroundBudget: Hashable, Sendable {
    /// The seconds a fresh budget holds.
    public private(set) var fullSeconds: Double
    /// Whether the budget waits while the device sleeps (iOS 7+).
    public let pausesWhileAsleep: Bool
    /// Whether time is being spent now.
    public private(set) var isCounting = false
    /// The least time left at any moment something was spent; `nil` while nothing was.
    public private(set) var leastRemaining: Double?
    private var remainingAtSettle: Double
    private var settledAt = SimInstant.zero

    /// A full budget, not yet counting.
    public init(seconds: Double, pausesWhileAsleep: Bool) {
        fullSeconds = seconds
        remainingAtSettle = seconds
        self.pausesWhileAsleep = pausesWhileAsleep
    }

    /// Seconds left at `now` (which must not be before the last change).
    public func remaining(at now: SimInstant) -> Double {
        guard isCounting else { return remainingAtSettle }
        return max(0, remainingAtSettle - now.seconds(since: settledAt))
    }

    /// The moment the budget runs out if it keeps counting; `nil` when it is not counting.
    public var expiryInstant: SimInstant? {
        isCounting ? settledAt.adding(seconds: remainingAtSettle) : nil
    }

    /// Whether the budget is spent.
    public func isSpent(at now: SimInstant) -> Bool { remaining(at: now) <= 0 }

    /// Accounts for the time spent up to `now`.
    public mutating func settle(at now: SimInstant) {
        let left = remaining(at: now)
        if isCounting, now > settledAt { leastRemaining = min(leastRemaining ?? left, left) }
        remainingAtSettle = left
        settledAt = now
    }

    /// Starts or stops spending time at `now`.
    public mutating func setCounting(_ counting: Bool, at now: SimInstant) {
        settle(at: now)
        isCounting = counting
    }

    /// A fresh budget of `seconds` (the full budget by default), keeping whether it counts.
    public mutating func refill(at now: SimInstant, seconds: Double? = nil) {
        settle(at: now)
        if let seconds { fullSeconds = seconds }
        remainingAtSettle = fullSeconds
    }

    /// Whether the budget counts for an app in the background that nothing keeps alive.
    public func counts(asleep: Bool) -> Bool { !(asleep && pausesWhileAsleep) }
}
