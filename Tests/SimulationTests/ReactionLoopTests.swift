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
