/// What background URLSession transfers did: the detail of a `.transfers` event.
public enum TransferEvent: Hashable, Sendable, Codable {
    /// The kinds of transfer events, as the JSON Lines report names them.
    public enum Kind: String, Hashable, Sendable, Codable, CaseIterable {
        case start = "transfer.start"
        case finish = "transfer.finish"
        case deliver = "transfer.deliver"
        case events = "transfer.events"
        case completion = "transfer.completion"
        case cancel = "transfer.cancel"
        case waits = "transfer.waits"
        case begins = "transfer.begins"
        case resumeDelay = "transfer.resume-delay"
    }

    /// `resume()` on a download task of a background session: the system transfers it in
    /// `seconds`, starting `startsAt` (later than now when discretionary), done at `finishesAt`.
    case start(SimTransferRecord, seconds: Double, discretionary: Bool, startsAt: Double, finishesAt: Double)
    /// The system finished the transfer, whether or not the app runs.
    case finish(SimTransferRecord)
    /// `urlSession(_:downloadTask:didFinishDownloadingTo:)` ran in the app.
    case deliver(SimTransferRecord)
    /// `application(_:handleEventsForBackgroundURLSession:completionHandler:)` ran: the session's
    /// events wait for the app.
    case events(session: String)
    /// The app called that completion handler: the wake's run ends.
    case completion(session: String)
    /// The system cancelled the transfer because the user force-quit the app
    /// (`URLError.BackgroundTaskCancelledReason.userForceQuitApplication`).
    case cancel(SimTransferRecord)
    /// A discretionary transfer's time to start has come, but it waits for this (logged once per reason).
    case waits(SimTransferRecord, SimTransferWait)
    /// A transfer that waited past its planned start starts now; done at `finishesAt`.
    case begins(SimTransferRecord, finishesAt: Double)
    /// nsurlsessiond set the app's resume delay: doubled at a wake for a session's events, 0 when
    /// the user opens the app. It holds back the start of transfers the app creates in the background.
    case resumeDelay(seconds: Double)

    /// The event's kind.
    public var kind: Kind {
        switch self {
        case .start: .start
        case .finish: .finish
        case .deliver: .deliver
        case .events: .events
        case .completion: .completion
        case .cancel: .cancel
        case .waits: .waits
        case .begins: .begins
        case .resumeDelay: .resumeDelay
        }
    }
}

/// What a discretionary transfer waits for before it starts (§14, §15).
public enum SimTransferWait: String, Hashable, Sendable, Codable {
    /// Low Power Mode is on: discretionary transfers do not start while it lasts.
    case lowPowerMode
    /// The device is not charging (`transfers.discretionaryNeedsPower`).
    case notCharging
}

/// A download task as the event log names it.
public struct SimTransferRecord: Hashable, Sendable, Codable {
    /// `taskIdentifier`.
    public var id: Int
    /// `taskDescription`, or the URL.
    public var name: String
    /// The background session's identifier.
    public var session: String

    public init(id: Int, name: String, session: String) {
        self.id = id
        self.name = name
        self.session = session
    }
}

extension SimSystem {
    /// Logs a transfer event.
    func emit(_ event: TransferEvent) {
        emit(.transfers(event))
    }
}
