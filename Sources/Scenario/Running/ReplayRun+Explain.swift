import Scripting
import Simulation

extension ReplayRun {
    /// Re-runs this replay with single changes (pairs when no single one helps) and finds the
    /// smallest that keep the app alive. `original` is this replay's own outcome.
    @MainActor
    public func explain(_ original: ReplayOutcome, on loaded: LoadedTrack) -> Explanation {
        let candidates = Self.candidates(for: settings)
        guard original.result.summary.verdict != .keptAlive, original.result.summary.verdict != .foregroundOnly else {
            return Explanation(fixes: [], candidates: candidates, replays: 0, largestSetTried: 0)
        }
        var replays = 0
        func verdict(_ changes: [ExplainChange]) -> SimVerdict? {
            replays += 1
            // Only the verdict counts: a candidate stops as soon as the app is stopped.
            let changed = ReplayRun(track: track, settings: Self.settings(settings, with: changes))
            let simulation = changed.simulation(on: loaded, keepsEvents: false)
            let verdict = simulation.runToVerdict()
            let result = simulation.result()
            // A change that makes the app log past the limit, or whose virtual time stopped (a
            // reaction loop), answers nothing: no fix.
            guard result.logLimitReachedAt == nil else { return nil }
            return result.summary.stall == nil ? verdict : .crashed
        }
        var fixes: [Explanation.Fix] = []
        for change in candidates {
            let result = verdict([change])
            if let result, result == .keptAlive { fixes.append(.init(changes: [change], verdict: result)) }
        }
        guard fixes.isEmpty else { return Explanation(fixes: fixes, candidates: candidates, replays: replays, largestSetTried: 1) }
        for (index, first) in candidates.enumerated() {
            for second in candidates[(index + 1)...] where !Self.conflict(first, second) {
                let result = verdict([first, second])
                if let result, result == .keptAlive { fixes.append(.init(changes: [first, second], verdict: result)) }
            }
        }
        return Explanation(fixes: fixes, candidates: candidates, replays: replays, largestSetTried: 2)
    }

    /// The changes worth trying for this app: those that change something.
    static func candidates(for settings: ResolvedReplay) -> [ExplainChange] {
        let script = settings.app
        let outline = AppScriptOutline(script)
        var changes: [ExplainChange] = []
        if outline.pausesLocationUpdatesAutomatically {
            changes.append(.app(.set(.pausesLocationUpdatesAutomatically(false))))
        }
        for type in SimActivityType.allCases where type != outline.activityType {
            changes.append(.app(.set(.activityType(type))))
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
        // The engineer's fix first: start on screen, which needs no new consent (§4).
        if whenInUse, (script.reactions[.background] ?? []).contains(.startUpdates) {
            changes.append(.app(.startUpdatesOnScreen))
        }
        if whenInUse {
            changes.append(.alwaysInsteadOfWhenInUse)
        }
        if script.allActions.contains(.stopUpdates) {
            changes.append(.app(.keepUpdatesRunning))
        }
        if outline.taskHabit == .neverEnded || outline.taskHabit == .mixed {
            changes.append(.app(.endTasksInExpirationHandlers))
        }
        if !(script.reactions[.paused] ?? []).contains(.startSignificantChanges) {
            changes.append(.app(.significantChangeFallback))
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
