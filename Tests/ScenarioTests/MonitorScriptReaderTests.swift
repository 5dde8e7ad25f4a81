import Scenario
import Scripting
import Simulation
import Testing
import TestSupport

/// `monitor:` on the §11 actions of app scripts: a `CLMonitor` condition instead of a region.
@Suite struct MonitorScriptReaderTests {

    @Test func monitorConditionsAreRead() throws {
        let text = """
        app:
          on:
            launch: [{monitor-region: {latitude: 48.85, longitude: 2.35, radius: 150, id: cafe, monitor: geo, assuming: unsatisfied}}]
            paused: [{monitor-region: {radius: 100, id: stop, monitor: geo}}]
            region-exit: [{stop-monitoring-region: {id: stop, monitor: geo}}, {stop-monitoring-region: {id: old}}]
        """
        let parsed = try script(text)
        let reactions = parsed?.reactions
        #expect(reactions?[.launch] == [.monitor(.addCondition(monitor: "geo", latitude: 48.85, longitude: 2.35, radius: 150, id: "cafe", assuming: .unsatisfied))])
        #expect(reactions?[.paused] == [.monitor(.addCondition(monitor: "geo", latitude: nil, longitude: nil, radius: 100, id: "stop", assuming: .unknown))])
        #expect(reactions?[.regionExit] == [.monitor(.removeCondition(monitor: "geo", id: "stop")), .regions(.stopMonitoring(id: "old"))])
        #expect(parsed?.monitorNames == ["geo"])
    }

    @Test(arguments: [
        ("app: {on: {launch: [{monitor-region: {radius: 10, id: a, assuming: satisfied}}]}}",
         "s.yaml:1:58: 'assuming' is a field of a CLMonitor condition: it needs 'monitor'"),
        ("app: {on: {launch: [{monitor-region: {radius: 10, id: a, monitor: g, assuming: unmonitored}}]}}",
         "s.yaml:1:80: 'assuming' 'unmonitored' is not a state a condition may be assumed in (unknown, satisfied, unsatisfied)"),
        ("app: {on: {launch: [{monitor-region: {radius: 10, id: a, monitor: }}]}}",
         "s.yaml:1:67: 'monitor' must be a CLMonitor's name"),
        ("app: {on: {launch: [{stop-monitoring-region: {monitor: g}}]}}",
         "s.yaml:1:46: 'id' is needed by 'stop-monitoring-region'"),
        ("app: {on: {launch: [{stop-monitoring-region: {id: a, monitr: g}}]}}",
         "s.yaml:1:54: 'monitr' is not a field of 'stop-monitoring-region' (id, monitor)"),
    ])
    func mistakesAreNamed(text: String, message: String) {
        #expect(throws: ReplayError.invalidSettings(message)) { try ScenarioFile.parse(text, name: "s.yaml") }
    }
}
