import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import Testing

/// `keepalive compare --profiles … --conditions …` and `--report`: the cells' answer on the
/// sample (Tracks/compare), the JSON's shape, the picture well-formed whatever the files are
/// called, and never written over an input.
@Suite struct CompareReportCLITests {
    private let trip = "Tracks/compare/trip.gpx"
    private let recording = "Tracks/compare/device-recording.csv"

    @Test func theTextNamesTheCellsThatReproduceTheDevicesGaps() throws {
        let result = try CLI.run(["compare", trip, "--device", recording, "--profiles", "ios13, iOS17", "--conditions", "normal,low-power,restart-mid-trip,memory-pressure"])
        #expect(result.status == 2)  // the run's answer, whatever the cells say
        #expect(result.stderr.isEmpty)
        let cells = result.stdout.split(separator: "\n", omittingEmptySubsequences: false).drop { !$0.hasPrefix("Profiles × conditions") }.prefix(13)
        // low-power: the app goes to the background at 0:00:30, when Low Power Mode's auto-lock
        // locks the phone 30 s after the app came on screen (issue 31; the user's leaving at
        // 0:01:00 gave 0:01:04 before), so 30 s of the 1,200 moving ones less are covered: 2.7 %.
        // Each model gap runs from the app's last fix (§4): 0:00:29, and 0:09:59 for the restart
        // at 0:10:00 (missed from 0:00:34 and 0:10:04, the navigation goal's 5 s later).
        #expect(cells.joined(separator: "\n") == """
            Profiles × conditions: 8 cells, each replayed whole and judged from its fixes as the model above
              cell                      device's gaps           model too strict      model covered
              ios13 · normal            not: 1 unpredicted      none                  100 %
              ios13 · low-power         reproduced              0:00:29–0:20:00       2.7 %
              ios13 · restart-mid-trip  reproduced              0:09:59–0:20:00       50.3 %
              ios13 · memory-pressure   not: 1 unpredicted      none                  100 %
              ios17 · normal            not: 1 unpredicted      none                  100 %
              ios17 · low-power         reproduced              0:00:29–0:20:00       2.7 %
              ios17 · restart-mid-trip  reproduced              0:09:59–0:20:00       50.3 %
              ios17 · memory-pressure   not: 1 unpredicted      none                  100 %
            Reproduce the device's gaps (each is a gap of the cell's model): ios13 · low-power, ios13 · restart-mid-trip, ios17 · low-power, ios17 · restart-mid-trip
            Do not: ios13 · normal, ios13 · memory-pressure, ios17 · normal, ios17 · memory-pressure

            """)
        #expect(result.stdout.hasSuffix("\nThe device and the model diverge.\n"))
    }

    @Test func eitherListAloneCrossesWithTheRunsProfileOrTheNormalPhone() throws {
        let (_, conditions) = try CLI.json(["compare", trip, "--device", recording, "--profile", "ios26", "--conditions", "app-updated", "--format", "json"])
        let cell = try #require((conditions["cells"] as? [[String: Any]])?.first)
        #expect(cell["profile"] as? String == "ios26")
        #expect(cell["condition"] as? String == "app-updated")
        let (_, profiles) = try CLI.json(["compare", trip, "--device", recording, "--profiles", "16", "--format", "json"])
        let cells = try #require(profiles["cells"] as? [[String: Any]])
        #expect(cells.map { "\($0["profile"] ?? "") \($0["condition"] ?? "") \($0["finding"] ?? "")" } == ["ios16.0 normal does-not-reproduce"])
    }

    @Test func theJSONHasACellPerProfileAndCondition() throws {
        let (status, object) = try CLI.json(["compare", trip, "--device", recording, "--profiles", "ios17", "--conditions", "normal,restart-mid-trip", "--format", "json"])
        #expect(status == 2)
        #expect(object.keys.sorted() == ["cells", "device", "deviceCoverage", "deviceFixes", "deviceFixesInTrip", "diverged", "firstDivergence", "goal",
                                         "modelCoverage", "modelFixes", "outOfOrderDeviceFixes", "runCoverage", "tooStrict", "track", "unpredicted", "verdict"])
        let cells = try #require(object["cells"] as? [[String: Any]])
        #expect(cells.count == 2)
        #expect(cells[0].keys.sorted() == ["condition", "finding", "firstTooStrict", "firstUnpredicted", "modelFraction", "modelGapCount",
                                           "modelUncoveredSeconds", "profile", "reproduces", "tooStrictCount", "unpredictedCount"])
        #expect(cells.map { $0["finding"] as? String } == ["does-not-reproduce", "reproduces"])
        #expect(cells.map { $0["reproduces"] as? Bool } == [false, true])
        #expect(cells[0]["firstTooStrict"] is NSNull)
        let unpredicted = try #require(cells[0]["firstUnpredicted"] as? [String: Double])
        // Each gap from its last fix (§4), 5 s before its first missed second.
        #expect(unpredicted == ["from": 599, "firstMissed": 604, "to": 900, "seconds": 296, "firstSecond": 604])
        let strict = try #require(cells[1]["firstTooStrict"] as? [String: Double])
        #expect(strict == ["from": 599, "firstMissed": 604, "to": 1200, "seconds": 595, "firstSecond": 900])
        #expect(cells[1]["modelGapCount"] as? Int == 1)
        // Without the options, no cells.
        let (_, plain) = try CLI.json(["compare", trip, "--device", recording, "--format", "json"])
        #expect((plain["cells"] as? [Any])?.count == 0)
    }

    @Test(arguments: [
        (["--profiles", "ios17,ios71"], "error: --profiles: 'ios71' is an iOS version no profile covers (ios6: iOS 4–6, "),
        (["--profiles", "iso17"], "error: --profiles: 'iso17' is not a profile or an iOS version (ios6: iOS 4–6, "),
        (["--conditions", "low-powr"], "error: --conditions: 'low-powr' is not one of normal, low-power, low-battery, restart-mid-trip, app-updated, memory-pressure, hot; did you mean 'low-power'? See 'keepalive compare --help'.\n"),
        (["--conditions", "hot,hot"], "error: --conditions: 'hot' is listed twice\n"),
        (["--profiles", "15.3,15.5"], "error: --profiles: 'ios15.5' is listed twice: iOS 15.5 → ios15 profile (covers iOS 15), as iOS 15.3 → ios15 profile (covers iOS 15)\n"),
        (["--profiles", "ios13,ios17", "--conditions", "normal,hot", "--max-cells", "3"], "error: --profiles × --conditions: 4 cells (2 × 2), more than the limit of 3 (--max-cells raises it)\n"),
        (["--max-cells", "0"], "error: --max-cells: must be 1 or more; see 'keepalive compare --help'\n"),
        (["--report", "r.png"], "error: --report: 'r.png' must end in .svg or .html; see 'keepalive compare --help'\n"),
    ])
    func badListsAreUsageErrorsNamingTheOption(options: [String], message: String) throws {
        let result = try CLI.run(["compare", trip, "--device", recording] + options)
        #expect(result.status == 64)
        #expect(result.stderr.hasPrefix(message))
        #expect(result.stdout.isEmpty)
    }

    /// Whether Foundation's XML parser reads `text` to the end without an error.
    private func isWellFormed(_ text: String) -> Bool {
        XMLParser(data: Data(text.utf8)).parse()
    }

    @Test func thePictureIsWellFormedWhateverTheFilesAreCalled() throws {
        let fixtures = try Fixtures()
        let root = CLI.packageRoot
        let track = try fixtures.write("trip<&\"'\u{1B}]0;x\u{7}.gpx", try String(contentsOf: root.appendingPathComponent(trip), encoding: .utf8))
        let device = try fixtures.write("rec<svg><script>&amp;.csv", try String(contentsOf: root.appendingPathComponent(recording), encoding: .utf8))
        let svg = fixtures.folder.appendingPathComponent("r.svg").path, page = fixtures.folder.appendingPathComponent("r.html").path
        for report in [svg, page] {
            let result = try CLI.run(["compare", track, "--device", device, "--profiles", "ios17", "--conditions", "normal,low-power", "--report", report])
            #expect(result.status == 2)
        }
        let picture = try String(contentsOfFile: svg, encoding: .utf8)
        #expect(isWellFormed(picture))
        #expect(!picture.contains("<script>"))
        #expect(!picture.contains("\u{1B}"))
        // Both tracks (the trip wide and pale, the recording over it), the dashed jump over the device's gap, both lanes.
        #expect(picture.contains("stroke=\"#bcaaa4\" stroke-width=\"7.00\""))
        #expect(picture.contains("stroke=\"#1e88e5\" stroke-width=\"2.00\""))
        #expect(picture.components(separatedBy: "stroke-dasharray=\"5 4\"").count == 3)  // the jump and its key
        #expect(picture.contains(">gap the model did not predict</text>"))
        #expect(picture.contains(" fill=\"#6a1b9a\">first divergence 0:10:04</text>"))
        #expect(picture.contains(">fixes delivered</text>"))
        #expect(picture.contains(">reproduce the device&apos;s gaps: ios17 · low-power</text>"))
        #expect(picture.contains("<title>device gap 0:09:59–0:15:00 (4.5 km), 4 min 56 s uncovered from 0:10:04: the app ran but no fix reached it"))
        let html = try String(contentsOfFile: page, encoding: .utf8)
        #expect(!html.contains("<script>"))
        #expect(html.contains("<tr><td>ios17</td><td>low-power</td><td class=\"yes\">yes</td><td>0</td><td>1</td><td>2.7 %</td></tr>"))
        let start = try #require(html.range(of: "<svg ")), end = try #require(html.range(of: "</svg>\n"))
        #expect(isWellFormed(String(html[start.lowerBound..<end.upperBound])))
        // The report in words, in a <pre>, escaped line by line.
        #expect(html.contains("Do not: ios17 · normal\n\nThe device and the model diverge.</pre>"))
        #expect(!html.contains("\u{1B}"))
        // In the terminal too, the names' control characters are shown escaped, never sent.
        let text = try CLI.run(["compare", track, "--device", device])
        #expect(text.status == 2)
        #expect(text.stdout.hasPrefix("Track:  "))
        #expect(!text.stdout.contains("\u{1B}") && !text.stdout.contains("\u{7}"))
    }

    @Test func theReportIsNeverWrittenOverAnInput() throws {
        let fixtures = try Fixtures()
        let root = CLI.packageRoot
        let device = try fixtures.write("rec.csv", try String(contentsOf: root.appendingPathComponent(recording), encoding: .utf8))
        let track = try fixtures.write("trip.gpx", try String(contentsOf: root.appendingPathComponent(trip), encoding: .utf8))
        let scenario = try fixtures.write("s.yaml", "profile: ios17\n")
        for (input, role) in [(device, "the device's recording"), (track, "the track"), (scenario, "the scenario file")] {
            // A report path that is the input under another name.
            let link = fixtures.folder.appendingPathComponent("link-\(role.count).svg").path
            try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: input)
            let before = try String(contentsOfFile: input, encoding: .utf8)
            let result = try CLI.run(["compare", track, "--device", device, "--scenario", scenario, "--report", link])
            #expect(result.status == 64)
            #expect(result.stderr == "error: --report: '\(link)' is \(role) (\(input)): refusing to write over an input\n")
            #expect(try String(contentsOfFile: input, encoding: .utf8) == before)
        }
    }
}
