import Foundation
import GPX
import ScenarioInput
import Scripting
import Simulation
import Testing
import TestSupport

/// The README's library example, verbatim, so that what it promises stays true.
@MainActor @Test func readmeExample() throws {
    let path = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Tracks/city-commute.gpx").path
    let document = try GPXReader().read(contentsOf: path)
    let trajectory = TrajectoryBuilder().trajectory(from: document)!.trajectory
    var configuration = SimulationConfiguration(trajectory: trajectory, profile: .iOS17, policy: .session)
    configuration.timeline = [SimScenarioEvent(at: 120, .enterBackground), SimScenarioEvent(at: 300, .setAuthorization(.denied))]
    let summary = KeepAliveSimulation(configuration, app: StandardNavigationApp()).run().summary
    print(summary.verdict, summary.suspendedAt!, summary.causes)   // suspended 330.0 [backgroundTimeExpired(budget: 30.0), authorization(denied), …]
    #expect(summary.verdict == .suspended)
    #expect(summary.suspendedAt == 330)
    #expect(summary.causes == [.backgroundTimeExpired(budget: 30), .authorization(.denied), .tasksEndedInHandlers])
}
