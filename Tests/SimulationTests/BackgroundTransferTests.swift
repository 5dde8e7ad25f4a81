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
        .transfers(.waits), .transfers(.begins),
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

    private func run(_ script: AppScript, profile: SimProfile = .iOS17, _ events: [SimScenarioEvent], seconds: Int = 1_000,
                     device: (inout SimDevice) -> Void = { _ in }, also: Set<SimEvent.Kind> = []) -> [At] {
        var config = configuration(drive(seconds: seconds, speed: 0), profile: profile,
                                   timeline: [SimScenarioEvent(at: 10, .enterBackground)] + events, capabilities: noModes)
        device(&config.device)
        return log(KeepAliveSimulation(config, app: ScriptedApp(script: script)).run(), kinds.union(also)).filter { $0.time > 0 }
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
        // Started on leaving, at 10, on a charging device: the system starts it 600 s later, so
        // it is done at 670.
        let script = AppScript(reactions: [
            .background: [.transfers(.startTransfer(id: "backup", seconds: 60, session: "background"))],
            .transferFinished: [.transfers(.completeTransferEvents)],
        ])
        let events = run(script, [], device: { $0.charging = true })
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

    // MARK: §14 settled timing: the resume delay, shared wakes, discretionary waits

    /// Only the resume delay holds transfers back: no discretionary delay, no wait for power.
    private var undelayed: SimProfile {
        var profile = SimProfile.iOS17
        profile.transfers.discretionaryDelay = 0
        profile.transfers.discretionaryNeedsPower = false
        return profile
    }

    private func record(_ id: Int, _ name: String, _ session: String = "background") -> SimTransferRecord {
        SimTransferRecord(id: id, name: name, session: session)
    }

    @Test func eachCompletionWakeDoublesTheResumeDelayThatHoldsBackTheNextBackgroundTransfer() {
        // A chain: each finished download's wake creates the next (60 s each), in the background.
        // #1 started on screen at 0 finishes at 60: the wake sets the delay to 60 s, so #2,
        // created at 60, starts at 120 and finishes at 180; that wake doubles it to 120: #3 starts
        // at 300, done at 360; then 240: #4 starts at 600, done at 660; then 480: #5 starts at
        // 1140. The wakes themselves are not delayed. Opening the app at 700 resets the delay.
        let script = AppScript(reactions: [
            .launch: [.when(.foreground, actions: [.transfers(.startTransfer(id: "next", seconds: 60, session: "background"))], otherwise: [])],
            .transferFinished: [.transfers(.completeTransferEvents), .transfers(.startTransfer(id: "next", seconds: 60, session: "background"))],
        ])
        let events = run(script, profile: undelayed, [SimScenarioEvent(at: 700, .returnToForeground)], seconds: 800, also: [.transfers(.resumeDelay)])
        let starts = events.compactMap { if case .transfers(.start(let record, _, _, let startsAt, let finishesAt)) = $0.detail { [$0.time, Double(record.id), startsAt, finishesAt] } else { nil } }
        #expect(starts == [[60, 2, 120, 180], [180, 3, 300, 360], [360, 4, 600, 660], [660, 5, 1_140, 1_200]])
        #expect(events.filter { if case .transfers(.resumeDelay) = $0.detail { true } else { false } } == [
            At(60, .transfers(.resumeDelay(seconds: 60))), At(180, .transfers(.resumeDelay(seconds: 120))),
            At(360, .transfers(.resumeDelay(seconds: 240))), At(660, .transfers(.resumeDelay(seconds: 480))),
            At(700, .transfers(.resumeDelay(seconds: 0))),
        ])
        let wakes = events.filter { if case .stateChange(.suspended, .background, .systemWake(.transfers(.sessionEvents))) = $0.detail { true } else { false } }
        #expect(wakes.map(\.time) == [60, 180, 360, 660])
    }

    @Test func sessionsFinishingTogetherShareOneWakeAndASessionWakesOnlyWhenAllItsTasksAreDone() {
        // Started on screen: a (session s1, 60 s), b (s2, 60 s), c (s1, 120 s), d (s3, 120 s). At 60
        // a and b finish, but s1 still has c: only s2 wakes the app. At 120 c and d finish: s1 and
        // s3 share one wake; s1's events carry a and c. Each wake's run ends once every session
        // it is for has called its completion handler: 5 s of grace after.
        let script = AppScript(reactions: [
            .launch: [.when(.foreground, actions: [
                .transfers(.startTransfer(id: "a", seconds: 60, session: "s1")), .transfers(.startTransfer(id: "b", seconds: 60, session: "s2")),
                .transfers(.startTransfer(id: "c", seconds: 120, session: "s1")), .transfers(.startTransfer(id: "d", seconds: 120, session: "s3")),
            ], otherwise: [])],
            .transferFinished: [.transfers(.completeTransferEvents)],
        ])
        let events = run(script, [], seconds: 300).filter { $0.time >= 60 }
        #expect(events == [
            At(60, .transfers(.finish(record(1, "a", "s1")))), At(60, .transfers(.finish(record(2, "b", "s2")))),
            state(60, .suspended, .background, .systemWake(.transfers(.sessionEvents))),
            At(60, .transfers(.events(session: "s2"))), At(60, .transfers(.deliver(record(2, "b", "s2")))),
            At(60, .transfers(.completion(session: "s2"))),
            state(65, .background, .suspended, .nothingHoldsApp),
            At(120, .transfers(.finish(record(3, "c", "s1")))), At(120, .transfers(.finish(record(4, "d", "s3")))),
            state(120, .suspended, .background, .systemWake(.transfers(.sessionEvents))),
            At(120, .transfers(.events(session: "s1"))),
            At(120, .transfers(.deliver(record(1, "a", "s1")))), At(120, .transfers(.completion(session: "s1"))),
            At(120, .transfers(.deliver(record(3, "c", "s1")))),
            At(120, .transfers(.events(session: "s3"))), At(120, .transfers(.deliver(record(4, "d", "s3")))),
            At(120, .transfers(.completion(session: "s3"))),
            state(125, .background, .suspended, .nothingHoldsApp),
        ])
    }

    @Test func aDiscretionaryTransferWaitsForPowerAndForLowPowerModesEnd() {
        // Created on leaving (10), discretionary, no discretionary delay: it waits, the device not
        // charging; Low Power Mode from 50; plugged in at 100 it still waits for Low Power Mode's
        // end at 300, then starts: done at 360.
        var profile = SimProfile.iOS17
        profile.transfers.discretionaryDelay = 0
        let script = AppScript(reactions: [
            .background: [.transfers(.startTransfer(id: "backup", seconds: 60, session: "background"))],
            .transferFinished: [.transfers(.completeTransferEvents)],
        ])
        let events = run(script, profile: profile, [
            SimScenarioEvent(at: 50, .device(.setLowPowerMode(true))), SimScenarioEvent(at: 100, .device(.setCharging(true))),
            SimScenarioEvent(at: 300, .device(.setLowPowerMode(false))),
        ])
        #expect(events.filter { if case .transfers = $0.detail { true } else { false } }.prefix(5) == [
            At(10, .transfers(.start(backup, seconds: 60, discretionary: true, startsAt: 10, finishesAt: 70))),
            At(10, .transfers(.waits(backup, .notCharging))),
            At(50, .transfers(.waits(backup, .lowPowerMode))),
            At(300, .transfers(.begins(backup, finishesAt: 360))),
            At(360, .transfers(.finish(backup))),
        ])
    }

    @Test func aForceQuitCancelsTransfersStillWaitingToStart() {
        let script = AppScript(reactions: [.background: [.transfers(.startTransfer(id: "backup", seconds: 60, session: "background"))]])
        let events = run(script, [SimScenarioEvent(at: 20, .forceQuit)])
        #expect(events.filter { $0.time >= 20 } == [state(20, .suspended, .terminated, .forceQuit), At(20, .transfers(.cancel(backup)))])
    }

    @Test func beforeIOS7ThereAreNoBackgroundSessions() {
        let config = configuration(drive(seconds: 100, speed: 0), profile: .iOS6, capabilities: noModes)
        let events = log(KeepAliveSimulation(config, app: ScriptedApp(script: app())).run(), [.warning, .transfers(.start)])
        #expect(events == [At(0, .warning(.transfers(.unavailable(profile: "ios6")))), At(100, .warning(.neverInBackground))])
    }
}
