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

    // The reader remembers a namespace by the pointer expat names its elements with (a binding's
    // own buffer). Each test below makes that buffer change hands to a namespace whose URI has the
    // GPX 1.1 URI's length, then puts a <trkpt> of that namespace where a track point may stand:
    // it must never be read. (glibc's malloc hands a freed block of a size to the next request of
    // that size, so the old buffer's address does come back; the tests hold whatever it does.)
    private let lookalike = "http://www.topografix.com/GPX/1/X"
    private func longName(_ length: Int) -> String { String(repeating: "n", count: length) }

    @Test func aNamespaceDeclaredAgainInAReusedBindingIsNotTheOldOne() throws {
        // </trkseg> frees binding `a`; the next declaration reuses it, buffer and all, for another URI.
        let document = try read(gpx11("""
            <trk>
            <trkseg xmlns:a="http://www.topografix.com/GPX/1/1"><a:trkpt lat="1" lon="1"/></trkseg>
            <trkseg xmlns:b="\(lookalike)"><b:trkpt lat="9" lon="9"/></trkseg>
            <trkseg xmlns:c="http://www.topografix.com/GPX/1/1"><c:trkpt lat="2" lon="2"/></trkseg>
            </trk>
            """))
        #expect(document.tracks[0].segments.map(\.points) == [
            [GPXPoint(latitude: 1, longitude: 1)], [], [GPXPoint(latitude: 2, longitude: 2)],
        ])
    }

    @Test func aBindingWhoseBufferMovedIsNotRememberedAtItsOldPlace() throws {
        // Long local names grow the GPX binding's buffer twice (the second growth frees the
        // first grown buffer, which a <trkpt> made remembered); then the lookalike's buffer
        // grows into a block of that size.
        let document = try read(gpx11("""
            <trk><trkseg>
            <trkpt lat="1" lon="1"/>
            <\(longName(150))/>
            <trkpt lat="2" lon="2"/>
            <\(longName(300))/>
            <x:\(longName(150))/>
            <x:trkpt lat="9" lon="9"/>
            <trkpt lat="3" lon="3"/>
            <x:trkpt lat="9" lon="9"/>
            </trkseg></trk>
            """, extraNamespaces: " xmlns:x=\"\(lookalike)\""))
        #expect(document.tracks[0].segments[0].points.map(\.latitude) == [1, 2, 3])
    }

    @Test func aBufferThatMovedInsideASkippedElementIsNotRemembered() throws {
        // The same moves, inside <extensions>, where elements are skipped without being classified.
        let document = try read(gpx11("""
            <trk><trkseg>
            <trkpt lat="1" lon="1"><extensions><\(longName(150))/></extensions></trkpt>
            <trkpt lat="2" lon="2"><extensions><\(longName(300))/><x:\(longName(150))/></extensions></trkpt>
            <x:trkpt lat="9" lon="9"/>
            <trkpt lat="3" lon="3"/>
            </trkseg></trk>
            """, extraNamespaces: " xmlns:x=\"\(lookalike)\""))
        #expect(document.tracks[0].segments[0].points.map(\.latitude) == [1, 2, 3])
    }

    @Test func garminAndGPXElementsAlternatingAreEachReadInTheirOwnNamespace() throws {
        // Two bindings in turn, as a Garmin Connect file has them, and a third in the extensions.
        let point = """
            <trkpt lat="1" lon="2"><ele>5</ele><extensions><o:speed>1</o:speed>\
            <ns3:TrackPointExtension><ns3:hr>100</ns3:hr><ns3:trkpt>x</ns3:trkpt></ns3:TrackPointExtension>\
            <o:trkpt lat="9" lon="9"/></extensions></trkpt>
            """
        let document = try read(gpx11("<trk><trkseg>\(String(repeating: point, count: 3))</trkseg></trk>", extraNamespaces: """
             xmlns:ns3="http://www.garmin.com/xmlschemas/TrackPointExtension/v1" xmlns:o="\(lookalike)"
            """))
        let points = document.tracks[0].segments[0].points
        #expect(points.count == 3)
        #expect(points.allSatisfy { $0.latitude == 1 && $0.elevation == 5 && $0.garmin?.heartRate == 100 })
    }
}
