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

    /// Issue 18 D, issue 31: an iOS version runs the era holding it, and the run says which and why.
    @Test func aVersionRunsItsProfileAndTheDeviceLineSaysWhy() throws {
        let text = try CLI.run(["replay", commute, "--profile", "iOS 16.4"])
        #expect(text.status == 0)
        #expect(text.stdout.contains("\n  device   iOS 16.4 → ios16.4 profile (covers iOS 16.4–16.x): 30 s of background time, paused while asleep\n"))
        let (_, object) = try CLI.json(["replay", commute, "--profile", "16.3", "--format", "json"])
        #expect(object["profile"] as? String == "ios16")
        let choice = try #require(object["profileChoice"] as? [String: Any])
        #expect(choice["requestedVersion"] as? Int == 16)
        #expect(choice["version"] as? String == "16.3")
        #expect(choice["coversVersions"] as? [Int] == [16, 16])
        #expect(choice["span"] as? [String: String] == ["from": "16.0", "until": "16.4"])
        #expect(choice["text"] as? String == "iOS 16.3 → ios16 profile (covers iOS 16.0–16.3)")
        let (_, named) = try CLI.json(["replay", commute, "--profile", "IOS17", "--format", "json"])
        #expect(named["profile"] as? String == "ios17")
        #expect(named["profileChoice"] is NSNull)
    }

    /// Issue 31: `keepalive profiles` prints the eras, what changes at each and the source.
    @Test func theProfilesCommandListsTheEras() throws {
        let text = try CLI.run(["profiles"])
        #expect(text.status == 0)
        let heads = text.stdout.split(separator: "\n").filter { !$0.hasPrefix(" ") && $0.hasPrefix("ios") || $0.hasPrefix("debugger") }
        #expect(heads.map { String($0.split(separator: " ")[0]) } == [
            "ios6", "ios7", "ios9", "ios12", "ios13", "ios14", "ios15", "ios16", "ios16.4", "ios17", "ios18", "ios26", "ios26.4", "debugger",
        ])
        #expect(text.stdout.contains("ios16.4  iOS 16.4–16.x  (30 s of background time)\n  from iOS 16.4: an Always app with the indicator hidden"))
        #expect(text.stdout.contains("  before 15.3: region and significant-change events relaunch an app that is not running only half the time (seeded)"))
        let (status, json) = try CLI.jsonArray(["profiles", "--format", "json"])
        #expect(status == 0)
        #expect(json.map { $0["name"] as? String } == heads.map { String($0.split(separator: " ")[0]) })
        #expect(json[8]["from"] as? String == "16.4")
        #expect(json[8]["until"] as? String == "17.0")
        let parameters = try CLI.run(["profiles", "--parameters"])
        #expect(parameters.stdout.contains("\n  regions.crossingDistance = 200  (a number of metres from 0 to 100000): how far past a boundary a crossing counts (§11: 200 m)\n"))
    }

    /// §4's iOS 16.4 rule from the command line: a hidden-indicator Always app with significant
    /// changes and a 50 m filter is met on 16.3 and missed on 16.4.
    @Test func sixteenThreeAndSixteenFourDifferForAHiddenIndicatorCoarseApp() throws {
        let scenario = FileManager.default.temporaryDirectory.appendingPathComponent("hidden-indicator-\(UUID().uuidString).yaml").path
        try """
            app:
              info: {backgroundModes: [location], whenInUseUsage: true, alwaysUsage: true}
              on:
                launch:
                  - set: {allowsBackgroundLocationUpdates: true, distanceFilter: 50, pausesLocationUpdatesAutomatically: false}
                  - request-always
                  - start-significant-changes
                  - start-updates
            """.write(toFile: scenario, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(atPath: scenario) }
        let before = try CLI.run(["replay", commute, "--scenario", scenario, "--profile", "16.3"])
        #expect(before.status == 0)
        let after = try CLI.run(["replay", commute, "--scenario", scenario, "--profile", "16.4"])
        #expect(after.status == 1)
        // Background at 60, the §1 grace of 5 s: suspended at 65.
        #expect(after.stdout.contains("The app was suspended at 0:01:05"))
        #expect(after.stdout.contains("iOS 16.4+: an Always app with the background location indicator hidden"))
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
