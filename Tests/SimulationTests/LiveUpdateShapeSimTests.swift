import Foundation
import ShapeLogic
import Testing
import TestSupport
@testable import Simulation

// App logic over live updates (Tests/ShapeLogic, PlatformShapes only): run here on the simulation.

@MainActor @Suite struct LiveUpdateShapeSimTests {
    /// Runs `longitudesUntilStill` in an app task (or, `rawStream`, the same loop over the
    /// handle's own stream, which leaving does not stop).
    final class StillApp: SimAppDelegate {
        let rawStream: Bool
        var longitudes: [Double]?
        var error: (any Error)?
        init(rawStream: Bool = false) { self.rawStream = rawStream }

        func applicationDidFinishLaunching(_ application: SimApplication, inBackground: Bool) {
            application.task { [self] in
                if rawStream {
                    var seen: [Double] = []
                    for await update in application.liveUpdates(.fitness).updates {
                        if let fix = update.location { seen.append(fix.coordinate.longitude) }
                        if update.isStationary { break }
                    }
                    longitudes = seen
                } else {
                    do { longitudes = try await longitudesUntilStill(application.liveUpdateSource) } catch { self.error = error }
                }
            }
        }
    }

    /// Drives east at 10 m/s for 10 s, then stands still; on screen the fitness window is 600 s.
    private func run(_ app: StillApp) async -> SimulationResult {
        await KeepAliveSimulation(configuration(drive(seconds: 700, stops: [10...700]), profile: exact(.iOS17)), app: app).runAsync()
    }

    private func live(_ result: SimulationResult) -> [At] {
        result.events.filter { if case .liveUpdates = $0.detail { true } else { false } }.map { At($0.time, $0.detail) }
    }

    /// One fix a second (the `best` cadence) from 0 to 609, the last the isStationary update: the
    /// stationary anchor (reset when the device is more than 25 m from it) falls on 0, 3, 6 and
    /// last 9 (100 m at 10 is 10 m from it), and the fitness window is 600 s. Leaving the loop then
    /// stops the updates, at 609.
    @Test func theSnippetReadsEveryFixUntilStillAndLeavingStopsTheUpdates() async throws {
        let app = StillApp()
        let result = await run(app)
        #expect(app.error == nil)
        let longitudes = try #require(app.longitudes)
        // As `drive` computes them: metres east over metres per degree of longitude at 47° N.
        let longitude = { (metres: Double) in 8 + metres / (111_320 * cos(47 * Double.pi / 180)) }
        #expect(longitudes.count == 610)
        #expect(Array(longitudes.prefix(12)) == (0...11).map { longitude(Double(min($0, 10)) * 10) })
        #expect(Set(longitudes.dropFirst(10)) == [longitude(100)])
        #expect(live(result) == [
            At(0, .liveUpdates(.started(.fitness))),
            At(609, .liveUpdates(.stationary(windowSeconds: 600))),
            At(609, .liveUpdates(.stopped)),
        ])
        #expect(result.restlessTasks == [])
    }

    /// The handle's own stream, left the same way, keeps the updates running (no `stopped`):
    /// the lease is what ends them.
    @Test func leavingTheHandlesStreamDoesNotStopIt() async {
        let app = StillApp(rawStream: true)
        let result = await run(app)
        #expect(app.longitudes?.count == 610)
        #expect(live(result) == [
            At(0, .liveUpdates(.started(.fitness))),
            At(609, .liveUpdates(.stationary(windowSeconds: 600))),
        ])
    }

    /// The same longitudes in every run.
    @Test func theSnippetGivesTheSameFixesInEveryRun() async {
        let reference = StillApp()
        _ = await run(reference)
        var differing = 0
        for _ in 0..<20 {
            let app = StillApp()
            _ = await run(app)
            if app.longitudes != reference.longitudes { differing += 1 }
        }
        #expect(reference.longitudes?.count == 610)
        #expect(differing == 0)
    }

    @Test func theConfigurationsAreTheSimulations() {
        #expect(configurations(SimLiveConfiguration.self) == [.default, .automotiveNavigation, .otherNavigation, .fitness, .airborne])
        #expect(SimLiveUpdateSource.Update.self == SimLocationUpdateValue.self)
        #expect(SimLiveUpdateSource.Updates.self == SimLiveUpdateSequence.self)
    }

    /// Each of iOS 18's Booleans reads its own diagnostic; `stationary` is `isStationary`.
    @Test(arguments: SimLiveDiagnostic.allCases)
    func eachDiagnosticIsItsBoolean(_ diagnostic: SimLiveDiagnostic) {
        let update = SimLocationUpdateValue(location: nil, isStationary: false, diagnostics: [diagnostic])
        #expect(reasons(update) == [diagnostic.rawValue])
        #expect(reasons(SimLocationUpdateValue(location: nil, isStationary: true, diagnostics: [])) == ["stationary"])
    }
}
