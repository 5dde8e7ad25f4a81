import GPX
import Testing

/// Points out of time order: the statistics count them and a stream names the first one's `<time>`.
@Suite struct TimeOrderTests {
    /// Line 5 goes back, line 6 repeats line 4's time, the second segment starts afresh, and its
    /// multi-line point (time on line 13) goes back again; the untimed point counts for nothing.
    static let body = """
        <trk><trkseg>
        <trkpt lat="0" lon="0"><time>2024-05-01T08:00:10Z</time></trkpt>
        <trkpt lat="0" lon="0.001"><time>2024-05-01T08:00:05Z</time></trkpt>
        <trkpt lat="0" lon="0.002"><time>2024-05-01T08:00:10Z</time></trkpt>
        <trkpt lat="0" lon="0.003"><time>2024-05-01T08:00:20Z</time></trkpt>
        </trkseg><trkseg>
        <trkpt lat="0" lon="0.004"><time>2024-05-01T08:00:00Z</time></trkpt>
        <trkpt lat="0" lon="0.005"/>
        <trkpt lat="0" lon="0.006">
          <ele>3</ele>
          <time>2024-05-01T07:59:00Z</time>
        </trkpt>
        </trkseg></trk>
        """

    @Test func theStreamedSummaryCountsAndPlacesThem() throws {
        let summary = try GPXSummary(reading: GPXStreamReader(bytes: Array(gpx11(Self.body).utf8)))
        #expect(summary.path.unorderedTimeCount == 3)
        #expect(summary.path.firstUnorderedTime == GPXSourcePosition(line: 5, column: 28))
        #expect(summary.path.timedPointCount == 6)
    }

    @Test func aDocumentsSummaryCountsThemWithoutAPlace() throws {
        let summary = GPXSummary(document: try read(gpx11(Self.body)))
        #expect(summary.path.unorderedTimeCount == 3)
        #expect(summary.path.firstUnorderedTime == nil)
    }

    @Test func theStreamSaysWhereEachPointsTimeIs() throws {
        var places: [GPXSourcePosition?] = []
        let stream = GPXStreamReader(bytes: Array(gpx11(Self.body).utf8))
        try stream.forEachEvent { event in
            if case .trackPoint = event { places.append(stream.timePositionOfCurrentPoint) }
        }
        #expect(places == [
            GPXSourcePosition(line: 4, column: 24), GPXSourcePosition(line: 5, column: 28), GPXSourcePosition(line: 6, column: 28),
            GPXSourcePosition(line: 7, column: 28), GPXSourcePosition(line: 9, column: 28), nil,
            GPXSourcePosition(line: 13, column: 3),
        ])
    }

    @Test func pointsInOrderCountNone() throws {
        var statistics = GPXPathStatistics()
        statistics.add(GPXPoint(latitude: 0, longitude: 0, time: GPXTime(iso8601: "2024-05-01T08:00:00Z")))
        statistics.add(GPXPoint(latitude: 0, longitude: 0, time: GPXTime(iso8601: "2024-05-01T08:00:01Z")))
        statistics.startPiece()
        statistics.add(GPXPoint(latitude: 0, longitude: 0, time: GPXTime(iso8601: "2024-05-01T07:00:00Z")))
        #expect(statistics.unorderedTimeCount == 0)
        #expect(statistics.firstUnorderedTime == nil)
    }
}
