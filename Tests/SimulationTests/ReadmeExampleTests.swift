import Foundation
import GPX
import Replay
import Simulation
import Testing

/// The README's library example, verbatim, so that what it promises stays true.
@Test func readmeExample() throws {
    let path = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Tracks/city-commute.gpx").path
    let document = try GPXReader().read(contentsOf: path)
    let trajectory = TrajectoryBuilder().trajectory(from: document)!.trajectory
    var configuration = SimulationConfiguration(trajectory: trajectory, profile: .iOS17, policy: .session)
    configuration.timeline = [SimScenarioEvent(at: 120, .enterBackground), SimScenarioEvent(at: 300, .setAuthorization(.denied))]
    let result = KeepAliveSimulation(configuration, app: StandardNavigationApp()).run()
    #expect(result.summary.sentence == "The app was suspended at 0:05:30: background time expired; every background task was ended in its expiration handler.")
}
