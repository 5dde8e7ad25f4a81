import Geodesy
import Testing
import TestSupport
@testable import Simulation

@MainActor @Suite struct TrajectoryTests {
    private let a = GeoCoordinate(latitude: 0, longitude: 0)
    private let b = GeoCoordinate(latitude: 0, longitude: 1)

    @Test func interpolatesAlongTheGreatCircle() throws {
        let trajectory = Trajectory(pieces: [[TrajectorySample(time: 0, coordinate: a, altitude: 100), TrajectorySample(time: 100, coordinate: b, altitude: 200)]])
        let middle = try #require(trajectory.position(at: 25))
        #expect(abs(middle.coordinate.longitude - 0.25) < 1e-12)
        #expect(middle.coordinate.latitude == 0)
        #expect(middle.altitude == 125)
        // One degree of the equator in 100 s.
        #expect(abs(middle.speed - 1_113.194_908) < 1e-6)
        #expect(middle.course == 90)
    }

    @Test func interpolationFollowsTheGreatCircleNotTheRhumbLine() throws {
        // Halfway from (50, 0) to (50, 90) along the great circle lies north of latitude 50.
        let trajectory = Trajectory(pieces: [[
            TrajectorySample(time: 0, coordinate: GeoCoordinate(latitude: 50, longitude: 0)),
            TrajectorySample(time: 10, coordinate: GeoCoordinate(latitude: 50, longitude: 90)),
        ]])
        let middle = try #require(trajectory.position(at: 5))
        #expect(abs(middle.coordinate.longitude - 45) < 1e-9)
        #expect(abs(middle.coordinate.latitude - 59.317_944) < 1e-6)
    }

    @Test func recordedSpeedAndCourseWin() throws {
        let trajectory = Trajectory(pieces: [[
            TrajectorySample(time: 0, coordinate: a, speed: 3, course: 80), TrajectorySample(time: 10, coordinate: b, speed: 5, course: 100),
        ]])
        #expect(trajectory.position(at: 5)?.speed == 4)
        #expect(trajectory.position(at: 5)?.course == 80)
        #expect(trajectory.position(at: 10)?.course == 100)
    }

    @Test func noPositionOutsideThePiecesOrBetweenThem() {
        let trajectory = Trajectory(pieces: [
            [TrajectorySample(time: 0, coordinate: a), TrajectorySample(time: 10, coordinate: a)],
            [TrajectorySample(time: 20, coordinate: b), TrajectorySample(time: 30, coordinate: b)],
        ])
        #expect(trajectory.position(at: -1) == nil)
        #expect(trajectory.position(at: 10)?.coordinate == a)
        #expect(trajectory.position(at: 15) == nil)
        #expect(trajectory.position(at: 20)?.coordinate == b)
        #expect(trajectory.position(at: 30.5) == nil)
        #expect(trajectory.signalGaps == [10...20])
        #expect(trajectory.duration == 30)
    }

    @Test func samplesWhoseTimeDoesNotIncreaseAreDropped() {
        let trajectory = Trajectory(pieces: [[
            TrajectorySample(time: 0, coordinate: a), TrajectorySample(time: 5, coordinate: b),
            TrajectorySample(time: 5, coordinate: a), TrajectorySample(time: 3, coordinate: a), TrajectorySample(time: 9, coordinate: a),
        ], []])
        #expect(trajectory.pieces.map { $0.map(\.time) } == [[0, 5, 9]])
    }

    @Test func aStationaryPointHasNoCourse() {
        let trajectory = Trajectory(pieces: [[TrajectorySample(time: 0, coordinate: a), TrajectorySample(time: 60, coordinate: a)]])
        #expect(trajectory.position(at: 30) == TruePosition(coordinate: a, altitude: nil, speed: 0, course: -1))
    }
}
