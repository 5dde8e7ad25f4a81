import Foundation
import GPX
import Testing

/// The real-world files in `../shared/corpus/gpx` (see its MANIFEST.tsv for provenance).
enum Corpus {
    static let folder = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("shared/corpus/gpx")

    static var isAvailable: Bool { FileManager.default.fileExists(atPath: folder.path) }

    static func path(_ name: String) -> String { folder.appendingPathComponent(name).path }
}

/// What one valid corpus file must read as. Produced by `Tests/Tools/corpus_expectations.py`
/// (ElementTree and geographiclib), independently of this reader.
struct CorpusExpectation: CustomTestStringConvertible, Sendable {
    let file: String
    let version: String?
    let creator: String?
    let waypoints, routes, routePoints, tracks, segments, trackPoints, timedPoints: Int
    let first: (latitude: Double, longitude: Double)?
    let start, end: String?
    let distance: Double

    init(
        _ file: String, version: String?, creator: String?, waypoints: Int, routes: Int, routePoints: Int,
        tracks: Int, segments: Int, trackPoints: Int, timedPoints: Int, first: (Double, Double)?,
        start: String?, end: String?, distance: Double
    ) {
        self.file = file
        self.version = version
        self.creator = creator
        self.waypoints = waypoints
        self.routes = routes
        self.routePoints = routePoints
        self.tracks = tracks
        self.segments = segments
        self.trackPoints = trackPoints
        self.timedPoints = timedPoints
        self.first = first
        self.start = start
        self.end = end
        self.distance = distance
    }

    var testDescription: String { file }
}

/// A corpus file the reader must refuse (strict), and what a lenient read keeps.
struct CorpusFailure: CustomTestStringConvertible, Sendable {
    let file: String
    let error: String
    /// `nil` when even a lenient read fails (malformed XML).
    let lenientPoints: Int?
    let lenientWarnings: [String]

    var testDescription: String { file }
}

@Suite(.enabled(if: Corpus.isAvailable, "../shared/corpus/gpx is not beside this clone; corpus conformance skipped"))
struct CorpusConformanceTests {
    static let valid: [CorpusExpectation] = [
        .init("coregpx__GPXTest-DualLinks.gpx", version: "1.1", creator: "Xcode", waypoints: 0, routes: 0, routePoints: 0, tracks: 1, segments: 1, trackPoints: 2, timedPoints: 2, first: (35.675032, 139.722148), start: "2018-11-29T01:48:58Z", end: "2018-11-29T01:50:58Z", distance: 1.5533),
        .init("coregpx__GPXTest-TrackPointOnly.gpx", version: "1.1", creator: "Open GPX Tracker for iOS", waypoints: 0, routes: 0, routePoints: 0, tracks: 1, segments: 1, trackPoints: 4142, timedPoints: 4142, first: (35.675032, 139.722148), start: "2018-11-29T01:48:58Z", end: "2018-11-29T09:23:18Z", distance: 51162.1383),
        .init("gdal__test.gpx", version: "1.1", creator: "E. Rouault", waypoints: 2, routes: 2, routePoints: 3, tracks: 3, segments: 3, trackPoints: 4, timedPoints: 0, first: (14, 15), start: nil, end: nil, distance: 917267.2622),
        .init("gdal__track_with_time_extension.gpx", version: "1.1", creator: "EasyGPS 4.45", waypoints: 0, routes: 0, routePoints: 0, tracks: 1, segments: 1, trackPoints: 3, timedPoints: 3, first: (31.16503000, -8.02949100), start: "2015-10-11T16:56:58Z", end: "2015-10-11T16:58:18Z", distance: 39.2141),
        .init("georust-gpx__caltopo-export.gpx", version: "1.1", creator: "CALTOPO", waypoints: 0, routes: 0, routePoints: 0, tracks: 2, segments: 2, trackPoints: 6, timedPoints: 6, first: (36.44834803417325, -118.17100617103279), start: "2019-08-12T23:45:00Z", end: "2019-08-13T21:46:00Z", distance: 10987.2838),
        .init("georust-gpx__ecology-trail-and-lovers-lane-loop.gpx", version: "1.1", creator: "AllTrails https://www.alltrails.com/ - Trail Planner Map", waypoints: 0, routes: 1, routePoints: 139, tracks: 0, segments: 0, trackPoints: 0, timedPoints: 0, first: (37.79804000, -122.457440), start: nil, end: nil, distance: 3212.4846),
        .init("georust-gpx__garmin-activity.gpx", version: "1.1", creator: "Garmin Connect", waypoints: 0, routes: 1, routePoints: 0, tracks: 1, segments: 1, trackPoints: 988, timedPoints: 988, first: (37.24173816852271556854248046875, -121.9723242335021495819091796875), start: "2017-07-29T14:46:35Z", end: "2017-07-29T16:18:13Z", distance: 12817.5239),
        .init("georust-gpx__garmin_with_extensions.gpx", version: "1.1", creator: "GPSMAP 64s", waypoints: 0, routes: 0, routePoints: 0, tracks: 1, segments: 2, trackPoints: 3540, timedPoints: 3540, first: (47.4844814278, 10.9756895620), start: "2019-05-01T04:31:11Z", end: "2019-05-01T14:41:35Z", distance: 18214.4943),
        .init("georust-gpx__outdooractive-export.gpx", version: "1.1", creator: "outdooractive - http://www.outdooractive.com", waypoints: 0, routes: 0, routePoints: 0, tracks: 1, segments: 1, trackPoints: 9, timedPoints: 0, first: (-3.173433, 37.238621), start: nil, end: nil, distance: 45857.6172),
        .init("georust-gpx__strava_route_example.gpx", version: "1.1", creator: "StravaGPX", waypoints: 0, routes: 0, routePoints: 0, tracks: 1, segments: 1, trackPoints: 113, timedPoints: 0, first: (47.61881, -122.33706000000001), start: nil, end: nil, distance: 4530.9048),
        .init("georust-gpx__wahoo_example.gpx", version: "1.1", creator: "http://ridewithgps.com/", waypoints: 0, routes: 0, routePoints: 0, tracks: 1, segments: 1, trackPoints: 3, timedPoints: 3, first: (45.454350, -121.933136), start: "2022-04-24T20:54:33Z", end: "2022-04-24T20:54:35Z", distance: 0.0000),
        .init("georust-gpx__with_accuracy.gpx", version: "1.1", creator: "BuildGPX_2017.05", waypoints: 0, routes: 0, routePoints: 0, tracks: 1, segments: 1, trackPoints: 3, timedPoints: 3, first: (51.120586, 3.779642), start: "2017-04-12T17:00:36Z", end: "2017-04-12T17:00:38Z", distance: 1562.8867),
        .init("go-gpx__hhs_77yl9msjcr.gpx", version: "1.1", creator: "waymarkedtrails.org", waypoints: 0, routes: 0, routePoints: 0, tracks: 1, segments: 30, trackPoints: 7275, timedPoints: 0, first: (51.7456254, 11.0310519), start: nil, end: nil, distance: 156802.9084),
        .init("gpsbabel__GC7FA4.gpx", version: "1.0", creator: "Groundspeak, Inc. All Rights Reserved. http://www.groundspeak.com", waypoints: 1, routes: 0, routePoints: 0, tracks: 0, segments: 0, trackPoints: 0, timedPoints: 1, first: (46.1333333333333, -73), start: "2002-08-15T07:00:00Z", end: "2002-08-15T07:00:00Z", distance: 0.0000),
        .init("gpsbabel__basecamp.gpx", version: "1.1", creator: "Garmin Desktop App", waypoints: 2, routes: 1, routePoints: 2, tracks: 1, segments: 1, trackPoints: 2, timedPoints: 0, first: (39.97386971488595, -105.46585036441684), start: nil, end: nil, distance: 4377.8734),
        .init("gpsbabel__bigtime.gpx", version: "1.0", creator: "GPSBabel - https://www.gpsbabel.org", waypoints: 2, routes: 0, routePoints: 0, tracks: 0, segments: 0, trackPoints: 0, timedPoints: 2, first: (35.972033333, -87.134700000), start: "1234-12-12T08:00:00.123Z", end: "4096-12-12T08:00:00.41Z", distance: 43082.5473),
        .init("gpsbabel__gpx_subsecond-sample.gpx", version: "1.0", creator: "GPSBabel - https://www.gpsbabel.org", waypoints: 0, routes: 0, routePoints: 0, tracks: 1, segments: 1, trackPoints: 5, timedPoints: 5, first: (49.794688000, 9.834015000), start: "2011-07-02T17:47:25.2Z", end: "2011-07-02T17:47:26Z", distance: 11.9722),
        .init("gpxgo__file.gpx", version: "1.1", creator: "eTrex 10", waypoints: 2, routes: 0, routePoints: 0, tracks: 1, segments: 1, trackPoints: 4, timedPoints: 4, first: (52.5113534275, 13.4571944922), start: "2012-03-17T12:46:19Z", end: "2012-03-17T12:47:23Z", distance: 56.9062),
        .init("gpxgo__graphhopper.gpx", version: "1.1", creator: "Graphhopper version bf1ba341dcbeda4ad02843c5306c1c97d675774c", waypoints: 0, routes: 1, routePoints: 22, tracks: 1, segments: 1, trackPoints: 171, timedPoints: 22, first: (49.477268, 10.989473), start: "2022-02-13T21:11:36Z", end: "2022-02-13T22:40:05Z", distance: 7388.2653),
        .init("gpxgo__iso8859-1encoded.gpx", version: "1.0", creator: "OziExplorer Version 3954q - http://www.oziexplorer.com", waypoints: 8, routes: 0, routePoints: 0, tracks: 0, segments: 0, trackPoints: 0, timedPoints: 8, first: (44.2805478, 20.5402796), start: "2013-07-29T23:40:30.453Z", end: "2013-07-29T23:42:00.625Z", distance: 11558.1951),
        .init("gpxgo__visnjan.gpx", version: "1.0", creator: "Created by Google My Tracks on Android", waypoints: 2, routes: 0, routePoints: 0, tracks: 1, segments: 1, trackPoints: 413, timedPoints: 413, first: (45.273245, 13.715185), start: "2014-08-22T16:48:52Z", end: "2014-08-22T17:19:42Z", distance: 4450.1771),
        .init("gpxpy__Mojstrovka.gpx", version: "1.0", creator: "GPSBabel - http://www.gpsbabel.org", waypoints: 0, routes: 0, routePoints: 0, tracks: 1, segments: 1, trackPoints: 184, timedPoints: 184, first: (46.434981000, 13.748273000), start: "1901-12-13T20:45:52.207Z", end: "1901-12-13T20:45:52.2073437Z", distance: 2700.9175),
        .init("gpxpy__around-visnjan-with-car.gpx", version: "1.1", creator: "eTrex 20x", waypoints: 0, routes: 0, routePoints: 0, tracks: 1, segments: 1, trackPoints: 104, timedPoints: 104, first: (45.2735188510, 13.7142099626), start: "2020-12-18T06:15:50Z", end: "2020-12-18T06:24:24Z", distance: 2736.0008),
        .init("gpxpy__gpx-with-node-with-comments.gpx", version: "1.0", creator: "Ultra GPS Logger", waypoints: 0, routes: 0, routePoints: 0, tracks: 1, segments: 1, trackPoints: 1, timedPoints: 1, first: (51.519402, -0.134462), start: "2014-05-06T12:29:33Z", end: "2014-05-06T12:29:33Z", distance: 0.0000),
        .init("gpxpy__gpx1.0_with_all_fields.gpx", version: "1.0", creator: "...", waypoints: 2, routes: 2, routePoints: 5, tracks: 2, segments: 2, trackPoints: 1, timedPoints: 1, first: (10.1, -20.2), start: "2013-01-01T12:00:04Z", end: "2013-01-01T12:00:04Z", distance: 0.0000),
        .init("gpxpy__gpx_with_garmin_extension.gpx", version: "1.1", creator: "Runkeeper - http://www.runkeeper.com", waypoints: 1, routes: 0, routePoints: 0, tracks: 0, segments: 0, trackPoints: 0, timedPoints: 1, first: (37.778259000, -122.391386000), start: "2016-06-17T23:41:03Z", end: "2016-06-17T23:41:03Z", distance: 0.0000),
        .init("gpxpy__korita-zbevnica.gpx", version: "1.0", creator: "GPSBabel - http://www.gpsbabel.org", waypoints: 2, routes: 0, routePoints: 0, tracks: 4, segments: 4, trackPoints: 871, timedPoints: 513, first: (45.380600095, 14.144491442), start: "2010-10-03T09:36:30Z", end: "2010-10-03T13:19:31Z", distance: 14914.2833),
        .init("gpxpy__track-with-less-sec-time.gpx", version: "1.1", creator: "NikePlus GPX Bridge", waypoints: 0, routes: 0, routePoints: 0, tracks: 1, segments: 1, trackPoints: 2, timedPoints: 2, first: (57.011456, 9.992872), start: "2015-12-11T14:43:13Z", end: "2015-12-11T14:43:13.994Z", distance: 1.5638),
        .init("gpxpy__track_with_speed.gpx", version: nil, creator: nil, waypoints: 0, routes: 0, routePoints: 0, tracks: 1, segments: 1, trackPoints: 3, timedPoints: 3, first: (52.330848, 5.541371), start: "2009-03-02T14:05:52Z", end: "2009-03-02T14:06:05Z", distance: 18.6583),
        .init("gpxpy__unicode_with_bom.gpx", version: nil, creator: nil, waypoints: 1, routes: 0, routePoints: 0, tracks: 0, segments: 0, trackPoints: 0, timedPoints: 1, first: (43.309634, 3.515386), start: "2016-05-27T10:08:47.8Z", end: "2016-05-27T10:08:47.8Z", distance: 0.0000),
        .init("nts-gpx__20160617-La-Hermida-to-Bejes.gpx", version: "1.1", creator: "MapGazer 1.86", waypoints: 3, routes: 1, routePoints: 705, tracks: 0, segments: 0, trackPoints: 0, timedPoints: 705, first: (43.254734, -4.615182), start: "2016-06-17T08:23:49Z", end: "2016-06-17T08:39:04Z", distance: 5621.8374),
        .init("onebusaway__boston.gpx", version: "1.1", creator: "gpx-poi.com", waypoints: 1, routes: 0, routePoints: 0, tracks: 0, segments: 0, trackPoints: 0, timedPoints: 1, first: (42.0784821, -71.433823), start: "2015-12-01T03:01:44Z", end: "2015-12-01T03:01:44Z", distance: 0.0000),
        .init("onebusaway__invalid.gpx", version: "1.1", creator: "gpx-poi.com", waypoints: 1, routes: 0, routePoints: 0, tracks: 0, segments: 0, trackPoints: 0, timedPoints: 1, first: (0.0, 0.0), start: "2015-12-01T03:01:44Z", end: "2015-12-01T03:01:44Z", distance: 0.0000),
        .init("opentracks__gpx_timezone.gpx", version: "1.1", creator: "OpenTracks (Debug)", waypoints: 1, routes: 0, routePoints: 0, tracks: 1, segments: 1, trackPoints: 1, timedPoints: 1, first: (3, 14), start: "2021-01-07T20:36:59.179Z", end: "2021-01-07T20:36:59.179Z", distance: 0.0000),
        .init("sgraaf-gpx__longitude_180.gpx", version: "1.1", creator: "Test", waypoints: 1, routes: 0, routePoints: 0, tracks: 0, segments: 0, trackPoints: 0, timedPoints: 0, first: (52.5200, 180.0), start: nil, end: nil, distance: 0.0000),
    ]

    static let invalid: [CorpusFailure] = [
        .init(file: "coregpx__wptError.gpx", error: "3:2: <wpt> latitude 91.38389 is outside -90…90",
              lenientPoints: 1, lenientWarnings: [
                "3:2: skipped point: <wpt> latitude 91.38389 is outside -90…90",
                "10:4: skipped point: <trkpt> longitude 180.87702 is outside -180…180",
              ]),
        .init(file: "opentracks__legacy_gpx_pause_resume.gpx", error: "42:7: <trkpt> latitude 100 is outside -90…90",
              lenientPoints: 6, lenientWarnings: [
                "42:7: skipped point: <trkpt> latitude 100 is outside -90…90",
                "46:7: skipped point: <trkpt> latitude 200 is outside -90…90",
              ]),
        .init(file: "sgraaf-gpx__invalid_time.gpx", error: "4:5: <time> \"not-a-timestamp\" is not an ISO 8601 date-time",
              lenientPoints: 0, lenientWarnings: [
                "4:5: skipped point: <time> \"not-a-timestamp\" is not an ISO 8601 date-time"
              ]),
        // MANIFEST gives expat's own 0-based columns (4 and 4); this reader reports columns from 1.
        .init(file: "sgraaf-gpx__malformed_xml.gpx", error: "5:5: mismatched tag", lenientPoints: nil, lenientWarnings: []),
        .init(file: "georust-gpx__badcharacter.xml", error: "1:5: not well-formed (invalid token)", lenientPoints: nil, lenientWarnings: []),
    ]

    @Test func everyCorpusFileIsCovered() throws {
        let present = Set(try FileManager.default.contentsOfDirectory(atPath: Corpus.folder.path)
            .filter { $0.hasSuffix(".gpx") || $0.hasSuffix(".xml") })
        #expect(present == Set(Self.valid.map(\.file) + Self.invalid.map(\.file)))
    }

    @Test(arguments: valid)
    func readsValidFile(_ expected: CorpusExpectation) throws {
        let document = try GPXReader().read(contentsOf: Corpus.path(expected.file))
        let summary = GPXSummary(document: document)
        #expect(summary.version == expected.version)
        #expect(summary.creator == expected.creator)
        #expect(summary.waypointCount == expected.waypoints)
        #expect(summary.routeCount == expected.routes)
        #expect(summary.routePointCount == expected.routePoints)
        #expect(summary.trackCount == expected.tracks)
        #expect(summary.segmentCount == expected.segments)
        #expect(summary.trackPointCount == expected.trackPoints)
        #expect(summary.path.timedPointCount == expected.timedPoints)
        #expect(summary.path.start?.iso8601String == expected.start)
        #expect(summary.path.end?.iso8601String == expected.end)
        // Vincenty against Karney: well under a centimetre over thousands of points.
        #expect(abs(summary.path.distanceMeters - expected.distance) < 0.01)

        let firstPoint = document.tracks.lazy.flatMap(\.segments).flatMap(\.points).first
            ?? document.routes.lazy.flatMap(\.points).first ?? document.waypoints.first
        #expect(firstPoint?.latitude == expected.first?.latitude)
        #expect(firstPoint?.longitude == expected.first?.longitude)

        // The streaming summary (flat memory) agrees with the document's.
        #expect(try GPXSummary(reading: GPXStreamReader(contentsOf: Corpus.path(expected.file))) == summary)
    }

    @Test(arguments: valid)
    func smallChunksReadTheSame(_ expected: CorpusExpectation) throws {
        let path = Corpus.path(expected.file)
        let size = try FileManager.default.attributesOfItem(atPath: path)[.size] as? Int ?? 0
        let chunked = GPXReader(options: GPXReadOptions(chunkSize: size < 100_000 ? 1 : 13))
        #expect(try chunked.read(contentsOf: path) == GPXReader().read(contentsOf: path))
    }

    @Test(arguments: invalid)
    func refusesInvalidFile(_ expected: CorpusFailure) throws {
        let path = Corpus.path(expected.file)
        #expect(throws: Error.self) { try GPXReader().read(contentsOf: path) }
        do {
            _ = try GPXReader().read(contentsOf: path)
        } catch {
            #expect(error.description == path + ":" + expected.error)
        }
        let lenient = GPXReader(options: GPXReadOptions(isLenient: true))
        if let points = expected.lenientPoints {
            let document = try lenient.read(contentsOf: path)
            let total = document.waypoints.count + document.tracks.reduce(0) { $0 + $1.pointCount }
                + document.routes.reduce(0) { $0 + $1.points.count }
            #expect(total == points)
            #expect(document.warnings.map(\.description) == expected.lenientWarnings)
        } else {
            #expect(throws: GPXReadError.self) { try lenient.read(contentsOf: path) }
        }
    }
}
