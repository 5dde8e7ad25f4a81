import Testing
import TestSupport
@testable import Scripting
@testable import Simulation

/// Issue 17 §4: starting updates, restarting them or asking for one fix from inside
/// `didUpdateLocations` changes nothing at that instant: the next fix comes at the accuracy's
/// interval (1 s for `best`), and the run ends, instead of virtual time stopping.
@MainActor @Suite struct ReactionLoopTests {
    @Test(arguments: [
        [AppScript.Action.startUpdates],
        [.stopUpdates, .startUpdates],
        [.requestLocation],
    ])
    func aStartInsideTheLocationCallbackWaitsForTheNextTick(reaction: [AppScript.Action]) {
        let first: AppScript.Action = reaction == [.requestLocation] ? .requestLocation : .startUpdates
        let script = AppScript(reactions: [.launch: [first], .location: reaction])
        let result = KeepAliveSimulation(configuration(drive(seconds: 10), profile: exact(.iOS17)), app: ScriptedApp(script: script)).run()
        #expect(deliveredTimes(result) == (0...10).map(Double.init))
    }
}

/// Issue 17 §4, the rest of the family: each app's own loop now lets time advance, and a loop
/// the model still had would stop the run with a ``SimStall`` instead of hanging.
@MainActor @Suite struct SameInstantLoopTests {
    private func run(_ text: String, profile: SimProfile, seconds: Int = 10, speed: Double = 10,
                     stops: [ClosedRange<Int>] = [], stepsPerInstant: Int = SimLimits.stepsPerInstant) throws -> SimulationResult {
        let app = try #require(try script(text))
        var config = configuration(drive(seconds: seconds, speed: speed, stops: stops), profile: exact(profile), capabilities: app.info)
        config.stepsPerInstant = stepsPerInstant
        return KeepAliveSimulation(config, app: ScriptedApp(script: app)).run()
    }

    @Test func restartingLiveUpdatesInsideTheirOwnUpdateWaitsForTheNextUpdate() throws {
        // Started at launch; each update stops and restarts the loop, whose first update then
        // comes at the next tick (1 s), as the stream in hand already gave this instant's.
        let result = try run("""
            app:
              info: {backgroundModes: [location]}
              on:
                update: [stop-live-updates, {start-live-updates: fitness}]
                launch: [{start-live-updates: fitness}]
            """, profile: .iOS17)
        #expect(result.summary.stall == nil)
        #expect(deliveredTimes(result) == (0...10).map(Double.init))
        #expect(result.events.filter { if case .liveUpdates(.started) = $0.detail { true } else { false } }.count == 12)
    }

    @Test func reAddingACLMonitorConditionInsideItsEventHearsItAgainAtTheNextCheck() throws {
        // Standing still inside the condition, added at launch assuming unsatisfied: the state
        // determined at 0 contradicts it (event at 0). The app removes and re-adds it in the
        // event: the new condition's first state is judged at the next check, 1 s on, and so on.
        let result = try run("""
            app:
              on:
                launch:
                  - {monitor-region: {radius: 100, id: here, monitor: m, latitude: 47, longitude: 8, assuming: unsatisfied}}
                region-enter:
                  - {stop-monitoring-region: {id: here, monitor: m}}
                  - {monitor-region: {radius: 100, id: here, monitor: m, latitude: 47, longitude: 8, assuming: unsatisfied}}
            """, profile: .iOS17, speed: 0)
        #expect(result.summary.stall == nil)
        let delivered = result.events.filter { if case .monitor(.delivered) = $0.detail { true } else { false } }
        #expect(delivered.map(\.time) == (0...10).map(Double.init))
    }

    @Test func completingAContinuedTaskAndSubmittingTheNextInItsHandlerStartsItASecondLater() throws {
        let result = try run("""
            app:
              info: {bgTaskIdentifiers: [com.example.export.*]}
              on:
                launch:
                  - register-task: {id: com.example.export.1}
                  - submit-continued-processing: {id: com.example.export.1, title: Export, strategy: fail}
                bg-task:
                  - id: com.example.export.1
                    do: [complete-task, {submit-continued-processing: {id: com.example.export.1, title: Export, strategy: fail}}]
            """, profile: .iOS26)
        #expect(result.summary.stall == nil)
        let completed = result.events.filter { if case .bgTasks(.complete) = $0.detail { true } else { false } }
        #expect(completed.map(\.time) == (0...10).map(Double.init))
    }

    @Test func aLoopTheModelCannotAnswerStopsTheRunAndNamesWhatItEmits() {
        // Work that schedules itself at the same instant for ever, as a model bug would: the run
        // stops at 30 after the cap plus the diagnosis steps, and says what the loop emitted.
        var config = configuration(drive(seconds: 100), profile: exact(.iOS17))
        config.stepsPerInstant = 5_000
        let simulation = KeepAliveSimulation(config, app: ScriptedApp(script: AppScript()))
        let system = simulation.system
        func again() {
            system.emit(.appLog("again"))
            system.scheduler.schedule(after: 0, owner: .system, again)
        }
        system.scheduler.schedule(at: SimInstant(seconds: 30), owner: .system, again)
        let result = simulation.run()
        #expect(result.summary.stall == SimStall(at: 30, steps: 6_000, eventKinds: [.appLog]))
        #expect(result.summary.durationSeconds == 30)
    }
}
