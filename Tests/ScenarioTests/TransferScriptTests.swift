import Foundation
@testable import ScenarioInput
@testable import ScenarioReports
@testable import ScenarioRun
import Scripting
import Simulation
import Testing
import TestSupport

/// Background transfers in scenario files: `start-transfer`, `complete-transfer-events`, the
/// `transfer-finished` trigger, their words in the timeline, and the ready script
/// `Tracks/Scenarios/background-transfer.yaml`.
@MainActor @Suite struct TransferScriptTests {

    @Test(arguments: [
        ("{start-transfer: tiles}", AppScript.Action.transfers(.startTransfer(id: "tiles", seconds: 60, session: "background"))),
        ("{start-transfer: {id: tiles, seconds: 540, session: downloads}}", .transfers(.startTransfer(id: "tiles", seconds: 540, session: "downloads"))),
        ("complete-transfer-events", .transfers(.completeTransferEvents)),
    ])
    func everyTransferActionFormIsRead(text: String, action: AppScript.Action) throws {
        #expect(try script("app:\n  on:\n    transfer-finished: [\(text)]")?.reactions == [.transferFinished: [action]])
    }

    @Test(arguments: [
        ("app: {on: {launch: [{start-transfer: {seconds: 5}}]}}", "s.yaml:1:38: 'id' is needed by 'start-transfer'"),
        ("app: {on: {launch: [{start-transfer: {id: t, when: 1}}]}}", "s.yaml:1:46: 'when' is not a field of 'start-transfer' (id, seconds, session)"),
        ("app: {on: {launch: [{start-transfer: {id: t, seconds: 0}}]}}", "s.yaml:1:55: 'seconds' 0.0 is not a positive duration (1e-09…3155760000 s: 100 years)"),
        ("app: {on: {launch: [start-transfer]}}", "s.yaml:1:21: 'start-transfer' needs a value: {start-transfer: …}"),
    ])
    func mistakesAreNamed(text: String, message: String) {
        #expect(throws: ReplayError.invalidSettings(message)) { try ScenarioFile.parse(text, name: "s.yaml") }
    }

    /// background-transfer.yaml on the parked car (iOS 17): the download runs 0:00–9:00 while the
    /// app is suspended from 1:05; at 9:00 the app is woken, hears of it, calls the completion
    /// handler and is suspended after the usual 5 s of grace (the device is awake).
    @Test func theReadyScriptIsWokenOnceTheDownloadIsDoneAndSuspendedAtItsCompletionHandler() throws {
        let replay = try Shipped.replay("background-transfer", on: "parked-car.gpx")
        let outcome = try replay.run()
        let tiles = SimTransferRecord(id: 1, name: "map-tiles", session: "downloads")
        let transfers: Set<SimEvent.Kind> = [.transfers(.start), .transfers(.finish), .transfers(.events), .transfers(.deliver), .transfers(.completion)]
        #expect(log(outcome.result, transfers.union([.appState])).filter { $0.time >= 540 } == [
            At(540, .transfers(.finish(tiles))),
            At(540, .stateChange(from: .suspended, to: .background, cause: .systemWake(.transfers(.sessionEvents)))),
            At(540, .transfers(.events(session: "downloads"))),
            At(540, .transfers(.deliver(tiles))),
            At(540, .transfers(.completion(session: "downloads"))),
            At(545, .stateChange(from: .background, to: .suspended, cause: .nothingHoldsApp)),
        ])
        let lines = outcome.result.events.filter { if case .transfers = $0.detail { true } else { false } }.map(Prose.message)
        #expect(lines == [
            "downloadTask \"map-tiles\" (#1, session \"downloads\") resumes: the system starts it now and takes 540 s, done at 0:09:00",
            "the system finishes download \"map-tiles\" (#1, session \"downloads\"), whether or not the app runs",
            // §14: the wake sets the app's resume delay (first 60 s) before handleEvents… runs.
            "nsurlsessiond sets the app's resume delay to 60 s: transfers the app creates in the background start that much later",
            "application(_:handleEventsForBackgroundURLSession: \"downloads\"): the session's events wait for the app",
            "urlSession(_:downloadTask:didFinishDownloadingTo:) for \"map-tiles\" (#1, session \"downloads\")",
            "the app calls the completion handler for session \"downloads\": its run ends",
        ])
        #expect(outcome.result.events.filter { if case .transfers = $0.detail { true } else { false } }.map(\.kind.rawValue)
            == ["transfer.start", "transfer.finish", "transfer.resume-delay", "transfer.events", "transfer.deliver", "transfer.completion"])
    }
}
