import Geodesy
import Testing
import TestSupport
@testable import Simulation

@MainActor @Suite struct TrajectoryTests {
    private let a = GeoCoordinate(latitude: 0, longitude: 0)
    private let b = GeoCoordinate(latitude: 0, longitude: 1)

    /// Three pieces with gaps between them; samples every 2 s, 10 s in the last piece.
    private var threePieces: [[TrajectorySample]] {
        let piece = { (times: StrideThrough<Double>) in
            times.map { TrajectorySample(time: $0, coordinate: GeoCoordinate(latitude: $0 / 1_000, longitude: $0 / 500), altitude: $0) }
        }
        return [piece(stride(from: 0, through: 20, by: 2)), piece(stride(from: 30, through: 40, by: 2)), piece(stride(from: 50, through: 100, by: 10))]
    }

    @Test func aCursorFindsWhatTheSearchFinds() {
        let trajectory = Trajectory(pieces: threePieces)
        // Forward at 1 Hz (the fixes' way), every 0.25 s, then back and jumping about:
        // before the start, in gaps, on samples, past the end.
        let times = (-2...105).map(Double.init) + stride(from: 0.0, through: 60, by: 0.25) + [99, 3, 45, 31, 100, 20, 0, 25, 101, 7.5, 50, 49.9]
        var cursor = TrajectoryCursor()
        var found = 0
        for time in times {
            let expected = trajectory.position(at: time)
            #expect(trajectory.position(at: time, cursor: &cursor) == expected, "at \(time)")
            if expected != nil { found += 1 }
        }
        // Positions exist on 0…20, 30…40 and 50…100: 21 + 11 + 51 of the whole seconds,
        // 81 + 41 + 41 of the quarter seconds to 60, and 8 of the 12 jumps (not 45, 25, 101, 49.9).
        #expect(found == 83 + 163 + 8)
        #expect(trajectory.position(at: 3, cursor: &cursor) == trajectory.position(at: 3))
        #expect(trajectory.position(at: 3)?.altitude == 3)
    }

    @Test func aCursorOnPiecesOutOfOrderFindsWhatTheSearchFinds() {
        // Pieces that are not in time order (a library caller's own): the cursor is not trusted.
        let pieces = threePieces
        let trajectory = Trajectory(pieces: [pieces[2], pieces[0], pieces[1]])
        var cursor = TrajectoryCursor()
        var differing: [Double] = []
        for time in stride(from: -1.0, through: 101, by: 0.5) + [60, 5, 35, 5] where trajectory.position(at: time, cursor: &cursor) != trajectory.position(at: time) {
            differing.append(time)
        }
        #expect(differing == [])
    }

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

    /// The goals' meters ask only for the speed (issue 33): it is the position's, everywhere —
    /// on samples, between them, with recorded speeds on one side or both, in gaps, on a piece of
    /// one sample, and with the cursor jumping back.
    @Test func theSpeedAloneIsThePositionsSpeed() {
        var pieces = threePieces
        pieces[1][2].speed = 7
        pieces[1][3].speed = 2
        pieces[2][4].speed = 9
        pieces.append([TrajectorySample(time: 120, coordinate: a, speed: 4)])
        let trajectory = Trajectory(pieces: pieces)
        var cursor = TrajectoryCursor()
        var differing: [Double] = []
        var positions = 0
        for time in stride(from: -2.0, through: 125, by: 0.25) + [99, 3, 45, 31, 120, 20] {
            let expected = trajectory.position(at: time)?.speed
            if expected != nil { positions += 1 }
            if trajectory.speed(at: time, cursor: &cursor) != expected { differing.append(time) }
        }
        #expect(differing == [])
        // 0…20, 30…40, 50…100 and 120 at quarter seconds (81 + 41 + 201 + 1), and 5 of the 6 jumps.
        #expect(positions == 324 + 5)
    }

    /// `--explain` counts the moving seconds of a candidate's rest of the trip a stretch at a
    /// time (issue 33): the count is the walk's, second by second, whatever the range —
    /// recorded speeds on one side or both, fractional sample times, gaps, a piece of one sample,
    /// pieces out of order.
    @Test func movingSecondsCountedAsTheWalkCountsThem() {
        var pieces = threePieces
        pieces[1][2].speed = 7
        pieces[1][3].speed = 2
        pieces[2][4].speed = 9
        pieces[0][3].time = 6.5
        pieces.append([TrajectorySample(time: 120, coordinate: a, speed: 4)])
        pieces.append([TrajectorySample(time: 130.5, coordinate: a, speed: 4)])
        for trajectory in [Trajectory(pieces: pieces), Trajectory(pieces: [pieces[2], pieces[0], pieces[1]])] {
            for threshold in [0.0, 1, 3, 50, 5_000] {
                for start in [-3, 0, 5, 6, 7, 20, 31, 33, 45, 99, 100, 120, 121] {
                    for end in [-1.0, 0, 6.5, 7, 20, 20.5, 33, 40, 41, 100, 100.5, 120, 120.5, 140] {
                        var cursor = TrajectoryCursor()
                        var walked = 0
                        var second = start
                        while Double(second) < end {
                            if let speed = trajectory.speed(at: Double(second), cursor: &cursor), speed >= threshold { walked += 1 }
                            second += 1
                        }
                        #expect(trajectory.movingSeconds(from: start, before: end, atLeast: threshold) == walked,
                                "from \(start) before \(end) at \(threshold)")
                    }
                }
            }
        }
    }

    /// The count by hand: 10 m/s for 10 s, then 10 s standing, a gap, 10 s at 10 m/s again.
    @Test func movingSecondsOfAStopAndAGap() {
        let metre = 1 / 111_319.490_793  // a degree of longitude on the equator, in metres
        let point = { (time: Double, metres: Double) in TrajectorySample(time: time, coordinate: GeoCoordinate(latitude: 0, longitude: metres * metre)) }
        let trajectory = Trajectory(pieces: [[point(0, 0), point(10, 100), point(20, 100)], [point(30, 200), point(40, 300)]])
        // Moving: 0…9 (10 s; 10 itself starts the stop), none of 10…20, 30…40 (11 s, the piece's end included).
        #expect(trajectory.movingSeconds(from: 0, before: 50, atLeast: 1) == 21)
        #expect(trajectory.movingSeconds(from: 5, before: 35, atLeast: 1) == 10)
        #expect(trajectory.movingSeconds(from: 12, before: 30, atLeast: 1) == 0)
        #expect(trajectory.movingSeconds(from: 0, before: 50, atLeast: 0) == 32)
        #expect(trajectory.movingSeconds(from: 0, before: 50, atLeast: 11) == 0)
        // The trip's count, from 0 before its end (40, not counted), kept per speed for the
        // trajectory's copies: 0…9 and 30…39 moving; 0…20 and 30…39 with a position. Asked
        // for more speeds than are kept, then for the first again, on a copy.
        let copy = trajectory
        let asked = [1.0, 0, 11, 9.5, 10.5, 1, 0].map { (trajectory.movingSecondsOfTrip(atLeast: $0), copy.movingSecondsOfTrip(atLeast: $0)) }
        #expect(asked.map(\.0) == [20, 31, 0, 20, 0, 20, 31])
        #expect(asked.map(\.1) == asked.map(\.0))
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
