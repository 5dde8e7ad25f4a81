/// The delivery reading of §4, computed beside every run whatever its policy: each delivered fix
/// refreshes the background budget; the first time it runs out while the app is in the
/// background is when the strict reading suspends the app.
final class StrictDeliveryCheck {
    private let budget: Double
    private let runsWhileAsleep: Bool
    private var inBackground = false
    private var asleep = false
    private var remaining: Double
    private var settledAt = SimInstant.zero
    private var lastDelivery: SimInstant?
    private(set) var longestGap: Double?
    /// When the strict reading suspends the app, if it does.
    private(set) var suspendedAt: Double?
    /// An earlier end of the actual run (a crash, a termination) that the strict reading shares.
    private(set) var stoppedBefore: (verdict: SimVerdict, time: Double, reason: String)?

    init(budget: Double, runsWhileAsleep: Bool) {
        self.budget = budget
        self.runsWhileAsleep = runsWhileAsleep
        remaining = budget
    }

    private var counting: Bool { inBackground && (runsWhileAsleep || !asleep) && suspendedAt == nil && stoppedBefore == nil }

    /// Accounts for time up to `now`, noting the moment the budget ran out.
    private func settle(_ now: SimInstant) {
        if counting {
            let elapsed = now.seconds(since: settledAt)
            if elapsed >= remaining {
                suspendedAt = settledAt.adding(seconds: remaining).seconds
                remaining = 0
            } else {
                remaining -= elapsed
            }
        }
        settledAt = now
    }

    func update(now: SimInstant, inBackground: Bool, asleep: Bool) {
        settle(now)
        if inBackground && !self.inBackground { remaining = budget }
        self.inBackground = inBackground
        self.asleep = asleep
    }

    func delivery(at now: SimInstant, inBackground: Bool, asleep: Bool) {
        if let lastDelivery { longestGap = max(longestGap ?? 0, now.seconds(since: lastDelivery)) }
        lastDelivery = now
        settle(now)
        if inBackground { remaining = budget }
        self.inBackground = inBackground
        self.asleep = asleep
    }

    func appStopped(at now: SimInstant, verdict: SimVerdict, reason: String) {
        settle(now)
        if suspendedAt == nil, stoppedBefore == nil { stoppedBefore = (verdict, now.seconds, reason) }
    }

    /// Closes the account at the end of the run.
    func finish(at end: SimInstant) {
        settle(end)
    }
}
