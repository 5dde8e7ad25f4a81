import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import Testing

/// Issue 34 item 6, through the command: no mark of the picture contradicts its headline. The
/// strict reading is a footnote unless `--policy delivery`; gap numbers sit over their gaps'
/// middles and never touch; the HTML lists the run's events, escaped; compare's picture names
/// the field conditions that reproduce its first divergence.
@Suite struct PictureHeadlineCLITests {
    private static let filter50 = ["replay", "Tracks/city-commute.gpx", "--distance-filter", "50", "--seed", "3"]

    private func report(_ arguments: [String], _ name: String) throws -> String {
        let fixtures = try Fixtures()
        let path = fixtures.folder.appendingPathComponent(name).path
        _ = try CLI.run(arguments + ["--report", path])
        return try String(contentsOfFile: path, encoding: .utf8)
    }

    /// The commute with a 50 m filter stays alive under the session policy; the strict reading
    /// would suspend it (the JSON's strictSuspendedAt). No orange line, no "strict reading:" on
    /// the axis, none of it in the grey sentence: a footnote under the summary names it.
    @Test func theStrictReadingIsAFootnoteUnderTheSessionPolicy() throws {
        let (_, json) = try CLI.json(Self.filter50 + ["--format", "json"])
        #expect(json["verdict"] as? String == "kept-alive")
        #expect(json["strictVerdict"] as? String == "suspended")
        let strictAt = try #require(json["strictSuspendedAt"] as? Double)
        let svg = try report(Self.filter50, "s.svg")
        #expect(!svg.contains("stroke=\"#ef6c00\" stroke-width=\"1.50\" stroke-dasharray=\"6 3\""))
        #expect(!svg.contains(">strict reading"))
        #expect(svg.contains(">The app stayed alive for the whole trip (0:12:29).</text>"))
        let clock = String(format: "%d:%02d:%02d", Int(strictAt) / 3600, Int(strictAt) / 60 % 60, Int(strictAt) % 60)
        let footnote = "* Under the strict delivery reading (--policy delivery, not this run's): suspended at \(clock)."
        // Wrapped in the summary's column (84 characters): its words in order, in the footnote's grey.
        let lines = svg.split(separator: "\n").filter { $0.contains("font-size=\"10.00\" fill=\"#78909c\">") && $0.hasPrefix("<text x=\"520.00\"") }
        let text = lines.map { String($0.split(separator: ">")[1].split(separator: "<")[0]) }.joined(separator: " ")
        #expect(text == footnote.replacingOccurrences(of: "'", with: "&apos;"))
        let html = try report(Self.filter50, "s.html")
        #expect(html.contains("<p>The app stayed alive for the whole trip (0:12:29).</p>\n<p><small>\(footnote.replacingOccurrences(of: "'", with: "&apos;"))</small></p>"))
    }

    /// Under `--policy delivery` the strict reading is the run's: a summary row, no footnote.
    @Test func underTheDeliveryPolicyTheStrictReadingIsTheRunsOwn() throws {
        let svg = try report(Self.filter50 + ["--policy", "delivery"], "d.svg")
        #expect(svg.contains(">strict reading</text>"))
        #expect(!svg.contains("* Under the strict delivery reading"))
    }

    /// Each number sits over its gap's middle (x = 120 + t·850/749 on the commute's axis, t the
    /// middle of the JSON's gap), on level 0 (y 278) or stacked 10 px above (268); two numbers on
    /// one level keep 2 px between them (3.2 px a digit each side).
    @Test func gapNumbersSitOverTheirGapsAndNeverTouch() throws {
        let (_, json) = try CLI.json(Self.filter50 + ["--format", "json"])
        let coverage = try #require((json["coverage"] as? [[String: Any]])?.first)
        let gaps = try #require(coverage["gaps"] as? [[String: Any]])
        let duration = try #require(json["durationSeconds"] as? Double)
        let svg = try report(Self.filter50, "g.svg")
        var placed: [(number: Int, x: Double, y: Double)] = []
        for line in svg.split(separator: "\n") where line.contains("fill=\"#b71c1c\" font-weight=\"bold\" text-anchor=\"middle\">") {
            let number = try #require(Int(line.split(separator: ">")[1].split(separator: "<")[0]))
            func attribute(_ name: String) throws -> Double {
                let value = try #require(line.components(separatedBy: " \(name)=\"").dropFirst().first?.split(separator: "\"").first)
                return try #require(Double(value))
            }
            placed.append((number, try attribute("x"), try attribute("y")))
        }
        let folded = svg.contains("folded</text>")
        #expect(placed.count == 10 || folded)
        for label in placed {
            let gap = gaps[label.number - 1]
            let middle = ((gap["from"] as? Double ?? 0) + (gap["to"] as? Double ?? 0)) / 2
            #expect(String(format: "%.2f", label.x) == String(format: "%.2f", 120 + middle / duration * 850), "gap \(label.number)")
            #expect(label.y == 278 || label.y == 268)
        }
        for y in [278.0, 268] {
            let row = placed.filter { $0.y == y }.sorted { $0.x < $1.x }
            for (a, b) in zip(row, row.dropFirst()) {
                #expect(b.x - a.x >= Double(String(a.number).count + String(b.number).count) * 3.2 + 2 - 0.01, "\(a.number) and \(b.number)")
            }
        }
        // Gaps 2 and 3 (0:01:22–0:01:28, 0:01:28–0:01:34) have middles 6.8 px apart, under the 8.4 a pair of digits needs: 3 stacks.
        #expect(placed.first { $0.number == 3 }?.y == 268)
    }

    /// The HTML's events: leaving the app at the default 0:01:00, then the scenario's, each as
    /// the file writes it; a name with markup in it is escaped, and the picture stays XML.
    @Test func theHTMLListsTheEventsEscaped() throws {
        let fixtures = try Fixtures()
        let scenario = try fixtures.write("e.yaml", """
            events:
              - {at: 30, do: begin-background-task, name: "<b>&\\"x'"}
              - {at: 90, do: low-power-mode, on: true}
              - {at: 120, do: battery, level: 0.15}
            """)
        let page = fixtures.folder.appendingPathComponent("e.html").path
        _ = try CLI.run(["replay", "Tracks/city-commute.gpx", "--scenario", scenario, "--report", page])
        let html = try String(contentsOfFile: page, encoding: .utf8)
        #expect(html.contains("""
            <h3>Events</h3>
            <table>
            <tr><th>at</th><th>do</th><th>values</th></tr>
            <tr><td class="time">0:00:30 (30 s)</td><td>begin-background-task</td><td>name: &lt;b&gt;&amp;&quot;x&apos;</td></tr>
            <tr><td class="time">0:01:00 (60 s)</td><td>background</td><td></td></tr>
            <tr><td class="time">0:01:30 (90 s)</td><td>low-power-mode</td><td>on: true</td></tr>
            <tr><td class="time">0:02:00 (120 s)</td><td>battery</td><td>level: 0.15</td></tr>
            </table>
            """))
        #expect(!html.contains("<b>&"))
        let start = try #require(html.range(of: "<svg ")), end = try #require(html.range(of: "</svg>"))
        #expect(XMLParser(data: Data(html[start.lowerBound..<end.upperBound].utf8)).parse())
    }

    /// Docs/CLI.md's worked example: Low Power Mode, a restart and an app update, replayed from
    /// the device's last fix before the gap (0:09:59), reproduce the first divergence; critical
    /// memory pressure does not. The picture says so under its header and under the map.
    @Test func compareNamesTheConditionsThatReproduceTheDivergence() throws {
        let svg = try report(["compare", "Tracks/compare/trip.gpx", "--device", "Tracks/compare/device-recording.csv"], "c.svg")
        #expect(svg.contains("fill=\"#6a1b9a\" font-weight=\"bold\">Reproduce the first divergence, replayed from the device&apos;s last fix (0:09:59): Low Power Mode, a restart, an app update</text>"))
        #expect(svg.contains(">These do not: critical memory pressure</text>"))
        #expect(XMLParser(data: Data(svg.utf8)).parse())
    }
}
