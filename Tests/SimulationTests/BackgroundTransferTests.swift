import Testing
import TestSupport
@testable import Scripting
@testable import Simulation

/// Background URLSession transfers: the system finishes a download while the app is suspended or
/// not running, then wakes or relaunches it (30 s) for `handleEventsForBackgroundURLSession`; the
/// completion handler ends that run. Times from the rules in Docs/Model.md ("Background transfers").
@MainActor @Suite struct BackgroundTransferTests {
    private let backup = SimTransferRecord(id: 1, name: "backup", session: "background")
    private let kinds: Set<SimEvent.Kind> = [
        .appState, .appLaunch, .appLog, .warning,
        .transfers(.start), .transfers(.finish), .transfers(.deliver), .transfers(.events), .transfers(.completion), .transfers(.cancel),
    ]

    /// Background sessions need no background mode.
    private let noModes = SimCapabilities(backgroundModes: [])

    /// Starts a 60 s download of "backup" when launched on screen; logs and (when `completes`)
    /// calls the completion handler when it hears the download finished.
    private func app(completes: Bool = true) -> AppScript {
        AppScript(reactions: [
            .launch: [.when(.foreground, actions: [.transfers(.startTransfer(id: "backup", seconds: 60, session: "background"))], otherwise: [])],
            .transferFinished: [.log("downloaded")] + (completes ? [.transfers(.completeTransferEvents)] : []),
        ])
    }

    private func run(_ script: AppScript, profile: SimProfile = .iOS17, _ events: [SimScenarioEvent], seconds: Int = 1_000) -> [At] {
        let config = configuration(drive(seconds: seconds, speed: 0), profile: profile,
                                   timeline: [SimScenarioEvent(at: 10, .enterBackground)] + events, capabilities: noModes)
        return log(KeepAliveSimulation(config, app: ScriptedApp(script: script)).run(), kinds).filter { $0.time > 0 }
    }

    @Test func aDownloadThatFinishesWhileTheAppIsSuspendedWakesItAndTheCompletionHandlerEndsTheRun() {
        // Started at 0 on screen, done at 60. Left at 10, suspended at 15; woken at 60: the
        // session's events, the download, the log, the completion handler, which ends the wake's
        // run: the usual 5 s of grace on an awake device, suspended at 65.
        #expect(run(app(), []) == [
            state(10, .active, .inactive, .userLeavesApp), state(10, .inactive, .background, .userLeavesApp),
            state(15, .background, .suspended, .nothingHoldsApp),
            At(60, .transfers(.finish(backup))),
            state(60, .suspended, .background, .systemWake(.transfers(.sessionEvents))),
            At(60, .transfers(.events(session: "background"))),
            At(60, .transfers(.deliver(backup))), At(60, .appLog("downloaded")),
            At(60, .transfers(.completion(session: "background"))),
            state(65, .background, .suspended, .nothingHoldsApp),
        ])
    }

    @Test func withoutTheCompletionHandlerTheWakeRunsItsThirtySecondsAndIOSSaysSo() {
        let events = run(app(completes: false), [])
        #expect(events.suffix(3) == [
            At(60, .appLog("downloaded")),
            state(90, .background, .suspended, .backgroundTimeExpired(budget: 30)),
            At(90, .warning(.transfers(.completionHandlerNotCalled(session: "background")))),
        ])
    }

    @Test func anAppPurgedFromMemoryIsRelaunchedInTheBackgroundForItsEvents() {
        // Purged at 20; at 60 a new process (2) launches in the background: its launch code does
        // not start a transfer (not on screen); handleEvents makes the session, the download follows.
        let events = run(app(), [SimScenarioEvent(at: 20, .memoryPressure)])
        #expect(events.filter { $0.time >= 60 } == [
            At(60, .transfers(.finish(backup))),
            At(60, .launch(process: 2, inBackground: true, cause: .systemLaunch(.transfers(.sessionEvents)))),
            state(60, .terminated, .background, .systemLaunch(.transfers(.sessionEvents))),
            At(60, .transfers(.events(session: "background"))),
            At(60, .transfers(.deliver(backup))), At(60, .appLog("downloaded")),
            At(60, .transfers(.completion(session: "background"))),
            state(65, .background, .suspended, .nothingHoldsApp),
        ])
    }

    @Test func forceQuittingTheAppCancelsItsTransfersAndNothingRelaunchesIt() {
        let events = run(app(), [SimScenarioEvent(at: 20, .forceQuit)])
        #expect(events.filter { $0.time >= 20 } == [
            state(20, .suspended, .terminated, .forceQuit),
            At(20, .transfers(.cancel(backup))),
        ])
    }

    @Test func aDownloadStartedFromTheBackgroundIsDiscretionary() {
        // Started on leaving, at 10: the system starts it 600 s later, so it is done at 670.
        let script = AppScript(reactions: [
            .background: [.transfers(.startTransfer(id: "backup", seconds: 60, session: "background"))],
            .transferFinished: [.transfers(.completeTransferEvents)],
        ])
        let events = run(script, [])
        #expect(events.contains(At(10, .transfers(.start(backup, seconds: 60, discretionary: true, startsAt: 610, finishesAt: 670)))))
        #expect(events.filter { $0.time >= 670 }.first == At(670, .transfers(.finish(backup))))
    }

    @Test func anAppOnScreenHearsAtOnceWithoutAWake() {
        let script = app()
        let config = configuration(drive(seconds: 100, speed: 0), profile: .iOS17, capabilities: noModes)
        let events = log(KeepAliveSimulation(config, app: ScriptedApp(script: script)).run(), kinds.subtracting([.warning, .appLaunch]))
        #expect(events == [
            state(0, .notRunning, .inactive, .launching),
            At(0, .transfers(.start(backup, seconds: 60, discretionary: false, startsAt: 0, finishesAt: 60))),
            state(0, .inactive, .active, .launched),
            At(60, .transfers(.finish(backup))), At(60, .transfers(.deliver(backup))), At(60, .appLog("downloaded")),
        ])
    }

    @Test func beforeIOS7ThereAreNoBackgroundSessions() {
        let config = configuration(drive(seconds: 100, speed: 0), profile: .iOS6, capabilities: noModes)
        let events = log(KeepAliveSimulation(config, app: ScriptedApp(script: app())).run(), [.warning, .transfers(.start)])
        #expect(events == [At(0, .warning(.transfers(.unavailable(profile: "ios6")))), At(100, .warning(.neverInBackground))])
    }
}
