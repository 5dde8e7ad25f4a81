import Geodesy
import GPX
import Testing

@Suite struct SummaryTests {
    private func summary(_ body: String) throws -> GPXSummary {
        GPXSummary(document: try read(gpx11(body)))
    }

    @Test func trackPointsAreThePathWhenPresent() throws {
        let summary = try summary("""
            <wpt lat="10" lon="10"><time>2000-01-01T00:00:00Z</time></wpt>
            <rte><rtept lat="20" lon="20"/></rte>
            <trk><trkseg>
              <trkpt lat="0" lon="0"><time>2024-01-01T10:00:30Z</time></trkpt>
              <trkpt lat="0" lon="1"><time>2024-01-01T10:00:00Z</time></trkpt>
              <trkpt lat="0.5" lon="1"/>
            </trkseg></trk>
            """)
        #expect(summary.pathSource == .tracks)
        #expect(summary.path.pointCount == 3)
        #expect(summary.path.timedPointCount == 2)
        // Earliest and latest, whatever the order in the file.
        #expect(summary.path.start?.iso8601String == "2024-01-01T10:00:00Z")
        #expect(summary.path.end?.iso8601String == "2024-01-01T10:00:30Z")
        #expect(summary.path.durationSeconds == 30)
        #expect(summary.path.bounds == GPXBounds(minLatitude: 0, minLongitude: 0, maxLatitude: 0.5, maxLongitude: 1))
    }

    @Test func theGapBetweenSegmentsIsNotDistance() throws {
        let summary = try summary("""
            <trk><trkseg><trkpt lat="0" lon="0"/><trkpt lat="0" lon="1"/></trkseg>
                 <trkseg><trkpt lat="10" lon="1"/><trkpt lat="10" lon="2"/></trkseg></trk>
            """)
        let equatorDegree = Geodesy.distance(from: .init(latitude: 0, longitude: 0), to: .init(latitude: 0, longitude: 1))
        let tenNorthDegree = Geodesy.distance(from: .init(latitude: 10, longitude: 1), to: .init(latitude: 10, longitude: 2))
        #expect(summary.path.distanceMeters == equatorDegree + tenNorthDegree)
        #expect(abs(summary.path.distanceMeters - (111_319.4908 + 109_639.3221)) < 0.001)
    }

    @Test func eachTrackAndRouteHasItsOwnStatistics() throws {
        let document = try read(gpx11("""
            <rte><rtept lat="0" lon="0"/><rtept lat="0" lon="1"><time>2024-01-01T09:00:00Z</time></rtept></rte>
            <trk><trkseg><trkpt lat="0" lon="0"><time>2024-01-01T10:00:00Z</time></trkpt>
                         <trkpt lat="0" lon="1"><time>2024-01-01T10:10:00Z</time></trkpt></trkseg>
                 <trkseg><trkpt lat="10" lon="1"/></trkseg></trk>
            <trk><trkseg><trkpt lat="10" lon="1"/><trkpt lat="10" lon="2"/></trkseg></trk>
            """))
        let route = document.routes[0].statistics
        #expect(route.pointCount == 2)
        #expect(route.timedPointCount == 1)
        #expect(route.untimedPointCount == 1)
        #expect(route.durationSeconds == 0)
        #expect(abs(route.distanceMeters - 111_319.4908) < 0.001)
        let first = document.tracks[0].statistics
        #expect(first.pointCount == 3)
        #expect(first.untimedPointCount == 1)
        #expect(first.durationSeconds == 600)
        #expect(abs(first.distanceMeters - 111_319.4908) < 0.001)  // the gap to the second segment is not counted
        #expect(first.bounds == GPXBounds(minLatitude: 0, minLongitude: 0, maxLatitude: 10, maxLongitude: 1))
        let second = document.tracks[1].statistics
        #expect(second.durationSeconds == nil)
        #expect(abs(second.distanceMeters - 109_639.3221) < 0.001)
    }

    @Test func routePointsAreThePathWithoutTracks() throws {
        let summary = try summary("""
            <wpt lat="10" lon="10"/>
            <rte><rtept lat="0" lon="0"/><rtept lat="0" lon="1"/></rte>
            <rte><rtept lat="5" lon="5"/></rte>
            <trk><trkseg/></trk>
            """)
        #expect(summary.pathSource == .routes)
        #expect(summary.path.pointCount == 3)
        #expect(abs(summary.path.distanceMeters - 111_319.4908) < 0.001)
    }

    @Test func waypointsAreThePathOfAnXcodeStyleFile() throws {
        let summary = try summary("""
            <wpt lat="0" lon="0"><time>2024-01-01T10:00:00Z</time></wpt>
            <wpt lat="0" lon="1"><time>2024-01-01T10:01:00Z</time></wpt>
            """)
        #expect(summary.pathSource == .waypoints)
        #expect(summary.path.durationSeconds == 60)
        #expect(abs(summary.path.distanceMeters - 111_319.4908) < 0.001)
    }

    @Test func anEmptyFileHasNoPath() throws {
        let summary = try summary("")
        #expect(summary.pathSource == .none)
        #expect(summary.path == GPXPathStatistics())
        #expect(summary.path.durationSeconds == nil)
        #expect(summary.path.bounds == nil)
    }

    @Test func zonelessTimesAreCounted() throws {
        let summary = try summary("""
            <trk><trkseg><trkpt lat="0" lon="0"><time>2024-01-01T10:00:00</time></trkpt>
            <trkpt lat="0" lon="0"><time>2024-01-01T10:00:01Z</time></trkpt></trkseg></trk>
            """)
        #expect(summary.path.zonelessTimeCount == 1)
    }
}
