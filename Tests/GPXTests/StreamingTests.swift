import Foundation
import GPX
import Testing

@Suite struct StreamingTests {
    private func events(_ xml: String, chunkSize: Int = 64 * 1024) throws -> [GPXEvent] {
        let stream = GPXStreamReader(bytes: Array(xml.utf8), name: "test.gpx", options: GPXReadOptions(chunkSize: chunkSize))
        var events: [GPXEvent] = []
        while let event = try stream.next() { events.append(event) }
        return events
    }

    private let sampleBody = """
        <metadata><name>m</name></metadata>
        <wpt lat="1" lon="1"/>
        <rte><name>r</name><rtept lat="2" lon="2"/></rte>
        <trk><name>t</name><trkseg><trkpt lat="3" lon="3"><time>2024-01-01T00:00:00.5+02:00</time></trkpt></trkseg><trkseg/></trk>
        """
    private var sample: String { gpx11(sampleBody) }

    @Test func eventsComeInDocumentOrder() throws {
        var timed = GPXPoint(latitude: 3, longitude: 3)
        timed.time = GPXTime(iso8601: "2024-01-01T00:00:00.5+02:00")
        #expect(try events(sample) == [
            .header(version: "1.1", creator: "test"),
            .metadata(GPXMetadata(name: "m")),
            .waypoint(GPXPoint(latitude: 1, longitude: 1)),
            .routeStart(GPXPathInfo(name: "r")),
            .routePoint(GPXPoint(latitude: 2, longitude: 2)),
            .routeEnd(GPXPathInfo(name: "r")),
            .trackStart(GPXPathInfo(name: "t")),
            .segmentStart, .trackPoint(timed), .segmentEnd,
            .segmentStart, .segmentEnd,
            .trackEnd(GPXPathInfo(name: "t")),
        ])
    }

    @Test func oneByteChunksGiveTheSameEvents() throws {
        // Multi-byte characters, entities and times split across every possible boundary.
        let xml = gpx11("""
            <wpt lat="46.1" lon="13.7"><name>Višnjan &amp; Grožnjan €</name><time>2021-01-07T21:51:59.1794+01:15</time></wpt>
            """ + sampleBody)
        let whole = try events(xml)
        #expect(whole.count == 14)
        #expect(try events(xml, chunkSize: 1) == whole)
        #expect(try events(xml, chunkSize: 7) == whole)
    }

    @Test func eventsBeforeAnErrorAreDeliveredFirst() throws {
        let stream = GPXStreamReader(bytes: Array(gpx11("""
            <wpt lat="1" lon="1"/>
            <wpt lat="95" lon="1"/>
            """).utf8), name: "test.gpx")
        #expect(try stream.next() == .header(version: "1.1", creator: "test"))
        #expect(try stream.next() == .metadata(GPXMetadata()))
        #expect(try stream.next() == .waypoint(GPXPoint(latitude: 1, longitude: 1)))
        #expect(throws: GPXReadError.self) { try stream.next() }
        #expect(try stream.next() == nil)
    }

    private struct Enough: Error {}

    private func pushedEvents(_ xml: String, chunkSize: Int = 64 * 1024) throws -> [GPXEvent] {
        let stream = GPXStreamReader(bytes: Array(xml.utf8), name: "test.gpx", options: GPXReadOptions(chunkSize: chunkSize))
        var events: [GPXEvent] = []
        try stream.forEachEvent { events.append($0) }
        return events
    }

    @Test func forEachEventDeliversWhatNextDelivers() throws {
        #expect(try pushedEvents(sample) == events(sample))
        #expect(try pushedEvents(sample, chunkSize: 3) == events(sample))
    }

    @Test func aThrowingConsumerStopsTheRead() throws {
        let stream = GPXStreamReader(bytes: Array(sample.utf8), name: "test.gpx")
        var seen = 0
        #expect(throws: Enough.self) {
            try stream.forEachEvent { _ in
                seen += 1
                if seen == 3 { throw Enough() }
            }
        }
        #expect(seen == 3)
        #expect(try stream.next() == nil)
    }

    @Test func forEachEventDeliversTheEventsBeforeAnError() throws {
        let stream = GPXStreamReader(bytes: Array(gpx11("<wpt lat=\"1\" lon=\"1\"/><wpt lat=\"95\" lon=\"1\"/>").utf8), name: "test.gpx")
        var seen: [GPXEvent] = []
        #expect(throws: GPXReadError.self) { try stream.forEachEvent { seen.append($0) } }
        #expect(seen == [
            .header(version: "1.1", creator: "test"), .metadata(GPXMetadata()),
            .waypoint(GPXPoint(latitude: 1, longitude: 1)),
        ])
    }

    @Test func forEachEventContinuesWhereNextLeftOff() throws {
        let stream = GPXStreamReader(bytes: Array(sample.utf8), name: "test.gpx", options: GPXReadOptions(chunkSize: 40))
        var all = [try #require(try stream.next()), try #require(try stream.next())]
        try stream.forEachEvent { all.append($0) }
        #expect(all == (try events(sample)))
    }

    @Test func readsFromAFileInChunks() throws {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("keepalive-stream-\(getpid()).gpx")
        try sample.write(to: url, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(at: url) }
        let stream = try GPXStreamReader(contentsOf: url.path, options: GPXReadOptions(chunkSize: 16))
        var fromFile: [GPXEvent] = []
        while let event = try stream.next() { fromFile.append(event) }
        #expect(fromFile == (try events(sample)))
    }
}
