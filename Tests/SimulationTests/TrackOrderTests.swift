import Foundation
import GPX
import ScenarioInput
import Testing

/// Points out of time order are skipped, not sorted, and the outcome names the first one's `<time>`.
@Suite struct TrackOrderTests {
    private func build(_ body: String) throws -> TrajectoryBuilder.Outcome {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("order-\(UUID().uuidString).gpx")
        defer { try? FileManager.default.removeItem(at: url) }
        try """
            <gpx version="1.1" xmlns="http://www.topografix.com/GPX/1/1">
            \(body)
            </gpx>
            """.write(to: url, atomically: true, encoding: .utf8)
        return try TrajectoryBuilder().build(contentsOf: url.path).outcome
    }

    @Test func skippedPointsAreCountedAndTheFirstIsPlaced() throws {
        let outcome = try build("""
            <trk><trkseg>
            <trkpt lat="0" lon="0"><time>2024-05-01T08:00:00Z</time></trkpt>
            <trkpt lat="0" lon="0.001"><time>2024-05-01T08:00:10Z</time></trkpt>
            <trkpt lat="0" lon="0.002"><time>2024-05-01T08:00:04Z</time></trkpt>
            <trkpt lat="0" lon="0.003"><time>2024-05-01T08:00:10Z</time></trkpt>
            <trkpt lat="0" lon="0.004"><time>2024-05-01T08:00:20Z</time></trkpt>
            </trkseg></trk>
            """)
        #expect(outcome.droppedPoints == 2)
        #expect(outcome.firstUnorderedTime == GPXSourcePosition(line: 5, column: 28))
        // Skipped, not sorted: the point at 0:04 is not put back between 0:00 and 0:10.
        #expect(outcome.trajectory.pieces.map { $0.map(\.time) } == [[0, 10, 20]])
    }

    @Test func theFirstOfTheReplayedKindIsPlaced() throws {
        // The waypoints go back in time too, but the track is what is replayed.
        let outcome = try build("""
            <wpt lat="1" lon="1"><time>2024-05-01T09:00:00Z</time></wpt>
            <wpt lat="1" lon="1.001"><time>2024-05-01T08:00:00Z</time></wpt>
            <trk><trkseg>
            <trkpt lat="0" lon="0"><time>2024-05-01T08:00:00Z</time></trkpt>
            <trkpt lat="0" lon="0.001"><time>2024-05-01T08:00:10Z</time></trkpt>
            </trkseg><trkseg>
            <trkpt lat="0" lon="0.002"><time>2024-05-01T08:01:00Z</time></trkpt>
            <trkpt lat="0" lon="0.003"><time>2024-05-01T08:00:59Z</time></trkpt>
            </trkseg></trk>
            """)
        #expect(outcome.droppedPoints == 1)
        #expect(outcome.firstUnorderedTime == GPXSourcePosition(line: 9, column: 28))
    }

    @Test func pointsInOrderPlaceNothing() throws {
        let outcome = try build("""
            <rte>
            <rtept lat="0" lon="0"><time>2024-05-01T08:00:00Z</time></rtept>
            <rtept lat="0" lon="0.001"><time>2024-05-01T08:00:10Z</time></rtept>
            </rte>
            """)
        #expect(outcome.droppedPoints == 0)
        #expect(outcome.firstUnorderedTime == nil)
    }
}
