import Foundation
import Geodesy
@testable import ScenarioInput
@testable import ScenarioReports
@testable import ScenarioRun
import Scripting
import Simulation
import Testing
import TestSupport

/// The picture's cost grows linearly with the track: the track's shape used to recompute the
/// extent for every point (8.5 s for a day at 1 Hz, minutes for a week).
@MainActor @Suite struct PictureScalingTests {
    @Test func aLongTrackIsDrawnInLinearTime() throws {
        // 5,000 points: linear, milliseconds in a debug build; quadratic (as it was), 2.2 s,
        // and 80 s at 20,000. The run itself is cut to a minute: only drawing counts.
        let count = 5_000
        var samples: [TrajectorySample] = []
        samples.reserveCapacity(count)
        for second in 0..<count {
            let angle = Double(second) / 300  // whole circles: the extent does not depend on the count
            samples.append(TrajectorySample(
                time: Double(second), coordinate: GeoCoordinate(latitude: 47 + 0.01 * sin(angle), longitude: 8 + 0.01 * cos(angle))))
        }
        let trajectory = Trajectory(pieces: [samples])
        let settings = try ReplaySettings().resolved()
        let result = KeepAliveSimulation(SimulationConfiguration(trajectory: trajectory, duration: 60), app: StandardNavigationApp()).run()
        let outcome = ReplayOutcome(
            track: "week.gpx", settings: settings, trajectory: trajectory, pathSource: "track points",
            timed: true, droppedPoints: 0, warnings: [], runWarnings: [], result: result)
        let clock = ContinuousClock()
        var svg = ""
        let elapsed = clock.measure { svg = PictureReport.svg(outcome) }
        #expect(svg.hasSuffix("</svg>\n"))
        // The start (47, 8.01): the east edge of the 136-pixel-wide shape centred in the box; the
        // app spends no background time in its minute, so the budget panel is one line and the
        // map 120 px higher (615 before issue 34).
        #expect(svg.contains("<circle cx=\"328.20\" cy=\"495.00\" r=\"5.00\" fill=\"#2e7d32\"/>"))
        #expect(elapsed < .seconds(1), "took \(elapsed)")
    }
}
