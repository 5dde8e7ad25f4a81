import Foundation

/// Background URLSession transfers (§14): the system carries a download on while the app is
/// suspended or not running; once all of a session's tasks have finished it wakes or relaunches
/// the app for a short run (`transfers.wakeSeconds`) in which `handleEventsForBackgroundURLSession`
/// runs, the session's delegate hears of the finished downloads, and the app calls the
/// completion handler, which ends the run. Sessions finishing at the same instant share one wake.
///
/// Each such wake doubles the app's resume delay (`transfers.resumeDelayFirst` the first time;
/// the user opening the app resets it), which holds back the start of a transfer the app creates
/// in the background afterwards. A transfer created in the background (or in a session with
/// `isDiscretionary`) is discretionary: it starts `transfers.discretionaryDelay` after that, and
/// only while Low Power Mode is off and, with `transfers.discretionaryNeedsPower`, the device
/// charges (the model is always on Wi-Fi). Force-quitting the app cancels its transfers; a system
/// kill keeps them. Transfers keep nothing running: the app is woken, not held.
@MainActor
public final class BackgroundTransfers: BackgroundMechanism {
    private struct Transfer {
        let record: SimTransferRecord
        let task: SimURLSessionDownloadTask
        let discretionary: Bool
        /// When the system may start it.
        let startsAt: SimInstant
        var started = false
        /// The reasons already logged for its wait.
        var waits: Set<SimTransferWait> = []
        var work: ScheduledWork?
    }

    /// Transfers the system carries on (waiting to start, or under way), by task identifier.
    private var running: [Int: Transfer] = [:]
    /// Finished transfers whose events wait for the app, oldest first.
    private var waiting: [Transfer] = []
    /// The current process's sessions, by identifier.
    private var sessions: [String: SimURLSession] = [:]
    /// Whether each session identifier's configuration sends launch events.
    private var sendsLaunchEvents: [String: Bool] = [:]
    /// The sessions whose wake awaits its completion handler.
    private var awaitingCompletion: Set<String> = []
    /// Sessions being woken for: their events wait until `handleEvents…` has run.
    private var waking: Set<String> = []
    /// Sessions whose tasks have all finished while the app does not run: one wake, once the
    /// instant's other transfers have finished too.
    private var dueWake: Set<String> = []
    private var wakeCheck: ScheduledWork?
    /// The app's resume delay in seconds (nsurlsessiond's "request delay"): 0 until a wake.
    public private(set) var resumeDelay = 0.0
    private var nextTaskIdentifier = 1
    /// Whether the delegate is hearing of downloads now, and whether the app called a completion
    /// handler meanwhile: its run ends once they are all delivered, as on iOS, where the
    /// handler's work finishes before the app is suspended.
    private var delivering = false
    private var handledWhileDelivering = false

    public init() {}

    public func holdStatus(in system: SimSystem) -> SimHoldStatus { .notHolding(nil) }

    func sessionMade(_ session: SimURLSession, in system: SimSystem) {
        let identifier = session.configuration.identifier
        sessions[identifier] = session
        sendsLaunchEvents[identifier] = session.configuration.sessionSendsLaunchEvents
        if !waking.contains(identifier) { deliverWaiting(for: identifier, afterWake: false, in: system) }
    }

    func resume(_ task: SimURLSessionDownloadTask, in session: SimURLSession, system: SimSystem) {
        let profile = system.profile.transfers
        guard system.profile.iOSVersion >= profile.firstIOSVersion else {
            system.emit(.warning(.transfers(.unavailable(profile: system.profile.name))))
            return
        }
        task.taskIdentifier = nextTaskIdentifier
        nextTaskIdentifier += 1
        let record = SimTransferRecord(id: task.taskIdentifier, name: task.taskDescription ?? task.originalRequestURL.absoluteString,
                                       session: session.configuration.identifier)
        let inBackground = !system.appState.isForeground
        let discretionary = session.configuration.isDiscretionary || inBackground
        // The resume delay holds back what the app creates in the background; the system then
        // starts a discretionary transfer at its discretion.
        let held = (inBackground ? resumeDelay : 0) + (discretionary ? profile.discretionaryDelay : 0)
        let starts = system.now.adding(seconds: held)
        system.emit(TransferEvent.start(record, seconds: task.simulatedSeconds, discretionary: discretionary,
                                        startsAt: starts.seconds, finishesAt: starts.adding(seconds: task.simulatedSeconds).seconds))
        running[record.id] = Transfer(record: record, task: task, discretionary: discretionary, startsAt: starts)
        if held > 0 {
            running[record.id]?.work = system.scheduler.schedule(at: starts, owner: .mechanism) { [unowned self, unowned system] in
                tryStart(record.id, in: system)
            }
        } else {
            tryStart(record.id, in: system)
        }
    }

    /// What keeps a discretionary transfer from starting now (§14, §15); `nil` when nothing does.
    private func wait(in system: SimSystem) -> SimTransferWait? {
        if system.device.lowPowerMode { return .lowPowerMode }
        if system.profile.transfers.discretionaryNeedsPower, !system.device.charging { return .notCharging }
        return nil
    }

    /// Starts the transfer once its time has come and nothing keeps it waiting.
    private func tryStart(_ identifier: Int, in system: SimSystem) {
        guard var transfer = running[identifier], !transfer.started, system.now >= transfer.startsAt else { return }
        if transfer.discretionary, let wait = wait(in: system) {
            if transfer.waits.insert(wait).inserted { system.emit(TransferEvent.waits(transfer.record, wait)) }
            running[identifier] = transfer
            return
        }
        transfer.started = true
        let finishes = system.now.adding(seconds: transfer.task.simulatedSeconds)
        if system.now > transfer.startsAt { system.emit(TransferEvent.begins(transfer.record, finishesAt: finishes.seconds)) }
        transfer.work = system.scheduler.schedule(at: finishes, owner: .mechanism) { [unowned self, unowned system] in
            finish(identifier, in: system)
        }
        running[identifier] = transfer
    }

    public func deviceChanged(in system: SimSystem, from old: SimDevice) {
        // What waited for power or for Low Power Mode's end starts once the change allows it.
        for identifier in running.keys.sorted() { tryStart(identifier, in: system) }
    }

    private func finish(_ identifier: Int, in system: SimSystem) {
        guard let transfer = running.removeValue(forKey: identifier) else { return }
        system.emit(TransferEvent.finish(transfer.record))
        waiting.append(transfer)
        let session = transfer.record.session
        if system.appState.isRunning {
            // A running app hears at once, through the session it holds (or when it makes one).
            deliverWaiting(for: session, afterWake: false, in: system)
        } else if sendsLaunchEvents[session] ?? true, !running.values.contains(where: { $0.record.session == session }) {
            // iOS wakes the app once all of the session's tasks have finished. [doc]
            dueWake.insert(session)
            guard wakeCheck == nil else { return }
            wakeCheck = system.scheduler.schedule(after: 0, owner: .mechanism) { [unowned self, unowned system] in
                wakeCheck = nil
                wakeForDueSessions(in: system)
            }
        }
    }

    /// One wake (or relaunch) for every session whose tasks finished while the app did not run.
    private func wakeForDueSessions(in system: SimSystem) {
        let due = dueWake.sorted()
        dueWake = []
        guard !due.isEmpty else { return }
        if system.appState.isRunning {
            for session in due { deliverWaiting(for: session, afterWake: false, in: system) }
            return
        }
        // The launch code may make the sessions: their events wait until `handleEvents…` has run.
        waking = Set(due)
        system.wake(for: .transfers(.sessionEvents), seconds: system.profile.transfers.wakeSeconds)
        waking = []
        guard system.appState.isRunning, let application = system.application else { return }
        // nsurlsessiond raises the delay as it resumes the app, before handleEvents… runs. [obs]
        let profile = system.profile.transfers
        resumeDelay = resumeDelay == 0 ? profile.resumeDelayFirst : resumeDelay * profile.resumeDelayFactor
        system.emit(TransferEvent.resumeDelay(seconds: resumeDelay))
        let delegate = system.appDelegate as? any SimBackgroundURLSessionAppDelegate
        // The run ends once every session it is for has called its completion handler.
        if delegate != nil { awaitingCompletion.formUnion(due) }
        for session in due {
            if let delegate {
                system.emit(TransferEvent.events(session: session))
                let process = system.process
                delegate.application(application, handleEventsForBackgroundURLSession: session) { [weak self, weak system] in
                    guard let self, let system, system.process == process else { return }
                    completionCalled(for: session, in: system)
                }
            }
            deliverWaiting(for: session, afterWake: true, in: system)
        }
    }

    private func completionCalled(for session: String, in system: SimSystem) {
        guard awaitingCompletion.remove(session) != nil else { return }
        system.emit(TransferEvent.completion(session: session))
        // The wake's run ends once every session it was for has called its handler.
        guard awaitingCompletion.isEmpty else { return }
        if delivering { handledWhileDelivering = true } else { system.wakeHandled() }
    }

    /// The session's finished downloads reach its delegate, if this process has the session.
    private func deliverWaiting(for identifier: String, afterWake: Bool, in system: SimSystem) {
        guard system.appState.isRunning, let session = sessions[identifier], waiting.contains(where: { $0.record.session == identifier }) else { return }
        let ready = waiting.filter { $0.record.session == identifier }
        waiting.removeAll { $0.record.session == identifier }
        delivering = true
        for transfer in ready {
            system.emit(TransferEvent.deliver(transfer.record))
            let location = URL(fileURLWithPath: "/tmp/CFNetworkDownload_\(transfer.record.id).tmp")
            session.delegate?.urlSession(session, downloadTask: transfer.task, didFinishDownloadingTo: location)
            session.delegate?.urlSession(session, task: transfer.task, didCompleteWithError: nil)
        }
        if afterWake { session.delegate?.urlSessionDidFinishEvents(forBackgroundURLSession: session) }
        delivering = false
        if handledWhileDelivering {
            handledWhileDelivering = false
            system.wakeHandled()
        }
    }

    public func appStateChanged(in system: SimSystem, from old: SimAppState) {
        if system.appState.isForeground, !old.isForeground, resumeDelay > 0 {
            // The user opened the app: nsurlsessiond resets its delay. [dts][obs]
            resumeDelay = 0
            system.emit(TransferEvent.resumeDelay(seconds: 0))
        }
        guard system.appState == .suspended, !awaitingCompletion.isEmpty else { return }
        for session in awaitingCompletion.sorted() {
            system.emit(.warning(.transfers(.completionHandlerNotCalled(session: session))))
        }
        awaitingCompletion = []
    }

    public func processEnded(in system: SimSystem, process: Int, forceQuit: Bool) {
        sessions = [:]
        awaitingCompletion = []
        guard forceQuit else { return }
        // iOS cancels a force-quit app's transfers, started or waiting
        // (URLError.BackgroundTaskCancelledReason.userForceQuitApplication).
        for identifier in running.keys.sorted() {
            guard let transfer = running.removeValue(forKey: identifier) else { continue }
            transfer.work?.cancel()
            system.emit(TransferEvent.cancel(transfer.record))
        }
    }

    public func runEnded(in system: SimSystem) {
        for transfer in running.values { transfer.work?.cancel() }
        wakeCheck?.cancel()
        wakeCheck = nil
        running = [:]
        waiting = []
        sessions = [:]
        dueWake = []
    }
}
