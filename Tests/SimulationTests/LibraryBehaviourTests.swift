import Testing
import TestSupport
@testable import Scripting
@testable import Simulation

/// Issue 17 §5: what the library's app-facing API does, as app code sees it.
@MainActor @Suite struct LibraryBehaviourTests {
    /// Makes a manager at launch and, on screen, starts updates and asks for one fix.
    final class DeniedApp: SimAppDelegate {
        var manager: SimLocationManager?
        func applicationDidFinishLaunching(_ application: SimApplication, inBackground: Bool) {
            manager = application.makeLocationManager()
        }
    }

    @Test func aDeniedStartOrRequestReachesTheUpdatesSequenceAsTheDelegateHearsIt() async {
        let app = DeniedApp()
        let simulation = KeepAliveSimulation(configuration(drive(seconds: 10), authorization: .denied), app: app)
        simulation.run(untilSeconds: 0)
        let manager = app.manager!
        let updates = manager.updates
        manager.startUpdatingLocation()
        manager.requestLocation()
        simulation.run()
        var heard: [SimLocationUpdate] = []
        for await update in updates { heard.append(update) }
        #expect(heard == [.error(.denied), .error(.denied)])
    }

    @Test func onlyTheHandlersOfTasksStillOpenRunEachOnce() throws {
        // Task a's handler ends b and then a: b's handler must not run (it has ended), and a's
        // runs once. Both begun on leaving at 10; the 30 s budget expires at 40.
        let app = try #require(try script("""
            app:
              on:
                background:
                  - begin-task: {name: a, as: a, onExpiry: [{log: a expires}, {end-task: b}, {end-task: a}]}
                  - begin-task: {name: b, as: b, onExpiry: [{log: b expires}, {end-task: b}]}
            """))
        let config = configuration(drive(seconds: 100), timeline: [SimScenarioEvent(at: 10, .enterBackground)], capabilities: app.info)
        let result = KeepAliveSimulation(config, app: ScriptedApp(script: app)).run()
        #expect(heard(result) == ["40 p1 a expires"])
        #expect(log(result, [.taskExpiration, .taskEnd]) == [
            At(40, .taskExpiration(SimTaskRecord(id: 1, name: "a"))),
            At(40, .taskEnd(SimTaskRecord(id: 2, name: "b"), seconds: 30)),
            At(40, .taskEnd(SimTaskRecord(id: 1, name: "a"), seconds: 30)),
        ])
        #expect(result.summary.causes == [.backgroundTimeExpired(budget: 30), .tasksEndedInHandlers])
    }
}
