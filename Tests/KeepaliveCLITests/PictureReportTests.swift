import Foundation
import Testing

/// `--report` draws whatever a valid file holds, never a trap or NaN: recorded speeds beyond
/// light speed are dropped by the trajectory builder (the plot uses the derived ones), and
/// segments that overlap in time are refused before anything is drawn.
@Suite struct PictureReportTests {
    private func track(speed: String) -> String {
        """
        <gpx version="1.0"><trk><trkseg>
        <trkpt lat="47" lon="8"><time>2024-01-01T10:00:00Z</time><speed>\(speed)</speed></trkpt>
        <trkpt lat="47.001" lon="8"><time>2024-01-01T10:01:00Z</time><speed>5</speed></trkpt>
        <trkpt lat="47.002" lon="8"><time>2024-01-01T10:02:00Z</time><speed>5</speed></trkpt>
        </trkseg></trk></gpx>
        """
    }

    private func picture(_ gpx: String) throws -> (status: Int32, svg: String) {
        let fixtures = try Fixtures()
        let path = try fixtures.write("t.gpx", gpx)
        let svg = fixtures.folder.appendingPathComponent("t.svg").path
        let result = try CLI.run(["replay", path, "--report", svg])
        return (result.status, (try? String(contentsOfFile: svg, encoding: .utf8)) ?? "")
    }

    @Test(arguments: [("3e17", "20 km/h"), ("1e300", "20 km/h"), ("-1e16", "20 km/h")])
    func extremeRecordedSpeedsAreClampedToTheAxis(speed: String, axis: String) throws {
        let (status, svg) = try picture(track(speed: speed))
        #expect(status == 0)
        #expect(svg.contains(">\(axis)</text>"))
        #expect(!svg.lowercased().contains("nan"))
        #expect(!svg.contains("inf"))
    }

    @Test func segmentsOverlappingInTimeAreRefusedNotDrawn() throws {
        let (status, svg) = try picture("""
            <gpx version="1.1"><trk><trkseg>
            <trkpt lat="47" lon="8"><time>2024-01-01T10:00:00Z</time></trkpt>
            <trkpt lat="47.001" lon="8"><time>2024-01-01T10:05:00Z</time></trkpt>
            </trkseg><trkseg>
            <trkpt lat="47.002" lon="8"><time>2024-01-01T10:02:00Z</time></trkpt>
            <trkpt lat="47.003" lon="8"><time>2024-01-01T10:03:00Z</time></trkpt>
            </trkseg></trk></gpx>
            """)
        // The builder refuses contradictory times (exit 65) before anything is drawn.
        #expect(status == 65)
        #expect(svg == "")
    }

    /// geofence-arrival.yaml: three lanes under the fixes (kept alive by, wakes, regions; 36 px
    /// each from 388, plus 4), so everything below moves down by 112 px; the wake at 2575 s of
    /// 3002 (column 849) is a triangle in the wakes lane (middle 432) whose tooltip is the
    /// timeline's line; the suspension line runs through the lanes to 470 + 112.
    @Test func mechanismEventsGetTheirLanes() throws {
        let fixtures = try Fixtures()
        let svg = fixtures.folder.appendingPathComponent("g.svg").path
        let result = try CLI.run(["replay", "Tracks/walk-with-cafe-stop.gpx", "--scenario", "Tracks/Scenarios/geofence-arrival.yaml", "--report", svg])
        #expect(result.status == 0)  // suspended in the café, woken by the exit: the script's tracking goal is met
        let picture = try String(contentsOfFile: svg, encoding: .utf8)
        #expect(picture.hasPrefix("<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"1000.00\" height=\"872.00\""))
        for (y, name) in [(400, "kept alive by"), (436, "wakes"), (472, "regions"), (532, "speed")] {
            #expect(picture.contains("<text x=\"110.00\" y=\"\(y).00\" font-size=\"12.00\" fill=\"#455a64\" text-anchor=\"end\">\(name)</text>"))
        }
        #expect(picture.contains("<path d=\"M849.00 427.50L853.50 435.50L844.50 435.50Z\" fill=\"#00897b\"><title>0:42:55 suspended → background: woken for a region exit</title></path>"))
        #expect(picture.contains("<line x1=\"553.49\" y1=\"76.00\" x2=\"553.49\" y2=\"582.00\" stroke=\"#c62828\" stroke-width=\"1.50\"/>"))
    }

    /// A plain navigation run draws no lanes: the same picture as before them (the golden
    /// city-commute-filter-50.svg holds it byte for byte).
    @Test func aPlainRunHasNoLanes() throws {
        let (status, svg) = try picture(track(speed: "5"))
        #expect(status == 0)
        #expect(svg.contains("height=\"760.00\""))
        #expect(!svg.contains("<title>"))
        #expect(!svg.contains(">wakes</text>"))
    }

    @Test func aRealGapIsShaded() throws {
        let (status, svg) = try picture("""
            <gpx version="1.1"><trk><trkseg>
            <trkpt lat="47" lon="8"><time>2024-01-01T10:00:00Z</time></trkpt>
            <trkpt lat="47.001" lon="8"><time>2024-01-01T10:01:00Z</time></trkpt>
            </trkseg><trkseg>
            <trkpt lat="47.002" lon="8"><time>2024-01-01T10:02:00Z</time></trkpt>
            <trkpt lat="47.003" lon="8"><time>2024-01-01T10:03:00Z</time></trkpt>
            </trkseg></trk></gpx>
            """)
        #expect(status == 0)
        // 60…120 s of 180 s on the 850-pixel axis that starts at 120.
        #expect(svg.contains("<rect x=\"403.33\" y=\"390.00\" width=\"283.33\" height=\"70.00\" fill=\"#ffebee\"/>"))
    }
}
