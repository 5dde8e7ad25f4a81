import Scenario
import Scripting
import Simulation
import Testing
import TestSupport

/// The §11 actions of app scripts: read, and range-checked where they enter.
@Suite struct RegionScriptReaderTests {

    @Test func regionActionsAreRead() throws {
        let text = """
        app:
          on:
            launch: [{monitor-region: {latitude: 48.85, longitude: 2.35, radius: 150, id: cafe}}, start-visits]
            paused: [{monitor-region: {radius: 100, id: stop}}]
            region-exit: [{stop-monitoring-region: stop}, stop-visits]
            region-enter: [{log: in}]
            visit: [{log: visit}]
        """
        let reactions = try script(text)?.reactions
        #expect(reactions?[.launch] == [.regions(.monitor(latitude: 48.85, longitude: 2.35, radius: 150, id: "cafe")), .visits(.start)])
        #expect(reactions?[.paused] == [.regions(.monitor(latitude: nil, longitude: nil, radius: 100, id: "stop"))])
        #expect(reactions?[.regionExit] == [.regions(.stopMonitoring(id: "stop")), .visits(.stop)])
        #expect(reactions?[.regionEnter] == [.log("in")])
        #expect(reactions?[.visit] == [.log("visit")])
    }

    @Test(arguments: [
        ("app: {on: {launch: [{monitor-region: {latitude: 91, longitude: 2, radius: 100, id: a}}]}}",
         "s.yaml:1:49: 'latitude' 91.0 is not a latitude (-90…90 degrees)"),
        ("app: {on: {launch: [{monitor-region: {latitude: 1, longitude: -181, radius: 100, id: a}}]}}",
         "s.yaml:1:63: 'longitude' -181.0 is not a longitude (-180…180 degrees)"),
        ("app: {on: {launch: [{monitor-region: {radius: 0, id: a}}]}}",
         "s.yaml:1:47: 'radius' 0.0 is not a radius (above 0, up to 40075017 m, the Earth's circumference)"),
        ("app: {on: {launch: [{monitor-region: {radius: .nan, id: a}}]}}",
         "s.yaml:1:47: 'radius' must be a number: a radius (above 0, up to 40075017 m, the Earth's circumference)"),
        ("app: {on: {launch: [{monitor-region: {radius: 10}}]}}",
         "s.yaml:1:38: 'id' is needed by 'monitor-region'"),
        ("app: {on: {launch: [{monitor-region: {latitude: 1, radius: 10, id: a}}]}}",
         "s.yaml:1:38: 'longitude' is needed with 'latitude' (or leave both out for the last fix)"),
        ("app: {on: {launch: [{monitor-region: {radius: 10, id: a, centre: x}}]}}",
         "s.yaml:1:58: 'centre' is not a field of 'monitor-region' (latitude, longitude, radius, id, monitor, assuming)"),
        ("app: {on: {launch: [{stop-monitoring-region: }]}}",
         "s.yaml:1:46: 'stop-monitoring-region' must be a region identifier, or a mapping of id and monitor"),
    ])
    func mistakesAreNamed(text: String, message: String) {
        #expect(throws: ReplayError.invalidSettings(message)) { try ScenarioFile.parse(text, name: "s.yaml") }
    }
}
