import GPX
import Testing

@Suite struct NamespaceTests {
    private let trackBody = "<trk><trkseg><trkpt lat=\"1\" lon=\"2\"><ele>3</ele></trkpt></trkseg></trk>"

    @Test func readsGPX11() throws {
        let document = try read(gpx11(trackBody))
        #expect(document.version == "1.1")
        #expect(document.creator == "test")
        #expect(document.tracks.first?.segments.first?.points == [GPXPoint(latitude: 1, longitude: 2, elevation: 3)])
    }

    @Test func readsGPX10() throws {
        let document = try read("""
            <gpx xmlns="http://www.topografix.com/GPX/1/0" version="1.0" creator="old">\(trackBody)</gpx>
            """)
        #expect(document.version == "1.0")
        #expect(document.tracks.first?.pointCount == 1)
    }

    @Test func readsDocumentsWithoutNamespace() throws {
        let document = try read("<gpx version=\"1.1\">\(trackBody)</gpx>")
        #expect(document.tracks.first?.segments.first?.points.first?.elevation == 3)
    }

    @Test func missingVersionComesFromTheNamespace() throws {
        #expect(try read("<gpx xmlns=\"http://www.topografix.com/GPX/1/1\">\(trackBody)</gpx>").version == "1.1")
        #expect(try read("<gpx xmlns=\"http://www.topografix.com/GPX/1/0\">\(trackBody)</gpx>").version == "1.0")
        #expect(try read("<gpx>\(trackBody)</gpx>").version == nil)
    }

    @Test func readsPrefixedElements() throws {
        let document = try read("""
            <g:gpx xmlns:g="http://www.topografix.com/GPX/1/1" version="1.1">
              <g:trk><g:name>prefixed</g:name><g:trkseg>
                <g:trkpt lat="47.5" lon="8.5"><g:time>2024-05-01T10:00:00Z</g:time></g:trkpt>
              </g:trkseg></g:trk>
            </g:gpx>
            """)
        #expect(document.tracks.first?.info.name == "prefixed")
        let point = try #require(document.tracks.first?.segments.first?.points.first)
        #expect(point.time?.iso8601String == "2024-05-01T10:00:00Z")
    }

    @Test func foreignElementsNamedLikeGPXAreNotRead() throws {
        let document = try read(gpx11("""
            <metadata><extensions><x:time>1999-01-01T00:00:00Z</x:time></extensions></metadata>
            <trk><extensions><x:trkseg><x:trkpt lat="5" lon="5"/></x:trkseg></extensions>
              <trkseg>
                <trkpt lat="1" lon="2">
                  <extensions><x:time>1999-01-01T00:00:00Z</x:time><x:ele>999</x:ele></extensions>
                </trkpt>
                <x:trkpt lat="9" lon="9"/>
              </trkseg>
            </trk>
            """, extraNamespaces: " xmlns:x=\"http://example.com/not-gpx\""))
        #expect(document.metadata.time == nil)
        #expect(document.tracks.count == 1)
        #expect(document.tracks[0].segments.count == 1)
        #expect(document.tracks[0].segments[0].points == [GPXPoint(latitude: 1, longitude: 2)])
    }

    @Test func groundspeakElementsUnderAWaypointAreIgnored() throws {
        let document = try read("""
            <gpx xmlns="http://www.topografix.com/GPX/1/0" version="1.0"
                 xmlns:groundspeak="http://www.groundspeak.com/cache/1/0">
              <wpt lat="33.8" lon="-117.9">
                <time>2002-08-15T07:00:00</time><name>GC7FA4</name><sym>Geocache</sym>
                <groundspeak:cache id="1"><groundspeak:name>A cache</groundspeak:name>
                  <groundspeak:logs><groundspeak:log><groundspeak:date>2005-07-16T18:15:40.7599561-07:00</groundspeak:date>
                  </groundspeak:log></groundspeak:logs>
                </groundspeak:cache>
              </wpt>
            </gpx>
            """)
        #expect(document.waypoints.count == 1)
        #expect(document.waypoints[0].name == "GC7FA4")
        #expect(document.waypoints[0].symbol == "Geocache")
        #expect(document.waypoints[0].time?.iso8601String == "2002-08-15T07:00:00Z")
    }

    @Test func rootInAForeignNamespaceIsNotGPX() {
        let error = readError("<gpx xmlns=\"http://example.com/other\"/>")
        #expect(error?.kind == .notGPX)
        #expect(error?.position == GPXSourcePosition(line: 1, column: 1))
    }

    @Test func rootWithAnotherNameIsNotGPX() {
        let error = readError("<?xml version=\"1.0\"?>\n<kml xmlns=\"http://www.opengis.net/kml/2.2\"><Document/></kml>")
        #expect(error?.kind == .notGPX)
        #expect(error?.description == "test.gpx:2:1: the root element is <{http://www.opengis.net/kml/2.2}kml>, not <gpx>: this is not a GPX file")
    }
}
