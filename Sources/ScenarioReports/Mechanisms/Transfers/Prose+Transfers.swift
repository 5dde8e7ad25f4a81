import ScenarioInput
import ScenarioRun
import Simulation

/// Words for background URLSession transfers.
extension Prose {
    /// A transfer event as the timeline's line.
    static func text(_ event: TransferEvent) -> String {
        switch event {
        case .start(let transfer, let seconds, let discretionary, let startsAt, let finishesAt):
            let when = discretionary
                ? "discretionary (started from the background, or isDiscretionary): the system starts it at \(Formatting.clock(startsAt))"
                : "the system starts it now"
            return "downloadTask \(Prose.text(transfer)) resumes: \(when) and takes \(Prose.number(seconds)) s, done at \(Formatting.clock(finishesAt))"
        case .finish(let transfer):
            return "the system finishes download \(Prose.text(transfer)), whether or not the app runs"
        case .deliver(let transfer):
            return "urlSession(_:downloadTask:didFinishDownloadingTo:) for \(Prose.text(transfer))"
        case .events(let session):
            return "application(_:handleEventsForBackgroundURLSession: \"\(session)\"): the session's events wait for the app"
        case .completion(let session):
            return "the app calls the completion handler for session \"\(session)\": its run ends"
        case .cancel(let transfer):
            return "download \(Prose.text(transfer)) is cancelled: the user force-quit the app (userForceQuitApplication)"
        case .waits(let transfer, let wait):
            return "discretionary download \(Prose.text(transfer)) waits: \(Prose.text(wait))"
        case .begins(let transfer, let finishesAt):
            return "the system starts download \(Prose.text(transfer)) now that nothing keeps it waiting: done at \(Formatting.clock(finishesAt))"
        case .resumeDelay(let seconds) where seconds == 0:
            return "the user opened the app: nsurlsessiond resets its resume delay"
        case .resumeDelay(let seconds):
            return "nsurlsessiond sets the app's resume delay to \(Prose.number(seconds)) s: transfers the app creates in the background start that much later"
        }
    }

    static func text(_ warning: TransferWarning) -> String {
        switch warning {
        case .unavailable(let profile):
            "background URLSession transfers need iOS 7: on \(profile) the task never runs"
        case .completionHandlerNotCalled(let session):
            "the wake for session \"\(session)\" ended before the app called the completion handler of handleEventsForBackgroundURLSession"
        }
    }

    /// Why iOS woke the app for its transfers, as a noun phrase.
    static func text(_ reason: TransferWakeReason) -> String { "a background URLSession's finished transfers" }
    /// What a discretionary transfer waits for.
    static func text(_ wait: SimTransferWait) -> String {
        switch wait {
        case .lowPowerMode: "Low Power Mode is on; it starts when Low Power Mode ends"
        case .notCharging: "the device is not charging; it starts once the device is connected to power"
        }
    }

    /// A transfer as the log names it: `"backup" (#1, session "background")`.
    static func text(_ transfer: SimTransferRecord) -> String {
        "\"\(transfer.name)\" (#\(transfer.id), session \"\(transfer.session)\")"
    }
}
