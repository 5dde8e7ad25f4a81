import GPX
import Testing

/// `forEachEvent(_:point:)`: the points handed over in place, every other event as before.
@Suite struct PointsInPlaceTests {
    private let body = """
        <metadata><name>m</name></metadata>
        <wpt lat="1" lon="1"><name>w</name></wpt>
        <rte><name>r</name><rtept lat="2" lon="2"/><rtept lat="2.5" lon="2.5"/></rte>
        <trk><name>t</name><trkseg><trkpt lat="3" lon="3"><time>2024-01-01T00:00:00.5+02:00</time></trkpt></trkseg>
        <trkseg><trkpt lat="4" lon="4"><ele>7</ele></trkpt></trkseg></trk>
        """

    /// What the queue (`next()`) gives, with each point event turned into its kind and point.
    private enum Delivery: Equatable {
        case event(GPXEvent)
        case point(GPXPointKind, GPXPoint)

        init(_ event: GPXEvent) {
            switch event {
            case .waypoint(let point): self = .point(.waypoint, point)
            case .routePoint(let point): self = .point(.routePoint, point)
            case .trackPoint(let point): self = .point(.trackPoint, point)
            default: self = .event(event)
            }
        }
    }

    private func stream(_ xml: String, chunkSize: Int = 64 * 1024) -> GPXStreamReader {
        GPXStreamReader(bytes: Array(xml.utf8), name: "test.gpx", options: GPXReadOptions(chunkSize: chunkSize))
    }

    private func queued(_ xml: String) throws -> [Delivery] {
        let reader = stream(xml)
        var all: [Delivery] = []
        while let event = try reader.next() { all.append(Delivery(event)) }
        return all
    }

    private func inPlace(_ reader: GPXStreamReader) throws -> [Delivery] {
        var all: [Delivery] = []
        try reader.forEachEvent({ all.append(.event($0)) }, point: { kind, point in all.append(.point(kind, copy point)) })
        return all
    }

    @Test func pointsComeInPlaceAndTheRestAsEvents() throws {
        var timed = GPXPoint(latitude: 3, longitude: 3)
        timed.time = GPXTime(iso8601: "2024-01-01T00:00:00.5+02:00")
        var named = GPXPoint(latitude: 1, longitude: 1)
        named.name = "w"
        let expected: [Delivery] = [
            .event(.header(version: "1.1", creator: "test")),
            .event(.metadata(GPXMetadata(name: "m"))),
            .point(.waypoint, named),
            .event(.routeStart(GPXPathInfo(name: "r"))),
            .point(.routePoint, GPXPoint(latitude: 2, longitude: 2)),
            .point(.routePoint, GPXPoint(latitude: 2.5, longitude: 2.5)),
            .event(.routeEnd(GPXPathInfo(name: "r"))),
            .event(.trackStart(GPXPathInfo(name: "t"))),
            .event(.segmentStart), .point(.trackPoint, timed), .event(.segmentEnd),
            .event(.segmentStart), .point(.trackPoint, GPXPoint(latitude: 4, longitude: 4, elevation: 7)), .event(.segmentEnd),
            .event(.trackEnd(GPXPathInfo(name: "t"))),
        ]
        #expect(try inPlace(stream(gpx11(body))) == expected)
        #expect(try inPlace(stream(gpx11(body), chunkSize: 3)) == expected)
        #expect(try queued(gpx11(body)) == expected)
    }

    @Test func continuesWhereNextLeftOff() throws {
        // The first chunk's events are queued by next(); its points must still reach `point`.
        let reader = stream(gpx11(body), chunkSize: 200)
        var all = [Delivery(try #require(try reader.next()))]
        all += try inPlace(reader)
        #expect(all == (try queued(gpx11(body))))
    }

    @Test func nothingOfARejectedOrEarlierPointCarriesOver() throws {
        let xml = gpx11("""
            <trk><trkseg>
            <trkpt lat="1" lon="1"><name>a</name><desc>d</desc><extensions><gpxtpx:TrackPointExtension><gpxtpx:hr>120</gpxtpx:hr></gpxtpx:TrackPointExtension></extensions></trkpt>
            <trkpt lat="2" lon="2"><time>nonsense</time><cmt>c</cmt></trkpt>
            <trkpt lat="3" lon="3"/>
            </trkseg></trk>
            """, extraNamespaces: " xmlns:gpxtpx=\"http://www.garmin.com/xmlschemas/TrackPointExtension/v1\"")
        let reader = GPXStreamReader(bytes: Array(xml.utf8), name: "test.gpx", options: GPXReadOptions(isLenient: true))
        var points: [GPXPoint] = []
        var warnings = 0
        try reader.forEachEvent({ if case .warning = $0 { warnings += 1 } }, point: { _, point in points.append(copy point) })
        var first = GPXPoint(latitude: 1, longitude: 1)
        first.name = "a"
        first.description = "d"
        var garmin = GarminTrackPointExtension()
        garmin.heartRate = 120
        first.garmin = garmin
        #expect(points == [first, GPXPoint(latitude: 3, longitude: 3)])
        #expect(warnings == 1)
    }

    private struct Enough: Error {}

    @Test func aThrowingPointConsumerStopsTheRead() throws {
        let reader = stream(gpx11(body))
        var kinds: [GPXPointKind] = []
        var eventsAfter = 0
        #expect(throws: Enough.self) {
            try reader.forEachEvent({ _ in if kinds.count == 2 { eventsAfter += 1 } }, point: { kind, _ in
                kinds.append(kind)
                if kinds.count == 2 { throw Enough() }
            })
        }
        #expect(kinds == [.waypoint, .routePoint])
        #expect(eventsAfter == 0)
        #expect(try reader.next() == nil)
    }

    @Test func anErrorComesAfterThePointsBeforeIt() throws {
        let reader = stream(gpx11("<wpt lat=\"1\" lon=\"1\"/><wpt lat=\"95\" lon=\"1\"/>"))
        var points: [GPXPoint] = []
        #expect(throws: GPXReadError.self) {
            try reader.forEachEvent({ _ in }, point: { _, point in points.append(copy point) })
        }
        #expect(points == [GPXPoint(latitude: 1, longitude: 1)])
    }

    @Test func aSummaryAndADocumentReadInPlaceEqualTheirEventForms() throws {
        let xml = gpx11(body)
        let document = try read(xml)
        #expect(document.waypoints == [{ var point = GPXPoint(latitude: 1, longitude: 1); point.name = "w"; return point }()])
        #expect(document.routes.map(\.points.count) == [2])
        #expect(document.tracks.first?.segments.map(\.points.count) == [1, 1])
        let summary = try GPXSummary(reading: stream(xml))
        #expect(summary == GPXSummary(document: document))
        #expect(summary.waypointCount == 1)
        #expect(summary.routePointCount == 2)
        #expect(summary.trackPointCount == 2)
        #expect(summary.segmentCount == 2)
    }
}
