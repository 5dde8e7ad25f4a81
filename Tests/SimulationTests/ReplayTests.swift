import Foundation
import Geodesy
import GPX
import Replay
import Simulation
import Testing

@MainActor @Suite struct ReplayTests {
    private func point(_ lat: Double, _ lon: Double, _ time: String? = nil) -> GPXPoint {
        GPXPoint(latitude: lat, longitude: lon, time: time.flatMap { GPXTime(iso8601: $0) })
    }

    private let degree = 111_319.490_793_273_57  // one degree of the equator (geographiclib), metres

    @Test func timedSegmentsBecomePiecesWithSignalLossBetween() throws {
        let document = GPXDocument(tracks: [GPXTrack(segments: [
            GPXTrackSegment(points: [point(0, 0, "2024-05-01T08:00:00Z"), point(0, 0.001, "2024-05-01T08:00:10Z")]),
            GPXTrackSegment(points: [point(0, 0.01, "2024-05-01T08:02:00Z"), point(0, 0.011, "2024-05-01T08:02:30.5Z")]),
        ])])
        let outcome = try #require(TrajectoryBuilder().trajectory(from: document))
        #expect(outcome.source == "track points")
        #expect(outcome.timed)
        #expect(outcome.trajectory.pieces.map { $0.map(\.time) } == [[0, 10], [120, 150.5]])
        #expect(outcome.trajectory.signalGaps == [10...120])
        #expect(outcome.trajectory.startDate == GPXTime(iso8601: "2024-05-01T08:00:00Z")!.date)
    }

    @Test func untimedRoutesMoveAtTheConfiguredSpeed() throws {
        let document = GPXDocument(routes: [GPXRoute(points: [point(0, 0), point(0, 1), point(0, 2)])])
        let outcome = try #require(TrajectoryBuilder(untimedSpeed: 20).trajectory(from: document))
        #expect(outcome.source == "route points")
        #expect(!outcome.timed)
        let times = outcome.trajectory.pieces[0].map(\.time)
        #expect(abs(times[1] - degree / 20) < 1e-6)
        #expect(abs(times[2] - 2 * degree / 20) < 1e-6)
    }

    @Test func untimedSegmentsTakeTheTimeOfTheWayBetweenThem() throws {
        let document = GPXDocument(tracks: [GPXTrack(segments: [
            GPXTrackSegment(points: [point(0, 0), point(0, 1)]), GPXTrackSegment(points: [point(0, 2), point(0, 3)]),
        ])])
        let times = try #require(TrajectoryBuilder(untimedSpeed: 10).trajectory(from: document)).trajectory.pieces.map { $0.map(\.time) }
        #expect(abs(times[1][0] - 2 * degree / 10) < 1e-6)
        #expect(abs(times[1][1] - 3 * degree / 10) < 1e-6)
    }

    @Test func untimedPointsBetweenTimedOnesGetTimesByDistance() throws {
        let document = GPXDocument(tracks: [GPXTrack(segments: [GPXTrackSegment(points: [
            point(0, 0, "2024-05-01T08:00:00Z"), point(0, 1), point(0, 3), point(0, 4, "2024-05-01T08:01:20Z"), point(0, 5),
        ])])])
        let times = try #require(TrajectoryBuilder(untimedSpeed: degree / 10).trajectory(from: document)).trajectory.pieces[0].map(\.time)
        #expect(times.count == 5)
        #expect(abs(times[1] - 20) < 1e-9)
        #expect(abs(times[2] - 60) < 1e-9)
        #expect(times[3] == 80)
        #expect(abs(times[4] - 90) < 1e-6)  // after the last timed point: one degree at the configured speed
    }

    @Test func xcodeStyleWaypointsAreOnePiece() throws {
        let document = GPXDocument(waypoints: [point(42.0, -71.4, "2015-12-01T03:01:44Z"), point(42.001, -71.4, "2015-12-01T03:01:54Z")])
        let outcome = try #require(TrajectoryBuilder().trajectory(from: document))
        #expect(outcome.source == "waypoints")
        #expect(outcome.trajectory.pieces.map { $0.map(\.time) } == [[0, 10]])
    }

    @Test func backwardAndRepeatedTimesAreDropped() throws {
        let document = GPXDocument(tracks: [GPXTrack(segments: [GPXTrackSegment(points: [
            point(0, 0, "2024-05-01T08:00:00Z"), point(0, 0.001, "2024-05-01T08:00:05Z"),
            point(0, 0.002, "2024-05-01T08:00:05Z"), point(0, 0.003, "2024-05-01T08:00:02Z"), point(0, 0.004, "2024-05-01T08:00:09Z"),
        ])])])
        let outcome = try #require(TrajectoryBuilder().trajectory(from: document))
        #expect(outcome.droppedPoints == 2)
        #expect(outcome.trajectory.pieces[0].map(\.time) == [0, 5, 9])
    }

    @Test func recordedSpeedAndElevationAreKept() throws {
        var first = point(0, 0, "2024-05-01T08:00:00Z")
        first.speed = 4.5
        first.elevation = 12
        let document = GPXDocument(tracks: [GPXTrack(segments: [GPXTrackSegment(points: [first, point(0, 0.001, "2024-05-01T08:00:10Z")])])])
        let sample = try #require(TrajectoryBuilder().trajectory(from: document)).trajectory.pieces[0][0]
        #expect(sample.speed == 4.5)
        #expect(sample.altitude == 12)
    }

    @Test func aDocumentWithoutPointsHasNoTrajectory() {
        #expect(TrajectoryBuilder().trajectory(from: GPXDocument(tracks: [GPXTrack(segments: [GPXTrackSegment()])])) == nil)
    }

    @Test func theSampleCommuteReplaysEndToEnd() throws {
        let path = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Tracks/city-commute.gpx").path
        let document = try GPXReader().read(contentsOf: path)
        let trajectory = try #require(TrajectoryBuilder().trajectory(from: document)).trajectory
        #expect(trajectory.duration == 749)
        let configuration = SimulationConfiguration(trajectory: trajectory, timeline: [SimScenarioEvent(at: 120, .enterBackground)])
        let result = KeepAliveSimulation(configuration, app: StandardNavigationApp()).run()
        #expect(result.summary.verdict == .keptAlive)
        #expect(result.summary.deliveredUpdates == 749)  // launch at 0, the first answer at 1 s, then 1 Hz to 749
        #expect(result.summary.strictVerdict == .keptAlive)
    }
}
