import ScenarioInput
import ScenarioRun
import Simulation

/// Words for BGTaskScheduler and BGContinuedProcessingTask (§12).
extension Prose {
    /// A BGTask event as one line of the timeline.
    static func text(_ event: BGTaskEvent) -> String {
        switch event {
        case .register(let identifier, let accepted):
            return accepted ? "BGTaskScheduler registers a launch handler for \"\(identifier)\""
                : "BGTaskScheduler refuses to register \"\(identifier)\": it is not in BGTaskSchedulerPermittedIdentifiers"
        case .submit(let task, let earliest, let launchAt, _) where task.kind == .backgroundFetch:
            return "iOS plans \(text(task)), not before \(Formatting.clock(earliest)): at \(Formatting.clock(launchAt)) (\(number(launchAt - earliest)) s system delay)"
        case .submit(let task, let earliest, let launchAt, let replaced):
            return "submit \(text(task)), not before \(Formatting.clock(earliest)): iOS plans to launch it at \(Formatting.clock(launchAt)) (\(number(launchAt - earliest)) s system delay)\(replaced ? "; it replaces the pending request" : "")"
        case .submitFailed(let task, let error):
            return "submit \(task.kind == .continuedProcessing ? "BGContinuedProcessingTaskRequest \"\(task.identifier)\"" : text(task)) throws \(text(error, task.kind))"
        case .cancel(let identifier):
            return "cancel(taskRequestWithIdentifier: \"\(identifier)\")"
        case .deferred(let task, let deferral):
            return "\(text(task)) is due but not launched: \(text(deferral))"
        case .rescheduled(let task, let launchAt):
            return "the user opened the app: iOS plans \(text(task)) again, at \(Formatting.clock(launchAt))"
        case .fetchInterval(let seconds?):
            return "setMinimumBackgroundFetchInterval(\(seconds == 0 ? "backgroundFetchIntervalMinimum" : "\(number(seconds)) s"))"
        case .fetchInterval(nil):
            return "setMinimumBackgroundFetchInterval(backgroundFetchIntervalNever): iOS plans no background fetch"
        case .launch(let task, let seconds, _) where task.kind == .continuedProcessing:  // iOS 26
            return "iOS starts \(text(task)) and shows it in a Live Activity: its launch handler runs; it runs while its progress rises at least every \(number(seconds)) s"
        case .launch(let task, let seconds, let forced):
            return "iOS launches \(text(task))\(forced ? " now (bg-launch)" : "") for \(number(seconds)) s: its launch handler runs"
        case .expiration(let task, let reason, let hasHandler):
            return "\(text(task)) expires (\(text(reason))): \(hasHandler ? "its expiration handler runs" : "it has no expiration handler")"
        case .complete(let task, let success, let seconds):
            return "setTaskCompleted(success: \(success)) for \(text(task)) after \(number(seconds)) s"
        case .failed(let task):
            return "\(text(task)) is marked failed: it expired without an expiration handler"
        case .continuedSubmit(let task, let title, let strategy, let queued, let replaced):
            let start = queued
                ? "the app's continued processing tasks already run at their most, so it waits in the queue (strategy .\(strategy.rawValue))"
                : "it starts at once"
            return "submit BGContinuedProcessingTaskRequest \"\(task.identifier)\" (\"\(title)\"): \(start)\(replaced ? "; it replaces the queued request" : "")"
        case .progress(let task, let completed, let total):
            return "\(text(task)) reports progress: \(completed) of \(total) units"
        case .title(let task, let title, let subtitle):
            return "\(text(task)) updates its Live Activity: \"\(title)\", \"\(subtitle)\""
        }
    }

    /// What a scenario did that only BGTasks notice.
    static func text(_ note: BGTaskScenarioNote) -> String {
        switch note {
        case .backgroundAppRefreshSwitched(let on):
            return "Background App Refresh switched \(on ? "on" : "off") in Settings"
        }
    }

    /// A BGTask cause in words.
    static func text(_ cause: BGTaskCause) -> String {
        switch cause {
        case .assertionTimeout(let task, let seconds):
            "background task assertion timeout: \(text(task)) was not completed \(number(seconds)) s after its launch"
        case .tasksEnded: "every BGTask was completed or failed"
        case .jobExpired(let task, let reason): "\(text(task)) expired before it was completed (\(text(reason)))"
        case .jobFailed(let task): "the app completed \(text(task)) with setTaskCompleted(success: false)"
        case .jobDropped(let task): "\(text(task)) waited in the queue and never started: the app's process ended first"
        case .jobUnfinished(let task): "\(text(task)) was not completed by the end"
        }
    }

    /// A BGTask cause's name, as JSON writes it.
    static func name(_ cause: BGTaskCause) -> String {
        switch cause {
        case .assertionTimeout: "bgTaskAssertionTimeout"
        case .tasksEnded: "bgTasksEnded"
        case .jobExpired: "jobExpired"
        case .jobFailed: "jobFailed"
        case .jobDropped: "jobDropped"
        case .jobUnfinished: "jobUnfinished"
        }
    }

    /// A BGTaskScheduler exception in words.
    static func text(_ crash: BGTaskCrash) -> String {
        switch crash {
        case .registeredTwice(let identifier):
            "NSInternalInconsistencyException: Launch handler for task with identifier \(identifier) has already been registered"
        case .registeredAfterLaunch(let identifier):
            "NSInternalInconsistencyException: All launch handlers must be registered before application finishes launching (\(identifier))"
        case .noLaunchHandler(let identifier):
            "NSInternalInconsistencyException: No launch handler registered for task with identifier \(identifier)"
        }
    }

    /// A BGTask warning in words.
    static func text(_ warning: BGTaskWarning) -> String {
        switch warning {
        case .notPending(let identifier): "bg-launch: no BGTask request \"\(identifier)\" is pending"
        case .notRunning(let identifier): "bg-expire: no BGTask \"\(identifier)\" is running"
        case .alreadyEnded(let identifier): "setTaskCompleted for BGTask \"\(identifier)\", which has already ended"
        case .schedulerUnavailable(let profile): "BGTaskScheduler needs iOS 13: on \(profile) it does nothing"
        case .fetchUnavailable(let profile): "background fetch needs iOS 7: on \(profile) setMinimumBackgroundFetchInterval does nothing"
        case .continuedProcessingUnavailable(let profile): "BGContinuedProcessingTaskRequest needs iOS 26: on \(profile) submitting it does nothing"
        case .continuedTaskNotRunning(let identifier): "bg-cancel: no BGContinuedProcessingTask \"\(identifier)\" is running"
        }
    }

    /// Why iOS woke the app for a BGTask, as a noun phrase.
    static func text(_ reason: BGTaskWakeReason) -> String {
        switch reason {
        case .appRefresh: "a BGAppRefreshTask"
        case .processing: "a BGProcessingTask"
        }
    }

    /// A task as the log names it: `BGAppRefreshTask "id"`.
    static func text(_ task: SimBGTaskRecord) -> String {
        switch task.kind {
        case .appRefresh: "BGAppRefreshTask \"\(task.identifier)\""
        case .processing: "BGProcessingTask \"\(task.identifier)\""
        case .continuedProcessing: "BGContinuedProcessingTask \"\(task.identifier)\""
        case .backgroundFetch: "a background fetch"
        }
    }

    private static func text(_ error: SimBGTaskSchedulerError, _ kind: SimBGTaskKind) -> String {
        switch error {
        case .unavailable where kind == .continuedProcessing:
            "BGTaskScheduler.Error unavailable (1): a continued processing request is submitted from the foreground, after the user's action (and with Background App Refresh on)"
        case .notPermitted where kind == .continuedProcessing:
            "BGTaskScheduler.Error notPermitted (3): BGTaskSchedulerPermittedIdentifiers permits the identifier neither as it is nor by a wildcard entry (com.example.export.*), or the device lacks a required resource"
        case .unavailable: "BGTaskScheduler.Error unavailable (1): Background App Refresh is off (for the app or the device, or by Low Power Mode)"
        case .tooManyPendingTaskRequests: "BGTaskScheduler.Error tooManyPendingTaskRequests (2): at most 1 app refresh and 10 processing requests may be pending"
        case .notPermitted: "BGTaskScheduler.Error notPermitted (3): the identifier is not in BGTaskSchedulerPermittedIdentifiers, or UIBackgroundModes lacks fetch/processing"
        case .immediateRunIneligible: "BGTaskScheduler.Error immediateRunIneligible (4): the continued processing task cannot start at once (strategy .fail)"
        }
    }

    private static func text(_ deferral: SimBGTaskDeferral) -> String {
        switch deferral {
        case .forceQuit: "the user force-quit the app; iOS launches nothing for it until the user opens it again"
        case .backgroundAppRefreshOff: "Background App Refresh is off"
        case .appInUse: "the app is on screen; it runs when the app is in the background"
        case .deviceInUse: "a processing task waits for an idle (locked) device"
        case .notCharging: "it requires external power and the device is not charging"
        case .lowPowerMode: "Low Power Mode is on, which turns Background App Refresh off until it ends"
        case .thermalState: "the device is hot: iOS defers discretionary background work until it cools"
        case .cannotLaunchApp: "iOS launches no app in the background now (before the first unlock after a restart, or an updated app not yet opened)"
        case .notOpenedRecently: "the user has not opened the app for days; Background App Refresh waits until they do"
        case .runsWithoutUse: "it ran several times with no opening of the app since; none comes until the user opens it"
        }
    }

    static func text(_ reason: SimBGTaskExpiry) -> String {
        switch reason {
        case .timeUp: "its time is nearly up"
        case .deviceInUse: "the user started using the device"
        case .powerDisconnected: "the device was disconnected from power"
        case .scenario: "bg-expire"
        case .stalled: "it reported no progress for too long"
        case .userCancelled: "the user stopped it in its Live Activity"
        }
    }
}

extension Prose {
    /// What the job goal asks.
    static func text(_ goal: JobGoal) -> String {
        "every BGContinuedProcessingTask completed with success (\(percent(goal.requiredFraction)) of them; a job the user cancels counts as met)"
    }

    /// "Goal job met: 1 of 1 job completed (1 cancelled by the user)."
    static func jobHeadline(_ coverage: SimCoverage) -> String {
        let head = goalAnswer(coverage)
        let jobs = coverage.eventCount ?? 0
        if jobs == 0 { return head + ": no continued processing task ever started (its work was never done)." }
        let cancelled = coverage.cancelledByUser ?? 0
        let done = jobs - coverage.gapCount - cancelled
        return head + ": \(done) of \(jobs) job\(jobs == 1 ? "" : "s") completed with success"
            + (cancelled > 0 ? ", \(cancelled) cancelled by the user" : "") + "."
    }

    /// A job missed: "0:00:30–0:06:05, a job lost: …".
    static func jobGap(_ gap: SimGap, why: String) -> String {
        "\(Formatting.clock(gap.from))–\(Formatting.clock(gap.to)), a job lost after \(Formatting.duration(gap.seconds)): \(why)"
    }
}

extension Prose {
    /// What the refresh goal asks.
    static func text(_ goal: RefreshGoal) -> String {
        "a background run at least every \(Formatting.duration(goal.intervalSeconds))"
    }
}

extension Prose {
    /// A BGTaskScheduler event's fields, as a scenario file writes them.
    static func fields(_ action: BGTaskScenarioAction) -> [(name: String, value: String)] {
        switch action {
        case .launch(let identifier), .expire(let identifier), .cancel(let identifier): [("id", identifier)]
        case .setBackgroundAppRefresh(let enabled): [("enabled", "\(enabled)")]
        }
    }
}
