import GPX
import Testing

@Suite struct ExtensionTests {
    @Test(arguments: [
        ("gpxtpx", "http://www.garmin.com/xmlschemas/TrackPointExtension/v1"),
        ("ns3", "http://www.garmin.com/xmlschemas/TrackPointExtension/v1"),
        ("tpx2", "http://www.garmin.com/xmlschemas/TrackPointExtension/v2"),
        ("gpxtpx", "http://www.garmin.com/xmlschemes/TrackPointExtension/v2"),  // OpenTracks' spelling
    ])
    func readsGarminTrackPointExtensionWhateverThePrefix(prefix: String, uri: String) throws {
        let document = try read(gpx11("""
            <trk><trkseg><trkpt lat="1" lon="2"><extensions>
              <\(prefix):TrackPointExtension>
                <\(prefix):atemp>21.5</\(prefix):atemp><\(prefix):hr>142</\(prefix):hr><\(prefix):cad>88</\(prefix):cad>
                <\(prefix):speed>5.25</\(prefix):speed><\(prefix):course>90</\(prefix):course>
              </\(prefix):TrackPointExtension>
            </extensions></trkpt></trkseg></trk>
            """, extraNamespaces: " xmlns:\(prefix)=\"\(uri)\""))
        let point = try #require(document.tracks.first?.segments.first?.points.first)
        #expect(point.garmin == GarminTrackPointExtension(
            heartRate: 142, cadence: 88, airTemperature: 21.5, speed: 5.25, course: 90))
        #expect(point.recordedSpeed == 5.25)
        #expect(point.recordedCourse == 90)
    }

    @Test func theSameLocalNamesInAnotherNamespaceAreIgnored() throws {
        let document = try read(gpx11("""
            <trk><trkseg><trkpt lat="1" lon="2"><extensions>
              <x:TrackPointExtension><x:hr>142</x:hr></x:TrackPointExtension>
            </extensions></trkpt></trkseg></trk>
            """, extraNamespaces: " xmlns:x=\"http://www.garmin.com/xmlschemas/TrackStatsExtension/v1\""))
        #expect(document.tracks[0].segments[0].points[0].garmin == nil)
    }

    @Test func unparseableExtensionValuesAreDroppedWithTheirPosition() throws {
        let document = try read(gpx11("""
            <trk><trkseg><trkpt lat="1" lon="2"><extensions><t:TrackPointExtension>
            <t:hr>fast</t:hr><t:cad>80</t:cad></t:TrackPointExtension></extensions></trkpt></trkseg></trk>
            """, extraNamespaces: " xmlns:t=\"http://www.garmin.com/xmlschemas/TrackPointExtension/v1\""))
        #expect(document.tracks[0].segments[0].points[0].garmin == GarminTrackPointExtension(cadence: 80))
        #expect(document.warnings.map(\.description) == ["4:1: ignored <hr> \"fast\": it is not a whole number"])
    }

    @Test func readsTheExtensionOnAWaypointToo() throws {
        let document = try read(gpx11("""
            <wpt lat="1" lon="2"><extensions><gpxtpx:TrackPointExtension><gpxtpx:hr>171</gpxtpx:hr>
            </gpxtpx:TrackPointExtension></extensions></wpt>
            """, extraNamespaces: " xmlns:gpxtpx=\"http://www.garmin.com/xmlschemas/TrackPointExtension/v1\""))
        #expect(document.waypoints[0].garmin?.heartRate == 171)
    }

    @Test func gpx10AllowsTheExtensionDirectlyInThePoint() throws {
        let document = try read("""
            <gpx xmlns="http://www.topografix.com/GPX/1/0" version="1.0"
                 xmlns:t="http://www.garmin.com/xmlschemas/TrackPointExtension/v1">
              <trk><trkseg><trkpt lat="1" lon="2"><t:TrackPointExtension><t:cad>60</t:cad></t:TrackPointExtension></trkpt></trkseg></trk>
            </gpx>
            """)
        #expect(document.tracks[0].segments[0].points[0].garmin?.cadence == 60)
    }
}
