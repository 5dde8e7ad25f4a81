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

    // Every operation is O(1) (amortized) or O(log n) in the number of open tasks, so that
    // thousands of tasks cost linear time: a hold built from `records` shares its buffer, and
    // nothing walks the open tasks per begin, per warning or per re-evaluation.
    /// Open tasks by identifier.
    private var open: [Int: OpenTask] = [:]
    /// The open tasks' records in the order they were begun, which is identifier order.
    private var records: [SimTaskRecord] = []
    private var nextIdentifier = 1

    public init() {}

    /// The identifiers of the tasks begun and not yet ended, oldest first.
    public var openIdentifiers: [SimBackgroundTaskIdentifier] { records.map { SimBackgroundTaskIdentifier(rawValue: $0.id) } }

    /// The task begun first of those still open.
    public var oldestOpenIdentifier: SimBackgroundTaskIdentifier? { records.first.map { SimBackgroundTaskIdentifier(rawValue: $0.id) } }

    public func holdStatus(in system: SimSystem) -> SimHoldStatus {
        records.isEmpty ? .notHolding(nil)
            : .holding(SimHold(kind: .backgroundTasks(records), spendsBudget: true, isAssertion: true, assertedTasks: records))
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
                guard system.appState == .background, open[record.id]?.record == record else { return }
                system.emit(.warning(.backgroundTaskOpenLong(record, seconds: after)))
            }
        }
        open[record.id] = task
        records.append(record)
        system.emit(.taskBegin(record, grantsTime: grantsTime))
        system.reevaluate()
        return SimBackgroundTaskIdentifier(rawValue: record.id)
    }

    func end(_ identifier: SimBackgroundTaskIdentifier, in system: SimSystem) {
        guard let task = open.removeValue(forKey: identifier.rawValue) else {
            system.emit(.warning(.noSuchBackgroundTask(id: identifier.rawValue)))
            return
        }
        // Identifiers grow as tasks begin: the record is found by binary search.
        var (low, high) = (0, records.count)
        while low < high {
            let middle = (low + high) / 2
            if records[middle].id < identifier.rawValue { low = middle + 1 } else { high = middle }
        }
        records.remove(at: low)
        task.warning?.cancel()
        system.emit(.taskEnd(task.record, seconds: system.now.seconds(since: task.began)))
        system.reevaluate()
    }

    /// Runs the handlers of the tasks open at expiry, in the order they were begun, each once:
    /// a task an earlier handler ended has no handler run any more.
    public func budgetExpired(in system: SimSystem) {
        // The tasks open when the budget ran out, in the order begun (a copy: handlers may end tasks).
        for record in records {
            guard system.appState == .background else { return }
            guard let task = open[record.id] else { continue }
            system.emit(.taskExpiration(task.record))
            if let handler = task.handler { system.runAppCode { handler() } }
        }
    }

    public func processEnded(in system: SimSystem, process: Int, forceQuit: Bool) {
        for task in open.values { task.warning?.cancel() }
        open = [:]
        records = []
    }
}
