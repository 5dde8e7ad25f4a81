import Foundation
import Geodesy
import GPX
import ScenarioInput
import Scripting
import Simulation
import Testing
import TestSupport

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

    // Issue 10: what the builder refuses, orders or drops, and why.

    private func segments(_ times: [[String]]) -> GPXDocument {
        var longitude = 0.0
        return GPXDocument(tracks: [GPXTrack(segments: times.map { segment in
            GPXTrackSegment(points: segment.map { time in
                longitude += 0.001
                return point(0, longitude, time)
            })
        })])
    }

    private func buildError(_ document: GPXDocument, _ builder: TrajectoryBuilder = TrajectoryBuilder()) -> TrajectoryBuilder.BuildError? {
        do {
            _ = try builder.build(from: document)
            Issue.record("expected an error")
            return nil
        } catch {
            return error
        }
    }

    @Test func segmentsStoredOutOfTimeOrderAreReplayedInOrderWithAWarning() throws {
        let document = segments([
            ["2024-05-01T08:10:00Z", "2024-05-01T08:11:00Z"], ["2024-05-01T08:00:00Z", "2024-05-01T08:01:00Z"],
            ["2024-05-01T08:20:00Z", "2024-05-01T08:21:00Z"],
        ])
        let outcome = try TrajectoryBuilder().build(from: document)
        #expect(outcome.reorderedPieces)
        #expect(outcome.warnings == ["the segments are stored out of time order: replayed in time order (2, 1, 3)"])
        #expect(outcome.trajectory.pieces.map { $0.map(\.time) } == [[0, 60], [600, 660], [1200, 1260]])
        #expect(outcome.trajectory.duration == 1260)
        #expect(outcome.trajectory.startDate == GPXTime(iso8601: "2024-05-01T08:00:00Z")!.date)
        #expect(outcome.trajectory.pieces[0][0].coordinate == GeoCoordinate(latitude: 0, longitude: 0.003))
    }

    @Test func segmentsInOrderGiveNoWarning() throws {
        let outcome = try TrajectoryBuilder().build(from: segments([["2024-05-01T08:00:00Z"], ["2024-05-01T08:00:00Z", "2024-05-01T08:01:00Z"]]))
        #expect(!outcome.reorderedPieces)
        #expect(outcome.warnings.isEmpty)
    }

    @Test func overlappingSegmentsAreRefusedWithTheirTimes() throws {
        let document = segments([["2024-05-01T08:00:00Z", "2024-05-01T08:10:00Z"], ["2024-05-01T08:05:00.5Z", "2024-05-01T08:15:00Z"]])
        let error = try #require(buildError(document))
        #expect(error.kind == .overlappingPieces)
        #expect(error.description == "segment 2 (from 2024-05-01T08:05:00.5Z) starts before segment 1 ends (2024-05-01T08:10:00Z): the segments overlap in time, so there is no single path to replay")
    }

    @Test func aTrackLongerThanTheSimulationLimitIsRefused() throws {
        let error = try #require(buildError(segments([["1900-01-01T00:00:00Z", "2024-01-01T00:00:00Z"]])))
        #expect(error.kind == .tooLong)
        #expect(error.description == "the track points span 124 years: a replay covers at most 100 years")
        // Out of order, the span is the same.
        let reversed = try #require(buildError(segments([["2024-01-01T00:00:00Z"], ["1900-01-01T00:00:00Z"]])))
        #expect(reversed.description == "the track points span 124 years: a replay covers at most 100 years")
    }

    @Test func anAbsurdUntimedDurationIsRefused() throws {
        let document = GPXDocument(routes: [GPXRoute(points: [point(0, 0), point(0, 1)])])
        let error = try #require(buildError(document, TrajectoryBuilder(untimedSpeed: 1e-9)))
        #expect(error.kind == .invalidUntimedSpeed)  // the speed is wrong, not the file
        #expect(error.description == "at the untimed speed of 1e-09 m/s the path takes 3527502 years: a replay covers at most 100 years")
    }

    @Test(arguments: [0, -1, Double.nan, Double.infinity, 3e8])
    func anInvalidUntimedSpeedIsRefusedNotTrapped(speed: Double) throws {
        let error = try #require(buildError(segments([["2024-05-01T08:00:00Z"]]), TrajectoryBuilder(untimedSpeed: speed)))
        #expect(error.kind == .invalidUntimedSpeed)
        #expect(error.description == "the untimed speed \(speed) m/s is not above 0 and at most 299792458.0 m/s")
        #expect(TrajectoryBuilder(untimedSpeed: speed).trajectory(from: GPXDocument()) == nil)
    }

    @Test func aDocumentWithoutPointsSaysSo() throws {
        let error = try #require(buildError(GPXDocument()))
        #expect(error.kind == .noPoints)
        #expect(error.description == "the file has no waypoint, route point or track point to replay")
    }

    @Test func recordedSpeedsOutsideTheSimulationsRangeAreDropped() throws {
        var points = (0..<5).map { point(0, Double($0) * 0.001, "2024-05-01T08:00:0\($0)Z") }
        points[0].speed = -3
        points[1].speed = 4.5
        points[2].speed = 0
        points[3].speed = 4e8
        var garmin = GarminTrackPointExtension()
        garmin.speed = -1
        points[4].garmin = garmin
        let document = GPXDocument(tracks: [GPXTrack(segments: [GPXTrackSegment(points: points)])])
        let outcome = try TrajectoryBuilder().build(from: document)
        #expect(outcome.trajectory.pieces[0].map(\.speed) == [nil, 4.5, 0, nil, nil])
        #expect(outcome.droppedSpeeds == 3)
        #expect(outcome.warnings == ["3 recorded speeds below 0 or above 299792458.0 m/s ignored (derived from the points instead)"])
        #expect(outcome.trajectory.sampleCount == 5)
    }

    @Test func aTrackInTheYear0000Replays() throws {
        let document = segments([["0000-01-01T00:00:00Z", "0000-01-01T00:10:00Z"]])
        let trajectory = try TrajectoryBuilder().build(from: document).trajectory
        #expect(trajectory.duration == 600)
        #expect(trajectory.startDate == GPXTime(iso8601: "0000-01-01T00:00:00Z")!.date)
        let configuration = SimulationConfiguration(trajectory: trajectory, timeline: [SimScenarioEvent(at: 60, .enterBackground)])
        let result = KeepAliveSimulation(configuration, app: StandardNavigationApp()).run()
        #expect(result.summary.verdict == .keptAlive)
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
