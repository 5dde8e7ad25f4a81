import Testing
import TestSupport
@testable import Scripting
@testable import Simulation

/// §13: audio that plays with the `audio` mode keeps the app running; calls and alarms interrupt it.
@MainActor @Suite struct BackgroundAudioTests {
    private let playing = SimHold(kind: .audio(.playback(silent: false)), spendsBudget: false, isAssertion: false)
    private func capabilities(_ modes: Set<SimBackgroundMode>) -> SimCapabilities { SimCapabilities(backgroundModes: modes) }

    /// Plays from launch; in the background it holds a task only if `task`, and reacts to the end
    /// of an interruption by playing again.
    private func app(task: Bool = false, silent: Bool = false) -> AppScript {
        var reactions: [AppScript.Trigger: [AppScript.Action]] = [
            .launch: [.audio(.activateSession), .audio(.play(silent: silent))],
            .interruption: [.when(.interrupted, actions: [.log("began")], otherwise: [.log("ended"), .audio(.activateSession), .audio(.play(silent: silent))])],
        ]
        if task { reactions[.background] = [.beginTask(name: "audio", variable: "task", onExpiry: [.endTask(variable: "task")])] }
        return AppScript(reactions: reactions)
    }

    private func run(_ script: AppScript, modes: Set<SimBackgroundMode> = [.audio], events: [SimScenarioEvent] = [], seconds: Int = 1_000) -> SimulationResult {
        KeepAliveSimulation(configuration(drive(seconds: seconds), profile: exact(.iOS17),
                                          timeline: [SimScenarioEvent(at: 10, .enterBackground)] + events, capabilities: capabilities(modes)),
                            app: ScriptedApp(script: script)).run()
    }

    @Test func playingAudioWithTheModeKeepsTheAppAlive() {
        let result = run(app())
        #expect(result.summary.verdict == .keptAlive)
        #expect(log(result, [.keepAliveStart]) == [At(10, .keepAliveStart(playing))])
    }

    @Test func withoutTheModeAudioStopsInTheBackground() {
        // Audio stops on leaving the screen; nothing holds the app: suspended after the 5-s grace.
        let result = run(app(), modes: [])
        #expect(log(result, [.audio(.audio)]) == [
            At(0, .audio(.sessionActivated)), At(0, .audio(.playbackStarted(silent: false))),
            At(10, .audio(.playbackStopped(.modeMissing))), At(15, .audio(.sessionDeactivated(.deactivatedOnSuspension))),
        ])
        #expect(result.summary.suspendedAt == 15)
        #expect(result.summary.causes == [.nothingHoldsApp, .audio(.modeMissing)])
    }

    @Test func anAcceptedCallOutlastsTheBudgetAndItsEndIsNeverHeard() {
        // The call at 100 stops the audio: a fresh 30 s budget, no task, so the grace of 5 s ends it
        // at 105; the call ends at 700 while the app is suspended, which never hears it.
        let result = run(app(), events: [SimScenarioEvent(at: 100, .audio(.call(accepted: true, seconds: 600)))])
        #expect(result.summary.suspendedAt == 105)
        #expect(result.summary.causes == [.nothingHoldsApp, .audio(.interrupted(.call))])
        #expect(log(result, [.audio(.audio)]).suffix(3) == [
            At(100, .audio(.interruptionBegan(.call))), At(100, .audio(.playbackStopped(.interrupted(.call)))),
            At(700, .audio(.interruptionEnded(.call, delivered: false))),
        ])
        #expect(log(result, [.appLog]) == [At(100, .appLog("began"))])
    }

    @Test func aTaskCarriesTheAppThroughADeclinedCallAndItPlaysAgain() {
        // The task's budget (30 s from the call at 100) outlasts the 15 s of ringing: at 115 the app
        // hears the end, plays again, and the audio holds it to the end.
        let result = run(app(task: true), events: [SimScenarioEvent(at: 100, .audio(.call(accepted: false, seconds: 15)))])
        #expect(result.summary.verdict == .keptAlive)
        #expect(log(result, [.appLog]) == [At(100, .appLog("began")), At(115, .appLog("ended"))])
        #expect(log(result, [.keepAliveStart]) == [At(10, .keepAliveStart(playing)), At(115, .keepAliveStart(playing))])
    }

    @Test func anAlarmWithoutAnActiveSessionInterruptsNothing() {
        let result = run(AppScript(), events: [SimScenarioEvent(at: 5, .audio(.alarm(seconds: 60)))])
        #expect(log(result, [.audio(.audio)]) == [At(5, .audio(.interruptionIgnored(.alarm)))])
    }

    @Test func silenceKeepsTheAppAliveButIsAReviewRisk() {
        let result = run(app(silent: true))
        #expect(result.summary.verdict == .keptAlive)
        #expect(result.summary.warnings == [.audio(.silentKeepAlive)])
        #expect(log(result, [.keepAliveStart]) == [At(10, .keepAliveStart(SimHold(kind: .audio(.playback(silent: true)), spendsBudget: false, isAssertion: false)))])
    }

    @Test func aCallRefusesTheSessionUntilItEnds() throws {
        // The app tries to play during the call: the session cannot be activated.
        let script = AppScript(reactions: [
            .launch: [.audio(.activateSession), .audio(.play(silent: false)), .after(seconds: 20, actions: [.audio(.play(silent: false))])],
        ])
        let result = KeepAliveSimulation(configuration(drive(seconds: 100), profile: exact(.iOS17), timeline: [
            SimScenarioEvent(at: 10, .audio(.call(accepted: true, seconds: 30))),
        ], capabilities: capabilities([.audio])), app: ScriptedApp(script: script)).run()
        #expect(log(result, [.audio(.audio)]) == [
            At(0, .audio(.sessionActivated)), At(0, .audio(.playbackStarted(silent: false))),
            At(10, .audio(.interruptionBegan(.call))), At(10, .audio(.playbackStopped(.interrupted(.call)))),
            At(40, .audio(.interruptionEnded(.call, delivered: true))),
        ])
    }
}
