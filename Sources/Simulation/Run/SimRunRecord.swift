/// What a run's summary needs, gathered as the run goes: fed by every event the core emits
/// (counts, warnings, time per state, the first termination), by the core's lifecycle decisions
/// (the first stop, with its chain of causes, which no single event carries) and by the fixes
/// mechanisms deliver. It keeps a few numbers, never the events, so a run's memory stays flat.
@MainActor
final class SimRunRecord {
    /// The first suspension or termination: its verdict, time and chain of causes.
    private(set) var ending: (verdict: SimVerdict, time: Double, causes: [SimCause])?
    /// When the first process ended, why, and whether it was on screen then (MetricKit counts
    /// foreground and background exits apart).
    private(set) var firstTermination: (time: Double, cause: SimCause, inForeground: Bool)?
    private(set) var deliveredUpdates = 0
    private(set) var reachedBackground = false
    private(set) var warnings: [SimWarning] = []
    /// The Info.plist lint (§7), made when the run finishes.
    var infoPlistFindings: [SimPlistFinding] = []
    private(set) var emittedEvents = 0
    /// Lines the app wrote to the log.
    var appLogLines = 0
    /// When the app's log went past the configuration's limit and the run stopped.
    var logLimitReachedAt: Double?
    /// When the firing past ``SimulationConfiguration/maximumTimerFirings`` stopped the run.
    var firingLimitReachedAt: Double?
    /// The strict delivery reading of §4, kept beside every run.
    let strictCheck: StrictDeliveryCheck
    private var state = SimAppState.notRunning
    private var stateEnteredAt = SimInstant.zero
    private var secondsInState: [SimAppState: Double] = [:]
    /// Once a stall is diagnosed: the kinds of event the loop emitted, in order of appearance.
    private(set) var stallEventKinds: [SimEvent.Kind]?
    private var diagnosingStall = false

    init(budget: Double) {
        strictCheck = StrictDeliveryCheck(budget: budget)
    }

    /// Takes in one event, as the core emits it.
    func receive(_ event: SimEvent) {
        emittedEvents &+= 1
        if diagnosingStall { noteStalled(event.kind) }
        switch event.detail {
        case .warning(let warning) where warning.isAboutTheRun && warnings.count < 100:
            warnings.append(warning)
        case .stateChange(let from, let to, let cause):
            let now = SimInstant(seconds: event.time)
            secondsInState[from, default: 0] += now.seconds(since: stateEnteredAt)
            (state, stateEnteredAt) = (to, now)
            if to == .background { reachedBackground = true }
            if to == .terminated, firstTermination == nil { firstTermination = (event.time, cause, from.isForeground) }
            strictCheck.update(now: now, inBackground: to == .background)
        default:
            break
        }
    }

    /// Virtual time stopped advancing: while `diagnosing`, note what the loop emits.
    func diagnoseStall(_ diagnosing: Bool) {
        diagnosingStall = diagnosing
        if diagnosing { stallEventKinds = [] }
    }

    private func noteStalled(_ kind: SimEvent.Kind) {
        guard var kinds = stallEventKinds, !kinds.contains(kind), kinds.count < 20 else { return }
        kinds.append(kind)
        stallEventKinds = kinds
    }

    /// The core stopped the app (suspended or terminated it) for these causes.
    /// Told every stop's chain of causes (the goal meters: a gap's causes are its stop's chain).
    var stopObservers: [@MainActor ([SimCause]) -> Void] = []

    func appStopped(_ verdict: SimVerdict, causes: [SimCause], at now: SimInstant) {
        if ending == nil { ending = (verdict, now.seconds, causes) }
        for observer in stopObservers { observer(causes) }
        strictCheck.appStopped(at: now, verdict: verdict)
    }

    /// A mechanism delivered a fix to the app.
    func delivery(at now: SimInstant, inBackground: Bool) {
        deliveredUpdates += 1
        strictCheck.delivery(at: now, inBackground: inBackground)
    }

    /// Time per state, including the current one up to `end`.
    func secondsPerState(until end: SimInstant) -> [SimAppState: Double] {
        var result = secondsInState
        result[state, default: 0] += end.seconds(since: stateEnteredAt)
        return result
    }
}
