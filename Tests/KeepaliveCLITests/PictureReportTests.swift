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
