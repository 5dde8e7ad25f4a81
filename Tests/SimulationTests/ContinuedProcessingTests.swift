import Testing
import TestSupport
@testable import Scripting
@testable import Simulation

/// §12 `BGContinuedProcessingTask` (iOS 26): exact times from the rules. The app is on screen
/// from 0; at 10 (the user's tap) it registers `com.example.export.1` and submits the request
/// (unless a test says otherwise); the Info.plist permits `com.example.export.*`. The profile is
/// iOS 26: a task stalls after 30 s without progress (`bgTasks.continuedProcessingStallSeconds`), an
/// expired task has 5 s (`bgTasks.expirationLead`) to be completed, the grace period is 5 s, and one
/// continued task runs at a time (`bgTasks.maximumRunningContinuedProcessingTasks`).
@MainActor @Suite struct ContinuedProcessingTests {
    private static let id = "com.example.export.1"
    private let export = SimBGTaskRecord(identifier: id, kind: .continuedProcessing)

    private var info: SimCapabilities {
        var info = SimCapabilities(backgroundModes: [], whenInUseUsageDescription: nil, alwaysAndWhenInUseUsageDescription: nil)
        info.permittedBackgroundTaskIdentifiers = ["com.example.export.*"]
        return info
    }

    private let kinds: Set<SimEvent.Kind> = [
        .bgTasks(.submit), .bgTasks(.submitFailed), .bgTasks(.launch), .bgTasks(.progress), .bgTasks(.expiration), .bgTasks(.complete), .bgTasks(.failed), .appState,
    ]

    /// A script whose user taps Export at `tapAt`: the handler is registered then (with
    /// `onExpiry`), the request submitted; `work` runs when the task starts.
    private func script(tapAt: Double = 10, onExpiry: [AppScript.Action]? = [.bgTasks(.completeTask(success: false))], work: [AppScript.Action],
                        strategy: SimBGContinuedProcessingStrategy = .queue, timers: [AppScript.Timer] = []) -> AppScript {
        AppScript(info: info, reactions: [
            .launch: [.after(seconds: tapAt, actions: [
                .bgTasks(.registerTask(id: Self.id, onExpiry: onExpiry)),
                .bgTasks(.submitContinuedProcessing(id: Self.id, title: "Exporting", subtitle: "", strategy: strategy)),
            ])],
            .bgTask: [.log("bg-task")] + work,
        ], timers: timers)
    }

    private func run(_ script: AppScript, seconds: Int = 300, timeline: [SimScenarioEvent], profile: SimProfile = .iOS26) -> SimulationResult {
        KeepAliveSimulation(configuration(drive(seconds: seconds, speed: 0), profile: profile, timeline: timeline, capabilities: script.info),
                            app: ScriptedApp(script: script)).run()
    }

    @Test func itStartsAtOnceAndProgressKeepsTheAppRunningUntilItIsCompleted() {
        // Submitted at 10 on screen: it starts at once (launch handler at 10: total 6). A timer
        // raises the count every 20 s (20, 40, …, 120), always within the 30-s stall window, so
        // it is never expired. The user leaves at 30: the task holds the app (no suspension at
        // 35). Completed at 10 + 120 = 130; nothing holds the app then: 5 s of grace, suspended at 135.
        let timer = AppScript.Timer(every: 20, actions: [.bgTasks(.reportProgress(completed: nil, add: 1, total: nil))])
        let result = run(script(work: [.bgTasks(.reportProgress(completed: nil, add: nil, total: 6)), .after(seconds: 120, actions: [.bgTasks(.completeTask(success: true))])],
                                timers: [timer]),
                         timeline: [SimScenarioEvent(at: 30, .enterBackground)])
        let progress: [At] = [20, 40, 60, 80, 100, 120].enumerated().map { At(Double($1), .bgTasks(.progress(export, completed: Int64($0 + 1), total: 6))) }
        let start: [At] = [
            At(10, .bgTasks(.continuedSubmit(export, title: "Exporting", strategy: .queue, queued: false, replaced: false))),
            At(10, .bgTasks(.launch(export, seconds: 30, forced: false))),
            At(10, .bgTasks(.progress(export, completed: 0, total: 6))),
            progress[0],
            state(30, .active, .inactive, .userLeavesApp), state(30, .inactive, .background, .userLeavesApp),
        ]
        let end: [At] = [At(130, .bgTasks(.complete(export, success: true, seconds: 120))), state(135, .background, .suspended, .nothingHoldsApp)]
        let expected: [At] = start + progress.dropFirst() + end
        #expect(log(result, kinds).filter { $0.time > 0 } == expected)
        #expect(log(result, [.keepAliveStart, .keepAliveEnd]).map(\.time) == [30, 130])
        #expect(log(result, [.appLog]) == [At(10, .appLog("bg-task"))])
    }

    @Test func withoutProgressItStallsAndItsExpirationHandlerEndsIt() {
        // Started at 10, the count never rises: stalled at 10 + 30 = 40, the expiration handler
        // completes it (success: false) at once. The app left at 20 and nothing else holds it:
        // suspended after the 5 s grace, at 45.
        let result = run(script(work: [.bgTasks(.reportProgress(completed: nil, add: nil, total: 6))]), timeline: [SimScenarioEvent(at: 20, .enterBackground)])
        #expect(log(result, kinds).filter { $0.time > 20 } == [
            At(40, .bgTasks(.expiration(export, .stalled, hasHandler: true))),
            At(40, .bgTasks(.complete(export, success: false, seconds: 30))),
            state(45, .background, .suspended, .nothingHoldsApp),
        ])
    }

    @Test func aStalledTaskNotCompletedGetsTheAppKilled() {
        // As above, but the expiration handler only logs: the task is still not completed 5 s
        // after the expiry (bgTasks.expirationLead), at 45, so iOS kills the app in the background,
        // a background task assertion timeout 35 s after the start.
        let result = run(script(onExpiry: [.log("expired")], work: []), timeline: [SimScenarioEvent(at: 20, .enterBackground)])
        #expect(log(result, kinds).filter { $0.time > 20 } == [
            At(40, .bgTasks(.expiration(export, .stalled, hasHandler: true))),
            state(45, .background, .terminated, .bgTasks(.assertionTimeout(export, seconds: 35))),
        ])
        #expect(result.summary.terminatedAt == 45)
        #expect(SimExitCategory(.bgTasks(.assertionTimeout(export, seconds: 35))) == .backgroundTaskAssertionTimeout)
    }

    @Test func withoutAnExpirationHandlerAStalledTaskFails() {
        // No expiration handler: at 40 the task is marked failed and no longer holds the app;
        // suspended at 45, not killed.
        let result = run(script(onExpiry: nil, work: []), timeline: [SimScenarioEvent(at: 20, .enterBackground)])
        #expect(log(result, kinds).filter { $0.time > 20 } == [
            At(40, .bgTasks(.expiration(export, .stalled, hasHandler: false))), At(40, .bgTasks(.failed(export))),
            state(45, .background, .suspended, .nothingHoldsApp),
        ])
    }

    @Test func theUserStopsItInTheLiveActivity() {
        // Progress every 20 s keeps it running; the user stops it at 60 (bg-cancel): it expires at
        // once, the handler completes it, and the app (in the background since 20) is suspended
        // at 65. A bg-cancel naming no running continued task only warns.
        let timer = AppScript.Timer(every: 20, actions: [.bgTasks(.reportProgress(completed: nil, add: 1, total: nil))])
        let result = run(script(work: [], timers: [timer]), timeline: [
            SimScenarioEvent(at: 20, .enterBackground), SimScenarioEvent(at: 60, .bgTasks(.cancel(identifier: Self.id))),
            SimScenarioEvent(at: 70, .bgTasks(.cancel(identifier: "com.example.export.2"))),
        ])
        #expect(log(result, [.bgTasks(.expiration), .bgTasks(.complete), .appState]).filter { $0.time > 20 } == [
            At(60, .bgTasks(.expiration(export, .userCancelled, hasHandler: true))),
            At(60, .bgTasks(.complete(export, success: false, seconds: 50))),
            state(65, .background, .suspended, .nothingHoldsApp),
        ])
        #expect(log(result, [.warning]).first == At(70, .warning(.bgTasks(.continuedTaskNotRunning(identifier: "com.example.export.2")))))
    }

    @Test func itIsSubmittedOnlyFromTheForeground() {
        // The user left at 5; the app's code submits at 8, in its grace period: `unavailable` (1)
        // [model], caught by the script; nothing starts, and the app is suspended at 10.
        let result = run(script(tapAt: 8, work: []), timeline: [SimScenarioEvent(at: 5, .enterBackground)])
        #expect(log(result, kinds).filter { $0.time > 5 } == [
            At(8, .bgTasks(.submitFailed(export, .unavailable))),
            state(10, .background, .suspended, .nothingHoldsApp),
        ])
    }

    @Test func beforeIOS26ItDoesNotExist() {
        // iOS 18: the wildcard entry permits nothing, so registering at launch is refused, and
        // submitting the request does nothing but warn.
        var script = script(work: [])
        script.reactions[.launch] = [.bgTasks(.registerTask(id: Self.id, onExpiry: [])),
                                     .after(seconds: 10, actions: [.bgTasks(.submitContinuedProcessing(id: Self.id, title: "Exporting", subtitle: "", strategy: .queue))])]
        let result = run(script, timeline: [], profile: .iOS18)
        #expect(log(result, [.bgTasks(.register), .bgTasks(.submit), .bgTasks(.submitFailed), .bgTasks(.launch)]) == [
            At(0, .bgTasks(.register(identifier: Self.id, accepted: false))),
        ])
        #expect(log(result, [.warning]).first == At(10, .warning(.bgTasks(.continuedProcessingUnavailable(profile: "ios18")))))
        #expect(!SimProfile.iOS18.bgTasks.hasContinuedProcessing && SimProfile.iOS26.bgTasks.hasContinuedProcessing)
    }

    @Test func aSecondRequestBeyondTheLimitQueuesOrFails() {
        // The first export completes 15 s after it starts (its own bg-task reaction, limited to its
        // id), at 25. A second (…export.2) is submitted at 20 on screen, while the first runs and
        // one runs at a time: `.fail` throws immediateRunIneligible (4); `.queue` waits (pending)
        // and starts at 25; it then holds the app (left at 40) until it stalls at 25 + 30 = 55, and
        // its handler (empty) does not complete it: killed at 60.
        func second(_ strategy: SimBGContinuedProcessingStrategy) -> SimulationResult {
            var script = script(work: [])
            script.reactionsByID[.bgTask] = [Self.id: [.after(seconds: 15, actions: [.bgTasks(.completeTask(success: true))])]]
            script.reactions[.launch]?.append(.after(seconds: 20, actions: [
                .bgTasks(.registerTask(id: "com.example.export.2", onExpiry: [])),
                .bgTasks(.submitContinuedProcessing(id: "com.example.export.2", title: "Second", subtitle: "", strategy: strategy)),
            ]))
            return run(script, timeline: [SimScenarioEvent(at: 40, .enterBackground)])
        }
        let other = SimBGTaskRecord(identifier: "com.example.export.2", kind: .continuedProcessing)
        #expect(log(second(.fail), [.bgTasks(.submit), .bgTasks(.submitFailed), .bgTasks(.launch), .bgTasks(.complete)]).filter { $0.time > 10 } == [
            At(20, .bgTasks(.submitFailed(other, .immediateRunIneligible))),
            At(25, .bgTasks(.complete(export, success: true, seconds: 15))),
        ])
        let queued = second(.queue)
        #expect(log(queued, [.bgTasks(.submit), .bgTasks(.launch), .bgTasks(.complete), .bgTasks(.expiration)]).filter { $0.time > 10 } == [
            At(20, .bgTasks(.continuedSubmit(other, title: "Second", strategy: .queue, queued: true, replaced: false))),
            At(25, .bgTasks(.complete(export, success: true, seconds: 15))),
            At(25, .bgTasks(.launch(other, seconds: 30, forced: false))),
            At(55, .bgTasks(.expiration(other, .stalled, hasHandler: true))),
        ])
        #expect(queued.summary.terminatedAt == 60)
        #expect(log(queued, [.appLog]).map(\.time) == [10, 25])
    }
}

/// `SimBGTaskScheduler` with continued processing requests, as Swift code calls it: wildcard
/// identifiers, registration after launch, resources, the lint.
@MainActor @Suite struct ContinuedProcessingAPITests {
    final class App: SimAppDelegate {
        var application: SimApplication?
        func applicationDidFinishLaunching(_ application: SimApplication, inBackground: Bool) { self.application = application }
    }

    private func simulation(_ app: App, ids: [String] = ["com.example.export.*", "com.example.refresh"], profile: SimProfile = .iOS26) -> KeepAliveSimulation {
        var info = SimCapabilities(backgroundModes: [.fetch])
        info.permittedBackgroundTaskIdentifiers = ids
        return KeepAliveSimulation(configuration(drive(seconds: 100), profile: profile, capabilities: info), app: app)
    }

    private func submitError(_ scheduler: SimBGTaskScheduler, _ request: SimBGTaskRequest) -> SimBGTaskSchedulerError? {
        do { try scheduler.submit(request) } catch { return SimBGTaskSchedulerError(error) }
        return nil
    }

    @Test func aWildcardEntryPermitsIdentifiersUnderItAndTheyRegisterAfterLaunch() throws {
        // "com.example.export.*" permits com.example.export.42, registered at 1 s, after launch,
        // without a crash; not "com.example.export." (nothing after the dot) nor
        // "com.example.exports.1", and only for continued processing (iOS 26): a refresh request
        // needs its identifier listed as it is. The lint finds only what nothing permits.
        let app = App()
        let simulation = simulation(app)
        simulation.run(untilSeconds: 1)
        let scheduler = try #require(app.application?.taskScheduler)
        #expect(scheduler.register(forTaskWithIdentifier: "com.example.export.42") { _ in })
        #expect(submitError(scheduler, SimBGAppRefreshTaskRequest(identifier: "com.example.export.42")) == .notPermitted)
        #expect(submitError(scheduler, SimBGContinuedProcessingTaskRequest(identifier: "com.example.exports.1", title: "Export", subtitle: "")) == .notPermitted)
        #expect(submitError(scheduler, SimBGContinuedProcessingTaskRequest(identifier: "com.example.export.42", title: "Export", subtitle: "")) == nil)
        let result = simulation.run()
        #expect(result.summary.processes == 1)
        #expect(!result.events.contains { $0.kind == .appCrash })
        let findings = result.events.compactMap { if case .warning(.infoPlist(let finding)) = $0.detail { finding } else { nil } }
        // (`fetch` counts as used: the refresh request asked for it.) A continued processing task
        // needs no mode.
        #expect(findings == [.taskIdentifierNotPermitted("com.example.exports.1")])
        let wildcard = SimCapabilities.permitting(["com.example.export.*"])
        #expect(wildcard.permitsTaskIdentifier("com.example.export.x", wildcards: true))
        #expect(!wildcard.permitsTaskIdentifier("com.example.export.", wildcards: true))
        #expect(!wildcard.permitsTaskIdentifier("com.example.exports.1", wildcards: true))
        #expect(!wildcard.permitsTaskIdentifier("com.example.export.x", wildcards: false))
    }

    @Test func anExactIdentifierRegisteredAfterLaunchStillCrashesAndTwiceCrashes() {
        // Only the identifiers a wildcard permits are continued processing registrations, exempt
        // from "before launch finishes" [model]; registering one twice crashes as any.
        let late = App(), twice = App()
        let lateRun = simulation(late)
        lateRun.run(untilSeconds: 1)
        late.application?.taskScheduler.register(forTaskWithIdentifier: "com.example.refresh") { _ in }
        #expect(lateRun.result().summary.causes == [.crash(.bgTasks(.registeredAfterLaunch(identifier: "com.example.refresh")))])
        let twiceRun = simulation(twice)
        twiceRun.run(untilSeconds: 1)
        twice.application?.taskScheduler.register(forTaskWithIdentifier: "com.example.export.1") { _ in }
        twice.application?.taskScheduler.register(forTaskWithIdentifier: "com.example.export.1") { _ in }
        #expect(twiceRun.result().summary.causes == [.crash(.bgTasks(.registeredTwice(identifier: "com.example.export.1")))])
    }

    @Test func theGPUIsNotPermittedWhereTheDeviceLacksItAndErrorsAreNumbered() throws {
        let app = App()
        let simulation = simulation(app)
        simulation.run(untilSeconds: 1)
        let scheduler = try #require(app.application?.taskScheduler)
        scheduler.register(forTaskWithIdentifier: "com.example.export.1") { _ in }
        let request = SimBGContinuedProcessingTaskRequest(identifier: "com.example.export.1", title: "Export", subtitle: "")
        request.requiredResources = .gpu
        #expect(scheduler.supportedResources == .default)
        #expect(submitError(scheduler, request) == .notPermitted)
        #expect(SimBGTaskSchedulerError.allCases.map(\.rawValue) == [1, 2, 3, 4])
        #expect(SimBGContinuedProcessingTaskRequest(identifier: "a", title: "", subtitle: "").strategy == .queue)
    }

    @Test func aQueuedRequestIsPendingUntilItStartsAndCancelRemovesIt() throws {
        let app = App()
        let simulation = simulation(app)
        simulation.run(untilSeconds: 1)
        let scheduler = try #require(app.application?.taskScheduler)
        for id in ["com.example.export.1", "com.example.export.2"] { scheduler.register(forTaskWithIdentifier: id) { _ in } }
        #expect(submitError(scheduler, SimBGContinuedProcessingTaskRequest(identifier: "com.example.export.1", title: "One", subtitle: "")) == nil)
        #expect(submitError(scheduler, SimBGContinuedProcessingTaskRequest(identifier: "com.example.export.2", title: "Two", subtitle: "")) == nil)
        #expect(scheduler.pendingTaskRequestIdentifiers == ["com.example.export.2"])
        scheduler.cancel(taskRequestWithIdentifier: "com.example.export.2")
        #expect(scheduler.pendingTaskRequestIdentifiers == [])
    }
}

/// The example of `Docs/Library.md`, "Continued processing tasks": the user taps Export at 10 s,
/// each of 10 steps takes 5 s, and the user leaves at 20 s.
@MainActor @Suite struct ContinuedProcessingLibraryExampleTests {
    final class ExportApp: SimAppDelegate {
        func applicationDidFinishLaunching(_ application: SimApplication, inBackground: Bool) {
            application.schedule(after: 10) { self.export(application) }
        }

        func export(_ application: SimApplication) {
            let id = "com.example.export.1"
            application.taskScheduler.register(forTaskWithIdentifier: id) { task in
                guard let task = task as? SimBGContinuedProcessingTask else { return }
                task.expirationHandler = { task.setTaskCompleted(success: false) }
                task.progress.totalUnitCount = 10
                for step in 1...10 {
                    application.schedule(after: Double(step) * 5) {
                        task.progress.completedUnitCount = Int64(step)
                        task.updateTitle("Exporting", subtitle: "\(step) of 10")
                        if step == 10 { task.setTaskCompleted(success: true) }
                    }
                }
            }
            let request = SimBGContinuedProcessingTaskRequest(identifier: id, title: "Exporting", subtitle: "Starting")
            request.strategy = .fail
            do { try application.taskScheduler.submit(request) } catch { application.log("export in the foreground: \(error)") }
        }
    }

    @Test func theLibraryExampleRuns() {
        // Started at 10; steps at 15, 20, …, 60; completed at 60; suspended 5 s later, at 65.
        var info = SimCapabilities(backgroundModes: [])
        info.permittedBackgroundTaskIdentifiers = ["com.example.export.*"]
        let configuration = SimulationConfiguration(trajectory: drive(seconds: 120, speed: 0), profile: .iOS26, capabilities: info,
                                                    timeline: [SimScenarioEvent(at: 20, .enterBackground)])
        let result = KeepAliveSimulation(configuration, app: ExportApp()).run()
        let record = SimBGTaskRecord(identifier: "com.example.export.1", kind: .continuedProcessing)
        #expect(log(result, [.bgTasks(.launch), .bgTasks(.complete)]) == [
            At(10, .bgTasks(.launch(record, seconds: 30, forced: false))), At(60, .bgTasks(.complete(record, success: true, seconds: 50))),
        ])
        #expect(log(result, [.bgTasks(.progress)]).last == At(60, .bgTasks(.title(record, title: "Exporting", subtitle: "10 of 10"))))
        #expect(result.summary.suspendedAt == 65)
    }
}

extension SimCapabilities {
    /// Capabilities that permit `identifiers` and nothing else.
    static func permitting(_ identifiers: [String]) -> SimCapabilities {
        var info = SimCapabilities(backgroundModes: [])
        info.permittedBackgroundTaskIdentifiers = identifiers
        return info
    }
}
