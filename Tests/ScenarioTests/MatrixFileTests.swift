import Foundation
@testable import ScenarioInput
@testable import ScenarioReports
@testable import ScenarioRun
import Simulation
import Testing
import TestSupport

@Suite struct MatrixFileTests {
    private static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()

    @Test func readsTracksProfilesRunsAndExpectations() throws {
        let matrix = try MatrixFile.parse("""
            tracks: [a.gpx, ../b.gpx, /abs/c.gpx]
            profiles: [ios13, ios17]
            runs:
              - name: defaults
                expect: kept-alive
              - name: no flag
                settings: {backgroundLocation: false, distanceFilter: none}
                expect: {ios13: suspended, default: crashed}
              - settings:
                  events:
                    - {at: 300, do: lock}
            """, name: "dir/m.yaml")
        #expect(matrix.tracks == [MatrixTrack(name: "a.gpx", path: "dir/a.gpx"), MatrixTrack(name: "../b.gpx", path: "dir/../b.gpx"),
                                  MatrixTrack(name: "/abs/c.gpx", path: "/abs/c.gpx")])
        #expect(matrix.profiles.map(\.name) == ["ios13", "ios17"])
        #expect(matrix.runs.map(\.name) == ["defaults", "no flag", "run 3"])
        #expect(matrix.runs[1].settings.backgroundLocation == false)
        #expect(matrix.runs[1].settings.distanceFilter == DistanceFilter.none)
        #expect(matrix.runs[2].settings.events == [SimScenarioEvent(at: 300, .lock)])
        #expect(matrix.runs[1].expect == MatrixExpectation(byProfile: ["ios13": .suspended], otherwise: .crashed))
        #expect((matrix.runs[1].line, matrix.runs[1].column) == (6, 5))
        // Plan order: track, then profile, then run.
        #expect(matrix.cells.count == 18)
        #expect(matrix.cells.map { "\($0.track)\($0.profile)\($0.run)" }.prefix(7) == ["000", "001", "002", "010", "011", "012", "100"])
        #expect(matrix.cells.prefix(6).map(\.expected) == [.keptAlive, .suspended, nil, .keptAlive, .crashed, nil])
        #expect(matrix.cells.prefix(6).map(\.settings.profile.name) == ["ios13", "ios13", "ios13", "ios17", "ios17", "ios17"])
        #expect(matrix.cells(onTrack: 1) == 6..<12)
    }

    @Test func profilesDefaultToIOS17AndRunsToTheirNumber() throws {
        let matrix = try MatrixFile.parse("tracks: [a.gpx]\nruns: [{}, {expect: suspended}]\n", name: "m.yaml")
        #expect(matrix.profiles.map(\.name) == ["ios17"])
        #expect(matrix.tracks == [MatrixTrack(name: "a.gpx", path: "a.gpx")])
        #expect(matrix.runs.map(\.name) == ["run 1", "run 2"])
        #expect(matrix.cells.map(\.expected) == [nil, .suspended])
    }

    @Test func readsJSON() throws {
        let matrix = try MatrixFile.parse("""
            {"tracks": ["a.gpx"], "profiles": ["ios6"], "runs": [{"name": "x", "settings": {"seed": 7}, "expect": {"ios6": "terminated"}}]}
            """, name: "m.json")
        #expect(matrix.runs[0].settings.seed == 7)
        #expect(matrix.cells.map(\.expected) == [.terminated])
    }

    /// A scenario file's settings, relative to the matrix file, overridden by the run's own.
    @Test func aRunsSettingsOverrideItsScenarioFile() throws {
        let path = Self.root.appendingPathComponent("Docs/examples/m.yaml").path
        let matrix = try MatrixFile.parse("""
            tracks: [a.gpx]
            profiles: [ios13]
            runs: [{scenario: commute.yaml, settings: {distanceFilter: 100}}]
            """, name: path)
        let settings = matrix.runs[0].settings
        #expect(settings.distanceFilter == .meters(100))
        #expect(settings.enterBackgroundAt == 30)  // from commute.yaml
        #expect(settings.events.count == 2)
        // The matrix's profile wins over the file's `profile: ios17`.
        #expect(matrix.cells[0].settings.profile.name == "ios13")
    }

    @Test(arguments: [
        ("tracks: [a.gpx]\nruns: [{name: a, colour: red}]\n", "m.yaml:2:18: 'colour' is not a key of a run (name, settings, scenario, expect)"),
        ("tracks: [a.gpx]\nrun: []\n", "m.yaml:2:1: 'run' is not a key of a matrix; did you mean 'runs'? (tracks, profiles, conditions, settings, runs)"),
        ("tracks: [a.gpx]\nprofiles: [ios17, ios99]\nruns: [{}]\n", "m.yaml:2:19: 'ios99' is an iOS version no profile covers (ios6: iOS 4–6, ios7: iOS 7–8, ios9: iOS 9–10, ios12: iOS 11–12, ios13: iOS 13, ios14: iOS 14, ios15: iOS 15, ios16: iOS 16.0–16.3, ios16.4: iOS 16.4–16.x, ios17: iOS 17, ios18: iOS 18, ios26: iOS 26.0–26.3, ios26.4: iOS 26.4–26.x)"),
        ("tracks: [a.gpx]\nprofiles: [16.1, iOS16.2]\nruns: [{}]\n",
         "m.yaml:2:18: 'iOS16.2' is listed twice: iOS 16.2 → ios16 profile (covers iOS 16.0–16.3), as iOS 16.1 → ios16 profile (covers iOS 16.0–16.3)"),
        ("tracks: [a.gpx]\nprofiles: [ios15, '15.4']\nruns: [{}]\n",
         "m.yaml:2:19: '15.4' is listed twice: iOS 15.4 → ios15 profile (covers iOS 15), as ios15"),
        ("tracks: [a.gpx]\nprofiles: [ios17, ios17]\nruns: [{}]\n", "m.yaml:2:19: 'ios17' is listed twice"),
        ("tracks: [a.gpx]\nruns: [{expect: alive}]\n", "m.yaml:2:17: 'alive' is not an answer or a verdict (met, missed, kept-alive, suspended, terminated, crashed, foreground-only)"),
        ("tracks: [a.gpx]\nruns: [{expect: {ios13: suspended}}]\n", "m.yaml:2:18: 'ios13' is not one of the matrix's profiles (ios17) or 'default'"),
        ("tracks: [a.gpx]\nruns: [{expect: {default: gone}}]\n", "m.yaml:2:27: 'gone' is not an answer or a verdict (met, missed, kept-alive, suspended, terminated, crashed, foreground-only)"),
        ("tracks: [a.gpx]\nruns: [{expect: [suspended]}]\n", "m.yaml:2:17: 'expect' must be a verdict, or a mapping of profiles to verdicts"),
        ("tracks: [a.gpx]\nruns: [{name: a}, {name: a}]\n", "m.yaml:2:19: a run named 'a' is already in the list"),
        ("tracks: [a.gpx]\nruns: [{settings: {profile: ios13}}]\n", "m.yaml:2:20: 'profile' is set by the matrix's 'profiles' list, not by a run"),
        ("tracks: [a.gpx]\nruns: [{settings: [lock]}]\n", "m.yaml:2:19: 'settings' must be a mapping of scenario settings"),
        ("tracks: []\nruns: [{}]\n", "m.yaml:1:9: 'tracks' must be a list, not empty"),
        ("tracks: [a.gpx]\nruns: []\n", "m.yaml:2:7: 'runs' must be a list of runs, not empty"),
        ("runs: [{}]\n", "m.yaml: a matrix needs 'tracks' (a list of GPX files)"),
        ("tracks: [a.gpx]\n", "m.yaml: a matrix needs 'runs' (a list of settings to replay)"),
        ("- a\n", "m.yaml: a matrix is a mapping with 'tracks' and 'runs' (and 'profiles')"),
        // The scenario reader's own checks, at their place in the matrix file.
        ("tracks: [a.gpx]\nruns:\n  - name: a\n    settings:\n      backgroundLocation: false\n      distanceFiltr: 3\n",
         "m.yaml:6:7: 'distanceFiltr' is not a scenario setting; did you mean 'distanceFilter'? (distanceFilter, profile, infoPlist, lenient, answer … or one of 29 others; see Docs/Scenarios.md)"),
        ("tracks: [a.gpx]\nruns:\n  - settings:\n      events:\n        - {at: 5, do: jump}\n",
         "m.yaml:5:23: 'do' 'jump' is not an action (lock, call, launch, alarm, fetch … or one of 26 others; see Docs/Scenarios.md)"),
        ("tracks: [a.gpx]\nruns: [{settings: {budget: -3}}]\n", "m.yaml:2:28: 'budget' -3.0 is not a positive duration (1e-09…3155760000 s: 100 years)"),
        // Settings only `resolved()` checks name the run (and the profile, when there are several).
        ("tracks: [a.gpx]\nprofiles: [ios7, ios17]\nruns:\n  - {name: x, settings: {accuracy: nope}}\n",
         "m.yaml:4:5: run 'x' on ios7: --accuracy: 'nope' is not one of best-for-navigation, best, 10m, 100m, 1km, 3km, reduced"),
    ])
    func errorsNameTheirLineAndColumn(text: String, message: String) {
        #expect(throws: MatrixError(message, kind: .usage)) { try MatrixFile.parse(text, name: "m.yaml") }
    }

    /// Anything the scenario reader reads, an app script too, with its mistakes placed in the matrix file.
    @Test func aRunsSettingsMayHoldAnAppScript() throws {
        let text = """
            tracks: [a.gpx]
            runs:
              - settings:
                  app:
                    on: {launch: [request-always, start-updates]}
            """
        #expect(try MatrixFile.parse(text, name: "m.yaml").runs[0].settings.app != nil)
        #expect {
            try MatrixFile.parse(text.replacingOccurrences(of: "start-updates", with: "fly"), name: "m.yaml")
        } throws: { error in
            (error as? MatrixError)?.description.hasPrefix("m.yaml:5:39: ") == true
        }
    }

    @Test func unreadableFilesAreExit66() {
        #expect(throws: MatrixError("/no/such/m.yaml: cannot read the matrix file: No such file or directory", kind: .cannotOpen)) {
            try MatrixFile.read(contentsOf: "/no/such/m.yaml")
        }
        #expect(throws: MatrixError("/no/such/s.yaml: cannot read the scenario file: No such file or directory", kind: .cannotOpen)) {
            try MatrixFile.parse("tracks: [a.gpx]\nruns: [{scenario: s.yaml}]\n", name: "/no/such/m.yaml")
        }
    }

    /// Tracks are handed out the largest first, ties in plan order: the walk (310 kB), the tunnel
    /// (114 kB), the commute (78 kB), the parked car (13 kB), the waypoints (2,102 B), the untimed route (2,097 B).
    @Test func tracksAreHandedOutLargestFirst() throws {
        let names = ["city-commute", "highway-tunnel", "parked-car", "untimed-route", "walk-with-cafe-stop", "xcode-waypoints"]
        let matrix = try MatrixFile.parse("tracks: [\(names.map { "\($0).gpx" }.joined(separator: ", "))]\nruns: [{}]\n",
                                          name: Self.root.appendingPathComponent("Tracks/m.yaml").path)
        #expect(MatrixWorkerPool.order(matrix) == [4, 1, 0, 2, 5, 3])
    }

    /// What a worker writes reads back to the summaries the runner gives in one process.
    @MainActor
    @Test func workerLinesCarryTheSummaries() throws {
        let matrix = try MatrixFile.parse("""
            tracks: [parked-car.gpx, missing.gpx]
            runs: [{name: a}, {name: b, settings: {backgroundLocation: false}}]
            """, name: Self.root.appendingPathComponent("Tracks/m.yaml").path)
        var text = ""
        MatrixWorker.run(matrix, tracks: [0, 1]) { text += $0 }
        let lines = text.split(separator: "\n")
        #expect(lines.count == 5)  // each track's results, then its done line
        let decoder = MatrixWorker.Line.decoder()
        let decoded = try lines.map { try decoder.decode(MatrixWorker.Line.self, from: Data($0.utf8)) }
        #expect(decoded.map(\.cell) == [0, 1, nil, nil, nil])
        #expect(decoded.map(\.done) == [nil, nil, 0, nil, 1])
        #expect(lines[2] == #"{"done":0}"#)
        #expect(decoded.compactMap(\.summary) == (try MatrixRunner.run(matrix, track: 0)))
        #expect(decoded[3].track == 1 && decoded[3].kind == .cannotOpen)
        #expect(decoded[3].error?.hasSuffix("missing.gpx: cannot open: No such file or directory") == true)
    }

    @Test func reportsEscapeWhatTheirFormatsReserve() {
        #expect(SafeText.xml("a & <b> \"c\" 'd'\n\u{1}\u{7F}\u{9B}\t") == "a &amp; &lt;b&gt; &quot;c&quot; &apos;d&apos;&#10;   &#9;")
        #expect(SafeText.terminal("a\u{1B}[2J\r\n\u{7}\u{9B}\u{F7FF}") == "a\\u{1B}[2J\\u{D}\\u{A}\\u{7}\\u{9B}\\xFF")
        #expect(SafeText.terminal("a\u{1B}\nb\tc", keepingLineBreaks: true) == "a\\u{1B}\nb\tc")
        #expect(SafeText.markdownCell("a|b\n<script>&") == "a\\|b\\u{A}&lt;script&gt;&amp;")
    }
}

/// Top-level `settings:` (issue 34 item 5) and a matrix on standard input.
@Suite struct MatrixDefaultsTests {
    @Test func topLevelSettingsAreEveryRunsDefaultsOverriddenKeyByKey() throws {
        let matrix = try MatrixFile.parse("""
            tracks: [a.gpx]
            settings: {distanceFilter: 50, lockAt: 120, events: [{at: 10, do: lock}]}
            runs:
              - name: defaults
              - name: own filter
                settings: {distanceFilter: 100, events: [{at: 20, do: lock}]}
            """, name: "m.yaml")
        #expect(matrix.runs[0].settings.distanceFilter == .meters(50))
        #expect(matrix.runs[0].settings.lockAt == 120)
        #expect(matrix.runs[1].settings.distanceFilter == .meters(100))
        #expect(matrix.runs[1].settings.lockAt == 120)
        #expect(matrix.runs[1].settings.events == [SimScenarioEvent(at: 10, .lock), SimScenarioEvent(at: 20, .lock)])
    }

    @Test func topLevelSettingsAreCheckedAsARunsAre() {
        #expect(throws: MatrixError("m.yaml:2:12: 'profile' is set by the matrix's 'profiles' list, not by the matrix's 'settings'", kind: .usage)) {
            try MatrixFile.parse("tracks: [a.gpx]\nsettings: {profile: ios13}\nruns: [{}]\n", name: "m.yaml")
        }
        #expect(throws: MatrixError("m.yaml:2:11: 'settings' must be a mapping of scenario settings", kind: .usage)) {
            try MatrixFile.parse("tracks: [a.gpx]\nsettings: [a]\nruns: [{}]\n", name: "m.yaml")
        }
    }

    /// Read from standard input, the paths start where the command was typed, not at `/dev`.
    @Test(arguments: ["-", "/dev/stdin"])
    func aMatrixOnStandardInputResolvesPathsFromTheWorkingDirectory(name: String) throws {
        let matrix = try MatrixFile.parse("tracks: [sub/a.gpx]\nruns: [{}]\n", name: name)
        #expect(matrix.tracks == [MatrixTrack(name: "sub/a.gpx", path: "sub/a.gpx")])
        #expect(StandardInput.folder(of: "dir/m.yaml") == "dir")
    }
}
