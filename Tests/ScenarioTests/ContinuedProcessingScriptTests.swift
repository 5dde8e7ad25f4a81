import Foundation
@testable import ScenarioInput
@testable import ScenarioReports
@testable import ScenarioRun
import Scripting
import Simulation
import Testing
import TestSupport

/// §12 in scenario files: `bg-task` reactions limited to an `id`, iOS 26's continued processing
/// actions and `bg-cancel`, and the ready script `Tracks/Scenarios/continued-export.yaml`.
@MainActor @Suite struct ContinuedProcessingScriptTests {


    // MARK: bg-task with an id

    @Test func aBGTaskReactionMayBeLimitedToAnID() throws {
        // One mapping `{id, do}`, or such mappings among the actions for every task; an id that
        // nothing registers is fine (it may be registered later, or by another process).
        let one = try #require(try script("app: {on: {bg-task: {id: a, do: complete-task}}}"))
        #expect(one.reactions == [:])
        #expect(one.reactionsByID == [.bgTask: ["a": [.bgTasks(.completeTask(success: true))]]])
        let mixed = try #require(try script("""
            app:
              on:
                bg-task:
                  - log: every
                  - {id: a, do: [{log: only a}]}
                  - {id: b, do: {log: only b}}
                  - {id: a, do: complete-task}
            """))
        #expect(mixed.reactions == [.bgTask: [.log("every")]])
        #expect(mixed.reactionsByID == [.bgTask: ["a": [.log("only a"), .bgTasks(.completeTask(success: true))], "b": [.log("only b")]]])
        #expect(mixed.allActions == [.log("every"), .log("only a"), .bgTasks(.completeTask(success: true)), .log("only b")])
    }

    @Test(arguments: [
        ("app: {on: {launch: {id: a, do: log}}}", "s.yaml:1:20: 'id' is not a field of trigger 'launch': only bg-task takes an id"),
        ("app: {on: {location: [start-updates, {id: a, do: stop-updates}]}}", "s.yaml:1:38: 'id' is not a field of trigger 'location': only bg-task takes an id"),
        ("app: {on: {bg-task: {id: a}}}", "s.yaml:1:21: 'do' is needed with 'id' under 'bg-task'"),
        ("app: {on: {bg-task: {id: , do: log}}}", "s.yaml:1:26: 'id' must be a task identifier"),
        ("app: {on: {bg-task: {id: a, do: [stop-updates], when: 1}}}", "s.yaml:1:49: 'when' is not a field of 'bg-task' limited to an id (id, do)"),
    ])
    func anIDWhereNoneIsTakenOrAMalformedOneIsNamed(text: String, message: String) {
        #expect(throws: ReplayError.invalidSettings(message)) { try ScenarioFile.parse(text, name: "s.yaml") }
    }

    @Test func onlyTheReactionsForTheLaunchedTaskRun() throws {
        // Two refresh-like tasks, `a` (refresh) and `b` (processing), launched by bg-launch at 100
        // and 200: each runs the reaction for every task, then its own. The app left at 1:00; each
        // launch wakes it.
        let settings = try ScenarioFile.parse("""
            app:
              info: {backgroundModes: [fetch, processing], bgTaskIdentifiers: [a, b]}
              on:
                launch: [{register-task: a}, {register-task: b}]
                background: [{submit-refresh: a}, {submit-processing: b}]
                bg-task:
                  - log: every
                  - {id: a, do: [{log: only a}, complete-task]}
                  - {id: b, do: [{log: only b}, complete-task]}
            events:
              - {at: 100, do: bg-launch, id: a}
              - {at: 200, do: bg-launch, id: b}
            """, name: "s.yaml")
        let result = try ReplayRun(track: Shipped.track("parked-car.gpx"), settings: settings.resolved()).run().result
        #expect(log(result, [.appLog]) == [
            At(100, .appLog("every")), At(100, .appLog("only a")), At(200, .appLog("every")), At(200, .appLog("only b")),
        ])
    }

    // MARK: Continued processing (iOS 26)

    @Test(arguments: [
        ("{submit-continued-processing: {id: x.1, title: Export}}", AppScript.Action.bgTasks(.submitContinuedProcessing(id: "x.1", title: "Export", subtitle: "", strategy: .queue))),
        ("{submit-continued-processing: {id: x.1, title: Export, subtitle: 'Step 1', strategy: fail}}", .bgTasks(.submitContinuedProcessing(id: "x.1", title: "Export", subtitle: "Step 1", strategy: .fail))),
        ("{report-progress: {completed: 3, total: 10}}", .bgTasks(.reportProgress(completed: 3, add: nil, total: 10))),
        ("{report-progress: {add: 1}}", .bgTasks(.reportProgress(completed: nil, add: 1, total: nil))),
        ("{report-progress: {total: 1000000000000}}", .bgTasks(.reportProgress(completed: nil, add: nil, total: 1_000_000_000_000))),
    ])
    func everyContinuedProcessingActionFormIsRead(text: String, action: AppScript.Action) throws {
        #expect(try script("app:\n  on:\n    launch: [\(text)]")?.reactions == [.launch: [action]])
    }

    @Test(arguments: [
        ("app: {on: {launch: [{submit-continued-processing: {id: a}}]}}", "s.yaml:1:51: 'title' is needed by 'submit-continued-processing'"),
        ("app: {on: {launch: [{submit-continued-processing: {title: T}}]}}", "s.yaml:1:51: 'id' is needed by 'submit-continued-processing'"),
        ("app: {on: {launch: [{submit-continued-processing: {id: a, title: T, strategy: wait}}]}}", "s.yaml:1:79: 'strategy' 'wait' is not a strategy (fail, queue)"),
        ("app: {on: {launch: [{submit-continued-processing: a}]}}", "s.yaml:1:51: 'submit-continued-processing' must be a mapping of id, title, subtitle, strategy"),
        ("app: {on: {launch: [{report-progress: {completed: 1, add: 1}}]}}", "s.yaml:1:39: 'add' cannot go with 'completed' in 'report-progress': one sets the count, the other adds to it"),
        ("app: {on: {launch: [{report-progress: {completed: 1.5}}]}}", "s.yaml:1:51: 'completed' 1.5 is not a whole number of units (0…1000000000000)"),
        ("app: {on: {launch: [{report-progress: {add: -1}}]}}", "s.yaml:1:45: 'add' -1.0 is not a whole number of units (0…1000000000000)"),
        ("app: {on: {launch: [{report-progress: {total: 1e13}}]}}", "s.yaml:1:47: 'total' 10000000000000.0 is not a whole number of units (0…1000000000000)"),
        ("app: {on: {launch: [{report-progress: {}}]}}", "s.yaml:1:39: 'report-progress' needs completed, add or total"),
        ("events: [{at: 1, do: bg-cancel}]", "s.yaml:1:10: 'id' is needed by 'bg-cancel'"),
    ])
    func continuedProcessingMistakesAreNamed(text: String, message: String) {
        #expect(throws: ReplayError.invalidSettings(message)) { try ScenarioFile.parse(text, name: "s.yaml") }
    }

    @Test func theCancelEventIsRead() throws {
        let settings = try ScenarioFile.parse("events: [{at: 5, do: bg-cancel, id: com.example.export.1}]", name: "s.yaml")
        #expect(settings.events == [SimScenarioEvent(at: 5, .bgTasks(.cancel(identifier: "com.example.export.1")))])
    }

    /// continued-export.yaml on the parked car (iOS 26). The user taps Export at 0:30: the handler
    /// is registered then and the request starts at once (0 of 20). The timer raises the count every
    /// 15 s from 0:45 (the timer's firing at 0:30 comes before the tap), 19 of 20 at 5:15; at 0:30 +
    /// 300 s = 5:30 the task reports 20 of 20 and is completed. It held the app from the user's
    /// leaving at 1:00 through the lock at 2:00; then nothing holds the app on the sleeping device:
    /// suspended at once, at 5:30, the verdict, with no expiry on the way.
    @Test func theReadyExportScriptRunsUntilCompletedThenTheAppIsSuspended() throws {
        let result = try Shipped.replay("continued-export", on: "parked-car.gpx").run().result
        let task = SimBGTaskRecord(identifier: "com.example.export.1", kind: .continuedProcessing)
        #expect(result.summary.verdict == .suspended)
        #expect(result.summary.suspendedAt == 330)
        #expect(result.summary.causes == [.nothingHoldsApp, .bgTasks(.tasksEnded)])
        #expect(result.summary.processes == 1)
        #expect(log(result, [.bgTasks(.submit), .bgTasks(.launch), .bgTasks(.expiration), .bgTasks(.complete)]) == [
            At(30, .bgTasks(.continuedSubmit(task, title: "Exporting video", strategy: .fail, queued: false, replaced: false))),
            At(30, .bgTasks(.launch(task, seconds: 30, forced: false))),
            At(330, .bgTasks(.complete(task, success: true, seconds: 300))),
        ])
        let progress = log(result, [.bgTasks(.progress)])
        #expect(progress.map(\.time) == [30] + stride(from: 45.0, through: 315, by: 15) + [330])
        #expect(progress.last == At(330, .bgTasks(.progress(task, completed: 20, total: 20))))
        #expect(log(result, [.keepAliveStart, .keepAliveEnd]).map(\.time) == [60, 330])
    }

    /// On iOS 18 the script's late registration is not exempt: the app crashes at 0:30.
    @Test func onIOS18TheReadyExportScriptCrashesAtTheTap() throws {
        let result = try Shipped.replay("continued-export", on: "parked-car.gpx", profile: "ios18").run().result
        #expect(result.summary.verdict == .crashed)
        #expect(result.summary.causes == [.crash(.bgTasks(.registeredAfterLaunch(identifier: "com.example.export.1")))])
        #expect(result.summary.terminatedAt == 30)
    }
}
