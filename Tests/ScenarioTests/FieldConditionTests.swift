import Foundation
@testable import ScenarioInput
@testable import ScenarioReports
@testable import ScenarioRun
import Simulation
import Testing
import TestSupport

/// Issue 19: a matrix's `conditions:` axis — each run under each field condition (spec §15).
@MainActor @Suite struct FieldConditionTests {
    @Test func conditionsMultiplyTheCellsAndNameTheRuns() throws {
        let matrix = try MatrixFile.parse("""
            tracks: [a.gpx, b.gpx]
            profiles: [ios14, ios17]
            conditions: [normal, Low-Power, hot]
            runs:
              - name: app
                expect: {hot: missed, ios14: suspended, default: met}
            """, name: "m.yaml")
        #expect(matrix.conditions == [.normal, .lowPower, .hot])
        #expect(matrix.cells.count == 2 * 2 * 1 * 3)
        #expect(matrix.cellsPerTrack == 6)
        // Plan order: track, profile, run, condition.
        #expect(matrix.cells.prefix(6).map { [$0.profile, $0.run, $0.condition] } == [[0, 0, 0], [0, 0, 1], [0, 0, 2], [1, 0, 0], [1, 0, 1], [1, 0, 2]])
        #expect(matrix.cells.prefix(6).map { matrix.runName(of: $0) } == ["app · normal", "app · low-power", "app · hot", "app · normal", "app · low-power", "app · hot"])
        #expect(matrix.cells.prefix(6).map(\.settings.fieldCondition) == [nil, .lowPower, .hot, nil, .lowPower, .hot])
        // A condition's key first, then the profile's, then default.
        #expect(matrix.cells.prefix(6).map(\.expected) == [.suspended, .suspended, .missed, .met, .met, .missed])
    }

    @Test func aMatrixWithoutConditionsIsAsBefore() throws {
        let matrix = try MatrixFile.parse("tracks: [a.gpx]\nruns: [{name: app}]\n", name: "m.yaml")
        #expect(matrix.conditions == [.normal])
        #expect(matrix.runName(of: matrix.cells[0]) == "app")
        #expect(matrix.cells[0].settings.fieldCondition == nil)
    }

    @Test(arguments: [
        ("conditions: [cold]", "m.yaml:2:14: 'cold' is not one of normal, low-power, low-battery, restart-mid-trip, app-updated, memory-pressure, hot"),
        ("conditions: [hot, hot]", "m.yaml:2:19: 'hot' is listed twice"),
        // Issue 33: a single name said "must be a list, not empty", a list in the list "must be a string".
        ("conditions: normal", "m.yaml:2:13: 'conditions' must be a list of field conditions (normal, low-power, low-battery, restart-mid-trip, app-updated, memory-pressure, hot), not a single name: write [normal]"),
        ("conditions: [[normal]]", "m.yaml:2:14: 'conditions' must be a list of field conditions (normal, low-power, low-battery, restart-mid-trip, app-updated, memory-pressure, hot), not of lists: remove the inner brackets ([normal])"),
        ("conditions: {normal: 1}", "m.yaml:2:13: 'conditions' must be a list of field conditions (normal, low-power, low-battery, restart-mid-trip, app-updated, memory-pressure, hot), not a mapping"),
        ("conditions: []", "m.yaml:2:13: 'conditions' must be a list, not empty"),
    ])
    func badConditionsAreUsageErrorsWithTheirPlace(line: String, message: String) throws {
        #expect(throws: MatrixError(usage: message)) { try MatrixFile.parse("tracks: [a.gpx]\n\(line)\nruns: [{name: app}]\n", name: "m.yaml") }
    }

    /// The ready matrix: a geofencing app misses only when updated (iOS 15+ launches an updated
    /// app in the background only once the user opens it); the significant-change fallback misses
    /// under `low-power` (the field's reading: its background updates stop for good), and when
    /// the phone restarts or the app is updated mid-walk. Under `low-battery` it meets its goal
    /// since issue 31: the profile's default follows Apple (Low Power Mode leaves location alone).
    @Test func theReadyFieldConditionsMatrixEndsAsItExpects() throws {
        let matrix = try MatrixFile.read(contentsOf: Shipped.script("field-conditions"))
        let outcome = MatrixOutcome(matrix: matrix, summaries: try MatrixRunner.run(matrix))
        #expect(outcome.failures == 0)
        let missed = outcome.rows.filter { $0.summary.goalMet == false }.map(\.run)
        #expect(missed == ["geofencing app · app-updated", "pause fallback · low-power",
                           "pause fallback · restart-mid-trip", "pause fallback · app-updated"])
    }

    /// A condition's device comes on top of the run's own device settings (they once replaced
    /// it, and low-power, low-battery and hot changed nothing): the replay's phone is hot and in
    /// Low Power Mode, its battery as the run set it.
    @Test(arguments: [FieldCondition.lowPower, .hot])
    func aConditionReachesTheReplaysDevice(condition: FieldCondition) throws {
        var settings = ReplaySettings()
        settings.batteryLevel = 0.5
        var resolved = try settings.resolved()
        resolved.fieldCondition = condition
        let track = Shipped.track("city-commute.gpx")
        let loaded = try LoadedTrack.load(track, lenient: false, untimedSpeed: ReplaySettings.defaultSpeed)
        let device = ReplayRun(track: track, settings: resolved).configuration(on: loaded).device
        #expect(device.lowPowerMode == (condition == .lowPower))
        #expect(device.thermalState == (condition == .hot ? .serious : .nominal))
        #expect(device.batteryLevel == 0.5)
    }

    /// Applied once the track is known: mid-trip is halfway through it.
    @Test func eventsFallHalfwayThroughTheTrack() throws {
        var configuration = SimulationConfiguration(trajectory: drive(seconds: 1000))
        FieldCondition.restartMidTrip.apply(to: &configuration)
        #expect(configuration.timeline == [SimScenarioEvent(at: 500, .device(.restart)), SimScenarioEvent(at: 560, .unlock)])
        var hot = SimulationConfiguration(trajectory: drive(seconds: 1000))
        FieldCondition.hot.apply(to: &hot)
        #expect(hot.device.thermalState == .serious)
        #expect(hot.timeline == [])
    }
}
