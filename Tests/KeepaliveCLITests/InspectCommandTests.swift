import Foundation
import Testing

@Suite struct InspectCommandTests {
    static let commute = """
        <?xml version="1.0" encoding="UTF-8"?>
        <gpx xmlns="http://www.topografix.com/GPX/1/1" version="1.1" creator="KeepAliveSim tests">
          <wpt lat="47.0" lon="8.0"><name>Home</name></wpt>
          <trk><name>Commute</name>
            <trkseg>
              <trkpt lat="0" lon="0"><time>2024-05-01T07:00:00Z</time></trkpt>
              <trkpt lat="0" lon="1"><time>2024-05-01T07:30:00.5Z</time></trkpt>
            </trkseg>
            <trkseg><trkpt lat="0.5" lon="1"/></trkseg>
          </trk>
        </gpx>
        """

    static let pauseMarkers = """
        <gpx version="1.1"><trk><trkseg>
        <trkpt lat="1" lon="1"/>
        <trkpt lat="100" lon="0"/>
        <trkpt lat="1" lon="1.001"/>
        </trkseg></trk></gpx>
        """

    @Test func textReportIsAlignedAndComplete() throws {
        let fixtures = try Fixtures()
        let file = try fixtures.write("commute.gpx", Self.commute)
        let result = try CLI.run(["inspect", file])
        #expect(result.status == 0)
        #expect(result.stderr == "")
        #expect(result.stdout == """
            \(file)
              version    1.1
              creator    KeepAliveSim tests
              waypoints  1
              routes     0 with 0 points
              tracks     1 with 2 segments, 3 points
              path       track points: 3, of which 2 timed
              start      2024-05-01T07:00:00Z
              end        2024-05-01T07:30:00.5Z
              duration   0h 30m 00s (1800.500 s)
              distance   111.319 km
              bounds     0.0, 0.0 … 0.5, 1.0

            """)
    }

    @Test func jsonHasExactlyTheDocumentedKeys() throws {
        let fixtures = try Fixtures()
        let file = try fixtures.write("commute.gpx", Self.commute)
        let result = try CLI.run(["inspect", "--format", "json", file])
        #expect(result.status == 0)
        #expect(result.stdout == """
            {
              "file": "\(file)",
              "version": "1.1",
              "creator": "KeepAliveSim tests",
              "waypoints": 1,
              "routes": 0,
              "routePoints": 0,
              "tracks": 1,
              "segments": 2,
              "trackPoints": 3,
              "timedPoints": 2,
              "start": "2024-05-01T07:00:00Z",
              "end": "2024-05-01T07:30:00.5Z",
              "durationSeconds": 1800.5,
              "distanceMeters": 111319.491,
              "bounds": {
                "minLat": 0,
                "minLon": 0,
                "maxLat": 0.5,
                "maxLon": 1
              },
              "warnings": []
            }

            """)
        let object = try #require(JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        #expect(Set(object.keys) == [
            "file", "version", "creator", "waypoints", "routes", "routePoints", "tracks", "segments",
            "trackPoints", "timedPoints", "start", "end", "durationSeconds", "distanceMeters", "bounds", "warnings",
        ])
    }

    @Test func severalFilesGiveAnArrayAndNullsForAbsentValues() throws {
        let fixtures = try Fixtures()
        let a = try fixtures.write("a.gpx", Self.commute)
        let b = try fixtures.write("b.gpx", "<gpx/>")
        let result = try CLI.run(["inspect", "--format", "json", a, b])
        #expect(result.status == 0)
        let array = try #require(JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [[String: Any]])
        #expect(array.count == 2)
        #expect(array[1]["file"] as? String == b)
        #expect(array[1]["version"] is NSNull)
        #expect(array[1]["start"] is NSNull)
        #expect(array[1]["durationSeconds"] is NSNull)
        #expect(array[1]["bounds"] is NSNull)
        #expect(array[1]["distanceMeters"] as? Int == 0)
    }

    @Test func invalidDataExits65WithFileLineColumn() throws {
        let fixtures = try Fixtures()
        let file = try fixtures.write("markers.gpx", Self.pauseMarkers)
        let result = try CLI.run(["inspect", file])
        #expect(result.status == 65)
        #expect(result.stdout == "")
        #expect(result.stderr == "error: \(file):3:1: <trkpt> latitude 100 is outside -90…90\n")
    }

    @Test func malformedXMLExits65() throws {
        let fixtures = try Fixtures()
        let file = try fixtures.write("broken.gpx", "<gpx>\n<trk></gpx>")
        let result = try CLI.run(["inspect", file])
        #expect(result.status == 65)
        #expect(result.stderr == "error: \(file):2:8: mismatched tag\n")
    }

    @Test func lenientSkipsAndReportsInvalidPoints() throws {
        let fixtures = try Fixtures()
        let file = try fixtures.write("markers.gpx", Self.pauseMarkers)
        let result = try CLI.run(["inspect", "--lenient", "--format", "json", file])
        #expect(result.status == 0)
        let object = try #require(JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        #expect(object["trackPoints"] as? Int == 2)
        #expect(object["warnings"] as? [String] == ["3:1: skipped point: <trkpt> latitude 100 is outside -90…90"])
    }

    @Test func missingFileExits66() throws {
        let result = try CLI.run(["inspect", "/nonexistent/track.gpx"])
        #expect(result.status == 66)
        #expect(result.stderr == "error: /nonexistent/track.gpx: cannot open: No such file or directory\n")
    }

    @Test func otherFilesAreStillInspectedAndTheFirstFailureDecides() throws {
        let fixtures = try Fixtures()
        let good = try fixtures.write("good.gpx", Self.commute)
        let bad = try fixtures.write("bad.gpx", Self.pauseMarkers)
        let result = try CLI.run(["inspect", "--format", "json", "/nonexistent.gpx", good, bad])
        #expect(result.status == 66)
        #expect(result.stderr.split(separator: "\n").count == 2)
        let array = try #require(JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [[String: Any]])
        #expect(array.map { $0["file"] as? String } == [good])
    }

    @Test(arguments: [["inspect", "--bogus", "x.gpx"], ["inspect", "--format", "yaml", "x.gpx"], ["inspect"], ["frobnicate"]])
    func badUsageExits64(arguments: [String]) throws {
        let result = try CLI.run(arguments)
        #expect(result.status == 64)
        #expect(result.stderr.hasPrefix("error: "))
    }

    @Test func outputIsByteIdenticalAcrossRuns() throws {
        let fixtures = try Fixtures()
        let file = try fixtures.write("commute.gpx", Self.commute)
        let first = try CLI.run(["inspect", "--format", "json", file, file])
        let second = try CLI.run(["inspect", "--format", "json", file, file])
        #expect(first.stdout == second.stdout)
    }

    @Test func helpShowsExamplesAndExitStatuses() throws {
        let top = try CLI.run(["--help"])
        #expect(top.status == 0)
        #expect(top.stdout.contains("65  invalid track or recording data"))
        #expect(top.stdout.contains("2   compare: the device's recording and the model diverge"))
        let inspect = try CLI.run(["inspect", "--help"])
        #expect(inspect.stdout.contains("keepalive inspect --format json ride.gpx walk.gpx"))
    }
}
