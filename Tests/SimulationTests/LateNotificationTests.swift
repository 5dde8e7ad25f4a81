import Testing
import TestSupport
@testable import Scripting
@testable import Simulation

/// An app that logs the notifications it observes (§9) with what it reads then, and reports
/// every VoIP push as a call.
@MainActor
private final class ObservingApp: SimAppDelegate {
    private var application: SimApplication?

    func applicationDidFinishLaunching(_ application: SimApplication, inBackground: Bool) {
        self.application = application
        application.log("launch lowPower=\(application.isLowPowerModeEnabled)")
    }

    func applicationPowerStateDidChange(_ application: SimApplication) {
        application.log("power lowPower=\(application.isLowPowerModeEnabled)")
    }

    func applicationThermalStateDidChange(_ application: SimApplication) {
        application.log("thermal \(application.thermalState.rawValue)")
    }

    func application(_ application: SimApplication, didReceive push: SimPushKind, completion: SimBackgroundCompletion) {
        application.log("push \(push)")
        if push == .voip { application.reportNewIncomingCall() }
    }
}

/// §9: notifications the app observes reach a suspended app, coalesced to the latest, when it
/// next runs; they do not wake it; a terminated app gets none.
@MainActor @Suite struct LateNotificationTests {
    private func run(_ events: [SimScenarioEvent], seconds: Int = 600) -> SimulationResult {
        let modes: Set<SimBackgroundMode> = [.remoteNotification, .voip]
        return KeepAliveSimulation(configuration(drive(seconds: seconds, speed: 0), timeline: [SimScenarioEvent(at: 10, .enterBackground)] + events,
                                                 capabilities: SimCapabilities(backgroundModes: modes)), app: ObservingApp()).run()
    }

    /// Suspended at 15 (10 + the 5-s grace). Low Power Mode on at 100, off at 200, on at 300:
    /// nothing reaches the suspended app and nothing wakes it. The user opens it at 400: one
    /// power-state notification then, reading the latest state (on).
    @Test func powerStateChangesWhileSuspendedArriveOnceWhenTheUserOpensTheApp() {
        let result = run([
            SimScenarioEvent(at: 100, .device(.setLowPowerMode(true))), SimScenarioEvent(at: 200, .device(.setLowPowerMode(false))),
            SimScenarioEvent(at: 300, .device(.setLowPowerMode(true))), SimScenarioEvent(at: 400, .returnToForeground),
        ])
        #expect(result.summary.suspendedAt == 15)
        #expect(log(result, [.appState]).filter { $0.time > 15 && $0.time < 400 } == [])  // never woken for them
        #expect(heard(result) == ["0 p1 launch lowPower=false", "400 p1 power lowPower=true"])
    }

    /// A wake delivers them too, first: on at 100, off at 200 (suspended), a VoIP push at 300
    /// wakes the app (VoIP is unaffected by Low Power Mode), which hears one power-state change
    /// (off) at 300, then the push.
    @Test func aWakeDeliversTheLatestPowerStateBeforeTheEvent() {
        let result = run([
            SimScenarioEvent(at: 100, .device(.setLowPowerMode(true))), SimScenarioEvent(at: 200, .device(.setLowPowerMode(false))),
            SimScenarioEvent(at: 300, .pushes(.arrive(.voip))),
        ])
        #expect(heard(result) == ["0 p1 launch lowPower=false", "300 p1 power lowPower=false", "300 p1 push voip"])
    }

    /// The thermal state serious at 100, critical at 150, fair at 200 while suspended: one
    /// thermal notification at 400, reading fair.
    @Test func thermalStateChangesWhileSuspendedArriveOnceWithTheLatestState() {
        let result = run([
            SimScenarioEvent(at: 100, .device(.setThermalState(.serious))), SimScenarioEvent(at: 150, .device(.setThermalState(.critical))),
            SimScenarioEvent(at: 200, .device(.setThermalState(.fair))), SimScenarioEvent(at: 400, .returnToForeground),
        ])
        #expect(heard(result) == ["0 p1 launch lowPower=false", "400 p1 thermal fair"])
    }

    /// Purged at 50 (suspended at 15): Low Power Mode on at 100 reaches no process; the user's
    /// launch at 400 is a new process that reads the current state and hears no notification.
    @Test func aTerminatedAppGetsNoneAndANewProcessReadsTheState() {
        let result = run([
            SimScenarioEvent(at: 50, .memoryPressure), SimScenarioEvent(at: 100, .device(.setLowPowerMode(true))),
            SimScenarioEvent(at: 400, .launch),
        ])
        #expect(heard(result) == ["0 p1 launch lowPower=false", "400 p2 launch lowPower=true"])
    }

    /// A running app hears each change at once.
    @Test func aRunningAppHearsEachChangeAtOnce() {
        let result = run([
            SimScenarioEvent(at: 1, .device(.setLowPowerMode(true))), SimScenarioEvent(at: 2, .device(.setLowPowerMode(false))),
        ])
        #expect(heard(result) == ["0 p1 launch lowPower=false", "1 p1 power lowPower=true", "2 p1 power lowPower=false"])
    }

    // MARK: An audio interruption's end (§13)

    /// Plays from launch with the `audio` mode; on an interruption's end it logs and plays again.
    private let player = AppScript(reactions: [
        .launch: [.audio(.activateSession), .audio(.play(silent: false))],
        .interruption: [.when(.interrupted, actions: [.log("began")], otherwise: [.log("ended"), .audio(.activateSession), .audio(.play(silent: false))])],
    ])

    /// A call at 100 for 600 s: the audio stops, nothing holds the app, suspended at 105; the call
    /// ends at 700 while it is suspended. The user opens the app at 800: it hears the end then,
    /// and plays again at 800.
    @Test func theEndOfAnInterruptionReachesASuspendedAppWhenItNextRuns() {
        let result = KeepAliveSimulation(
            configuration(drive(seconds: 1_000, speed: 0), profile: exact(.iOS17), timeline: [
                SimScenarioEvent(at: 10, .enterBackground), SimScenarioEvent(at: 100, .audio(.call(accepted: true, seconds: 600))),
                SimScenarioEvent(at: 800, .returnToForeground),
            ], capabilities: SimCapabilities(backgroundModes: [.audio])),
            app: ScriptedApp(script: player)).run()
        #expect(result.summary.suspendedAt == 105)
        #expect(log(result, [.audio(.audio)]).filter { $0.time >= 700 } == [
            At(700, .audio(.interruptionEnded(.call, delivered: false))),
            At(800, .audio(.sessionActivated)), At(800, .audio(.playbackStarted(silent: false))),
        ])
        #expect(log(result, [.appLog]) == [At(100, .appLog("began")), At(800, .appLog("ended"))])
    }
}
