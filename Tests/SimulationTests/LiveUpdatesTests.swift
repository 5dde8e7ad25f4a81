import Testing
import TestSupport
@testable import Scripting
@testable import Simulation

/// iOS 17/18 location sessions (§10): liveUpdates and CLBackgroundActivitySession.
///
/// The trip drives east at 10 m/s and stands still from 600 s to 1800 s. Updates come every
/// second (the `best` profile's cadence), so the stationary anchor (reset whenever the device is
/// more than 25 m from it) falls on 0, 3, 6, … and last on 600, where the device stops; it is
/// more than 25 m away again at 1803 (10 m a second from 1801).
@MainActor @Suite struct LiveUpdatesTests {
    private let trip = drive(seconds: 2_400, stops: [600...1_800])

    private func script(launch: [AppScript.Action], background: [AppScript.Action] = []) -> AppScript {
        AppScript(info: SimCapabilities(), reactions: [.launch: launch, .background: background])
    }

    private func run(_ script: AppScript, profile: SimProfile = .iOS17, authorization: SimAuthorizationStatus = .authorizedWhenInUse,
                     timeline: [SimScenarioEvent] = [SimScenarioEvent(at: 60, .enterBackground)]) -> SimulationResult {
        KeepAliveSimulation(configuration(trip, profile: profile, authorization: authorization, timeline: timeline,
                                          capabilities: script.info),
                            app: ScriptedApp(script: script)).run()
    }

    private func live(_ result: SimulationResult) -> [At] {
        result.events.filter { if case .liveUpdates = $0.detail { true } else { false } }.map { At($0.time, $0.detail) }
    }

    private func states(_ result: SimulationResult) -> [At] {
        log(result, [.appState]).filter { if case .stateChange(_, let to, _) = $0.detail { to == .background || to == .suspended || to == .terminated } else { false } }
    }

    /// A session made in use keeps the app running while updates flow (a hold that spends no
    /// budget). In the background the still device's updates stop after the cut-off (600 s, shorter
    /// than the default configuration's 900 s window): at 600 + 600 = 1200 an isStationary update,
    /// the hold ends, and with nothing holding the app it is suspended after the 5-s grace (1205).
    /// At 1803 the device has moved: updates resume by themselves and iOS wakes the app, which the
    /// session keeps running to the end.
    @Test func aSessionKeepsTheAppRunningUntilStillThenUpdatesResumeAndWakeIt() {
        let result = run(script(launch: [.liveUpdates(.beginSession), .liveUpdates(.start(.default))]))
        #expect(live(result) == [
            At(0, .liveUpdates(.sessionBegan(active: true, obstacle: nil))),
            At(0, .liveUpdates(.started(.default))),
            At(1_200, .liveUpdates(.stationary(windowSeconds: 600))),
            At(1_803, .liveUpdates(.resumed)),
        ])
        #expect(states(result) == [
            state(60, .inactive, .background, .userLeavesApp),
            state(1_205, .background, .suspended, .nothingHoldsApp),
            state(1_803, .suspended, .background, .systemWake(.liveUpdates(.updatesAvailable))),
        ])
        #expect(log(result, [.keepAliveStart]).map(\.time) == [60, 1_803])
        #expect(result.summary.suspendedAt == 1_205)
        #expect(result.summary.causes == [.nothingHoldsApp, .liveUpdates(.stationary(windowSeconds: 600))])
        // The session kept the app in the background: the lint counts the `location` mode as used.
        #expect(result.summary.warnings.isEmpty)
    }

    /// In the foreground the configuration's own window applies: fitness 600 s, so the
    /// isStationary update comes at 600 + 600 = 1200; default 900 s → 1500; navigation 1200 s → 1800.
    @Test(arguments: [(SimLiveConfiguration.fitness, 1_200.0), (.default, 1_500), (.automotiveNavigation, 1_800)])
    func theStationaryWindowIsTheConfigurations(configuration: SimLiveConfiguration, at time: Double) {
        let result = run(script(launch: [.liveUpdates(.start(configuration))]), timeline: [])
        #expect(live(result).filter { if case .liveUpdates(.stationary) = $0.detail { true } else { false } }.map(\.time) == [time])
    }

    /// Without a session live updates do not keep the app running: suspended after the grace
    /// (65); on iOS 18 a When In Use app in the background gets `insufficientlyInUse` instead of fixes.
    @Test(arguments: [SimProfile.iOS17, .iOS18])
    func withoutASessionTheAppIsSuspended(profile: SimProfile) {
        let result = run(script(launch: [.liveUpdates(.start(.default))]), profile: profile)
        #expect(result.summary.suspendedAt == 65)
        #expect(result.summary.causes == [.nothingHoldsApp, .liveUpdates(.noSession)])
        let diagnostics = live(result).filter { if case .liveUpdates(.diagnostic) = $0.detail { true } else { false } }
        #expect(diagnostics == (profile.liveUpdates.hasDiagnostics ? [At(60, .liveUpdates(.diagnostic(.insufficientlyInUse)))] : []))
    }

    /// Approximate location (iOS 14+) gives live updates the `reduced` profile's cadence (900 s),
    /// whatever the configuration: on screen, updates at 0, 900 and 1800 (still since 600, but the
    /// anchor set at 900 is 900 s old at 1800, short of the navigation window, 1200 s: not
    /// stationary). On iOS 18 each carries the diagnostic `accuracyLimited` beside its location;
    /// iOS 17 sends none.
    @Test(arguments: [SimProfile.iOS17, .iOS18])
    func approximateLocationLimitsLiveUpdates(profile: SimProfile) {
        let app = AppScript(info: SimCapabilities(), reactions: [
            .launch: [.liveUpdates(.start(.automotiveNavigation))],
            .update: [.when(.diagnostic, actions: [.log("limited")], otherwise: [.log("full")])],
        ])
        var config = configuration(trip, profile: profile, authorization: .authorizedWhenInUse, capabilities: app.info)
        config.initialAccuracyAuthorization = .reducedAccuracy
        let result = KeepAliveSimulation(config, app: ScriptedApp(script: app)).run()
        let word = profile == .iOS18 ? "limited" : "full"
        #expect(log(result, [.appLog]) == [At(0, .appLog(word)), At(900, .appLog(word)), At(1_800, .appLog(word))])
        #expect(live(result) == [At(0, .liveUpdates(.started(.automotiveNavigation)))])
        #expect(log(result, [.fixDelivered]).map(\.time) == [0, 900, 1_800])
    }

    /// A session created in the background is never active.
    @Test func aSessionCreatedInTheBackgroundIsNotActive() {
        let result = run(script(launch: [.liveUpdates(.start(.default))], background: [.liveUpdates(.beginSession)]))
        #expect(live(result).contains(At(60, .liveUpdates(.sessionBegan(active: false, obstacle: .liveUpdates(.sessionNotInUse))))))
        #expect(result.summary.suspendedAt == 65)
    }

    /// Without the `location` mode, or without authorization, the session is not active either.
    @Test func aSessionNeedsTheModeAndAuthorization() {
        var noMode = script(launch: [.liveUpdates(.beginSession)])
        noMode.info.backgroundModes = []
        #expect(live(run(noMode)).first == At(0, .liveUpdates(.sessionBegan(active: false, obstacle: .locationModeMissing))))
        #expect(live(run(script(launch: [.liveUpdates(.beginSession)]), authorization: .denied)).first
            == At(0, .liveUpdates(.sessionBegan(active: false, obstacle: .authorization(.denied)))))
    }

    /// invalidate() ends the session for good: 5 s later nothing holds the app.
    @Test func invalidateEndsTheSession() {
        let result = run(script(launch: [.liveUpdates(.beginSession), .liveUpdates(.start(.default))],
                                background: [.after(seconds: 300, actions: [.liveUpdates(.invalidateSession)])]))
        #expect(live(result).contains(At(360, .liveUpdates(.sessionEnded(.liveUpdates(.sessionInvalidated))))))
        #expect(result.summary.suspendedAt == 365)
    }

    /// Purged while suspended in the café (1300), the app is relaunched when updates are available
    /// (1803). Its launch code re-creates the session at once: it rejoins and the app keeps
    /// running. An app that re-creates it only on screen loses it 5 s after the relaunch (1808), and
    /// is suspended when its 10-s wake run ends (1813).
    @Test(arguments: [true, false])
    func aRelaunchedAppMustRejoinItsSession(rejoins: Bool) {
        let begin: AppScript.Action = rejoins ? .liveUpdates(.beginSession) : .when(.foreground, actions: [.liveUpdates(.beginSession)], otherwise: [])
        let result = run(script(launch: [begin, .liveUpdates(.start(.default))]),
                         timeline: [SimScenarioEvent(at: 60, .enterBackground), SimScenarioEvent(at: 1_300, .memoryPressure)])
        let relaunch = log(result, [.appLaunch]).map(\.time)
        #expect(relaunch == [0, 1_803])
        if rejoins {
            #expect(live(result).contains(At(1_803, .liveUpdates(.sessionRejoined))))
            #expect(log(result, [.keepAliveStart]).map(\.time) == [60, 1_803])
        } else {
            #expect(live(result).contains(At(1_808, .liveUpdates(.sessionEnded(.liveUpdates(.sessionNotRejoined))))))
            #expect(result.events.last(where: { $0.kind == .appState })?.time == 1_813)
        }
    }

    /// Before iOS 17 the API does nothing: a warning, no updates, suspended after the grace.
    @Test func beforeIOS17TheAPIDoesNothing() {
        let result = run(script(launch: [.liveUpdates(.beginSession), .liveUpdates(.start(.default))]), profile: .iOS13)
        #expect(live(result).isEmpty)
        #expect(log(result, [.warning]).first == At(0, .warning(.liveUpdates(.unavailable(profile: "ios13")))))
        #expect(result.summary.suspendedAt == 65)
    }
}
