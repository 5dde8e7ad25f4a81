/// `beginBackgroundTask` / `endBackgroundTask` (§2): open tasks hold the app while its budget
/// lasts; at expiry their handlers run, and a task still open after the handlers' allowance
/// gets the app terminated by the watchdog (the core's rule for assertions).
@MainActor
public final class BackgroundTasks: BackgroundMechanism {
    private struct OpenTask {
        let record: SimTaskRecord
        let began: SimInstant
        let handler: (@MainActor @Sendable () -> Void)?
        var warning: ScheduledWork?
    }

    /// Open tasks in the order they were begun.
    private var open: [OpenTask] = []
    private var nextIdentifier = 1

    public init() {}

    /// The identifiers of the tasks begun and not yet ended.
    public var openIdentifiers: [SimBackgroundTaskIdentifier] { open.map { SimBackgroundTaskIdentifier(rawValue: $0.record.id) } }

    public func holdStatus(in system: SimSystem) -> SimHoldStatus {
        open.isEmpty ? .notHolding(nil)
            : .holding(SimHold(kind: .backgroundTasks(open.map(\.record)), spendsBudget: true, isAssertion: true, assertedTasks: open.map(\.record)))
    }

    func begin(name: String?, handler: (@MainActor @Sendable () -> Void)?, in system: SimSystem) -> SimBackgroundTaskIdentifier {
        guard system.appState.isRunning else { return .invalid }
        let record = SimTaskRecord(id: nextIdentifier, name: name ?? "unnamed")
        nextIdentifier += 1
        let grantsTime = !(system.isExpired || (system.appState == .background && system.keepAlive == nil && system.budget.isSpent(at: system.now)))
        var task = OpenTask(record: record, began: system.now, handler: handler)
        if system.appState == .background {
            let after = system.profile.longTaskWarningAfter
            task.warning = system.scheduler.schedule(after: after, owner: .mechanism) { [unowned self, unowned system] in
                guard system.appState == .background, open.contains(where: { $0.record == record }) else { return }
                system.emit(.warning, .warning(.backgroundTaskOpenLong(record, seconds: after)))
            }
        }
        open.append(task)
        system.emit(.taskBegin, .taskBegin(record, grantsTime: grantsTime))
        system.reevaluate()
        return SimBackgroundTaskIdentifier(rawValue: record.id)
    }

    func end(_ identifier: SimBackgroundTaskIdentifier, in system: SimSystem) {
        guard let index = open.firstIndex(where: { $0.record.id == identifier.rawValue }) else {
            system.emit(.warning, .warning(.noSuchBackgroundTask(id: identifier.rawValue)))
            return
        }
        let task = open.remove(at: index)
        task.warning?.cancel()
        system.emit(.taskEnd, .taskEnd(task.record, seconds: system.now.seconds(since: task.began)))
        system.reevaluate()
    }

    /// Runs the handlers of the tasks open at expiry, in the order they were begun, each once:
    /// a task an earlier handler ended has no handler run any more.
    public func budgetExpired(in system: SimSystem) {
        for record in open.map(\.record) {
            guard system.appState == .background else { return }
            guard let task = open.first(where: { $0.record == record }) else { continue }
            system.emit(.taskExpiration, .taskExpiration(task.record))
            if let handler = task.handler { system.runAppCode { handler() } }
        }
    }

    public func processEnded(in system: SimSystem, process: Int, forceQuit: Bool) {
        for task in open { task.warning?.cancel() }
        open = []
    }
}
