import Scenario
import Testing
import TestSupport
@testable import Scripting
@testable import Simulation

@MainActor @Suite struct ScriptedAppTests {
    /// A drive with a long stop (pauses), a signal gap, and the user coming back.
    private let trip = drive(seconds: 3_600, stops: [900...2_400], gaps: [3_000...3_060])

    struct Variant: CustomStringConvertible, Sendable {
        var name: String
        var settings: @Sendable (inout StandardNavigationApp.Settings) -> Void = { _ in }
        var changes: [AppChange] = []
        var authorization = SimAuthorizationStatus.notDetermined
        var timeline: [SimScenarioEvent] = []
        var description: String { name }
    }

    nonisolated static let variants: [Variant] = [
        Variant(name: "defaults"),
        Variant(name: "filter and fitness", settings: { $0.distanceFilter = 50; $0.activityType = .fitness },
                changes: [.set(.distanceFilter(50)), .set(.activityType(.fitness))]),
        Variant(name: "no background flag", settings: { $0.allowsBackgroundLocationUpdates = false },
                changes: [.set(.allowsBackgroundLocationUpdates(false))]),
        Variant(name: "leaked task", settings: { $0.leaksBackgroundTask = true }, changes: [.neverEndTasks]),
        Variant(name: "no task", settings: { $0.beginsBackgroundTask = false }, changes: [.noBackgroundTasks]),
        Variant(name: "when in use", settings: { $0.requestsAlways = false }, changes: [.requestWhenInUse],
                authorization: .authorizedWhenInUse),
        Variant(name: "revoked, back, relaunched", timeline: [
            SimScenarioEvent(at: 600, .setAuthorization(.denied)), SimScenarioEvent(at: 700, .returnToForeground),
            SimScenarioEvent(at: 710, .setAuthorization(.authorizedAlways)), SimScenarioEvent(at: 720, .enterBackground),
            SimScenarioEvent(at: 2_500, .forceQuit), SimScenarioEvent(at: 2_600, .launch), SimScenarioEvent(at: 2_700, .lock),
        ]),
    ]

    @Test(arguments: SimProfile.all.map(\.name), variants)
    func theNavigationScriptDoesWhatTheSwiftAppDoes(profileName: String, variant: Variant) throws {
        let profile = try #require(SimProfile.all.first { $0.name == profileName })
        var settings = StandardNavigationApp.Settings()
        variant.settings(&settings)
        let config = configuration(trip, profile: profile, authorization: variant.authorization,
                                   timeline: [SimScenarioEvent(at: 60, .enterBackground)] + variant.timeline)
        let swift = KeepAliveSimulation(config, app: StandardNavigationApp(settings: settings)).run()
        let script = NavigationApp.script.applying(variant.changes)
        let scripted = KeepAliveSimulation(config, app: ScriptedApp(script: script)).run()
        #expect(scripted.events.count == swift.events.count)
        let first = zip(scripted.events, swift.events).first { $0.0 != $0.1 }
        #expect(first == nil, "first difference: \(String(describing: first))")
        #expect(scripted.summary == swift.summary)
    }
}

/// What each trigger of a script hears, and when: every reaction logs its name.
@MainActor @Suite struct ScriptTriggerTests {
    private func lines(_ result: SimulationResult) -> [At] { log(result, [.appLog]) }
    private func line(_ time: Double, _ text: String) -> At { At(time, .appLog(text)) }

    @Test func timersWaitWhileSuspendedAndWakesAreHeard() {
        // No task and no background updates: suspended 5 s after leaving at 10. The significant-change
        // service wakes the app at 300 and 600 for 30 s; the 50-s timer due at 50 fires late, at 300,
        // and the one due at 350 (the app is suspended at 330) at 600.
        let script = AppScript(reactions: [
            .launch: [.log("launch"), .startSignificantChanges], .wake: [.log("wake")], .background: [.log("background")],
        ], timers: [AppScript.Timer(every: 50, while: .background, actions: [.log("tick")])])
        let result = KeepAliveSimulation(configuration(drive(seconds: 700), profile: exact(.iOS17), timeline: [
            SimScenarioEvent(at: 10, .enterBackground),
        ]), app: ScriptedApp(script: script)).run()
        #expect(lines(result) == [
            line(0, "launch"), line(10, "background"), line(300, "tick"), line(300, "wake"), line(600, "tick"), line(600, "wake"),
        ])
    }

    @Test func aRelaunchInTheBackgroundIsAWake() {
        let script = AppScript(reactions: [.launch: [.log("launch"), .startSignificantChanges], .wake: [.log("wake")]])
        let result = KeepAliveSimulation(configuration(drive(seconds: 400), profile: exact(.iOS17), timeline: [
            SimScenarioEvent(at: 10, .enterBackground), SimScenarioEvent(at: 100, .memoryPressure),
        ]), app: ScriptedApp(script: script)).run()
        #expect(lines(result) == [line(0, "launch"), line(300, "launch"), line(300, "wake")])
    }

    @Test func onlyARunningAppHearsItIsQuit() {
        // A task holds the app in the background for the 30-s budget (10–40), then it is suspended.
        let script = AppScript(reactions: [
            .background: [.beginTask(name: "hold", variable: "task", onExpiry: [.endTask(variable: "task")])],
            .terminate: [.log("terminate")],
        ])
        func run(quitAt time: Double) -> SimulationResult {
            KeepAliveSimulation(configuration(drive(seconds: 100), profile: exact(.iOS17), timeline: [
                SimScenarioEvent(at: 10, .enterBackground), SimScenarioEvent(at: time, .forceQuit),
            ]), app: ScriptedApp(script: script)).run()
        }
        #expect(lines(run(quitAt: 20)) == [line(20, "terminate")])
        #expect(lines(run(quitAt: 60)) == [])
    }

    @Test func pausesResumesAndDenialsAreHeardOnce() {
        // Fitness pauses 600 s after the first fix within 25 m of the stop (99, 10 m before it); the app
        // restarts its updates 30 s later. A new manager hears its authorization at once (iOS 14+).
        let script = AppScript(reactions: [
            .launch: [.set([.activityType(.fitness)]), .startUpdates],
            .paused: [.log("paused"), .after(seconds: 30, actions: [.startUpdates])],
            .resumed: [.log("resumed")],
            .authorization: [.log("authorization")],
            .denied: [.log("denied")],
        ])
        let result = KeepAliveSimulation(configuration(drive(seconds: 1_000, stops: [100...1_000]), profile: exact(.iOS17), timeline: [
            SimScenarioEvent(at: 800, .setAuthorization(.denied)), SimScenarioEvent(at: 810, .setAuthorization(.restricted)),
            SimScenarioEvent(at: 820, .setAuthorization(.authorizedAlways)),
        ]), app: ScriptedApp(script: script)).run()
        #expect(lines(result) == [
            line(0, "authorization"), line(699, "paused"), line(729, "resumed"), line(800, "authorization"), line(800, "denied"),
            line(810, "authorization"), line(820, "authorization"),
        ])
    }

    @Test func anAppLaunchedDeniedHearsItFromItsNewManager() {
        let script = AppScript(reactions: [.denied: [.log("denied")]])
        let result = KeepAliveSimulation(configuration(drive(seconds: 100), profile: exact(.iOS17), authorization: .denied),
                                         app: ScriptedApp(script: script)).run()
        #expect(lines(result) == [line(0, "denied")])
    }

    @Test func aTimerOfAnEndedProcessNeverFires() {
        // Quit at 50 before the `after` of the first process is due (100); the second process,
        // opened at 60, has its own, due at 160.
        let script = AppScript(reactions: [.launch: [.after(seconds: 100, actions: [.log("later")])]])
        let result = KeepAliveSimulation(configuration(drive(seconds: 200), profile: exact(.iOS17), timeline: [
            SimScenarioEvent(at: 50, .forceQuit), SimScenarioEvent(at: 60, .launch),
        ]), app: ScriptedApp(script: script)).run()
        #expect(log(result, [.appLog, .appLaunch]) == [
            At(0, .launch(process: 1, inBackground: false, cause: .tripStarts)),
            At(60, .launch(process: 2, inBackground: false, cause: .userOpensApp)),
            At(160, .appLog("later")),
        ])
    }

    @Test func anOverwrittenIdentifierIsNeverEnded() {
        // Two tasks into one variable; ending it ends the second, and again ends nothing.
        let script = AppScript(reactions: [.background: [
            .beginTask(name: "first", variable: "task", onExpiry: []), .beginTask(name: "second", variable: "task", onExpiry: []),
            .endTask(variable: "task"), .endTask(variable: "task"),
        ]])
        let result = KeepAliveSimulation(configuration(drive(seconds: 100), profile: exact(.iOS17), timeline: [
            SimScenarioEvent(at: 10, .enterBackground),
        ]), app: ScriptedApp(script: script)).run()
        #expect(log(result, [.taskEnd]) == [At(10, .taskEnd(SimTaskRecord(id: 2, name: "second"), seconds: 0))])
        #expect(result.summary.causes == [.watchdog(openTasks: [SimTaskRecord(id: 1, name: "first")], allowance: 1)])
        #expect(result.summary.terminatedAt == 41)
    }
}

/// Scripts cannot hang or blow up the run.
@MainActor @Suite struct ScriptSafetyTests {
    @Test func aReactionThatCausesItselfCrashesTheAppAsTheStackWouldOverflow() {
        // Denied: each start fails with an error whose reaction starts again.
        let script = AppScript(reactions: [.launch: [.startUpdates], .error: [.startUpdates]])
        let result = KeepAliveSimulation(configuration(drive(seconds: 100), authorization: .denied), app: ScriptedApp(script: script)).run()
        #expect(result.summary.verdict == .crashed)
        #expect(result.summary.terminatedAt == 0)
        #expect(result.summary.causes == [.crash(.stackOverflow)])
        #expect(log(result, [.locationError]).count == ScriptedApp.maximumDepth)
    }

    @Test func aTimerOfNoIntervalFiresEverySecond() {
        let script = AppScript(timers: [AppScript.Timer(every: 0, actions: [.log("tick")]), AppScript.Timer(every: .nan, actions: [.log("nan")])])
        let result = KeepAliveSimulation(configuration(drive(seconds: 3)), app: ScriptedApp(script: script)).run()
        #expect(log(result, [.appLog]).map(\.time) == [1, 1, 2, 2, 3, 3])
    }
}
