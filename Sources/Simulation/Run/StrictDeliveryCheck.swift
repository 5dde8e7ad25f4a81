/// The delivery reading of §4, computed beside every run whatever its policy: each delivered fix
/// refreshes the background budget; the first time it runs out while the app is in the
/// background is when the strict reading suspends the app. It counts while the device is locked
/// too: a locked phone is the normal navigation case, and the reading is about deliveries.
final class StrictDeliveryCheck {
    private var budget: BackgroundBudget
    private var inBackground = false
    private var firstDelivery: SimInstant?
    private var lastDelivery: SimInstant?
    /// The longest time between two delivered fixes; ``longestGap(until:)`` adds the stretches
    /// before the first and after the last.
    private var longestBetween: Double?
    /// When the strict reading suspends the app, if it does.
    private(set) var suspendedAt: Double?
    /// An earlier end of the actual run (a crash, a termination, a suspension) that the strict reading shares.
    private(set) var stoppedBefore: (verdict: SimVerdict, time: Double)?

    init(budget seconds: Double) {
        budget = BackgroundBudget(seconds: seconds, pausesWhileAsleep: false)
    }

    private var open: Bool { suspendedAt == nil && stoppedBefore == nil }

    func update(now: SimInstant, inBackground: Bool) {
        settleAndNote(now)
        if inBackground && !self.inBackground { budget.refill(at: now) }
        self.inBackground = inBackground
        budget.setCounting(inBackground && open, at: now)
    }

    func delivery(at now: SimInstant, inBackground: Bool) {
        if let lastDelivery { longestBetween = max(longestBetween ?? 0, now.seconds(since: lastDelivery)) }
        if firstDelivery == nil { firstDelivery = now }
        lastDelivery = now
        settleAndNote(now)
        if inBackground { budget.refill(at: now) }
    }

    func appStopped(at now: SimInstant, verdict: SimVerdict) {
        settleAndNote(now)
        if open { stoppedBefore = (verdict, now.seconds) }
        budget.setCounting(false, at: now)
    }

    /// Closes the account at the end of the run.
    func finish(at end: SimInstant) {
        settleAndNote(end)
    }

    /// The longest stretch without a delivered fix as of `end`: from the run's start (the trip's
    /// first point) to the first fix, between two, or from the last to `end`. An edge stretch is
    /// named only when longer than any between two fixes, the one before the first when the
    /// two edges tie; `nil` with no fix (Docs/Model.md §4, "The delivery check").
    func longestGap(until end: SimInstant) -> (seconds: Double, place: SimDeliveryGapPlace)? {
        guard let firstDelivery, let lastDelivery else { return nil }
        var longest: (seconds: Double, place: SimDeliveryGapPlace)? = longestBetween.map { ($0, .betweenFixes) }
        for (seconds, place) in [(firstDelivery.seconds(since: .zero), SimDeliveryGapPlace.beforeFirstFix),
                                 (end.seconds(since: lastDelivery), .afterLastFix)] where seconds > longest?.seconds ?? -1 {
            longest = (seconds, place)
        }
        return longest
    }

    /// The budget's expiry, if it fell at or before `now`, is when the strict reading suspends.
    private func settleAndNote(_ now: SimInstant) {
        if open, let expiry = budget.expiryInstant, expiry <= now {
            suspendedAt = expiry.seconds
            budget.setCounting(false, at: expiry)
        }
        budget.settle(at: now)
    }
}
