import Foundation

/// Background URLSession transfers: the system carries a download on while the app is suspended
/// or not running, then wakes or relaunches the app for a short run (`transfers.wakeSeconds`) in
/// which `handleEventsForBackgroundURLSession` runs, the session's delegate hears of the
/// finished downloads, and the app calls the completion handler, which ends the run. A transfer
/// started from the background is discretionary. Force-quitting the app cancels its transfers.
/// Transfers keep nothing running: the app is woken, not held.
@MainActor
public final class BackgroundTransfers: BackgroundMechanism {
    private struct Transfer {
        let record: SimTransferRecord
        let task: SimURLSessionDownloadTask
        var work: ScheduledWork?
    }

    /// Transfers the system is carrying on, by task identifier.
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
        guard system.profile.iOSVersion >= system.profile.transfers.firstIOSVersion else {
            system.emit(.warning, .warning(.transfers(.unavailable(profile: system.profile.name))))
            return
        }
        task.taskIdentifier = nextTaskIdentifier
        nextTaskIdentifier += 1
        let record = SimTransferRecord(id: task.taskIdentifier, name: task.taskDescription ?? task.originalRequestURL.absoluteString,
                                       session: session.configuration.identifier)
        let discretionary = session.configuration.isDiscretionary || system.appState == .background
        let starts = system.now.adding(seconds: discretionary ? system.profile.transfers.discretionaryDelay : 0)
        let finishes = starts.adding(seconds: task.simulatedSeconds)
        system.emit(TransferEvent.start(record, seconds: task.simulatedSeconds, discretionary: discretionary,
                                        startsAt: starts.seconds, finishesAt: finishes.seconds))
        let work = system.scheduler.schedule(at: finishes, owner: .mechanism) { [unowned self, unowned system] in
            finish(record.id, in: system)
        }
        running[record.id] = Transfer(record: record, task: task, work: work)
    }

    private func finish(_ identifier: Int, in system: SimSystem) {
        guard let transfer = running.removeValue(forKey: identifier) else { return }
        system.emit(TransferEvent.finish(transfer.record))
        waiting.append(transfer)
        let session = transfer.record.session
        if system.appState.isRunning {
            // A running app hears at once, through the session it holds (or when it makes one).
            deliverWaiting(for: session, afterWake: false, in: system)
        } else if sendsLaunchEvents[session] ?? true {
            wake(for: session, in: system)
        }
    }

    private func wake(for session: String, in system: SimSystem) {
        // The launch code may make the session: its events wait until `handleEvents…` has run.
        waking.insert(session)
        defer { waking.remove(session) }
        system.wake(for: .transfers(.sessionEvents), seconds: system.profile.transfers.wakeSeconds)
        guard system.appState.isRunning, let application = system.application else { return }
        if let delegate = system.appDelegate as? any SimBackgroundURLSessionAppDelegate {
            system.emit(TransferEvent.events(session: session))
            awaitingCompletion.insert(session)
            let process = system.process
            delegate.application(application, handleEventsForBackgroundURLSession: session) { [weak self, weak system] in
                guard let self, let system, system.process == process else { return }
                completionCalled(for: session, in: system)
            }
        }
        waking.remove(session)
        deliverWaiting(for: session, afterWake: true, in: system)
    }

    private func completionCalled(for session: String, in system: SimSystem) {
        guard awaitingCompletion.remove(session) != nil else { return }
        system.emit(TransferEvent.completion(session: session))
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
        guard system.appState == .suspended, !awaitingCompletion.isEmpty else { return }
        for session in awaitingCompletion.sorted() {
            system.emit(.warning, .warning(.transfers(.completionHandlerNotCalled(session: session))))
        }
        awaitingCompletion = []
    }

    public func processEnded(in system: SimSystem, process: Int, forceQuit: Bool) {
        sessions = [:]
        awaitingCompletion = []
        guard forceQuit else { return }
        // iOS cancels a force-quit app's transfers (URLError.BackgroundTaskCancelledReason.userForceQuitApplication).
        for identifier in running.keys.sorted() {
            guard let transfer = running.removeValue(forKey: identifier) else { continue }
            transfer.work?.cancel()
            system.emit(TransferEvent.cancel(transfer.record))
        }
    }

    public func runEnded(in system: SimSystem) {
        for transfer in running.values { transfer.work?.cancel() }
        running = [:]
        waiting = []
        sessions = [:]
    }
}
