import Foundation
import Testing

/// Issue 9 parts 6–8 from the command line: `--compare-debugger`, the exit line and JSON fields,
/// and the Info.plist lint as warnings. Times as in ReplayCommandTests: iOS 17, 30 s budget, the
/// app leaves the foreground at 60 s, so the budget expires at 90 and the watchdog ends it at 91.
@Suite struct ProfilesCLITests {
    private let commute = "Tracks/city-commute.gpx"

    @Test func compareDebuggerPutsBothVerdictsSideBySide() throws {
        let text = try CLI.run(["replay", commute, "--no-background-location", "--compare-debugger"])
        #expect(text.status == 1)  // the device's verdict decides
        #expect(text.stdout.hasSuffix(
            "Side by side: survives under Xcode's debugger, suspended at 0:01:30 on a device: the debugger hides what ends the app.\n"))
        let (status, object) = try CLI.json(["replay", commute, "--no-background-location", "--compare-debugger", "--format", "json"])
        #expect(status == 1)
        let debugger = try #require(object["debugger"] as? [String: Any])
        #expect(debugger["profile"] as? String == "ios17+debugger")
        #expect(debugger["verdict"] as? String == "kept-alive")
        #expect(debugger["suspendedAt"] is NSNull)
        #expect(debugger["terminatedAt"] is NSNull)
        #expect(debugger["sameAsDevice"] as? Bool == false)
        #expect((object["suspendedAt"] as? NSNumber)?.doubleValue == 90)
    }

    @Test func aRunThatSurvivesBothWaysSaysSo() throws {
        let text = try CLI.run(["replay", commute, "--compare-debugger"])
        #expect(text.status == 0)
        #expect(text.stdout.hasSuffix("Side by side: the same under Xcode's debugger as on a device (survives).\n"))
    }

    @Test func theDebuggerProfileRunsByName() throws {
        let (status, object) = try CLI.json(["replay", commute, "--profile", "debugger", "--no-background-location", "--leak-background-task", "--format", "json"])
        #expect(status == 0)
        #expect(object["verdict"] as? String == "kept-alive")
        #expect(object["profile"] as? String == "debugger")
    }

    /// Issue 18 D: an iOS version runs the profile covering it, and the run says which and why.
    @Test func aVersionRunsItsProfileAndTheDeviceLineSaysWhy() throws {
        let text = try CLI.run(["replay", commute, "--profile", "iOS 16.4"])
        #expect(text.status == 0)
        #expect(text.stdout.contains("\n  device   ios16 → ios14 profile (covers iOS 14–16): 30 s of background time, paused while asleep\n"))
        let (_, object) = try CLI.json(["replay", commute, "--profile", "ios16", "--format", "json"])
        #expect(object["profile"] as? String == "ios14")
        let choice = try #require(object["profileChoice"] as? [String: Any])
        #expect(choice["requestedVersion"] as? Int == 16)
        #expect(choice["coversVersions"] as? [Int] == [14, 16])
        #expect(choice["text"] as? String == "ios16 → ios14 profile (covers iOS 14–16)")
        let (_, named) = try CLI.json(["replay", commute, "--profile", "IOS17", "--format", "json"])
        #expect(named["profile"] as? String == "ios17")
        #expect(named["profileChoice"] is NSNull)
    }

    @Test func compareDebuggerIsNotForJSONLines() throws {
        let result = try CLI.run(["replay", commute, "--compare-debugger", "--format", "jsonl"])
        #expect(result.status == 64)
        #expect(result.stderr.contains("--compare-debugger: reports the comparison with --format text or json"))
    }

    @Test func theExitIsNamedAsMetricKitCountsIt() throws {
        let options = ["--no-background-location", "--leak-background-task"]
        let text = try CLI.run(["replay", commute] + options)
        #expect(text.stdout.hasSuffix(
            "Exit at 0:01:31: MetricKit counts it as background task assertion timeout (MXBackgroundExitData.cumulativeBackgroundTaskAssertionTimeoutExitCount).\n"))
        let (_, object) = try CLI.json(["replay", commute, "--format", "json"] + options)
        #expect(object["exitCategory"] as? String == "backgroundTaskAssertionTimeout")
        #expect(object["exitMetricKitProperty"] as? String == "cumulativeBackgroundTaskAssertionTimeoutExitCount")
        #expect(object["exitMetricKitClass"] as? String == "MXBackgroundExitData")
        // Without the location mode the app crashes on screen, at launch: a foreground exit.
        let crash = try CLI.run(["replay", commute, "--background-modes", "fetch"])
        #expect(crash.stdout.contains(
            "Exit at 0:00:00: MetricKit counts it as abnormal exit (MXForegroundExitData.cumulativeAbnormalExitCount).\n"))
        let (_, kept) = try CLI.json(["replay", commute, "--format", "json"])
        #expect(kept["exitCategory"] is NSNull)
        #expect(kept["exitMetricKitProperty"] is NSNull)
    }

    @Test func theInfoPlistLintWarnsInEveryOutput() throws {
        // The navigation app uses location; fetch is declared for nothing.
        let options = ["--background-modes", "location,fetch"]
        let warning = "Info.plist: UIBackgroundModes declares 'fetch' but nothing in this run used it: App Review rejects unused background modes (guideline 2.5.4)"
        let text = try CLI.run(["replay", commute] + options)
        #expect(text.stdout.contains("  warning  \(warning)\n"))
        let (_, object) = try CLI.json(["replay", commute, "--format", "json"] + options)
        #expect(object["warnings"] as? [String] == [warning])
        let findings = try #require(object["infoPlistFindings"] as? [[String: Any]])
        #expect(findings.count == 1)
        #expect(findings.first?["finding"] as? String == "modeDeclaredButUnused")
        #expect(findings.first?["key"] as? String == "fetch")
        let lines = try CLI.run(["replay", commute, "--format", "jsonl"] + options)
        let last = try #require(lines.stdout.split(separator: "\n").last)
        let event = try JSONSerialization.jsonObject(with: Data(last.utf8)) as? [String: Any]
        #expect(event?["kind"] as? String == "warning")
        #expect(event?["message"] as? String == warning)
        #expect((event?["time"] as? NSNumber)?.doubleValue == 749)
    }

    @Test func aMatrixRunsTheDebuggerBesideADeviceWithExitCategories() throws {
        // Leaked task, no background flag: iOS 17's watchdog ends the app at 91; the debugger has none.
        let fixtures = try Fixtures()
        let track = try String(contentsOf: CLI.packageRoot.appendingPathComponent("Tracks/city-commute.gpx"), encoding: .utf8)
        _ = try fixtures.write("city-commute.gpx", track)
        _ = try fixtures.write("matrix.yaml", """
            tracks: [city-commute.gpx]
            profiles: [ios17, debugger]
            runs:
              - name: leak
                settings: {leakBackgroundTask: true, backgroundLocation: false}
                expect: {ios17: terminated, debugger: kept-alive}

            """)
        let result = try CLI.run(["matrix", "matrix.yaml", "--format", "json"], in: fixtures.folder)
        #expect(result.status == 0)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        let runs = try #require(object["runs"] as? [[String: Any]])
        #expect(runs.map { $0["profile"] as? String } == ["ios17", "debugger"])
        #expect((runs[0]["terminatedAt"] as? NSNumber)?.doubleValue == 91)
        #expect(runs[0]["exitCategory"] as? String == "backgroundTaskAssertionTimeout")
        #expect(runs[1]["verdict"] as? String == "kept-alive")
        #expect(runs[1]["exitCategory"] is NSNull)
    }
}
