import ScenarioInput
import Scripting
import Simulation

extension ReplayRun {
    /// Re-runs this replay with single changes (pairs when no single one helps) and finds the
    /// smallest that give the app what it needs: its goals met, or, for a run without goals,
    /// the app kept alive. Each fix is then replayed whole to measure what it costs, and the
    /// fixes come cheapest first. `original` is this replay's own outcome.
    @MainActor
    public func explain(_ original: ReplayOutcome, on loaded: LoadedTrack) -> Explanation {
        let candidates = Self.candidates(for: settings)
        let summary = original.result.summary
        let byGoal = summary.goalMet != nil
        let needsFix = byGoal ? summary.goalMet == false : summary.verdict != .keptAlive && summary.verdict != .foregroundOnly
        guard needsFix else {
            return Explanation(fixes: [], candidates: candidates, replays: 0, largestSetTried: 0, judgedByGoal: byGoal)
        }
        var replays = 0
        /// The fix `changes` make, if they meet the goal: a candidate stops as soon as its answer
        /// is decided, so a fix is one that ran whole, and its cost was measured on the way.
        func fix(_ changes: [ExplainChange]) -> Explanation.Fix? {
            replays += 1
            let changed = ReplayRun(track: track, settings: Self.settings(settings, with: changes))
            let meter = ExplainCostMeter(newPrompt: changes.contains(.alwaysInsteadOfWhenInUse))
            let simulation = changed.simulation(on: loaded, sinks: [meter], keepsEvents: false)
            let works = byGoal ? simulation.runToAnswer() == true : simulation.runToVerdict() == .keptAlive
            // A failed candidate's result is never built: only a fix's is read.
            guard works else { return nil }
            let result = simulation.result()
            // A change that makes the app log past the limit, whose virtual time stopped (a
            // reaction loop), or that crashes the app (whose goal then counts nothing) is no fix.
            guard result.logLimitReachedAt == nil, result.firingLimitReachedAt == nil, result.summary.stall == nil, result.summary.verdict != .crashed else { return nil }
            meter.close(at: result.summary.durationSeconds)
            return Explanation.Fix(changes: changes, verdict: result.summary.verdict, cost: meter.cost)
        }
        var fixes = candidates.compactMap { fix([$0]) }
        var largest = 1
        if fixes.isEmpty {
            largest = 2
            for (index, first) in candidates.enumerated() {
                for second in candidates[(index + 1)...] where !Self.conflict(first, second) {
                    if let pair = fix([first, second]) { fixes.append(pair) }
                }
            }
        }
        guard !fixes.isEmpty else {
            return Explanation(fixes: [], candidates: candidates, replays: replays, largestSetTried: candidates.isEmpty ? 0 : largest, judgedByGoal: byGoal)
        }
        // The app as it is, replayed whole for the yardstick its fixes are shown beside.
        replays += 1
        let originalMeter = ExplainCostMeter(newPrompt: false)
        let originalRun = simulation(on: loaded, sinks: [originalMeter], keepsEvents: false).run()
        originalMeter.close(at: originalRun.summary.durationSeconds)
        // Cheapest first: what the user pays in energy, then a new prompt.
        fixes.sort { ($0.cost?.energy() ?? 0, $0.cost?.newPrompt == true ? 1 : 0) < ($1.cost?.energy() ?? 0, $1.cost?.newPrompt == true ? 1 : 0) }
        return Explanation(fixes: fixes, candidates: candidates, replays: replays, largestSetTried: largest,
                           judgedByGoal: byGoal, originalCost: originalMeter.cost)
    }

    /// The changes worth trying for this app: those that change something.
    static func candidates(for settings: ResolvedReplay) -> [ExplainChange] {
        let script = settings.app
        let outline = AppScriptOutline(script)
        var changes: [ExplainChange] = []
        // Location settings are worth trying only on an app that uses location.
        let usesLocation = script.allActions.contains(.startUpdates) || script.allActions.contains(.startSignificantChanges)
            || outline.mechanisms.contains { mechanism in
                switch mechanism {
                case .regions, .monitor, .visits, .liveUpdates, .significantChanges: true
                case .backgroundActivitySession, .serviceSession, .audio, .callKit, .continuedProcessing, .locationPushes: false
                }
            }
        // The mechanisms' own fixes, one line each, from their folders under ScenarioRun/Mechanisms.
        for mechanism in SimMechanism.allCases {
            switch mechanism {
            case .location: changes += usesLocation ? locationCandidates(settings, outline) : []
            case .audio: changes += audioCandidates(script)
            case .pushes: changes += pushCandidates(script)
            case .resources: changes += resourceCandidates(script)
            case .locationPushes: changes += locationPushCandidates(settings, outline, besides: changes)  // §16
            // Their fixes are the location settings' (background updates, authorization, the modes).
            case .significantChanges, .regions, .visits, .monitor, .liveUpdates, .serviceSessions: break
            // No fix of their own yet: an app's misuse of them shows as its goal's gaps.
            case .backgroundTasks, .bgTasks, .transfers, .timers: break
            }
        }
        return changes
    }

    /// Whether the run's phone is, or may come to be, in Low Power Mode: from the start, by a
    /// scenario event, or by the battery's offer.
    private static func mayEnterLowPowerMode(_ settings: ResolvedReplay) -> Bool {
        settings.device.lowPowerMode || settings.device.batteryDrainPerHour > 0 || settings.timeline.contains { event in
            guard case .device(let action) = event.action else { return false }
            return switch action {
            case .setLowPowerMode(let on): on
            case .setBattery: true
            case .setCharging, .setThermalState, .setBackgroundAppRefresh, .restart, .osUpdate, .appUpdate: false
            }
        }
    }

    /// The reactions that run in a background run iOS began (a wake or a relaunch), where updates
    /// started keep nothing alive unless the run was a significant change's (§4).
    static let systemRunTriggers: [AppScript.Trigger] = [.wake, .regionEnter, .regionExit, .visit, .push, .bgTask, .transferFinished]

    /// The location changes worth trying for an app that uses location.
    private static func locationCandidates(_ settings: ResolvedReplay, _ outline: AppScriptOutline) -> [ExplainChange] {
        let script = settings.app
        var changes: [ExplainChange] = []
        if outline.pausesLocationUpdatesAutomatically {
            changes.append(.app(.set(.pausesLocationUpdatesAutomatically(false))))
        }
        for type in SimActivityType.allCases where type != outline.activityType {
            changes.append(.app(.set(.activityType(type))))
        }
        // Coarse accuracy comes with fixes minutes apart: finer costs more, and the cost says so.
        if outline.desiredAccuracy.meters > SimAccuracy.nearestTenMeters.meters {
            changes.append(.app(.set(.desiredAccuracy(.best))))
        }
        if outline.distanceFilter != simDistanceFilterNone {
            changes.append(.app(.set(.distanceFilter(simDistanceFilterNone))))
        }
        if !outline.allowsBackgroundLocationUpdates {
            changes.append(.app(.set(.allowsBackgroundLocationUpdates(true))))
        }
        if !script.info.backgroundModes.contains(.location) {
            changes.append(.app(.declareBackgroundMode(.location)))
        }
        if script.info.whenInUseUsageDescription == nil || script.info.alwaysAndWhenInUseUsageDescription == nil {
            changes.append(.app(.declareUsageDescriptions))
        }
        let whenInUse = outline.request == .whenInUse || settings.initialAuthorization == .authorizedWhenInUse
        // §4: updates started in a run iOS began for anything but a significant change keep nothing alive.
        let startsInSystemRun = systemRunTriggers.contains { (script.reactions[$0] ?? []).contains(.startUpdates) }
        // The engineer's fix first: start on screen, which needs no new consent (§4).
        if (whenInUse && (script.reactions[.background] ?? []).contains(.startUpdates)) || startsInSystemRun {
            changes.append(.app(.startUpdatesOnScreen))
        }
        // §4's 16.4 rule: the indicator shown exempts the app (an Apple engineer's advice, thread 726945).
        if !outline.showsBackgroundLocationIndicator, script.allActions.contains(.startUpdates),
           script.allActions.contains(.startSignificantChanges),
           settings.profile.hiddenIndicatorRule.applies(
               at: settings.profile.osVersion, alwaysAuthorized: true, indicatorShown: false, significantChangesOn: true,
               distanceFilter: outline.distanceFilter, desiredAccuracy: outline.desiredAccuracy.meters) {
            changes.append(.app(.set(.showsBackgroundLocationIndicator(true))))
        }
        if whenInUse {
            changes.append(.alwaysInsteadOfWhenInUse)
        }
        if script.allActions.contains(.stopUpdates) {
            changes.append(.app(.keepUpdatesRunning))
        }
        // Low Power Mode stops background deliveries until the app starts them again (§15).
        if script.allActions.contains(.startUpdates), script.reactions[.powerState] == nil,
           settings.profile.lowPowerModeLocation == .stopsUntilRestarted, mayEnterLowPowerMode(settings) {
            changes.append(.app(.restartUpdatesWhenLowPowerModeEnds))
        }
        if outline.taskHabit == .neverEnded || outline.taskHabit == .mixed {
            changes.append(.app(.endTasksInExpirationHandlers))
        }
        let paused = script.reactions[.paused] ?? []
        if !paused.contains(.startSignificantChanges) {
            changes.append(.app(.significantChangeFallback))
        }
        // The geofence fallback beside it, for an app that pauses and watches no region then.
        if outline.pausesLocationUpdatesAutomatically, !paused.contains(where: { if case .regions = $0 { true } else { false } }) {
            changes.append(.app(.regionFallback))
        }
        return changes
    }

    /// Two changes of the same property cannot be made together.
    private static func conflict(_ first: ExplainChange, _ second: ExplainChange) -> Bool {
        guard case .app(.set(let a)) = first, case .app(.set(let b)) = second else { return false }
        return a.property == b.property
    }

    /// `settings` with `changes` made.
    static func settings(_ settings: ResolvedReplay, with changes: [ExplainChange]) -> ResolvedReplay {
        var changed = settings
        for change in changes {
            switch change {
            case .app(let change):
                changed.app = changed.app.applying(change)
            case .alwaysInsteadOfWhenInUse:
                // Asking for Always takes its usage strings: one change, not a pair.
                changed.app = changed.app.applying([.requestAlways, .declareUsageDescriptions])
                if changed.initialAuthorization == .authorizedWhenInUse { changed.initialAuthorization = .authorizedAlways }
            }
        }
        return changed
    }
}
