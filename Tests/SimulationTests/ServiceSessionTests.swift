import Testing
import TestSupport
@testable import Scripting
@testable import Simulation

/// iOS 18's `CLServiceSession` (§10). The trip is LiveUpdatesTests': east at 10 m/s, still from
/// 600 s to 1800 s; live updates come every second; the user leaves the app at 60.
@MainActor @Suite struct ServiceSessionTests {
    private let trip = drive(seconds: 2_400, stops: [600...1_800])

    private func run(_ reactions: [AppScript.Trigger: [AppScript.Action]], info: SimCapabilities = SimCapabilities(),
                     profile: SimProfile = .iOS18, authorization: SimAuthorizationStatus = .authorizedAlways,
                     answers: SimUserAnswers? = nil,
                     timeline: [SimScenarioEvent] = [SimScenarioEvent(at: 60, .enterBackground)]) -> SimulationResult {
        var config = configuration(trip, profile: profile, authorization: authorization, timeline: timeline, capabilities: info)
        if let answers { config.answers = answers }
        return KeepAliveSimulation(config, app: ScriptedApp(script: AppScript(info: info, reactions: reactions))).run()
    }

    private func sessions(_ result: SimulationResult) -> [At] { log(result, [.serviceSessions(.session)]) }

    private func updates(_ result: SimulationResult, in range: ClosedRange<Double>) -> Int {
        result.events.filter { $0.kind == .appLog && $0.detail == .appLog("update") && range.contains($0.time) }.count
    }

    /// An app kept running in the background by standard updates: its live updates need not keep it.
    private let keptRunning: [AppScript.Action] = [.set([.allowsBackgroundLocationUpdates(true)]), .startUpdates]

    /// An Always app kept running in the background (by standard updates) hears live updates
    /// there — every second, so 60 in 61…120 — on iOS 17, and on iOS 18 only while it holds an
    /// `.always` session. Otherwise, from the moment it leaves (60), one update says
    /// `insufficientlyInUse` and no more come; a `.whenInUse` session is not enough.
    @Test(arguments: [
        (SimProfile.iOS17, SimServiceSessionRequirement?.none, 60),
        (.iOS18, nil, 0),
        (.iOS18, .whenInUse, 0),
        (.iOS18, .always, 60),
    ])
    func anAlwaysAppNotInUseGetsLiveUpdatesOnlyWithAnAlwaysSession(profile: SimProfile, held: SimServiceSessionRequirement?, count: Int) {
        let session: [AppScript.Action] = held.map { [.serviceSessions(.begin($0))] } ?? []
        let result = run([.launch: keptRunning + session + [.liveUpdates(.start(.default))], .update: [.log("update")]], profile: profile)
        #expect(updates(result, in: 61...120) == count)
        let withheld = log(result, [.liveUpdates(.live)]).filter { $0.detail == .liveUpdates(.diagnostic(.insufficientlyInUse)) }
        #expect(withheld == (count == 0 ? [At(60, .liveUpdates(.diagnostic(.insufficientlyInUse)))] : []))
    }

    /// A session is a right to receive, not a keep-alive: an Always app holding an `.always`
    /// session, with live updates and nothing else, is suspended 5 s after it leaves (65).
    @Test func aSessionKeepsNothingRunning() {
        let result = run([.launch: [.serviceSessions(.begin(.always)), .liveUpdates(.start(.default))]])
        #expect(result.summary.suspendedAt == 65)
        #expect(result.summary.causes == [.nothingHoldsApp, .liveUpdates(.noSession)])
    }

    /// Live updates make an implicit When In Use session — unless the Info.plist sets
    /// `NSLocationRequireExplicitServiceSession`: then, on screen, the first update (0) says
    /// `serviceSessionRequired` and none follows (0 in 1…59; the app stays on screen) until the app holds a session of
    /// its own; `.none` is enough for an app already authorized (59 updates in 1…59).
    @Test(arguments: [false, true])
    func anExplicitSessionWhenTheInfoPlistAsksForOne(holdsOne: Bool) {
        var info = SimCapabilities()
        info.requiresExplicitServiceSession = true
        let session: [AppScript.Action] = holdsOne ? [.serviceSessions(.begin(.none))] : []
        let result = run([.launch: session + [.liveUpdates(.start(.default))], .update: [.log("update")]], info: info,
                         authorization: .authorizedWhenInUse, timeline: [])
        #expect(updates(result, in: 1...59) == (holdsOne ? 59 : 0))
        #expect(log(result, [.liveUpdates(.live)]).filter { if case .liveUpdates(.diagnostic) = $0.detail { true } else { false } }
            == (holdsOne ? [] : [At(0, .liveUpdates(.diagnostic(.serviceSessionRequired)))]))
        #expect(sessions(result) == (holdsOne ? [At(0, .serviceSessions(.began(.none, active: true)))] : []))
        // Without it, the same app gets its implicit session.
        let implicit = run([.launch: [.liveUpdates(.start(.default))]], authorization: .authorizedWhenInUse, timeline: [])
        #expect(sessions(implicit) == [At(0, .serviceSessions(.implicit))])
    }

    /// With `NSLocationRequireExplicitServiceSession`, a background activity session alone does
    /// not let updates through, so it keeps nothing running: suspended 5 s after the app leaves
    /// (65). Holding a `.whenInUse` session as well, the app is kept running from 60 until the
    /// still device's updates stop (1200, suspended at 1205), and again when they resume (1803),
    /// as in LiveUpdatesTests.
    @Test(arguments: [false, true])
    func aBackgroundActivitySessionAlsoNeedsTheExplicitSession(holdsOne: Bool) {
        var info = SimCapabilities()
        info.requiresExplicitServiceSession = true
        let session: [AppScript.Action] = holdsOne ? [.serviceSessions(.begin(.whenInUse))] : []
        let result = run([.launch: session + [.liveUpdates(.beginSession), .liveUpdates(.start(.default))]], info: info,
                         authorization: .authorizedWhenInUse)
        if holdsOne {
            #expect(log(result, [.keepAliveStart]).map(\.time) == [60, 1_803])
            #expect(result.summary.suspendedAt == 1_205)
        } else {
            #expect(log(result, [.keepAliveStart]) == [])
            #expect(result.summary.suspendedAt == 65)
            #expect(result.summary.causes == [.nothingHoldsApp, .liveUpdates(.withheld(.serviceSessionRequired))])
        }
    }

    /// Created in the background (60) a session is not active: it says `insufficientlyInUse`
    /// (to the app, which still runs for the 5-s grace) until the app is on screen again (120).
    @Test func aSessionCreatedOutOfUseWaitsForTheScreen() {
        let result = run([.background: [.serviceSessions(.begin(.whenInUse))]],
                         timeline: [SimScenarioEvent(at: 60, .enterBackground), SimScenarioEvent(at: 120, .returnToForeground)])
        #expect(sessions(result) == [
            At(60, .serviceSessions(.began(.whenInUse, active: false))),
            At(60, .serviceSessions(.diagnostics(.whenInUse, [.insufficientlyInUse]))),
            At(120, .serviceSessions(.activated(.whenInUse))),
            At(120, .serviceSessions(.diagnostics(.whenInUse, []))),
        ])
    }

    /// A session asks for its authorization as the manager's requests do. From notDetermined an
    /// `.always` session shows the first prompt at 0 (`authorizationRequestInProgress` while it
    /// is up); answered after 1 s: Allow While Using is provisional Always on iOS 13+ (nothing in
    /// the way); Don't Allow gives `authorizationDenied`. From When In Use it shows the Always
    /// prompt; Keep Only While Using gives `alwaysAuthorizationDenied`.
    @Test(arguments: [
        (SimAuthorizationStatus.notDetermined, SimUserAnswers.FirstPrompt.allowWhileUsing, [SimServiceSessionDiagnostic]()),
        (.notDetermined, .dontAllow, [.authorizationDenied]),
        (.authorizedWhenInUse, .allowWhileUsing, [.alwaysAuthorizationDenied]),
    ])
    func anAlwaysSessionAsksForAlways(from status: SimAuthorizationStatus, answer: SimUserAnswers.FirstPrompt, after: [SimServiceSessionDiagnostic]) {
        let answers = SimUserAnswers(firstPrompt: answer, alwaysPrompt: .keepWhenInUse, precise: true)
        let result = run([.launch: [.serviceSessions(.begin(.always))]], authorization: status, answers: answers, timeline: [])
        let prompt: SimPrompt = status == .notDetermined ? .allowLocation(answer: answer, then: nil) : .allowAlways(answer: .keepWhenInUse)
        #expect(log(result, [.authorizationPrompt]) == [At(0, .prompt(prompt))])
        #expect(sessions(result) == [
            At(0, .serviceSessions(.began(.always, active: true))),
            At(0, .serviceSessions(.diagnostics(.always, [.authorizationRequestInProgress]))),
            At(1, .serviceSessions(.diagnostics(.always, after))),
        ])
    }

    /// Purged at 1700 while suspended (the standard updates paused, 1505), an Always app is
    /// relaunched when live updates are available again (1803, the device moving) — on iOS 18 only
    /// because its last process held an `.always` session. Its launch code re-creates the session
    /// from the background within the 5-s window: rejoined. An app that creates it only on
    /// screen loses it at 1808, and its updates say `insufficientlyInUse`. Without any `.always`
    /// session iOS 18 does not relaunch the app at all (iOS 17 does).
    @Test(arguments: [(SimProfile.iOS17, "none"), (.iOS18, "none"), (.iOS18, "launch"), (.iOS18, "foreground")])
    func aRelaunchedAppMustRejoinItsAlwaysSession(profile: SimProfile, creates: String) {
        let begin: [AppScript.Action] = switch creates {
        case "launch": [.serviceSessions(.begin(.always))]
        case "foreground": [.when(.foreground, actions: [.serviceSessions(.begin(.always))], otherwise: [])]
        default: []
        }
        let result = run([.launch: keptRunning + begin + [.liveUpdates(.start(.default))]], profile: profile,
                         timeline: [SimScenarioEvent(at: 60, .enterBackground), SimScenarioEvent(at: 1_700, .memoryPressure)])
        #expect(log(result, [.appLaunch]).map(\.time) == (profile == .iOS18 && creates == "none" ? [0] : [0, 1_803]))
        let afterRelaunch = sessions(result).filter { $0.time > 0 && $0.detail != .serviceSessions(.implicit) }
        switch creates {
        case "launch": #expect(afterRelaunch == [At(1_803, .serviceSessions(.rejoined(.always)))])
        case "foreground":
            #expect(afterRelaunch == [At(1_808, .serviceSessions(.notRejoined([.always])))])
            #expect(log(result, [.liveUpdates(.live)]).last == At(1_808, .liveUpdates(.diagnostic(.insufficientlyInUse))))
        default: #expect(afterRelaunch == [])
        }
    }

    /// Invalidated 30 s after the app left (90), the `.always` session no longer lets updates
    /// through: the next update says `insufficientlyInUse`.
    @Test func invalidatingTheSessionWithholdsTheUpdates() {
        let result = run([.launch: keptRunning + [.serviceSessions(.begin(.always)), .liveUpdates(.start(.default))], .update: [.log("update")],
                          .background: [.after(seconds: 30, actions: [.serviceSessions(.invalidate(nil))])]])
        #expect(sessions(result).filter { $0.time > 0 } == [At(90, .serviceSessions(.invalidated(.always)))])
        #expect(updates(result, in: 61...89) == 29)
        #expect(updates(result, in: 91...200) == 0)
        #expect(log(result, [.liveUpdates(.live)]).contains(At(90, .liveUpdates(.diagnostic(.insufficientlyInUse)))))
    }

    /// Before iOS 18 there is no CLServiceSession: a warning, and nothing else.
    @Test func beforeIOS18ThereIsNoServiceSession() {
        let result = run([.launch: [.serviceSessions(.begin(.always))]], profile: .iOS17)
        #expect(sessions(result) == [])
        #expect(result.events.contains { $0.detail == .warning(.serviceSessions(.unavailable(profile: "ios17"))) })
    }

    /// Docs/Library.md's example: the session lets the updates through, the activity session keeps
    /// the app running from 60 to the end (the device never stops for long enough: 2400 s, still
    /// from 600 to 1800 — the cut-off stops it at 1200, suspended at 1205, woken at 1803).
    /// Without the service session iOS 18 withholds every update: suspended at 65.
    @Test(arguments: [true, false])
    func theLibraryExampleRuns(holdsSession: Bool) {
        var info = SimCapabilities(backgroundModes: [.location])
        info.requiresExplicitServiceSession = true
        let configuration = SimulationConfiguration(trajectory: trip, profile: .iOS18, capabilities: info,
                                                    initialAuthorization: .authorizedWhenInUse,
                                                    timeline: [SimScenarioEvent(at: 60, .enterBackground)])
        let result = KeepAliveSimulation(configuration, app: WalkApp(holdsSession: holdsSession)).run()
        #expect(log(result, [.keepAliveStart]).map(\.time) == (holdsSession ? [60, 1_803] : []))
        #expect(result.summary.suspendedAt == (holdsSession ? 1_205 : 65))
    }
}

/// The `diagnostics` sequence: each change once, in order, and its end with the run.
@MainActor @Suite struct ServiceSessionDiagnosticsSequenceTests {
    final class AlwaysApp: SimAppDelegate {
        var session: SimServiceSession?
        var heard: SimAsyncStream<Set<SimServiceSessionDiagnostic>>?
        func applicationDidFinishLaunching(_ application: SimApplication, inBackground: Bool) {
            session = application.serviceSession(authorization: .always)
            heard = session?.diagnostics
        }
    }

    /// When In Use granted, the session asks for Always at 0 (the prompt up) and the user keeps
    /// When In Use at 1: two changes, then the sequence ends with the run.
    @Test func theSequenceYieldsEachChangeAndEnds() async {
        let app = AlwaysApp()
        let answers = SimUserAnswers(firstPrompt: .allowWhileUsing, alwaysPrompt: .keepWhenInUse, precise: true)
        let configuration = SimulationConfiguration(trajectory: drive(seconds: 60), profile: .iOS18, initialAuthorization: .authorizedWhenInUse,
                                                    answers: answers)
        _ = KeepAliveSimulation(configuration, app: app).run()
        guard let stream = app.heard else {
            Issue.record("the app made no session")
            return
        }
        var heard: [Set<SimServiceSessionDiagnostic>] = []
        for await diagnostics in stream { heard.append(diagnostics) }
        #expect(heard == [[.authorizationRequestInProgress], [.alwaysAuthorizationDenied]])
    }
}

/// Docs/Library.md's location-sessions example.
@MainActor private final class WalkApp: SimAppDelegate {
    let holdsSession: Bool
    var session: SimServiceSession?
    var activity: SimBackgroundActivitySession?
    var walk: SimLiveUpdates?

    init(holdsSession: Bool) { self.holdsSession = holdsSession }

    func applicationDidFinishLaunching(_ application: SimApplication, inBackground: Bool) {
        if holdsSession { session = application.serviceSession(authorization: .whenInUse) }
        activity = application.beginBackgroundActivitySession()
        walk = application.liveUpdates(.fitness)
        walk?.onUpdate = { update in
            if update.diagnostics.contains(.insufficientlyInUse) { application.log("no updates in the background") }
        }
    }
}
