import Foundation
import Testing

/// `keepalive matrix`, run as a user runs it, on two shipped tracks copied beside a matrix file
/// (so that the names in the output do not depend on where the tests run). The times follow
/// from the model (Docs/Model.md): the app leaves the foreground at 60 s; without the background
/// flag, iOS 17's 30 s budget and 5 s grace suspend it at 90 s; the parked car stops moving and
/// updates pause after 20 min (automotive navigation) or 10 min (fitness), then the budget
/// (iOS 7: 180 s, iOS 17: 30 s) runs out.
@Suite struct MatrixCommandTests {
    static let matrix = """
        tracks: [city-commute.gpx, parked-car.gpx]
        profiles: [ios7, ios17]
        runs:
          - name: defaults
            expect: kept-alive
          - name: no background flag
            settings: {backgroundLocation: false}
            expect: {ios7: kept-alive, default: suspended}
          - name: locked, fitness
            settings: {lockAt: 120, activityType: fitness}

        """

    /// A folder with the two tracks and `matrix.yaml` (or `text`).
    private func folder(_ text: String = matrix) throws -> Fixtures {
        let fixtures = try Fixtures()
        for track in ["city-commute.gpx", "parked-car.gpx"] {
            let content = try String(contentsOf: CLI.packageRoot.appendingPathComponent("Tracks/\(track)"), encoding: .utf8)
            _ = try fixtures.write(track, content)
        }
        _ = try fixtures.write("matrix.yaml", text)
        return fixtures
    }

    private func run(_ options: [String], matrix: String = matrix) throws -> CLI.Result {
        let fixtures = try folder(matrix)
        return try CLI.run(["matrix", "matrix.yaml"] + options, in: fixtures.folder)
    }

    private static let paused20 = "background time expired; every background task was ended in its expiration handler (because updates paused automatically after 20 min without moving (automotiveNavigation))"
    private static let noFlag = "background time expired; every background task was ended in its expiration handler (because allowsBackgroundLocationUpdates is false)"

    @Test func textIsATableThenTheRunsNotAsExpectedThenTheCount() throws {
        let result = try run([])
        #expect(result.status == 1)
        #expect(result.stderr == "")
        #expect(result.stdout == """
            TRACK             PROFILE  RUN                 GOAL           VERDICT     AT       EXPECTED    OK
            city-commute.gpx  ios7     defaults            met 100 %      kept-alive  -        kept-alive  yes
            city-commute.gpx  ios7     no background flag  met 100 %      kept-alive  -        kept-alive  yes
            city-commute.gpx  ios7     locked, fitness     met 100 %      kept-alive  -        -           -
            city-commute.gpx  ios17    defaults            met 100 %      kept-alive  -        kept-alive  yes
            city-commute.gpx  ios17    no background flag  missed 11.8 %  suspended   0:01:30  suspended   yes
            city-commute.gpx  ios17    locked, fitness     met 100 %      kept-alive  -        -           -
            parked-car.gpx    ios7     defaults            met 100 %      suspended   0:23:01  kept-alive  NO
            parked-car.gpx    ios7     no background flag  met 100 %      suspended   0:23:01  kept-alive  NO
            parked-car.gpx    ios7     locked, fitness     met 100 %      suspended   0:10:01  -           -
            parked-car.gpx    ios17    defaults            met 100 %      suspended   0:20:31  kept-alive  NO
            parked-car.gpx    ios17    no background flag  met 100 %      suspended   0:01:30  suspended   yes
            parked-car.gpx    ios17    locked, fitness     met 100 %      suspended   0:10:01  -           -

            not as expected:
              parked-car.gpx, ios7, defaults: expected kept-alive. Goal navigation met: 100 % of the moving time covered. The app was suspended at 0:23:01: \(Self.paused20).
              parked-car.gpx, ios7, no background flag: expected kept-alive. Goal navigation met: 100 % of the moving time covered. The app was suspended at 0:23:01: \(Self.paused20).
              parked-car.gpx, ios17, defaults: expected kept-alive. Goal navigation met: 100 % of the moving time covered. The app was suspended at 0:20:31: \(Self.paused20).

            12 runs: 5 as expected, 3 not, 4 without an expectation; goals met in 11, missed in 1

            """)
    }

    /// The table, with why each missed goal was missed: its first gap's start and nearest cause.
    @Test func markdownIsTheTableAndTheCount() throws {
        let result = try run(["--format", "markdown"])
        #expect(result.status == 1)
        #expect(result.stdout == """
            | track | profile | run | goal | verdict | at | expected | ok | why missed |
            | --- | --- | --- | --- | --- | --- | --- | --- | --- |
            | city-commute.gpx | ios7 | defaults | met 100 % | kept-alive | - | kept-alive | yes | - |
            | city-commute.gpx | ios7 | no background flag | met 100 % | kept-alive | - | kept-alive | yes | - |
            | city-commute.gpx | ios7 | locked, fitness | met 100 % | kept-alive | - | - | - | - |
            | city-commute.gpx | ios17 | defaults | met 100 % | kept-alive | - | kept-alive | yes | - |
            | city-commute.gpx | ios17 | no background flag | missed 11.8 % | suspended | 0:01:30 | suspended | yes | 0:01:30: background time expired |
            | city-commute.gpx | ios17 | locked, fitness | met 100 % | kept-alive | - | - | - | - |
            | parked-car.gpx | ios7 | defaults | met 100 % | suspended | 0:23:01 | kept-alive | NO | - |
            | parked-car.gpx | ios7 | no background flag | met 100 % | suspended | 0:23:01 | kept-alive | NO | - |
            | parked-car.gpx | ios7 | locked, fitness | met 100 % | suspended | 0:10:01 | - | - | - |
            | parked-car.gpx | ios17 | defaults | met 100 % | suspended | 0:20:31 | kept-alive | NO | - |
            | parked-car.gpx | ios17 | no background flag | met 100 % | suspended | 0:01:30 | suspended | yes | - |
            | parked-car.gpx | ios17 | locked, fitness | met 100 % | suspended | 0:10:01 | - | - | - |

            12 runs: 5 as expected, 3 not, 4 without an expectation; goals met in 11, missed in 1

            """)
    }

    @Test func jsonHasTypedFieldsForEveryRun() throws {
        let result = try run(["--format", "json"])
        #expect(result.status == 1)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        #expect(object["matrix"] as? String == "matrix.yaml")
        #expect(object["total"] as? Int == 12)
        #expect(object["asExpected"] as? Int == 5)
        #expect(object["notAsExpected"] as? Int == 3)
        #expect(object["withoutExpectation"] as? Int == 4)
        let runs = try #require(object["runs"] as? [[String: Any]])
        func text(_ value: Any?) -> String { value.map { $0 is NSNull ? "null" : "\($0)" } ?? "missing" }
        let rows = runs.map { run in
            ["track", "profile", "run", "verdict", "at", "suspendedAt", "terminatedAt", "expected", "ok"].map { text(run[$0]) }.joined(separator: " / ")
        }
        #expect(rows == [
            "city-commute.gpx / ios7 / defaults / kept-alive / null / null / null / kept-alive / 1",
            "city-commute.gpx / ios7 / no background flag / kept-alive / null / null / null / kept-alive / 1",
            "city-commute.gpx / ios7 / locked, fitness / kept-alive / null / null / null / null / null",
            "city-commute.gpx / ios17 / defaults / kept-alive / null / null / null / kept-alive / 1",
            "city-commute.gpx / ios17 / no background flag / suspended / 90 / 90 / null / suspended / 1",
            "city-commute.gpx / ios17 / locked, fitness / kept-alive / null / null / null / null / null",
            "parked-car.gpx / ios7 / defaults / suspended / 1381 / 1381 / null / kept-alive / 0",
            "parked-car.gpx / ios7 / no background flag / suspended / 1381 / 1381 / null / kept-alive / 0",
            "parked-car.gpx / ios7 / locked, fitness / suspended / 601 / 601 / null / null / null",
            "parked-car.gpx / ios17 / defaults / suspended / 1231 / 1231 / null / kept-alive / 0",
            "parked-car.gpx / ios17 / no background flag / suspended / 90 / 90 / null / suspended / 1",
            "parked-car.gpx / ios17 / locked, fitness / suspended / 601 / 601 / null / null / null",
        ])
        #expect(runs[6]["reason"] as? String == Self.paused20)
        let causes = (runs[6]["causes"] as? [[String: String]] ?? []).map { $0["cause"] ?? "" }
        #expect(causes == ["backgroundTimeExpired", "updatesPausedAutomatically", "tasksEndedInHandlers"])
        #expect(runs[0]["reason"] is NSNull)
        #expect(runs[0]["sentence"] as? String == "The app stayed alive for the whole trip (0:12:29).")
        // Booleans are JSON booleans, not numbers.
        #expect(result.stdout.contains("\"ok\": true,") && result.stdout.contains("\"ok\": false,") && result.stdout.contains("\"ok\": null,"))
    }

    @Test func junitHasATestCasePerRunAndAFailurePerUnexpectedVerdict() throws {
        let result = try run(["--format", "junit"])
        #expect(result.status == 1)
        let stayed = "<system-out>The app stayed alive for the whole trip (0:12:29).</system-out>"
        func failure(_ at: String) -> String {
            """
                  <failure message="expected kept-alive, was suspended at \(at)" type="suspended">\(Self.paused20)</failure>
                  <system-out>The app was suspended at \(at): \(Self.paused20).</system-out>
            """
        }
        func locked(_ budget: Int) -> String {
            "<system-out>The app was suspended at 0:10:01: the device sleeps and nothing keeps the app running: it gets no CPU time until the device wakes, when its \(budget) s of background time resume (because updates paused automatically after 10 min without moving (fitness)).</system-out>"
        }
        #expect(result.stdout == """
            <?xml version="1.0" encoding="UTF-8"?>
            <testsuites name="keepalive matrix matrix.yaml" tests="12" failures="3">
              <testsuite name="city-commute.gpx" tests="6" failures="0">
                <testcase classname="keepalive.city-commute.ios7" name="defaults (ios7)">
                  \(stayed)
                </testcase>
                <testcase classname="keepalive.city-commute.ios7" name="no background flag (ios7)">
                  \(stayed)
                </testcase>
                <testcase classname="keepalive.city-commute.ios7" name="locked, fitness (ios7)">
                  \(stayed)
                </testcase>
                <testcase classname="keepalive.city-commute.ios17" name="defaults (ios17)">
                  \(stayed)
                </testcase>
                <testcase classname="keepalive.city-commute.ios17" name="no background flag (ios17)">
                  <system-out>The app was suspended at 0:01:30: \(Self.noFlag).</system-out>
                </testcase>
                <testcase classname="keepalive.city-commute.ios17" name="locked, fitness (ios17)">
                  \(stayed)
                </testcase>
              </testsuite>
              <testsuite name="parked-car.gpx" tests="6" failures="3">
                <testcase classname="keepalive.parked-car.ios7" name="defaults (ios7)">
            \(failure("0:23:01"))
                </testcase>
                <testcase classname="keepalive.parked-car.ios7" name="no background flag (ios7)">
            \(failure("0:23:01"))
                </testcase>
                <testcase classname="keepalive.parked-car.ios7" name="locked, fitness (ios7)">
                  \(locked(180))
                </testcase>
                <testcase classname="keepalive.parked-car.ios17" name="defaults (ios17)">
            \(failure("0:20:31"))
                </testcase>
                <testcase classname="keepalive.parked-car.ios17" name="no background flag (ios17)">
                  <system-out>The app was suspended at 0:01:30: \(Self.noFlag).</system-out>
                </testcase>
                <testcase classname="keepalive.parked-car.ios17" name="locked, fitness (ios17)">
                  \(locked(30))
                </testcase>
              </testsuite>
            </testsuites>

            """)
    }

    /// Two tracks, so `--jobs 2` runs two worker processes; `--jobs 1` replays in the process.
    @Test(arguments: ["text", "markdown", "json", "junit"])
    func outputIsTheSameWhateverTheNumberOfJobs(format: String) throws {
        let fixtures = try folder()
        let one = try CLI.run(["matrix", "matrix.yaml", "--format", format, "--jobs", "1"], in: fixtures.folder)
        let two = try CLI.run(["matrix", "matrix.yaml", "--format", format, "--jobs", "2"], in: fixtures.folder)
        let many = try CLI.run(["matrix", "matrix.yaml", "--format", format, "--jobs", "8"], in: fixtures.folder)
        #expect(one.status == 1 && two.status == 1 && many.status == 1)
        #expect(!one.stdout.isEmpty)
        #expect(one.stdout == two.stdout)
        #expect(one.stdout == many.stdout)
    }

    /// For JSON the workers write each run's object and send only each goal's first gap in the
    /// summary: the parent's document is still every gap of every run, as `--jobs 1` writes it.
    @Test func workersWriteTheRunsOfTheJSONWithEveryGap() throws {
        // A distance filter leaves gaps in the navigation goal's coverage, many a run.
        let fixtures = try folder("""
            tracks: [city-commute.gpx, again.gpx]
            profiles: [ios17]
            runs: [{name: filtered, settings: {distanceFilter: 100}}]

            """)
        _ = try fixtures.write("again.gpx", try String(contentsOf: CLI.packageRoot.appendingPathComponent("Tracks/city-commute.gpx"), encoding: .utf8))
        let one = try CLI.run(["matrix", "matrix.yaml", "--format", "json", "--jobs", "1"], in: fixtures.folder)
        let two = try CLI.run(["matrix", "matrix.yaml", "--format", "json", "--jobs", "2"], in: fixtures.folder)
        #expect(two.stdout == one.stdout)
        let document = try #require(try JSONSerialization.jsonObject(with: Data(two.stdout.utf8)) as? [String: Any])
        let runs = try #require(document["runs"] as? [[String: Any]])
        let gapsWritten = runs.map { run in
            ((run["coverage"] as? [[String: Any]]) ?? []).map { ($0["gaps"] as? [Any])?.count ?? -1 }.reduce(0, +)
        }
        #expect(gapsWritten == [40, 40])  // so the trimming below shows
        // A worker that leaves out the objects (its summaries short of gaps) is an error, not a short document.
        // Its frames are `row N LENGTH` and the object's lines, the last one "    }".
        let stripping = try fixtures.write("stripping.sh", """
            #!/bin/sh
            '\(CLI.executable.path)' "$@" | sed -u '/^row /,/^    }$/d'

            """)
        chmod(stripping, 0o755)
        let stripped = try CLI.run(["matrix", "matrix.yaml", "--format", "json", "--jobs", "2", "--worker-executable", stripping], in: fixtures.folder)
        #expect(stripped.status == 70)
        #expect(stripped.stdout == "")
        #expect(stripped.stderr == "error: worker 1 of 2 (city-commute.gpx) said it was done with city-commute.gpx without the object of cell 0 (city-commute.gpx, ios17, 'filtered')\n")
        // A worker asked for rows: its summaries carry one gap a goal, its rows all of them.
        let worker = try CLI.run(["matrix-worker", "--name", "matrix.yaml", "--cells", String(runs.count),
                                  "--tracks", "0", "--renders-rows", "matrix.yaml"], in: fixtures.folder)
        #expect(worker.status == 0)
        let summaryLine = try #require(worker.stdout.split(separator: "\n", maxSplits: 1).first)
        let summary = try #require(try JSONSerialization.jsonObject(with: Data(summaryLine.utf8)) as? [String: Any])
        #expect(summary["cell"] as? Int == 0)
        let coverage = try #require((summary["summary"] as? [String: Any])?["coverage"] as? [[String: Any]])
        #expect(coverage.map { ($0["gaps"] as? [Any])?.count } == [1])
        // Then the frame, its object exactly as long as announced, then the done line.
        let afterSummary = Array(worker.stdout.utf8.dropFirst(summaryLine.utf8.count + 1))
        let header = try #require(afterSummary.split(separator: UInt8(ascii: "\n"), maxSplits: 1).first)
        let fields = String(decoding: header, as: UTF8.self).split(separator: " ")
        #expect(fields.count == 3 && fields[0] == "row" && fields[1] == "0")
        let length = try #require(Int(fields[2]))
        let object = afterSummary.dropFirst(header.count + 1).prefix(length)
        #expect(String(decoding: afterSummary.dropFirst(header.count + 1 + length), as: UTF8.self) == "\n" + #"{"done":0}"# + "\n")
        #expect(object.first == UInt8(ascii: "{") && object.last == UInt8(ascii: "}"))
        let row = try #require(try JSONSerialization.jsonObject(with: Data(object)) as? [String: Any])
        #expect((row["coverage"] as? [[String: Any]])?.map { ($0["gaps"] as? [Any])?.count } == [40])
        #expect(two.stdout.contains("\"runs\": [\n    " + String(decoding: object, as: UTF8.self) + ",\n    {"))  // the first run
    }

    /// Workers read the text the parent read, so a matrix can come from a pipe.
    @Test func aMatrixOnStandardInputRunsInWorkers() throws {
        let fixtures = try folder()
        let track = { (name: String) in fixtures.folder.appendingPathComponent(name).path }
        let text = "tracks: ['\(track("city-commute.gpx"))', '\(track("parked-car.gpx"))']\nruns: [{expect: kept-alive}]\n"
        _ = try fixtures.write("piped.yaml", text)
        let result = try CLI.run(["-c", "\"$0\" matrix /dev/stdin --jobs 2 < piped.yaml", CLI.executable.path], in: fixtures.folder, shell: true)
        #expect(result.status == 1)
        #expect(result.stderr == "")
        #expect(result.stdout.hasSuffix("\n2 runs: 1 as expected, 1 not, 0 without an expectation; goals met in 2, missed in 0\n"))
    }

    @Test func exitsZeroWhenEveryRunIsAsExpectedAndWritesTheOutputFile() throws {
        let fixtures = try folder("""
            tracks: [city-commute.gpx]
            runs:
              - {name: defaults, expect: kept-alive}
              - {name: no flag, settings: {backgroundLocation: false}, expect: suspended}
              - {name: unchecked, settings: {distanceFilter: 500}}
            """)
        let result = try CLI.run(["matrix", "matrix.yaml", "--format", "markdown", "--output", "out.md"], in: fixtures.folder)
        #expect(result.status == 0)
        #expect(result.stdout == "")
        let written = try String(contentsOf: fixtures.folder.appendingPathComponent("out.md"), encoding: .utf8)
        #expect(written.hasSuffix("\n3 runs: 2 as expected, 0 not, 1 without an expectation; goals met in 1, missed in 2\n"))
    }

    /// The documented example meets its own expectations.
    @Test func theExampleMatrixIsAsExpected() throws {
        let result = try CLI.run(["matrix", "Docs/examples/matrix.yaml"])
        #expect(result.status == 0)
        #expect(result.stdout.hasSuffix("\n20 runs: 16 as expected, 0 not, 4 without an expectation; goals met in 10, missed in 10\n"))
    }

    @Test(arguments: [
        ("tracks: [city-commute.gpx]\nruns: [{name: a, colour: red}]\n",
         "error: matrix.yaml:2:18: 'colour' is not a key of a run (name, settings, scenario, expect)"),
        ("tracks: [city-commute.gpx]\nprofiles: [ios17, ios99]\nruns: [{name: a}]\n",
         "error: matrix.yaml:2:19: 'ios99' is an iOS version no profile covers (ios6: iOS 4–6, ios7: iOS 7–8, ios9: iOS 9–10, ios12: iOS 11–12, ios13: iOS 13, ios14: iOS 14, ios15: iOS 15, ios16: iOS 16.0–16.3, ios16.4: iOS 16.4–16.x, ios17: iOS 17, ios18: iOS 18, ios26: iOS 26.0–26.3, ios26.4: iOS 26.4–26.x)"),
        ("tracks: [city-commute.gpx]\nruns: [{name: a, expect: alive}]\n",
         "error: matrix.yaml:2:26: 'alive' is not an answer or a verdict (met, missed, kept-alive, suspended, terminated, crashed, foreground-only)"),
        ("tracks: [city-commute.gpx]\nruns:\n  - name: a\n    settings: {backgroundLocation: false, distanceFiltr: 3}\n",
         "error: matrix.yaml:4:43: 'distanceFiltr' is not a scenario setting; did you mean 'distanceFilter'? (distanceFilter, profile, infoPlist, lenient, answer … or one of 29 others; see Docs/Scenarios.md)"),
    ])
    func aBadMatrixIsAUsageErrorWithItsPlace(matrix: String, message: String) throws {
        let result = try run([], matrix: matrix)
        #expect(result.status == 64)
        #expect(result.stdout == "")
        #expect(result.stderr == message + "\n")
    }

    @Test func anInvalidTrackIsADataErrorNamingTheFile() throws {
        let fixtures = try folder("tracks: [city-commute.gpx, bad.gpx]\nruns: [{name: a}]\n")
        _ = try fixtures.write("bad.gpx", "<gpx><trk><trkseg><trkpt lat=\"x\"/></trkseg></trk></gpx>")
        for jobs in ["1", "2"] {
            let result = try CLI.run(["matrix", "matrix.yaml", "--jobs", jobs], in: fixtures.folder)
            #expect(result.status == 65)
            #expect(result.stdout == "")
            #expect(result.stderr == "error: bad.gpx:1:19: <trkpt> lat=\"x\" is not a number\n")
        }
    }

    @Test func aMissingTrackOrMatrixFileCannotBeOpened() throws {
        let fixtures = try folder("tracks: [city-commute.gpx, missing.gpx]\nruns: [{name: a}]\n")
        for jobs in ["1", "2"] {
            let result = try CLI.run(["matrix", "matrix.yaml", "--jobs", jobs], in: fixtures.folder)
            #expect(result.status == 66)
            #expect(result.stderr == "error: missing.gpx: cannot open: No such file or directory\n")
        }
        let noMatrix = try CLI.run(["matrix", "nothing.yaml"], in: fixtures.folder)
        #expect(noMatrix.status == 66)
        #expect(noMatrix.stderr == "error: nothing.yaml: cannot read the matrix file: No such file or directory\n")
    }

    @Test func anUnwritableOutputIsExit73() throws {
        let result = try run(["--output", "no/such/folder/out.txt"])
        #expect(result.status == 73)
        #expect(result.stderr == "error: no/such/folder/out.txt: cannot write the output: No such file or directory\n")
    }

    /// A worker that sends its track's results but not its done line never asks for the next
    /// track: the parent trapped on the track left in the queue (exit 132; issue 33, item 5,
    /// Tests/Fuzz/Regressions/matrix-worker/results-without-the-done-line-left-tracks-queued).
    @Test func aWorkerThatNeverSaysItIsDoneIsAClearError() throws {
        let fixtures = try folder("tracks: [city-commute.gpx, parked-car.gpx, again.gpx]\nruns: [{name: a}]\n")
        _ = try fixtures.write("again.gpx", try String(contentsOf: CLI.packageRoot.appendingPathComponent("Tracks/parked-car.gpx"), encoding: .utf8))
        let worker = try fixtures.write("worker.sh", """
            #!/bin/sh
            read first
            command=$1; shift
            '\(CLI.executable.path)' "$command" --tracks "$first" "$@" | grep -v '^{"done"'

            """)
        chmod(worker, 0o755)
        let result = try CLI.run(["matrix", "matrix.yaml", "--jobs", "2", "--worker-executable", worker], in: fixtures.folder)
        #expect(result.status == 70)
        #expect(result.stdout == "")
        #expect(result.stderr == "error: worker 1 of 2 (city-commute.gpx) ended without saying it was done with city-commute.gpx\n")
    }

    /// A worker that prints garbage, exits with an error or is killed is named, and the run ends.
    @Test(arguments: [
        ("echo garbage", "worker 1 of 2 (city-commute.gpx) printed a line that is not a result: 'garbage'"),
        ("echo broken >&2; exit 3", "worker 1 of 2 (city-commute.gpx) exited with status 3: broken"),
        ("kill -9 $$", "worker 1 of 2 (city-commute.gpx) was killed by signal 9"),
        ("exit 0", "worker 1 of 2 (city-commute.gpx) ended without the results of 3 of its 3 runs"),
    ])
    func aFailingWorkerIsAClearError(script: String, message: String) throws {
        let fixtures = try folder("tracks: [city-commute.gpx, parked-car.gpx]\nruns: [{name: a}, {name: b}, {name: c}]\n")
        let worker = try fixtures.write("worker.sh", "#!/bin/sh\n\(script)\n")
        chmod(worker, 0o755)
        let result = try CLI.run(["matrix", "matrix.yaml", "--jobs", "2", "--worker-executable", worker], in: fixtures.folder)
        #expect(result.status == 70)
        #expect(result.stdout == "")
        #expect(result.stderr == "error: " + message + "\n")
    }
}
