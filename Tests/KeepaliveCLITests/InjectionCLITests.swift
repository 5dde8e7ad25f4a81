import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import Testing

/// Issue 21, injection: control characters from a script or a file name neither break an SVG,
/// HTML or JUnit file nor reach the terminal raw; a name cannot break a Markdown table or put
/// HTML in it.
@Suite struct InjectionCLITests {
    private let commute = CLI.packageRoot.appendingPathComponent("Tracks/city-commute.gpx").path

    /// Task name, log line, region, monitor and BGTask ids with ESC, BEL, CR, NUL, backspace,
    /// DEL, C1 CSI and the like, written as YAML escapes.
    private let scenario = #"""
        app:
          info: {backgroundModes: [location, fetch], whenInUseUsage: true, alwaysUsage: true, bgTaskIdentifiers: ["bg\e]0;pwned\a\x01"]}
          on:
            launch: [{set: {allowsBackgroundLocationUpdates: true}}, request-always, start-updates, {log: "log\e[2J\r\0\x7F\x9B<script>"},
                     {monitor-region: {radius: 100, id: "reg\e\x02", latitude: 47.37, longitude: 8.54}},
                     {monitor-region: {radius: 100, id: "mon\e\x03", monitor: "geo\e\x04"}},
                     {register-task: "bg\e]0;pwned\a\x01"}]
            background: [{begin-task: {name: "task\e[31m\b\x0B\f", as: t}}, {submit-refresh: {id: "bg\e]0;pwned\a\x01", earliest: 10}}]
        """#

    /// The characters a terminal acts on: C0 but line feed, DEL and C1.
    private func controls(_ text: String) -> [Unicode.Scalar] {
        text.unicodeScalars.filter { $0 != "\n" && ($0.value < 0x20 || (0x7F...0x9F).contains($0.value)) }
    }

    /// Whether Foundation's XML parser reads `text` to the end without an error.
    private func isWellFormed(_ text: String) -> Bool {
        XMLParser(data: Data(text.utf8)).parse()
    }

    @Test func controlCharactersAreEscapedInTextAndDroppedFromTheSVG() throws {
        let fixtures = try Fixtures()
        let file = try fixtures.write("evil.yaml", scenario)
        let svg = fixtures.folder.appendingPathComponent("r.svg").path
        let result = try CLI.run(["replay", commute, "--scenario", file, "--report", svg])
        #expect(result.status == 0)
        #expect(controls(result.stdout) == [])
        #expect(result.stdout.contains("  0:00:00  inactive          app: log\\u{1B}[2J\\u{D}\\u{0}\\u{7F}\\u{9B}<script>\n"))
        #expect(result.stdout.contains("  0:01:00  background  30 s  beginBackgroundTask \"task\\u{1B}[31m\\u{8}\\u{B}\\u{C}\" → #1\n"))
        #expect(result.stdout.contains("  0:00:00  inactive          BGTaskScheduler registers a launch handler for \"bg\\u{1B}]0;pwned\\u{7}\\u{1}\"\n"))
        #expect(result.stdout.contains("  0:00:00  inactive          CLMonitor(\"geo\\u{1B}\\u{4}\") opened\n"))
        #expect(result.stdout.contains("monitoringDidFailFor \"reg\\u{1B}\\u{2}\""))
        let picture = try String(contentsOfFile: svg, encoding: .utf8)
        #expect(isWellFormed(picture))
        #expect(controls(picture) == [])
        #expect(picture.contains("bg ]0;pwned  &quot;, not before "))
        // The page too: the same escaping, no control character.
        let html = fixtures.folder.appendingPathComponent("r.html").path
        #expect(try CLI.run(["replay", commute, "--scenario", file, "--report", html]).status == 0)
        let page = try String(contentsOfFile: html, encoding: .utf8)
        #expect(controls(page) == [])
        #expect(page.contains("<td>app: log [2J    &lt;script&gt;</td>"))
        // JSON Lines escape them as JSON does.
        let lines = try CLI.run(["replay", commute, "--scenario", file, "--format", "jsonl"])
        #expect(controls(lines.stdout) == [])
        #expect(lines.stdout.contains(#""message":"app: log\u001b[2J\r\u0000\u007f\u009b<script>""#))
    }

    @Test func errorMessagesShowControlCharactersEscaped() throws {
        let fixtures = try Fixtures()
        let file = try fixtures.write("bad.yaml", "events: [{at: 1, do: \"\\e]0;pwned\\a\"}]\n")
        let result = try CLI.run(["replay", commute, "--scenario", file])
        #expect(result.status == 64)
        #expect(controls(result.stderr) == [])
        #expect(result.stderr.hasPrefix("error: \(file):1:22: 'do' '\\u{1B}]0;pwned\\u{7}' is not an action ("))
        // What ArgumentParser quotes back from the command line.
        let option = try CLI.run(["replay", commute, "--format", "\u{1B}[2Jjson"])
        #expect(option.status == 64)
        #expect(option.stderr.hasPrefix("error: The value '\\u{1B}[2Jjson' is invalid for '--format <format>'. Please provide one of 'text', 'json' or 'jsonl'. See 'keepalive replay --help'.\n"))
        // A file name's bytes that are not UTF-8, as \xFE.
        let folder = fixtures.folder.path
        let missing = try CLI.run(["-c", "exec \"$0\" inspect \"$1/$(printf 'no\\376\\033').gpx\"", CLI.executable.path, folder], shell: true)
        #expect(missing.status == 66)
        #expect(missing.stderr == "error: \(folder)/no\\xFE\\u{1B}.gpx: cannot open: No such file or directory\n")
    }

    @Test func namesCannotBreakTheMarkdownTableOrTheJUnitFile() throws {
        let fixtures = try Fixtures()
        // A track whose name holds a line break, a bar and markup, and a run named likewise.
        let track = "t\n|<script>x\u{1B}.gpx"
        try FileManager.default.copyItem(atPath: commute, toPath: fixtures.folder.appendingPathComponent(track).path)
        let matrix = try fixtures.write("m.yaml", #"""
            tracks: ["t\n|<script>x\e.gpx"]
            runs: [{name: "a\nb|<script>alert(1)</script>\a\x9B", expect: suspended}]
            """#)
        let markdown = try CLI.run(["matrix", matrix, "--format", "markdown"])
        #expect(markdown.status == 1)
        #expect(markdown.stdout == """
            | track | profile | run | goal | verdict | at | expected | ok | why missed |
            | --- | --- | --- | --- | --- | --- | --- | --- | --- |
            | t\\u{A}\\|&lt;script&gt;x\\u{1B}.gpx | ios17 | a\\u{A}b\\|&lt;script&gt;alert(1)&lt;/script&gt;\\u{7}\\u{9B} | met 100 % | kept-alive | - | suspended | NO | - |

            1 run: 0 as expected, 1 not, 0 without an expectation; goals met in 1, missed in 0

            """)
        let text = try CLI.run(["matrix", matrix])
        #expect(controls(text.stdout) == [])
        #expect(text.stdout.hasPrefix("TRACK                       PROFILE  RUN                                           GOAL       VERDICT     AT  EXPECTED   OK\nt\\u{A}|<script>x\\u{1B}.gpx  ios17    a\\u{A}b|<script>alert(1)</script>\\u{7}\\u{9B}  met 100 %  kept-alive  -   suspended  NO\n"))
        let junit = try CLI.run(["matrix", matrix, "--format", "junit"])
        #expect(isWellFormed(junit.stdout))
        #expect(controls(junit.stdout) == [])
        #expect(junit.stdout.contains("<testcase classname=\"keepalive.t&#10;|&lt;script&gt;x .ios17\" name=\"a&#10;b|&lt;script&gt;alert(1)&lt;/script&gt;   (ios17)\">"))
    }
}
