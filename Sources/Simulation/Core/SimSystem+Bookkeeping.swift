/// The small values ``SimSystem`` keeps beside the ``AppLifecycle``: the work its decisions
/// scheduled and what waits for the app to run again.
extension SimSystem {
    /// The system work a background run's decisions scheduled (§2): cancelled when the run ends.
    struct BackgroundTimers {
        /// The budget's expiry.
        var expiry: ScheduledWork?
        /// The next re-evaluation: the end of the grace or of a wake's run.
        var recheck: ScheduledWork?
        /// The watchdog after expiry, while assertions stay open.
        var watchdog: ScheduledWork?

        @MainActor mutating func cancelExpiryAndRecheck() {
            expiry?.cancel()
            recheck?.cancel()
            expiry = nil
            recheck = nil
        }

        @MainActor mutating func cancelAll() {
            cancelExpiryAndRecheck()
            watchdog?.cancel()
            watchdog = nil
        }
    }

    /// What came for the app while it was suspended (§9); dropped with its process.
    struct WaitingAppWork {
        /// App work that came due: it runs when the app runs again.
        var deferred: [@MainActor () -> Void] = []
        /// Notifications the app observes, one per key (the latest), oldest first: delivered when
        /// it next runs.
        var notifications: [(key: AnyHashable, deliver: @MainActor () -> Void)] = []
    }

    /// Low Power Mode's auto-lock (§15).
    struct IdleTimer {
        /// When the user last interacted with the device: the app coming on screen, an unlock,
        /// a scripted user action. The auto-lock counts from it.
        var lastUserInteraction = SimInstant.zero
        /// The auto-lock scheduled, while one is due.
        var autoLockWork: ScheduledWork?
        /// `UIApplication.isIdleTimerDisabled` of the current process: false at every launch.
        var isDisabled = false
    }

    /// The holds as the last re-evaluation that ran to its end found them: a renewed budget
    /// (every delivered fix under the delivery policy, issue 21) changes no hold, so its
    /// re-evaluation reuses them instead of asking every mechanism again. Any other
    /// re-evaluation asks; debug builds check the reuse against asking.
    struct HoldReuse {
        var last: AppLifecycle.Holds?
        /// Whether a renewed budget's re-evaluation reuses the holds (tests turn it off to compare).
        var isEnabled = true
        /// How many re-evaluations reused the holds.
        var count = 0
    }
}

extension AppLifecycle.Parameters {
    /// The numbers of `profile`.
    init(profile: SimProfile) {
        self.init(budgetSeconds: profile.backgroundTimeBudget, gracePeriod: profile.suspensionGracePeriod,
                  suspendsApps: profile.suspendsApps, budgetPausesWhileAsleep: !profile.budgetRunsWhileAsleep)
    }
}
