import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
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

    /// geofence-arrival.yaml: four lanes under the fixes (kept alive by, wakes, background tasks,
    /// regions; 36 px each from 418, plus 4) and, since issue 31, the goal gaps row above them
    /// (30 px): the updates restarted in the exit's wake deliver for its 10 s only (§4's
    /// background start), so the stated goal (600 s / 1000 m, its numbers in the headline as they
    /// are not tracking's defaults) is met at 99.2 % with one gap at the end of the walk.
    /// Everything below the fixes moves down by 178 px; the sentence under the goal's line takes
    /// two lines, so all under the header moves down 17 px more; the wake at 2378 s of 3002
    /// (column 793) is a triangle in the wakes lane (middle 462) whose tooltip is the timeline's
    /// line; the suspension line runs through the lanes to 470 + 178. The budget counted while
    /// the app was in the café, so its chart stays whole (no lift). The map's key takes two
    /// lines (the stop mark's key does not fit beside start, end and gaps in 72 characters), so
    /// the list under it starts 14 px lower: 1027 + 14.
    @Test func mechanismEventsGetTheirLanes() throws {
        let fixtures = try Fixtures()
        let svg = fixtures.folder.appendingPathComponent("g.svg").path
        let result = try CLI.run(["replay", "Tracks/walk-with-cafe-stop.gpx", "--scenario", "Tracks/Scenarios/geofence-arrival.yaml", "--report", svg])
        #expect(result.status == 0)  // suspended in the café, woken by the exit: the script's tracking goal is met
        let picture = try String(contentsOfFile: svg, encoding: .utf8)
        #expect(picture.hasPrefix("<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"1000.00\" height=\"1041.00\""))
        #expect(picture.contains("<text x=\"24.00\" y=\"54.00\" font-size=\"14.00\" fill=\"#2e7d32\" font-weight=\"bold\">Goal tracking (10 min / 1.0 km, 95 %) met: 99.2 % of the moving time covered; 13 s (18 m) not; 1 gap.</text>"))
        #expect(picture.contains("<g transform=\"translate(0 17.00)\">"))
        for (y, name) in [(409, "goal gaps"), (430, "kept alive by"), (466, "wakes"), (502, "background tasks"), (538, "regions"), (598, "speed")] {
            #expect(picture.contains("<text x=\"110.00\" y=\"\(y).00\" font-size=\"12.00\" fill=\"#455a64\" text-anchor=\"end\">\(name)</text>"))
        }
        #expect(picture.contains("<path d=\"M793.00 457.50L797.50 465.50L788.50 465.50Z\" fill=\"#00897b\"><title>0:39:38 suspended → background: woken for a region exit</title></path>"))
        #expect(picture.contains("<line x1=\"553.49\" y1=\"76.00\" x2=\"553.49\" y2=\"648.00\" stroke=\"#c62828\" stroke-width=\"1.50\"/>"))
    }

    /// A plain navigation run on a 2-minute track, met: its lanes are what it used, the location
    /// session that held it and its background task (2 × 36 + 4 px), no wakes; no gap row. The
    /// session held it whenever it was in the background, so the budget panel is one line and
    /// everything under it moves up 120 px (836 before issue 34).
    @Test func aPlainRunHasOnlyTheLanesItUses() throws {
        let (status, svg) = try picture(track(speed: "5"))
        #expect(status == 0)
        #expect(svg.contains("height=\"716.00\""))
        #expect(svg.contains(">held by the location session whenever in the background: no background time used (budget 30 s)</text>"))
        #expect(svg.contains(">kept alive by</text>"))
        #expect(svg.contains(">background tasks</text>"))
        #expect(!svg.contains(">wakes</text>"))
        #expect(!svg.contains(">goal gaps</text>"))
    }

    /// The 50 m filter on the commute (749 s on the 850-px axis from 120, so x(t) = 120 + t·850/749):
    /// the goal's answer heads the picture in red; each of the 15 gaps runs from its anchor, the
    /// last fix before it (§4), to the next fix, a translucent band from the state bar (80) to the
    /// speed axis, bands that touch merged: 8 (gaps 2–3, 5–6 and 8–13 touch, each closing
    /// on the fix the next one starts from). The location session held the app whenever it was
    /// in the background, so the budget panel is one line and all under it moves up 120 px: the
    /// speed axis from 576 to 456, the gap row from 388 to 268. Gap 1 runs from the fix at 0:00:01
    /// to the one at 0:00:09 (x 121.13, 9.08 px), missed from 0:00:06: its bar in the gap row is
    /// pale to x(6) (5.67 px). The first ten are numbered over their bar's middle (1 at 125.67, 10
    /// over 0:08:19–0:08:26 at 690.26), and listed under the picture with their cause, the rest
    /// counted; the map draws a red stretch for each and a 500 m scale bar; the axes are labelled.
    @Test func theGapsAreNumberedBandsWithTheirCauses() throws {
        let fixtures = try Fixtures()
        let path = fixtures.folder.appendingPathComponent("f.svg").path
        let result = try CLI.run(["replay", "Tracks/city-commute.gpx", "--distance-filter", "50", "--seed", "3", "--report", path])
        #expect(result.status == 1)
        let svg = try String(contentsOfFile: path, encoding: .utf8)
        // The longest, gap 13: from the fix at 0:08:39 to the next, at 0:09:02 (the car stood still between).
        #expect(svg.contains("<text x=\"24.00\" y=\"54.00\" font-size=\"14.00\" fill=\"#c62828\" font-weight=\"bold\">Goal navigation missed: 88.6 % of the moving time covered; 42 s (324 m) not; 15 gaps, the longest 23 s.</text>"))
        let bands = svg.split(separator: "\n").filter { $0.contains("fill-opacity=\"0.13\"") }
        #expect(bands.count == 8)
        #expect(bands.first == "<rect x=\"121.13\" y=\"80.00\" width=\"9.08\" height=\"376.00\" fill=\"#e53935\" fill-opacity=\"0.13\" pointer-events=\"none\"/>")
        // Gap 4, 0:03:46–0:03:54: the car moved again at 0:03:46 after standing still since its last fix.
        #expect(bands[2] == "<rect x=\"376.48\" y=\"80.00\" width=\"9.08\" height=\"376.00\" fill=\"#e53935\" fill-opacity=\"0.13\" pointer-events=\"none\"/>")
        let pale = svg.split(separator: "\n").filter { $0.contains("fill=\"#ef9a9a\"") }
        #expect(pale.count == 15)
        #expect(pale.first == "<rect x=\"121.13\" y=\"281.00\" width=\"5.67\" height=\"8.00\" fill=\"#ef9a9a\"/>")
        let numbers = svg.split(separator: "\n").filter { $0.contains("fill=\"#b71c1c\" font-weight=\"bold\" text-anchor=\"middle\"") }
        #expect(numbers.count == 10)
        #expect(numbers.first == "<text x=\"125.67\" y=\"278.00\" font-size=\"10.00\" fill=\"#b71c1c\" font-weight=\"bold\" text-anchor=\"middle\">1</text>")
        #expect(numbers.last == "<text x=\"690.26\" y=\"278.00\" font-size=\"10.00\" fill=\"#b71c1c\" font-weight=\"bold\" text-anchor=\"middle\">10</text>")
        #expect(svg.contains(">gap 2 0:01:22–0:01:28 (32 m), 5 s uncovered from 0:01:23: the distance filter held the fixes back (each lay under it from the last one delivered); closed: fixes came</text>"))
        #expect(svg.contains(">… and 5 more gaps</text>"))
        #expect(!svg.contains(">gap 11 "))
        #expect(svg.split(separator: "\n").filter { $0.contains("stroke-opacity=\"0.45\"") }.count == 15)
        #expect(svg.contains(">500 m</text>"))
        #expect(svg.contains(">time (h:mm:ss)</text>"))
        #expect(!svg.contains(">time left (s)</text>"))
        #expect(svg.contains(">background time</text>"))
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
        // 60…120 s of 180 s on the 850-pixel axis that starts at 120; two lanes (76 px) move the
        // speed plot down from 390, the budget panel held by the session (one line) up 120.
        #expect(svg.contains("<rect x=\"403.33\" y=\"346.00\" width=\"283.33\" height=\"70.00\" fill=\"#ffebee\"/>"))
    }

    /// The HTML page carries what reproduces it: the command line as given (a track named with
    /// `<&"` shell-quoted, then escaped), the settings rows of the text report, the goal's
    /// coverage and every gap with its cause, and `--explain`'s result as the text prints it;
    /// the picture inside stays well-formed XML.
    @Test func theHTMLCarriesTheCommandTheSettingsTheCoverageAndTheExplanation() throws {
        let fixtures = try Fixtures()
        let track = try fixtures.write("a<&\"b.gpx", try String(contentsOf: CLI.packageRoot.appendingPathComponent("Tracks/city-commute.gpx"), encoding: .utf8))
        let page = fixtures.folder.appendingPathComponent("r.html").path
        let result = try CLI.run(["replay", track, "--distance-filter", "50", "--seed", "3", "--explain", "--report", page])
        #expect(result.status == 1)
        let html = try String(contentsOfFile: page, encoding: .utf8)
        let folder = fixtures.folder.path
        #expect(html.contains("<pre>keepalive replay &apos;\(folder)/a&lt;&amp;&quot;b.gpx&apos; --distance-filter 50 --seed 3 --explain --report \(page)</pre>"))
        #expect(!html.contains("a<&"))
        #expect(html.contains("<h1 class=\"missed\">Goal navigation missed: 88.6 % of the moving time covered; 42 s (324 m) not; 15 gaps, the longest 23 s.</h1>"))
        #expect(html.contains("<tr><td>device</td><td>ios17: 30 s of background time, paused while asleep</td></tr>"))
        #expect(html.contains("<tr><td>run</td><td>session policy, seed 3, starting authorization notDetermined</td></tr>"))
        #expect(html.contains("<tr><td>navigation</td><td>a fix at most 5 s old at every moving second (99 % of the moving time)</td><td>missed</td><td>88.6 %</td><td>42 s (324 m)</td><td>23 s</td><td>15</td></tr>"))
        // Gap 13: from the fix at 0:08:39, missed 5 moving seconds on, closed by the fix at 0:09:02.
        #expect(html.contains("<tr><th>#</th><th>from</th><th>first missed</th><th>to</th><th>distance</th><th>uncovered</th><th>why</th><th>closed</th></tr>"))
        #expect(html.contains("<tr><td>13</td><td class=\"time\">0:08:39</td><td class=\"time\">0:08:44</td><td class=\"time\">0:09:02</td><td>45 m</td><td>2 s</td><td>the distance filter held the fixes back (each lay under it from the last one delivered)</td><td>fixes came again</td></tr>"))
        let explained = result.stdout.split(separator: "\n").drop { !$0.hasPrefix("Explain:") }.joined(separator: "\n")
        #expect(!explained.isEmpty)
        #expect(html.contains("<h2>--explain</h2>\n<pre>\(explained)</pre>"))
        // The picture parses as XML.
        let start = try #require(html.range(of: "<svg ")), end = try #require(html.range(of: "</svg>"))
        let parser = XMLParser(data: Data(html[start.lowerBound..<end.upperBound].utf8))
        #expect(parser.parse())
    }
}
