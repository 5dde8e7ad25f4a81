import Testing
import TestSupport
@testable import Scripting
@testable import Simulation

/// §14: silent pushes, fetches and VoIP pushes wake the app for a short run.
@MainActor @Suite struct PushNotificationTests {
    private func capabilities(_ modes: Set<SimBackgroundMode>) -> SimCapabilities { SimCapabilities(backgroundModes: modes) }

    /// Logs each push it handles and completes it; VoIP pushes are reported as calls when `reports`.
    private func app(reports: Bool = true) -> AppScript {
        AppScript(reactions: [.push: [.log("push")] + (reports ? [.pushes(.reportCall)] : []) + [.pushes(.complete(.newData))]])
    }

    private func run(_ script: AppScript, modes: Set<SimBackgroundMode> = [.remoteNotification, .voip, .fetch],
                     events: [SimScenarioEvent], seconds: Int = 1_000) -> SimulationResult {
        KeepAliveSimulation(configuration(drive(seconds: seconds), profile: exact(.iOS17),
                                          timeline: [SimScenarioEvent(at: 10, .enterBackground)] + events, capabilities: capabilities(modes)),
                            app: ScriptedApp(script: script)).run()
    }

    @Test func aSilentPushWakesASuspendedAppUntilItCallsTheCompletionHandler() {
        // Suspended at 15 (5 s of grace, nothing holds it); the push at 100 wakes it for up to
        // 30 s; the completion handler, called at once, ends that run (§14): 5 s of grace, 105.
        let result = run(app(), events: [SimScenarioEvent(at: 100, .pushes(.arrive(.silent)))])
        #expect(log(result, [.appState]).suffix(2) == [
            state(100, .suspended, .background, .systemWake(.pushes(.silent))),
            state(105, .background, .suspended, .nothingHoldsApp),
        ])
        #expect(log(result, [.pushes(.push), .appLog]) == [
            At(100, .pushes(.delivered(.silent))), At(100, .appLog("push")), At(100, .pushes(.completed(.silent, .newData))),
        ])
    }

    @Test func aFourthSilentPushInAnHourIsHeldAndANewerOneReplacesIt() {
        // Three an hour: the pushes at 100, 200 and 300 arrive; the one at 400 is held until the
        // hour after the first (3700), and the one at 500 replaces it.
        let result = run(app(), events: [100, 200, 300, 400, 500].map { SimScenarioEvent(at: $0, .pushes(.arrive(.silent))) }, seconds: 4_000)
        #expect(log(result, [.pushes(.push)]).filter { if case .pushes(.completed) = $0.detail { false } else { true } } == [
            At(100, .pushes(.delivered(.silent))), At(200, .pushes(.delivered(.silent))), At(300, .pushes(.delivered(.silent))),
            At(400, .pushes(.held(.silent))), At(500, .pushes(.dropped(.silent, .replacedByNewer))), At(500, .pushes(.held(.silent))),
            At(3_700, .pushes(.delivered(.silent))),
        ])
    }

    @Test func aHeldPushIsDiscardedWhenTheAppIsKilled() {
        let events = [100, 200, 300, 400].map { SimScenarioEvent(at: $0, .pushes(.arrive(.silent))) } + [SimScenarioEvent(at: 450, .memoryPressure)]
        let result = run(app(), events: events, seconds: 4_000)
        #expect(log(result, [.pushes(.push)]).last == At(450, .pushes(.dropped(.silent, .appKilled))))
    }

    @Test func noSilentPushReachesAForceQuitApp() {
        let result = run(app(), events: [SimScenarioEvent(at: 50, .forceQuit), SimScenarioEvent(at: 100, .pushes(.arrive(.silent)))])
        #expect(log(result, [.pushes(.push)]) == [At(100, .pushes(.dropped(.silent, .forceQuit)))])
    }

    @Test func withoutItsModeAPushIsDropped() {
        let result = run(app(), modes: [], events: [SimScenarioEvent(at: 100, .pushes(.arrive(.silent))), SimScenarioEvent(at: 110, .pushes(.arrive(.fetch)))])
        #expect(log(result, [.pushes(.push)]) == [
            At(100, .pushes(.dropped(.silent, .modeMissing))), At(110, .pushes(.dropped(.fetch, .modeMissing))),
        ])
    }

    @Test func aVoIPPushNotReportedAsACallKillsTheApp() {
        // Suspended at 15 (the verdict is the first stop); woken by the push at 100 and killed.
        let result = run(app(reports: false), events: [SimScenarioEvent(at: 100, .pushes(.arrive(.voip)))])
        #expect(result.summary.suspendedAt == 15)
        #expect(result.summary.terminatedAt == 100)
        #expect(log(result, [.appCrash]) == [At(100, .crash(.pushes(.voipWithoutCall)))])
    }

    @Test func aVoIPPushReportedAsACallIsFine() {
        let result = run(app(), events: [SimScenarioEvent(at: 100, .pushes(.arrive(.voip)))])
        #expect(result.summary.verdict == .suspended)
        #expect(log(result, [.pushes(.push)]) == [
            At(100, .pushes(.delivered(.voip))), At(100, .pushes(.callReported)), At(100, .pushes(.completed(.voip, .newData))),
        ])
    }

    @Test func afterThreeUnreportedVoIPPushesNoneArrive() {
        // Each unreported push kills the app; the next relaunches it, until the third failure.
        let events = [100, 200, 300, 400].map { SimScenarioEvent(at: $0, .pushes(.arrive(.voip))) }
        let result = run(app(reports: false), events: events)
        #expect(log(result, [.pushes(.push), .appCrash]).filter { if case .pushes(.completed) = $0.detail { false } else { true } } == [
            At(100, .pushes(.delivered(.voip))), At(100, .crash(.pushes(.voipWithoutCall))),
            At(200, .pushes(.delivered(.voip))), At(200, .crash(.pushes(.voipWithoutCall))),
            At(300, .pushes(.delivered(.voip))), At(300, .crash(.pushes(.voipWithoutCall))),
            At(400, .pushes(.dropped(.voip, .tooManyUnreportedCalls))),
        ])
        #expect(result.summary.processes == 3)
    }
}

extension PushNotificationTests {
    @Test func aVoIPPushRelaunchesAForceQuitApp() {
        let result = run(app(), events: [SimScenarioEvent(at: 50, .forceQuit), SimScenarioEvent(at: 100, .pushes(.arrive(.voip)))])
        #expect(log(result, [.appLaunch]).last == At(100, .launch(process: 2, inBackground: true, cause: .systemLaunch(.pushes(.voip)))))
        #expect(log(result, [.pushes(.push)]).first == At(100, .pushes(.delivered(.voip))))
    }
}
