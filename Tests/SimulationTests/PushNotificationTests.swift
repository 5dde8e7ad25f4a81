import Testing
@testable import Scripting
@testable import Simulation

/// §14: silent pushes, fetches and VoIP pushes wake the app for a short run.
@MainActor @Suite struct PushNotificationTests {
    private func capabilities(_ modes: Set<SimBackgroundMode>) -> SimCapabilities { SimCapabilities(backgroundModes: modes) }

    /// Logs each push it handles and completes it; VoIP pushes are reported as calls when `reports`.
    private func app(reports: Bool = true) -> AppScript {
        AppScript(reactions: [.push: [.log("push")] + (reports ? [.reportCall] : []) + [.complete(.newData)]])
    }

    private func run(_ script: AppScript, modes: Set<SimBackgroundMode> = [.remoteNotification, .voip, .fetch],
                     events: [SimScenarioEvent], seconds: Int = 1_000) -> SimulationResult {
        KeepAliveSimulation(configuration(drive(seconds: seconds), profile: exact(.iOS17),
                                          timeline: [SimScenarioEvent(at: 10, .enterBackground)] + events, capabilities: capabilities(modes)),
                            app: ScriptedApp(script: script)).run()
    }

    @Test func aSilentPushWakesASuspendedAppFor30Seconds() {
        // Suspended at 15 (5 s of grace, nothing holds it); the push at 100 wakes it until 130.
        let result = run(app(), events: [SimScenarioEvent(at: 100, .push(.silent))])
        #expect(log(result, [.appState]).suffix(2) == [
            state(100, .suspended, .background, .systemWake(.silentPush)),
            state(130, .background, .suspended, .backgroundTimeExpired(budget: 30)),
        ])
        #expect(log(result, [.push, .appLog]) == [
            At(100, .push(.delivered(.silent))), At(100, .appLog("push")), At(100, .push(.completed(.silent, .newData))),
        ])
    }

    @Test func aFourthSilentPushInAnHourIsHeldAndANewerOneReplacesIt() {
        // Three an hour: the pushes at 100, 200 and 300 arrive; the one at 400 is held until the
        // hour after the first (3700), and the one at 500 replaces it.
        let result = run(app(), events: [100, 200, 300, 400, 500].map { SimScenarioEvent(at: $0, .push(.silent)) }, seconds: 4_000)
        #expect(log(result, [.push]).filter { if case .push(.completed) = $0.detail { false } else { true } } == [
            At(100, .push(.delivered(.silent))), At(200, .push(.delivered(.silent))), At(300, .push(.delivered(.silent))),
            At(400, .push(.held(.silent))), At(500, .push(.dropped(.silent, .replacedByNewer))), At(500, .push(.held(.silent))),
            At(3_700, .push(.delivered(.silent))),
        ])
    }

    @Test func aHeldPushIsDiscardedWhenTheAppIsKilled() {
        let events = [100, 200, 300, 400].map { SimScenarioEvent(at: $0, .push(.silent)) } + [SimScenarioEvent(at: 450, .memoryPressure)]
        let result = run(app(), events: events, seconds: 4_000)
        #expect(log(result, [.push]).last == At(450, .push(.dropped(.silent, .appKilled))))
    }

    @Test func noSilentPushReachesAForceQuitApp() {
        let result = run(app(), events: [SimScenarioEvent(at: 50, .forceQuit), SimScenarioEvent(at: 100, .push(.silent))])
        #expect(log(result, [.push]) == [At(100, .push(.dropped(.silent, .forceQuit)))])
    }

    @Test func withoutItsModeAPushIsDropped() {
        let result = run(app(), modes: [], events: [SimScenarioEvent(at: 100, .push(.silent)), SimScenarioEvent(at: 110, .push(.fetch))])
        #expect(log(result, [.push]) == [
            At(100, .push(.dropped(.silent, .modeMissing))), At(110, .push(.dropped(.fetch, .modeMissing))),
        ])
    }

    @Test func aVoIPPushNotReportedAsACallKillsTheApp() {
        // Suspended at 15 (the verdict is the first stop); woken by the push at 100 and killed.
        let result = run(app(reports: false), events: [SimScenarioEvent(at: 100, .push(.voip))])
        #expect(result.summary.suspendedAt == 15)
        #expect(result.summary.terminatedAt == 100)
        #expect(log(result, [.appCrash]) == [At(100, .crash(.voipPushWithoutCall))])
    }

    @Test func aVoIPPushReportedAsACallIsFine() {
        let result = run(app(), events: [SimScenarioEvent(at: 100, .push(.voip))])
        #expect(result.summary.verdict == .suspended)
        #expect(log(result, [.push]) == [
            At(100, .push(.delivered(.voip))), At(100, .push(.callReported)), At(100, .push(.completed(.voip, .newData))),
        ])
    }

    @Test func afterThreeUnreportedVoIPPushesNoneArrive() {
        // Each unreported push kills the app; the next relaunches it, until the third failure.
        let events = [100, 200, 300, 400].map { SimScenarioEvent(at: $0, .push(.voip)) }
        let result = run(app(reports: false), events: events)
        #expect(log(result, [.push, .appCrash]).filter { if case .push(.completed) = $0.detail { false } else { true } } == [
            At(100, .push(.delivered(.voip))), At(100, .crash(.voipPushWithoutCall)),
            At(200, .push(.delivered(.voip))), At(200, .crash(.voipPushWithoutCall)),
            At(300, .push(.delivered(.voip))), At(300, .crash(.voipPushWithoutCall)),
            At(400, .push(.dropped(.voip, .tooManyUnreportedCalls))),
        ])
        #expect(result.summary.processes == 3)
    }
}
