import Foundation
import ScenarioInput
import ScenarioRun
import Scripting
import Simulation

/// Words for the simulation's typed events and causes (``Prose`` is declared in ScenarioInput,
/// whose errors and warnings need a few words of their own).
extension Prose {
    /// An event as one line of the timeline.
    public static func message(_ event: SimEvent) -> String {
        switch event.detail {
        case .deviceLocked: return "the device is locked and sleeps"
        case .deviceUnlocked: return "the device is woken and unlocked"
        case .fixUnavailable: return "no position: signal lost"
        case .stateChange(let from, let to, let cause):
            return "\(from.rawValue) → \(to.rawValue): \(text(cause))"
        case .launch(_, let inBackground, let cause):
            return inBackground ? "iOS launches the app in the background: \(text(cause))" : "the user opens the app"
        case .crash(let crash):
            return text(crash)
        case .taskBegin(let task, let grantsTime):
            return "beginBackgroundTask \"\(task.name)\" → #\(task.id)\(grantsTime ? "" : " (the budget is spent: it grants no time)")"
        case .taskEnd(let task, let seconds):
            return "endBackgroundTask #\(task.id) \"\(task.name)\" after \(number(seconds)) s"
        case .taskExpiration(let task):
            return "expiration handler of #\(task.id) \"\(task.name)\" runs"
        case .budget(let seconds):
            return "background time starts: \(number(seconds)) s budget"
        case .budgetExpired(let cause):
            return text(cause)
        case .keepAliveStart(let hold):
            return "\(text(hold)) keeps the app alive: background time is not consumed"
        case .keepAliveEnd(let hold, let cause, let fresh):
            return "\(text(hold)) no longer keeps the app alive (\(text(cause))): a fresh \(number(fresh)) s budget starts"
        case .locationStart(.standardUpdates, _, _, let stopped?):
            return "background location updates resume (stopped before: \(text(stopped)))"
        case .locationStart(.standardUpdates, let accuracy, let filter, nil):
            return "startUpdatingLocation (\(accuracy?.rawValue ?? "best"), distance filter \(filter.map { "\(number($0)) m" } ?? "none"))"
        case .locationStart(.significantChanges, _, _, _):
            return "startMonitoringSignificantLocationChanges"
        case .locationStop(.standardUpdates, .authorization(let status)):
            return "updates stop: authorization is \(status)"
        case .locationStop(.standardUpdates, .device(.lowPowerMode)):
            return "Low Power Mode stops the background location updates; the app is not told and thinks they run"
        case .locationStop(.standardUpdates, _):
            return "stopUpdatingLocation"
        case .locationStop(.significantChanges, _):
            return "stopMonitoringSignificantLocationChanges"
        case .locationPause(let window, let radius, let activity):
            return "updates paused: the device stayed within \(number(radius)) m for \(number(window)) s (\(activity.rawValue))"
        case .locationError(let error):
            return "didFailWithError: \(error)"
        case .fix(let fix):
            return text(fix, kind: event.kind)
        case .prompt(.allowLocation(let answer, let then)):
            return "prompt: allow location? (the user will answer \(answer.rawValue)\(then.map { ", then \($0.rawValue)" } ?? ""))"
        case .prompt(.allowAlways(let answer)):
            return "prompt: allow Always? (the user will answer \(answer.rawValue))"
        case .prompt(.keepAllowingInBackground(let answer)):
            return "prompt: keep allowing location in the background? (the user answers \(answer.rawValue))"
        case .prompt(.unanswered(let seconds)):
            return "prompt: location access? (the user leaves it unanswered; it goes away after \(number(seconds)) s and nothing changes)"
        case .authorizationChange(let from, let to, let accuracy, let cause):
            let accuracyText = accuracy.map { " (accuracy \($0 == .fullAccuracy ? "full" : "reduced"))" } ?? ""
            return "authorization \(from) → \(to): \(text(cause))\(accuracyText)"
        case .scenario(let note):
            return text(note, in: event)
        case .appCodeNotRun(let action, let state):
            return "the app's code does not run while it is \(state.rawValue): \(text(action)) did not happen"
        case .appLog(let line):
            return "app: \(line)"
        case .warning(let warning):
            return text(warning)
        // The mechanisms' events, one line each, worded in their folders under ScenarioReports/Mechanisms.
        case .bgTasks(let bgTask): return text(bgTask)
        case .transfers(let transfer): return text(transfer)
        case .audio(let audio): return text(audio)
        case .pushes(let push): return text(push)
        case .locationPushes(let push): return text(push)
        case .regions(let region): return text(region, at: event.time)
        case .visits(let visit): return text(visit)
        case .liveUpdates(let live): return text(live)
        case .serviceSessions(let session): return text(session)
        case .monitor(let monitor): return text(monitor, at: event.time)
        case .timers(let timer): return text(timer, at: event.time)
        }
    }

    /// What a scenario did that changes nothing in the app's state, as the timeline's line.
    private static func text(_ note: SimScenarioNote, in event: SimEvent) -> String {
        switch note {
        case .locationServicesSwitched(let on): "Location Services switched \(on ? "on" : "off")"
        case .resumesFromSuspension: "the app resumes from suspension"
        case .relaunchMissed(let reason): "iOS did not relaunch the app for \(text(reason)) (iOS 15.0–15.2 relaunch unreliably)"
        case .memoryPressureIgnored: "memory pressure: the app is \(event.state.rawValue), not suspended, so it is kept"
        case .bgTasks(let note): text(note)
        case .device(let note): text(note)
        case .resources(let note): text(note)
        }
    }

    /// A crash in words, as iOS reports it.
    static func text(_ crash: SimCrash) -> String {
        switch crash {
        case .stackOverflow:
            "EXC_BAD_ACCESS (stack overflow): the app's callbacks called back into themselves without end"
        case .backgroundLocationWithoutMode:
            "NSInternalInconsistencyException: Invalid parameter not satisfying: !stayUp || CLClientIsBackgroundable(internal->fClient) || _CFMZEnabled()"
        case .bgTasks(let crash): text(crash)
        case .pushes(let crash): text(crash)
        case .monitor(let crash): text(crash)
        }
    }

    /// A cause in words.
    public static func text(_ cause: SimCause) -> String {
        switch cause {
        case .tripStarts: "the trip starts"
        case .userOpensApp: "the user opens the app"
        case .userLeavesApp: "the user leaves the app"
        case .userReturnsToApp: "the user returns to the app"
        case .deviceLocked: "the device was locked"
        case .unlockedBackOnScreen: "unlocked: back on screen"
        case .deviceWoke(let left): "the device woke: the app runs again with \(number(left)) s of background time"
        case .launching: "launching"
        case .launched: "launched"
        case .systemLaunch(let reason): "relaunched for \(text(reason))"
        case .systemWake(let reason): "woken for \(text(reason))"
        case .nothingHoldsApp: "nothing keeps the app running in the background (no background task, no location session)"
        case .deviceAsleep(let left):
            "the device sleeps and nothing keeps the app running: it gets no CPU time until the device wakes, when its \(number(left)) s of background time resume"
        case .backgroundTimeExpired: "background time expired"
        case .noDeliveryWithinBudget(let budget): "no location update for \(number(budget)) s (delivery policy)"
        case .tasksEndedInHandlers: "every background task was ended in its expiration handler"
        case .tasksEndedWithinAllowance: "the background tasks were ended within the handlers' allowance"
        case .watchdog(let tasks, let allowance):
            "watchdog (0x8badf00d): background task \(tasks.map { "#\($0.id) \"\($0.name)\"" }.joined(separator: ", ")) still open \(number(allowance)) s after expiration"
        case .memoryPressure: "purged from memory while suspended (memory pressure)"
        case .forceQuit: "the user force-quit the app"
        case .crash(let crash): text(crash)
        case .updatesPausedAutomatically(let window, let activity):
            "updates paused automatically after \(Formatting.duration(window)) without moving (\(activity.rawValue))"
        case .updatesStopped: "the app stopped the location updates"
        case .fixesUnderDistanceFilter: "the distance filter held the fixes back (each lay under it from the last one delivered)"
        case .authorization(let status): "authorization is \(status)"
        case .usageDescriptionsMissing(let always, let missing):
            "authorization is still notDetermined: \(always ? "requestAlwaysAuthorization" : "requestWhenInUseAuthorization") did nothing, for the Info.plist lacks "
                + missing.map(\.rawValue).joined(separator: " and ")
        case .backgroundUpdatesOff: "allowsBackgroundLocationUpdates is false"
        case .locationModeMissing: "UIBackgroundModes lacks 'location'"
        case .whenInUseStartedInBackground: "a When In Use app's updates were started in the background"
        case .hiddenIndicatorRule:
            "iOS 16.4+: an Always app with the background location indicator hidden, significant changes on and a distance filter or coarse accuracy gets no keep-alive from its updates"
        case .updatesStartedInBackgroundWake(let wake):
            "the updates were started in a background run iOS began for \(startWakeText(wake)), which keeps nothing alive (only a significant-change wake or the screen starts a keep-alive session)"
        case .sessionTimeLimit(let seconds):
            "the background location session ended after \(Formatting.duration(seconds)) (the what-if location.maxSessionSeconds; no iOS version does this)"
        case .settingsChanged: "changed in Settings"
        case .preciseLocationChanged: "Precise Location changed in Settings"
        case .locationServicesSwitched(let on): "Location Services \(on ? "on" : "off")"
        case .userAnswered(let answer, let provisional): "the user answered \(answer.rawValue)\(provisional ? " (provisional Always)" : "")"
        case .userChoseAlways: "the user chose Change to Always Allow"
        case .userKeptWhenInUse: "the user kept Only While Using (provisional Always declined)"
        case .allowOnceEnded: "Allow Once ends when the app leaves use"
        case .bgTasks(let cause): text(cause)
        case .audio(let cause): text(cause)
        case .monitor(let reason): text(reason)
        case .liveUpdates(let cause): text(cause)
        case .pushes(let cause): text(cause)
        case .locationPushes(let cause): text(cause)
        case .backgroundTasks(let cause): text(cause)
        case .device(let cause): text(cause)
        case .resources(let cause): text(cause)
        }
    }

    /// "a region event": the kind of background run §4's background-start rule names.
    static func startWakeText(_ wake: KeepAliveStartWake) -> String {
        switch wake {
        case .significantChange: "a significant change"
        case .region: "a region event"
        case .visit: "a visit"
        case .monitor: "a CLMonitor event"
        case .liveUpdates: "live updates"
        case .bgTask: "a BGTask"
        case .push: "a push or background fetch"
        case .transfer: "a background transfer"
        }
    }

    /// The causes of a summary as one reason: the nearest first, then what led to it.
    public static func reason(_ causes: [SimCause]) -> String? {
        guard let first = causes.first else { return nil }
        var text = Self.text(first)
        let rest = causes.dropFirst()
        let direct = rest.filter { $0 == .tasksEndedInHandlers || $0 == .tasksEndedWithinAllowance }
        let background = rest.filter { $0 != .tasksEndedInHandlers && $0 != .tasksEndedWithinAllowance }
        for cause in direct { text += "; \(Self.text(cause))" }
        if !background.isEmpty { text += " (because \(background.map(Self.text).joined(separator: ", and ")))" }
        return text
    }

    /// A cause's name, as JSON writes it (`backgroundTimeExpired`): the core's its case's name,
    /// a mechanism's the name its folder gives it.
    public static func name(_ cause: SimCause) -> String {
        switch cause {
        case .tripStarts: "tripStarts"
        case .userOpensApp: "userOpensApp"
        case .userLeavesApp: "userLeavesApp"
        case .userReturnsToApp: "userReturnsToApp"
        case .deviceLocked: "deviceLocked"
        case .unlockedBackOnScreen: "unlockedBackOnScreen"
        case .deviceWoke: "deviceWoke"
        case .launching: "launching"
        case .launched: "launched"
        case .systemLaunch: "systemLaunch"
        case .systemWake: "systemWake"
        case .nothingHoldsApp: "nothingHoldsApp"
        case .deviceAsleep: "deviceAsleep"
        case .backgroundTimeExpired: "backgroundTimeExpired"
        case .noDeliveryWithinBudget: "noDeliveryWithinBudget"
        case .tasksEndedInHandlers: "tasksEndedInHandlers"
        case .tasksEndedWithinAllowance: "tasksEndedWithinAllowance"
        case .watchdog: "watchdog"
        case .memoryPressure: "memoryPressure"
        case .forceQuit: "forceQuit"
        case .crash: "crash"
        case .updatesPausedAutomatically: "updatesPausedAutomatically"
        case .updatesStopped: "updatesStopped"
        case .fixesUnderDistanceFilter: "fixesUnderDistanceFilter"
        case .authorization: "authorization"
        case .usageDescriptionsMissing: "usageDescriptionsMissing"
        case .backgroundUpdatesOff: "backgroundUpdatesOff"
        case .locationModeMissing: "locationModeMissing"
        case .whenInUseStartedInBackground: "whenInUseStartedInBackground"
        case .hiddenIndicatorRule: "hiddenIndicatorRule"
        case .updatesStartedInBackgroundWake: "updatesStartedInBackgroundWake"
        case .sessionTimeLimit: "sessionTimeLimit"
        case .settingsChanged: "settingsChanged"
        case .preciseLocationChanged: "preciseLocationChanged"
        case .locationServicesSwitched: "locationServicesSwitched"
        case .userAnswered: "userAnswered"
        case .userChoseAlways: "userChoseAlways"
        case .userKeptWhenInUse: "userKeptWhenInUse"
        case .allowOnceEnded: "allowOnceEnded"
        case .bgTasks(let cause): name(cause)
        case .audio(let cause): name(cause)
        case .monitor(let reason): name(reason)
        case .liveUpdates(let cause): name(cause)
        case .pushes(let cause): name(cause)
        case .locationPushes(let cause): name(cause)
        case .backgroundTasks(let cause): name(cause)
        case .device(let cause): name(cause)
        case .resources(let cause): name(cause)
        }
    }

    /// The verdict in one sentence.
    public static func sentence(_ summary: SimSummary) -> String {
        sentence(summary, strictReading: true)
    }

    /// The verdict in one sentence; without `strictReading`, a kept-alive run's sentence leaves
    /// the strict delivery reading out (the picture gives it as a footnote).
    static func sentence(_ summary: SimSummary, strictReading: Bool) -> String {
        if let stall = summary.stall { return Self.stall(stall) }
        let reason = Self.reason(summary.causes) ?? ""
        switch summary.verdict {
        case .keptAlive:
            let strict = summary.strictVerdict == .keptAlive || !strictReading ? "" : "; under the strict delivery reading it would have been \(summary.strictVerdict.rawValue) at \(Formatting.clock(summary.strictSuspendedAt ?? 0))"
            let silence = summary.warnings.contains(.audio(.silentKeepAlive)) ? ", but only by playing silent audio, which App Review rejects (guideline 2.5.4): not a pass" : ""
            return "The app stayed alive for the whole trip (\(Formatting.clock(summary.durationSeconds)))\(silence)\(strict)."
        case .foregroundOnly:
            return "The app never went to the background in this run (\(Formatting.clock(summary.durationSeconds))), so it says nothing about staying alive there."
        case .suspended:
            return "The app was suspended at \(Formatting.clock(summary.suspendedAt ?? 0)): \(reason)\(laterEnd(summary))."
        case .terminated:
            return "The app was terminated at \(Formatting.clock(summary.terminatedAt ?? 0)): \(reason)."
        case .crashed:
            return "The app crashed at \(Formatting.clock(summary.terminatedAt ?? 0)): \(reason)."
        }
    }

    /// How a suspended app's process ended later, if it did: purged, force-quit, or killed by
    /// the system for a reason of its own (a VoIP push not reported to CallKit, …).
    private static func laterEnd(_ summary: SimSummary) -> String {
        guard let at = summary.terminatedAt.map(Formatting.clock) else { return "" }
        switch summary.terminationCause {
        case .memoryPressure?, nil: return "; it was purged from memory at \(at)"
        case .forceQuit?: return "; the user force-quit it at \(at)"
        case let cause?:
            let why = text(cause)
            return "; the system killed it at \(at): " + (why.hasPrefix("killed: ") ? String(why.dropFirst("killed: ".count)) : why)
        }
    }

    static func text(_ warning: SimWarning) -> String {
        switch warning {
        case .noSuchBackgroundTask(let id): "endBackgroundTask(#\(id)): no background task exists with this identifier"
        case .backgroundTaskOpenLong(let task, let seconds): "background task #\(task.id) \"\(task.name)\" has been open \(number(seconds)) s"
        case .missingUsageDescription(let always, let needs):
            "\(always ? "requestAlwaysAuthorization" : "requestWhenInUseAuthorization") does nothing: "
                + (needs.count == 1 ? "\(needs[0].rawValue) is missing" : needs.map(\.rawValue).joined(separator: " and ") + " are both needed")
        case .authorizationRequestUnavailable(let always):
            "\(always ? "requestAlwaysAuthorization" : "requestWhenInUseAuthorization") does not exist before iOS 8: the first use of location services shows the prompt"
        case .authorizationRequestNotInUse: "an authorization request from the background shows no prompt and does nothing"
        case .whenInUseStartFromBackground: "startUpdatingLocation from the background does nothing for a When In Use app"
        case .neverInBackground: "the app never went to the background: nothing was tested about staying alive there"
        // MARK: Profiles, the debugger and the Info.plist lint
        case .debuggerPreventsSuspension(let cause):
            "the debugger keeps the app running: on a device iOS would suspend it now (\(text(cause)))"
        case .debuggerPreventsWatchdog(let tasks):
            "the debugger keeps the watchdog off: on a device background task \(tasks.map { "#\($0.id) \"\($0.name)\"" }.joined(separator: ", ")) still open after expiration would get the app terminated"
        case .infoPlist(let finding): text(finding)
        case .bgTasks(let warning): text(warning)
        case .transfers(let warning): text(warning)
        case .audio(let warning): text(warning)
        case .regions(let warning): text(warning)
        case .visits(let warning): text(warning)
        case .liveUpdates(let warning): text(warning)
        case .serviceSessions(let warning): text(warning)
        case .monitor(let warning): text(warning)
        case .locationPushes(let warning): text(warning)
        }
    }

    // MARK: Profiles, the debugger, exit categories and the Info.plist lint

    /// An Info.plist finding in words.
    public static func text(_ finding: SimPlistFinding) -> String {
        switch finding {
        case .modeDeclaredButUnused(let mode):
            "Info.plist: UIBackgroundModes declares '\(mode.rawValue)' but nothing in this run used it: App Review rejects unused background modes (guideline 2.5.4)"
        case .modeUsedButNotDeclared(let mode):
            "Info.plist: the app relies on the '\(mode.rawValue)' background mode, which UIBackgroundModes lacks"
        case .usageDescriptionMissing(let key):
            "Info.plist: \(key.rawValue) is missing, and the app's authorization request needs it"
        case .taskIdentifierNotPermitted(let identifier):  // §12
            "Info.plist: BGTaskSchedulerPermittedIdentifiers lacks \"\(identifier)\", which the app registers or submits"
        }
    }

    /// An exit category as MetricKit's documentation names it ("background task assertion timeout").
    public static func text(_ category: SimExitCategory) -> String {
        switch category {
        case .normalAppExit: "normal app exit"
        case .memoryResourceLimit: "memory resource limit"
        case .cpuResourceLimit: "CPU resource limit"
        case .memoryPressureExit: "memory pressure exit"
        case .suspendedWithLockedFile: "suspended with locked file"
        case .illegalInstruction: "illegal instruction"
        case .badAccess: "bad access"
        case .appWatchdog: "app watchdog"
        case .backgroundTaskAssertionTimeout: "background task assertion timeout"
        case .abnormalExit: "abnormal exit"
        }
    }

    /// The exit line of the text report, when a process ended: how MetricKit counts it.
    public static func exitLine(_ summary: SimSummary) -> String? {
        guard let terminated = summary.terminatedAt else { return nil }
        guard let category = summary.exitCategory else {
            // A force quit has a counter (normal app exit); the ends without one are a restart,
            // an OS update and an app update, so the line names the cause it has.
            let cause = summary.terminationCause.map(text) ?? "the process ended"
            return "Exit at \(Formatting.clock(terminated)): \(cause), which MetricKit has no counter for."
        }
        let counter = SimExitCategory.metricKitClass(inForeground: summary.exitedInForeground) + "." + category.metricKitProperty
        return "Exit at \(Formatting.clock(terminated)): MetricKit counts it as \(text(category)) (\(counter))."
    }

    /// How a verdict reads in the debugger comparison: "survives", "suspended at 0:01:30".
    public static func shortVerdict(_ summary: SimSummary) -> String {
        switch summary.verdict {
        case .keptAlive: "survives"
        case .foregroundOnly: "never goes to the background"
        case .suspended: "suspended at \(Formatting.clock(summary.suspendedAt ?? 0))"
        case .terminated: "terminated at \(Formatting.clock(summary.terminatedAt ?? 0))"
        case .crashed: "crashes at \(Formatting.clock(summary.terminatedAt ?? 0))"
        }
    }

    /// The same run under Xcode's debugger and on a device, side by side (§9).
    public static func debuggerComparison(device: SimSummary, debugger: SimSummary) -> String {
        let same = device.verdict == debugger.verdict && device.suspendedAt == debugger.suspendedAt && device.terminatedAt == debugger.terminatedAt
            && device.verdict != .keptAlive || device.verdict == .keptAlive && debugger.verdict == .keptAlive
        return same
            ? "Side by side: the same under Xcode's debugger as on a device (\(shortVerdict(device)))."
            : "Side by side: \(shortVerdict(debugger)) under Xcode's debugger, \(shortVerdict(device)) on a device: the debugger hides what ends the app."
    }

    /// What holds the app, as a noun phrase: "the location session", "audio playback".
    static func text(_ hold: SimHold) -> String {
        switch hold.kind {
        case .locationUpdates: "the location session"
        case .backgroundTasks: "a background task"
        case .audio(let audio): text(audio)
        case .other(let name): name
        case .bgTasks(let tasks): tasks.map(text).joined(separator: " and ")
        case .liveUpdates: "live location updates with a background activity session"
        }
    }

    // MARK: The picture's lanes

    /// What holds the app, in a word or two for the picture's legend: "location session", "audio".
    static func label(_ hold: SimHold) -> String {
        switch hold.kind {
        case .locationUpdates: "location session"
        case .backgroundTasks: "background task"
        case .audio(let audio): label(audio)
        case .other(let name): name
        case .bgTasks: "BGTask"
        case .liveUpdates: "live updates"
        }
    }

    /// Why iOS woke or relaunched the app, in a few words for the picture's legend: the
    /// timeline's words without the article ("region exit", "VoIP push").
    static func label(_ reason: SimWakeReason) -> String {
        switch reason {
        case .significantLocationChange: "significant change"
        case .liveUpdates(.updatesAvailable): "live updates again"
        case .regions, .visits, .bgTasks, .transfers, .pushes, .monitor:
            String(text(reason).trimmingPrefix("a ").trimmingPrefix("an "))
        }
    }

    private static func text(_ reason: SimWakeReason) -> String {
        switch reason {
        case .significantLocationChange: "a significant location change"
        case .regions(let reason): text(reason)
        case .visits(let reason): text(reason)
        case .bgTasks(let reason): text(reason)
        case .transfers(let reason): text(reason)
        case .pushes(let reason): text(reason)
        case .liveUpdates(let reason): text(reason)
        case .monitor(let reason): text(reason)
        }
    }

    private static func text(_ fix: SimFixRecord, kind: SimEvent.Kind) -> String {
        switch fix.reason {
        case .underDistanceFilter: "under the distance filter"
        case .appNotRunning: "the app is not running"
        case .appSuspended: "queued: the app is suspended"
        case .backgroundUpdatesNotAllowed: "queued: background updates are not allowed"
        case .requested, .significantChange, nil: fix.delay == nil ? "delivered" : "delivered late"
        }
    }

    private static func text(_ action: SimScenarioEvent.Action) -> String {
        switch action {
        case .beginBackgroundTask(let name): "beginBackgroundTask \"\(name)\""
        case .endBackgroundTask: "endBackgroundTask"
        case .startUpdatingLocation: "startUpdatingLocation"
        case .stopUpdatingLocation: "stopUpdatingLocation"
        // Not said in words yet: the value as Swift prints it.
        case .launch, .enterBackground, .returnToForeground, .lock, .unlock, .memoryPressure, .forceQuit,
             .setAuthorization, .setAccuracyAuthorization, .setLocationServices, .bgTasks, .audio, .pushes, .locationPushes, .device, .resources:
            "\(action)"
        }
    }

    /// Seconds or metres as the log writes them: whole numbers bare, others with three decimals.
    static func number(_ value: Double) -> String {
        value == value.rounded() && abs(value) < 1e15 ? String(Int64(value)) : Formatting.fixed(value, 3)
    }

    // MARK: The app's mechanisms, for the timeline's `uses` line

    static func text(_ mechanism: AppScriptOutline.Mechanism) -> String {
        switch mechanism {
        case .significantChanges: "significant-change location"
        case .regions: "region monitoring"
        case .monitor(let name): "CLMonitor \"\(name)\""
        case .visits: "visits"
        case .liveUpdates(let configuration): "liveUpdates(.\(configuration.rawValue))"
        case .backgroundActivitySession: "CLBackgroundActivitySession"
        case .serviceSession(let requirement): "CLServiceSession(.\(requirement.rawValue))"
        case .audio(let silent): silent ? "silent audio" : "background audio"
        case .callKit: "CallKit for VoIP pushes"
        case .locationPushes: "location pushes (its extension)"
        case .continuedProcessing: "BGContinuedProcessingTask"
        }
    }
}
