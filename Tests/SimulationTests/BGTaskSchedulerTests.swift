import Testing
import TestSupport
@testable import Scripting
@testable import Simulation

/// §12 BGTaskScheduler: exact times from the rules. Unless a test says otherwise the system's
/// delay is fixed at 100 s (`bgTasks.launchDelay = 100...100`), an app refresh runs 30 s, a
/// processing task 300 s, and the expiration handler runs 5 s before the end.
@MainActor @Suite struct BGTaskSchedulerTests {
    private static let id = "com.example.refresh"
    private let refresh = SimBGTaskRecord(identifier: id, kind: .appRefresh)
    private let processing = SimBGTaskRecord(identifier: "com.example.clean", kind: .processing)

    private var profile: SimProfile {
        var profile = SimProfile.iOS17
        profile.bgTasks.launchDelay = 100...100
        profile.bgTasks.refresh = .fixed(seconds: 100)
        return profile
    }

    private var info: SimCapabilities {
        var info = SimCapabilities(backgroundModes: [.fetch, .processing], whenInUseUsageDescription: nil, alwaysAndWhenInUseUsageDescription: nil)
        info.permittedBackgroundTaskIdentifiers = [Self.id, "com.example.clean"]
        return info
    }

    private let bgKinds: Set<SimEvent.Kind> = [
        .bgTasks(.submit), .bgTasks(.submitFailed), .bgTasks(.deferred), .bgTasks(.launch), .bgTasks(.expiration), .bgTasks(.complete), .bgTasks(.failed), .appState,
    ]

    /// A script that registers the refresh task at launch, submits it (earliest 60 s) on leaving,
    /// and does `work` when the task launches.
    private func script(onExpiry: [AppScript.Action]? = [], work: [AppScript.Action], submit: AppScript.Action = .bgTasks(.submitRefresh(id: id, earliest: 60))) -> AppScript {
        AppScript(info: info, reactions: [
            .launch: [.log("launch"), .bgTasks(.registerTask(id: Self.id, onExpiry: onExpiry)), .bgTasks(.registerTask(id: "com.example.clean", onExpiry: onExpiry))],
            .background: [submit],
            .bgTask: [.log("bg-task")] + work,
        ])
    }

    private func run(_ script: AppScript, seconds: Int = 600, timeline: [SimScenarioEvent], profile: SimProfile? = nil, seed: UInt64 = 0) -> SimulationResult {
        var config = configuration(drive(seconds: seconds, speed: 0), profile: profile ?? self.profile, timeline: timeline, capabilities: script.info)
        config.seed = seed
        return KeepAliveSimulation(config, app: ScriptedApp(script: script)).run()
    }

    @Test func aRefreshLaunchesAtTheEarliestDatePlusTheDelayAndIsSuspendedOnceCompleted() {
        // Leaves at 10: submitted with earliest 10 + 60 = 70, launched at 70 + 100 = 170. Nothing
        // holds the app after leaving: suspended at 15 (grace 5 s). At 170 iOS wakes it; the task
        // holds it until completed at 180; the core's rules then give it 5 s of grace: suspended at 185.
        let result = run(script(work: [.after(seconds: 10, actions: [.bgTasks(.completeTask(success: true))])]),
                         timeline: [SimScenarioEvent(at: 10, .enterBackground)])
        #expect(log(result, bgKinds).filter { $0.time > 0 } == [
            state(10, .active, .inactive, .userLeavesApp), state(10, .inactive, .background, .userLeavesApp),
            At(10, .bgTasks(.submit(refresh, earliest: 70, launchAt: 170, replaced: false))),
            state(15, .background, .suspended, .nothingHoldsApp),
            At(170, .bgTasks(.launch(refresh, seconds: 30, forced: false))),
            state(170, .suspended, .background, .systemWake(.bgTasks(.appRefresh))),
            At(180, .bgTasks(.complete(refresh, success: true, seconds: 10))),
            state(185, .background, .suspended, .nothingHoldsApp),
        ])
        #expect(log(result, [.appLog]) == [At(0, .appLog("launch")), At(170, .appLog("bg-task"))])
    }

    @Test func aRefreshCompletedOnALockedDeviceLeavesTheAppSuspendedThroughTheUnlock() {
        // Locked at 20, so the refresh launched at 170 runs on a sleeping device; completed at 180,
        // nothing holds the app: it is suspended at once (a sleeping device gives no grace), not
        // frozen with time to thaw — so the unlock at 400 does not bring it back to the background.
        let result = run(script(work: [.after(seconds: 10, actions: [.bgTasks(.completeTask(success: true))])]),
                         timeline: [SimScenarioEvent(at: 10, .enterBackground), SimScenarioEvent(at: 20, .lock), SimScenarioEvent(at: 400, .unlock)])
        #expect(log(result, bgKinds).filter { $0.time >= 170 } == [
            At(170, .bgTasks(.launch(refresh, seconds: 30, forced: false))),
            state(170, .suspended, .background, .systemWake(.bgTasks(.appRefresh))),
            At(180, .bgTasks(.complete(refresh, success: true, seconds: 10))),
            state(180, .background, .suspended, .nothingHoldsApp),
        ])
    }

    @Test func aTaskNotCompletedInTimeGetsTheAppKilled() {
        // Launched at 170 for 30 s: the expiration handler (which does nothing) runs 5 s before the
        // end, at 195; the task is still not completed at 200, so iOS kills the app.
        let result = run(script(onExpiry: [.log("expired")], work: []), timeline: [SimScenarioEvent(at: 10, .enterBackground)])
        #expect(log(result, bgKinds).filter { $0.time >= 170 } == [
            At(170, .bgTasks(.launch(refresh, seconds: 30, forced: false))),
            state(170, .suspended, .background, .systemWake(.bgTasks(.appRefresh))),
            At(195, .bgTasks(.expiration(refresh, .timeUp, hasHandler: true))),
            state(200, .background, .terminated, .bgTasks(.assertionTimeout(refresh, seconds: 30))),
        ])
        #expect(log(result, [.appLog]).last == At(195, .appLog("expired")))
        // The summary keeps the first stop (the suspension at 15); the kill is the first termination.
        #expect(result.summary.terminatedAt == 200)
    }

    @Test func underTheDebuggerTheTaskFailsInsteadOfAKill() {
        // The debugger profile keeps the watchdog off (§9): at 200 the task ends failed, and the
        // app, never suspended under the debugger, is not killed.
        var debugger = SimProfile.debugger
        debugger.bgTasks.launchDelay = 100...100
        debugger.bgTasks.refresh = .fixed(seconds: 100)
        let result = run(script(onExpiry: [], work: []), timeline: [SimScenarioEvent(at: 10, .enterBackground)], profile: debugger)
        #expect(log(result, [.bgTasks(.expiration), .bgTasks(.failed)]) == [
            At(195, .bgTasks(.expiration(refresh, .timeUp, hasHandler: true))), At(200, .bgTasks(.failed(refresh))),
        ])
        #expect(result.summary.terminatedAt == nil)
    }

    @Test func aTaskWithoutAnExpirationHandlerIsMarkedFailed() {
        // No expiration handler: at 195 the task fails instead of running one; nothing holds the
        // app any more, so it is suspended after the 5 s grace, at 200, and not killed.
        let result = run(script(onExpiry: nil, work: []), timeline: [SimScenarioEvent(at: 10, .enterBackground)])
        #expect(log(result, bgKinds).filter { $0.time > 170 } == [
            At(195, .bgTasks(.expiration(refresh, .timeUp, hasHandler: false))),
            At(195, .bgTasks(.failed(refresh))),
            state(200, .background, .suspended, .nothingHoldsApp),
        ])
        #expect(result.summary.terminatedAt == nil)
    }

    @Test func aTerminatedAppIsRelaunchedAndRegistersItsHandlerAgain() {
        // Purged at 100 (memory pressure is not a force quit): at 170 iOS launches process 2 in the
        // background; its launch code registers the handler, which then runs.
        let result = run(script(work: [.bgTasks(.completeTask(success: true))]), timeline: [
            SimScenarioEvent(at: 10, .enterBackground), SimScenarioEvent(at: 100, .memoryPressure),
        ])
        #expect(log(result, [.appLog]) == [At(0, .appLog("launch")), At(170, .appLog("launch")), At(170, .appLog("bg-task"))])
        #expect(log(result, [.appLaunch]).last == At(170, .launch(process: 2, inBackground: true, cause: .systemLaunch(.bgTasks(.appRefresh)))))
        #expect(log(result, [.bgTasks(.complete)]) == [At(170, .bgTasks(.complete(refresh, success: true, seconds: 0)))])
    }

    @Test func aRelaunchedAppThatDoesNotRegisterCrashes() {
        // The second process registers nothing (its launch reaction only logs): "No launch handler
        // registered for task with identifier …" at the launch, 170.
        var script = script(work: [])
        script.reactions[.launch] = [.log("launch"), .when(.foreground, actions: [.bgTasks(.registerTask(id: Self.id, onExpiry: []))], otherwise: [])]
        let result = run(script, timeline: [SimScenarioEvent(at: 10, .enterBackground), SimScenarioEvent(at: 100, .memoryPressure)])
        #expect(log(result, [.appCrash]) == [At(170, .crash(.bgTasks(.noLaunchHandler(identifier: Self.id))))])
    }

    @Test func afterAForceQuitNothingIsLaunchedUntilTheUserOpensTheApp() {
        // Force-quit at 100: the request is due at 170 but waits. The user opens the app at 300
        // (on screen: it still waits) and leaves at 400. iOS looks for due requests once the move
        // to the background is over, and by then `applicationDidEnterBackground` has replaced the
        // request (earliest 460): launched at 560, waking the app suspended at 405; completed at
        // once, it is suspended after the 5 s grace.
        let result = run(script(work: [.bgTasks(.completeTask(success: true))]), timeline: [
            SimScenarioEvent(at: 10, .enterBackground), SimScenarioEvent(at: 100, .forceQuit),
            SimScenarioEvent(at: 300, .launch), SimScenarioEvent(at: 400, .enterBackground),
        ])
        #expect(log(result, [.bgTasks(.submit), .bgTasks(.deferred), .bgTasks(.launch), .bgTasks(.complete)]) == [
            At(10, .bgTasks(.submit(refresh, earliest: 70, launchAt: 170, replaced: false))),
            At(170, .bgTasks(.deferred(refresh, .forceQuit))),
            At(300, .bgTasks(.deferred(refresh, .appInUse))),
            At(400, .bgTasks(.submit(refresh, earliest: 460, launchAt: 560, replaced: true))),
            At(560, .bgTasks(.launch(refresh, seconds: 30, forced: false))),
            At(560, .bgTasks(.complete(refresh, success: true, seconds: 0))),
        ])
        #expect(log(result, [.appState]).suffix(2) == [
            state(560, .suspended, .background, .systemWake(.bgTasks(.appRefresh))), state(565, .background, .suspended, .nothingHoldsApp),
        ])
    }

    @Test func processingWaitsForAnIdleDeviceAndEndsWhenTheUserUnlocks() {
        // Submitted at 10 with earliest 10: due at 110, but the device is in use. Locked at 200: iOS
        // launches it (300 s). Unlocked at 260: it expires at once and the handler completes it;
        // the app was not on screen when locked, so it stays in the background: suspended at 265.
        let result = run(script(onExpiry: [.bgTasks(.completeTask(success: false))], work: [],
                                submit: .bgTasks(.submitProcessing(id: "com.example.clean", earliest: 0, requiresExternalPower: false))),
                         timeline: [SimScenarioEvent(at: 10, .enterBackground), SimScenarioEvent(at: 200, .lock), SimScenarioEvent(at: 260, .unlock)])
        #expect(log(result, bgKinds).filter { $0.time > 15 } == [
            At(110, .bgTasks(.deferred(processing, .deviceInUse))),
            At(200, .bgTasks(.launch(processing, seconds: 300, forced: false))),
            state(200, .suspended, .background, .systemWake(.bgTasks(.processing))),
            At(260, .bgTasks(.expiration(processing, .deviceInUse, hasHandler: true))),
            At(260, .bgTasks(.complete(processing, success: false, seconds: 60))),
            state(265, .background, .suspended, .nothingHoldsApp),
        ])
    }

    @Test func processingThatRequiresPowerWaitsForCharging() {
        // Due at 110; locked at 200 but not charging; plugged in at 250: launched. Unplugged at 280:
        // expired; the handler does nothing, so the app is killed 5 s later, at 285.
        let result = run(script(onExpiry: [], work: [],
                                submit: .bgTasks(.submitProcessing(id: "com.example.clean", earliest: 0, requiresExternalPower: true))),
                         timeline: [
                            SimScenarioEvent(at: 10, .enterBackground), SimScenarioEvent(at: 200, .lock),
                            SimScenarioEvent(at: 250, .device(.setCharging(true))), SimScenarioEvent(at: 280, .device(.setCharging(false))),
                         ])
        #expect(log(result, [.bgTasks(.deferred), .bgTasks(.launch), .bgTasks(.expiration)]) == [
            At(110, .bgTasks(.deferred(processing, .deviceInUse))),
            At(200, .bgTasks(.deferred(processing, .notCharging))),
            At(250, .bgTasks(.launch(processing, seconds: 300, forced: false))),
            At(280, .bgTasks(.expiration(processing, .powerDisconnected, hasHandler: true))),
        ])
        #expect(result.summary.terminatedAt == 285)
        #expect(log(result, [.appState]).last == state(285, .background, .terminated, .bgTasks(.assertionTimeout(processing, seconds: 35))))
    }

    @Test func scenarioEventsLaunchAndExpireATaskNow() {
        // bg-launch at 50 launches the request (due at 170) at once; bg-expire at 55 expires it;
        // the handler does not complete it: killed at 55 + 5 = 60. bg-launch of nothing pending warns.
        let result = run(script(onExpiry: [], work: []), timeline: [
            SimScenarioEvent(at: 10, .enterBackground), SimScenarioEvent(at: 50, .bgTasks(.launch(identifier: Self.id))),
            SimScenarioEvent(at: 55, .bgTasks(.expire(identifier: Self.id))), SimScenarioEvent(at: 70, .bgTasks(.launch(identifier: "other"))),
        ])
        // (The Info.plist lint's finding at the end, `processing` declared but unused, is left out.)
        #expect(log(result, [.bgTasks(.launch), .bgTasks(.expiration), .warning]).filter { $0.time < 600 } == [
            At(50, .bgTasks(.launch(refresh, seconds: 30, forced: true))),
            At(55, .bgTasks(.expiration(refresh, .scenario, hasHandler: true))),
            At(70, .warning(.bgTasks(.notPending(identifier: "other")))),
        ])
        #expect(result.summary.terminatedAt == 60)
    }

    @Test func withBackgroundAppRefreshOffSubmitFailsAndNothingLaunches() {
        // Switched off at 5: the submit at 10 throws unavailable (1), which the script catches.
        // A request submitted while on (at 10, due 170) waits while it is off and is launched
        // when it is switched on again, at 300.
        let refused = run(script(work: []), timeline: [
            SimScenarioEvent(at: 5, .bgTasks(.setBackgroundAppRefresh(enabled: false))), SimScenarioEvent(at: 10, .enterBackground),
        ])
        #expect(log(refused, [.bgTasks(.submitFailed), .bgTasks(.launch)]) == [At(10, .bgTasks(.submitFailed(refresh, .unavailable)))])
        let waited = run(script(work: [.bgTasks(.completeTask(success: true))]), timeline: [
            SimScenarioEvent(at: 10, .enterBackground), SimScenarioEvent(at: 20, .bgTasks(.setBackgroundAppRefresh(enabled: false))),
            SimScenarioEvent(at: 300, .bgTasks(.setBackgroundAppRefresh(enabled: true))),
        ])
        #expect(log(waited, [.bgTasks(.deferred), .bgTasks(.launch)]) == [
            At(170, .bgTasks(.deferred(refresh, .backgroundAppRefreshOff))), At(300, .bgTasks(.launch(refresh, seconds: 30, forced: false))),
        ])
    }

    @Test func aTaskWhoseTimeEndsOnScreenFailsWithoutAKill() {
        // Launched at 170, the user opens the app at 180; its time ends at 200 while it is on
        // screen: the handler ran at 195, the task is not completed, and it ends failed — iOS does
        // not kill an app on screen. Completing it afterwards only warns.
        let result = run(script(onExpiry: [.after(seconds: 10, actions: [.bgTasks(.completeTask(success: true))])], work: []), timeline: [
            SimScenarioEvent(at: 10, .enterBackground), SimScenarioEvent(at: 180, .returnToForeground),
        ])
        #expect(log(result, [.bgTasks(.expiration), .bgTasks(.failed), .warning]).filter { $0.time < 600 } == [
            At(195, .bgTasks(.expiration(refresh, .timeUp, hasHandler: true))), At(200, .bgTasks(.failed(refresh))),
            At(205, .warning(.bgTasks(.alreadyEnded(identifier: Self.id)))),
        ])
        #expect(result.summary.terminatedAt == nil)
    }

    @Test func aHandlerThatSubmitsAgainIsLaunchedNoSoonerThanASecondLater() {
        // No delay and no earliest date: each request is due 1 s after its submit (the model's
        // least delay), so a handler that submits again runs once a second, not forever at once.
        var profile = self.profile
        profile.bgTasks.launchDelay = 0...0
        profile.bgTasks.refresh = .fixed(seconds: 0)
        let result = run(script(work: [.bgTasks(.submitRefresh(id: Self.id, earliest: 0)), .bgTasks(.completeTask(success: true))], submit: .bgTasks(.submitRefresh(id: Self.id, earliest: 0))),
                         seconds: 15, timeline: [SimScenarioEvent(at: 10, .enterBackground)], profile: profile)
        #expect(log(result, [.bgTasks(.launch)]).map(\.time) == [11, 12, 13, 14, 15])
    }

    @Test func theDelayIsDrawnWithTheRunsSeed() {
        // u is the scheduler's own SplitMix64 stream seeded with `seed ^ 0x4247_5461_736B_5363`,
        // computed independently in Python: 0.20708 for seed 0, 0.29554 for seed 7. Processing:
        // [model] delay = lower + u × (upper − lower), rounded: the default 0…1800 s gives 373 s
        // and 532 s. App refresh: §12's lognormal, 7200·e^(σ·Φ⁻¹(u)) with σ = ln 4 / Φ⁻¹(0.9)
        // (Python's NormalDist): 2976 s and 4026 s. The same on every run.
        func launchAt(seed: UInt64, _ submit: AppScript.Action) -> Double? {
            let result = run(script(work: [], submit: submit), timeline: [SimScenarioEvent(at: 10, .enterBackground)], profile: .iOS17, seed: seed)
            return result.events.compactMap { if case .bgTasks(.submit(_, _, let at, _)) = $0.detail { at } else { nil } }.first
        }
        let processing = AppScript.Action.bgTasks(.submitProcessing(id: "com.example.clean", earliest: 60, requiresExternalPower: false))
        let refresh = AppScript.Action.bgTasks(.submitRefresh(id: Self.id, earliest: 60))
        #expect(launchAt(seed: 0, processing) == launchAt(seed: 0, processing))
        #expect(launchAt(seed: 0, processing) == 70.0 + 373)
        #expect(launchAt(seed: 7, processing) == 70.0 + 532)
        #expect(launchAt(seed: 0, refresh) == 70.0 + 2_976)
        #expect(launchAt(seed: 7, refresh) == 70.0 + 4_026)
    }
}

/// `SimBGTaskScheduler` as Swift code calls it: the three errors, replacement, cancel, and the crashes.
@MainActor @Suite struct BGTaskSchedulerAPITests {
    final class App: SimAppDelegate {
        var register: [String] = ["a", "b"]
        var onLaunch: (SimApplication) -> Void = { _ in }
        var application: SimApplication?
        func applicationDidFinishLaunching(_ application: SimApplication, inBackground: Bool) {
            self.application = application
            for id in register { application.taskScheduler.register(forTaskWithIdentifier: id) { $0.setTaskCompleted(success: true) } }
            onLaunch(application)
        }
    }

    private func simulation(_ app: App, modes: Set<SimBackgroundMode> = [.fetch, .processing], ids: [String] = ["a", "b"] + (1...11).map { "p\($0)" }) -> KeepAliveSimulation {
        var info = SimCapabilities(backgroundModes: modes)
        info.permittedBackgroundTaskIdentifiers = ids
        return KeepAliveSimulation(configuration(drive(seconds: 100), capabilities: info), app: app)
    }

    private func submitError(_ scheduler: SimBGTaskScheduler, _ request: SimBGTaskRequest) -> SimBGTaskSchedulerError? {
        do { try scheduler.submit(request) } catch { return SimBGTaskSchedulerError(error) }
        return nil
    }

    @Test func submitThrowsTheThreeErrors() throws {
        let app = App()
        app.register = ["a", "b"] + (1...11).map { "p\($0)" }
        let simulation = simulation(app)
        simulation.run(untilSeconds: 1)
        let scheduler = try #require(app.application?.taskScheduler)
        // At most 1 app refresh pending: a second identifier is refused, the same one replaces.
        #expect(submitError(scheduler, SimBGAppRefreshTaskRequest(identifier: "a")) == nil)
        #expect(submitError(scheduler, SimBGAppRefreshTaskRequest(identifier: "b")) == .tooManyPendingTaskRequests)
        #expect(submitError(scheduler, SimBGAppRefreshTaskRequest(identifier: "a")) == nil)
        // At most 10 processing requests.
        for index in 1...10 { #expect(submitError(scheduler, SimBGProcessingTaskRequest(identifier: "p\(index)")) == nil) }
        #expect(submitError(scheduler, SimBGProcessingTaskRequest(identifier: "p11")) == .tooManyPendingTaskRequests)
        // Not in BGTaskSchedulerPermittedIdentifiers.
        #expect(submitError(scheduler, SimBGAppRefreshTaskRequest(identifier: "zzz")) == .notPermitted)
        scheduler.cancel(taskRequestWithIdentifier: "p1")
        #expect(scheduler.pendingTaskRequestIdentifiers == ["a"] + (2...10).map { "p\($0)" })
        let submits = simulation.result().events.compactMap { if case .bgTasks(.submit(let task, _, _, let replaced)) = $0.detail, task.identifier == "a" { replaced } else { nil } }
        #expect(submits == [false, true])
        // Background App Refresh off: unavailable (1).
        simulation.system.mechanism(BackgroundTaskScheduler.self)?.setBackgroundAppRefresh(enabled: false, in: simulation.system)
        #expect(submitError(scheduler, SimBGAppRefreshTaskRequest(identifier: "a")) == .unavailable)
        #expect(SimBGTaskSchedulerError.allCases.map(\.rawValue) == [1, 2, 3, 4])  // 4: iOS 26, continued processing
    }

    @Test func aMissingModeIsNotPermitted() throws {
        let app = App()
        let simulation = simulation(app, modes: [.fetch])
        simulation.run(untilSeconds: 1)
        let scheduler = try #require(app.application?.taskScheduler)
        #expect(submitError(scheduler, SimBGAppRefreshTaskRequest(identifier: "a")) == nil)
        #expect(submitError(scheduler, SimBGProcessingTaskRequest(identifier: "b")) == .notPermitted)
    }

    @Test func aDueTaskRelaunchesAnAppThatCrashedOnScreen() {
        // Submitted at 10 (earliest 10, delay 100): due at 110 while the app is back on screen
        // (from 50), so it waits; the app crashes at 200 on screen. A crash is not a force quit:
        // once the termination is over, at the same instant, iOS launches process 2 for the task.
        let app = App()
        app.register = ["a"]
        app.onLaunch = { application in
            guard application.process == 1 else { return }
            application.schedule(after: 10) {
                try? application.taskScheduler.submit(SimBGAppRefreshTaskRequest(identifier: "a"))
            }
            application.schedule(after: 200) { application.crash(.stackOverflow) }
        }
        var profile = SimProfile.iOS17
        profile.bgTasks.launchDelay = 100...100
        profile.bgTasks.refresh = .fixed(seconds: 100)
        var info = SimCapabilities(backgroundModes: [.fetch])
        info.permittedBackgroundTaskIdentifiers = ["a"]
        let result = KeepAliveSimulation(configuration(drive(seconds: 300), profile: profile, timeline: [
            SimScenarioEvent(at: 5, .enterBackground), SimScenarioEvent(at: 50, .returnToForeground),
        ], capabilities: info), app: app).run()
        let record = SimBGTaskRecord(identifier: "a", kind: .appRefresh)
        #expect(log(result, [.bgTasks(.deferred), .appCrash, .appLaunch, .bgTasks(.launch), .bgTasks(.complete)]).filter { $0.time > 0 } == [
            At(110, .bgTasks(.deferred(record, .appInUse))),
            At(200, .crash(.stackOverflow)),
            At(200, .bgTasks(.launch(record, seconds: 30, forced: false))),
            At(200, .launch(process: 2, inBackground: true, cause: .systemLaunch(.bgTasks(.appRefresh)))),
            At(200, .bgTasks(.complete(record, success: true, seconds: 0))),
        ])
    }

    @Test func theLintNamesIdentifiersNotPermittedAndTheKillIsAnAssertionTimeout() {
        // "zzz" is registered but not permitted: a finding at the end. The modes declared are the
        // ones the run used (fetch for a refresh, processing for a processing request): no finding.
        let app = App()
        app.register = ["zzz", "a", "p1"]
        app.onLaunch = { application in
            try? application.taskScheduler.submit(SimBGAppRefreshTaskRequest(identifier: "a"))
            try? application.taskScheduler.submit(SimBGProcessingTaskRequest(identifier: "p1"))
        }
        let result = simulation(app).run()
        let findings = result.events.compactMap { if case .warning(.infoPlist(let finding)) = $0.detail { finding } else { nil } }
        #expect(findings == [.taskIdentifierNotPermitted("zzz")])
        #expect(SimExitCategory(.bgTasks(.assertionTimeout(SimBGTaskRecord(identifier: "a", kind: .appRefresh), seconds: 30))) == .backgroundTaskAssertionTimeout)
        #expect(SimExitCategory(.crash(.bgTasks(.noLaunchHandler(identifier: "a")))) == .abnormalExit)
    }

    @Test func registeringTwiceCrashesTheApp() {
        let app = App()
        app.register = ["a", "a"]
        let result = simulation(app).run()
        #expect(result.summary.verdict == .crashed)
        #expect(result.summary.causes == [.crash(.bgTasks(.registeredTwice(identifier: "a")))])
    }

    @Test func registeringAfterLaunchCrashesAndAnUnpermittedIdentifierIsRefused() {
        let app = App()
        app.register = ["zzz"]
        app.onLaunch = { application in
            application.schedule(after: 5) { application.taskScheduler.register(forTaskWithIdentifier: "a") { _ in } }
        }
        let result = simulation(app).run()
        #expect(log(result, [.bgTasks(.register)]) == [At(0, .bgTasks(.register(identifier: "zzz", accepted: false)))])
        #expect(result.summary.causes == [.crash(.bgTasks(.registeredAfterLaunch(identifier: "a")))])
        #expect(result.summary.terminatedAt == 5)
    }

    @Test func submittingWithoutAHandlerCrashes() throws {
        let app = App()
        app.register = []
        let simulation = simulation(app)
        simulation.run(untilSeconds: 1)
        let scheduler = try #require(app.application?.taskScheduler)
        #expect(submitError(scheduler, SimBGAppRefreshTaskRequest(identifier: "a")) == nil)
        #expect(simulation.result().summary.causes == [.crash(.bgTasks(.noLaunchHandler(identifier: "a")))])
    }
}

/// The example of `Docs/Library.md`, "Background tasks".
@MainActor @Suite struct BGTaskLibraryExampleTests {
    final class RefreshApp: SimAppDelegate {
        func applicationDidFinishLaunching(_ application: SimApplication, inBackground: Bool) {
            application.taskScheduler.register(forTaskWithIdentifier: "com.example.refresh") { task in
                task.expirationHandler = { task.setTaskCompleted(success: false) }
                application.schedule(after: 10) { task.setTaskCompleted(success: true) }
            }
        }
        func applicationDidEnterBackground(_ application: SimApplication) {
            let request = SimBGAppRefreshTaskRequest(identifier: "com.example.refresh")
            request.earliestBeginDate = application.currentDate.addingTimeInterval(900)
            do { try application.taskScheduler.submit(request) } catch { application.log("submit: \(error)") }
        }
    }

    @Test func theLibraryExampleRuns() {
        // Leaves at 60: earliest 960, plus the fixed 100 s delay: launched at 1060, completed at 1070.
        var profile = SimProfile.iOS17
        profile.bgTasks.refresh = .fixed(seconds: 100)
        var info = SimCapabilities(backgroundModes: [.fetch])
        info.permittedBackgroundTaskIdentifiers = ["com.example.refresh"]
        let configuration = SimulationConfiguration(trajectory: drive(seconds: 1_200, speed: 0), profile: profile, capabilities: info,
                                                    timeline: [SimScenarioEvent(at: 60, .enterBackground)])
        let result = KeepAliveSimulation(configuration, app: RefreshApp()).run()
        let record = SimBGTaskRecord(identifier: "com.example.refresh", kind: .appRefresh)
        #expect(log(result, [.bgTasks(.launch), .bgTasks(.complete)]) == [
            At(1_060, .bgTasks(.launch(record, seconds: 30, forced: false))), At(1_070, .bgTasks(.complete(record, success: true, seconds: 10))),
        ])
    }
}
