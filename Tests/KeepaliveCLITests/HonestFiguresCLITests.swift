import Foundation
import Testing

/// Issue 34, items 2 and 3, as a user runs them: the longest gap with the stretch after the last
/// fix, gap causes down to the root with the fix `--explain` tries, and strict plugin imports.
/// Times follow ReplayCommandTests' rules: updates start at 1 s (the prompt's answer), the app
/// leaves the screen at 60 s, the commute ends at 749 s.
@Suite struct HonestFiguresCLITests {
    private let commute = "Tracks/city-commute.gpx"

    @Test func theLongestGapRunsToTheEndOfTheTrip() throws {
        // No background updates: the task's 30 s budget suspends the app at 90 s, before that
        // second's fix; fixes 1…89 reached it, then nothing until the end: 749 − 89 = 660 s.
        let (status, object) = try CLI.json(["replay", commute, "--format", "json", "--no-background-location"])
        #expect(status == 1)
        #expect(object["deliveredUpdates"] as? Int == 89)
        #expect(object["longestDeliveryGapSeconds"] as? Double == 660)
        #expect(object["longestDeliveryGapPlace"] as? String == "afterLastFix")
        let text = try CLI.run(["replay", commute, "--no-background-location"]).stdout
        #expect(text.contains("\nDelivered 89 fixes; longest gap 11 min, from the last to the end of the trip; least background time left 0 s.\n"))
        // A run with a fix a second throughout keeps the old line: the edges are 1 s and 0 s.
        let kept = try CLI.run(["replay", commute]).stdout
        #expect(kept.contains("\nDelivered 749 fixes; longest gap between them 1 s.\n"))
    }

    @Test func aMissingUsageStringIsTheGapsRootWithItsFix() throws {
        let fixtures = try Fixtures()
        let scenario = try fixtures.write("nokey.yaml", """
            app:
              info: {backgroundModes: [location], whenInUseUsage: true}
              on:
                launch: [request-always, {set: {allowsBackgroundLocationUpdates: true}}, start-updates]
            """)
        let text = try CLI.run(["replay", commute, "--scenario", scenario]).stdout
        let root = "authorization is still notDetermined: requestAlwaysAuthorization did nothing, for the Info.plist lacks NSLocationAlwaysAndWhenInUseUsageDescription"
        #expect(text.contains("  gap 0:00:00–0:12:29 (4.4 km), 6 min uncovered from 0:00:11: \(root); fix (--explain tries it): NSLocationWhenInUseUsageDescription, NSLocationAlwaysAndWhenInUseUsageDescription present; not closed before the end\n"))
        #expect(text.contains("(because \(root)).\n"))
        #expect(text.contains("\nDelivered 0 fixes; longest gap between them none; least background time left 25 s.\n"))
        let (_, object) = try CLI.json(["replay", commute, "--scenario", scenario, "--format", "json"])
        let causes = (object["causes"] as? [[String: Any]])?.compactMap { $0["cause"] as? String }
        #expect(causes == ["nothingHoldsApp", "usageDescriptionsMissing"])
        #expect(object["longestDeliveryGapSeconds"] is NSNull)
        // The JSON gap names the same fix, as `--explain`'s `fixes` write a change.
        let gap = ((object["coverage"] as? [[String: Any]])?.first?["gaps"] as? [[String: Any]])?.first
        let fix = gap?["fix"] as? [String: String]
        #expect(fix == ["setting": "NSLocationWhenInUseUsageDescription, NSLocationAlwaysAndWhenInUseUsageDescription",
                        "value": "present",
                        "text": "NSLocationWhenInUseUsageDescription, NSLocationAlwaysAndWhenInUseUsageDescription present"])
    }

    @Test func theHiddenIndicatorRuleIsARootWithItsFix() throws {
        // §4's 16.4 rule: an Always app with the indicator hidden, significant changes on and a
        // distance filter gets no keep-alive from its updates; the indicator shown exempts it.
        let fixtures = try Fixtures()
        let scenario = try fixtures.write("hidden.yaml", """
            app:
              info: {backgroundModes: [location], whenInUseUsage: true, alwaysUsage: true}
              on:
                launch: [request-always, {set: {allowsBackgroundLocationUpdates: true, showsBackgroundLocationIndicator: false, distanceFilter: 50}}, start-updates, start-significant-changes]
            """)
        let rule = "iOS 16.4+: an Always app with the background location indicator hidden, significant changes on and a distance filter or coarse accuracy gets no keep-alive from its updates"
        let text = try CLI.run(["replay", commute, "--scenario", scenario, "--profile", "16.4"]).stdout
        let gapLines = text.components(separatedBy: "\n").filter { $0.hasPrefix("  gap ") }
        #expect(!gapLines.isEmpty)
        for line in gapLines {
            #expect(line.contains(rule))
            #expect(line.contains("; fix (--explain tries it): showsBackgroundLocationIndicator = true; "))
        }
        let (_, object) = try CLI.json(["replay", commute, "--scenario", scenario, "--profile", "16.4", "--format", "json"])
        let gaps = (object["coverage"] as? [[String: Any]])?.first?["gaps"] as? [[String: Any]] ?? []
        #expect(gaps.count == gapLines.count)
        for gap in gaps {
            #expect(gap["fix"] as? [String: String] == ["setting": "showsBackgroundLocationIndicator", "value": "true", "text": "showsBackgroundLocationIndicator = true"])
        }
        // On 16.3, before the rule (§16's eras), the same app stays alive and meets its goal.
        let before = try CLI.run(["replay", commute, "--scenario", scenario, "--profile", "16.3"])
        #expect(before.status == 0)
        #expect(!before.stdout.contains(rule))
    }

    @Test func authorizationAndTheFlagAreRootsToo() throws {
        let denied = try CLI.run(["replay", commute, "--authorization", "denied"]).stdout
        // Denied is the user's answer: no configuration fix to name.
        #expect(denied.contains("  gap 0:00:00–0:12:29 (4.4 km), 6 min 6 s uncovered from 0:00:05: authorization is denied; not closed before the end\n"))
        let (_, deniedJSON) = try CLI.json(["replay", commute, "--authorization", "denied", "--format", "json"])
        let deniedGap = ((deniedJSON["coverage"] as? [[String: Any]])?.first?["gaps"] as? [[String: Any]])?.first
        #expect(deniedGap?["fix"] is NSNull)
        // A When In Use app's fixes are queued off screen without the flag, while its task runs.
        let flag = try CLI.run(["replay", commute, "--authorization", "when-in-use", "--no-background-location"]).stdout
        #expect(flag.contains(": allowsBackgroundLocationUpdates is false; fix (--explain tries it): allowsBackgroundLocationUpdates = true; not closed before the end\n"))
    }

    @Test func anUnknownPluginKeyIsAnErrorUnlessLenient() throws {
        let fixtures = try Fixtures()
        let config = try fixtures.write("c.json", "{\n  \"stopOnTerminte\": false,\n  \"stopTimeout\": 5\n}\n")
        let strict = try CLI.run(["import", config])
        #expect(strict.status == 64)
        #expect(strict.stdout == "")
        #expect(strict.stderr == "error: \(config):2:3: unknown key 'stopOnTerminte' — did you mean 'stopOnTerminate'? background-geolocation has no such option, and ignoring it would run the app with that option's default; correct the key (Docs/Plugins.md lists the options), or give --lenient to ignore it with a warning\n")
        let replay = try CLI.run(["replay", commute, "--app-config", config])
        #expect(replay.status == 64)
        #expect(replay.stderr == strict.stderr)
        let lenient = try CLI.run(["import", config, "--lenient"])
        #expect(lenient.status == 0)
        #expect(lenient.stderr == "warning: \(config):2:3: 'stopOnTerminte' is not an option of background-geolocation; did you mean 'stopOnTerminate'?; ignored\n")
        #expect(try CLI.run(["replay", commute, "--app-config", config, "--lenient"]).stderr == lenient.stderr)
    }

    @Test func theImportStatesItsDecisionsAndPassesTheLint() throws {
        let fixtures = try Fixtures()
        let config = try fixtures.write("c.json", #"{"preventSuspend": true, "startOnBoot": true}"#)
        let imported = try CLI.run(["import", config])
        #expect(imported.status == 0)
        #expect(imported.stdout.hasPrefix("""
            # Imported from c.json (background-geolocation) by keepalive import: the app as the plugin runs it on iOS.
            # Each option's mapping, and what is approximated, is in Docs/Plugins.md.
            # The import decided:
            # - UIBackgroundModes gets 'location': the plugin's iOS setup
            # - UIBackgroundModes gets 'audio' for preventSuspend: true
            # - UIBackgroundModes gets 'fetch' for startOnBoot: true
            # - startOnBoot: true registers background fetch at the minimum interval (set-fetch-interval at launch, each fetch completed), which the plugin relies on to relaunch the app after a reboot; the model has no reboot launch
            # - standard updates; still is read as no fix passing the distance filter for stopTimeout (5 min: the model has no motion sensor), then updates stop and the stationary geofence waits for the exit
            # - preventSuspend: true is played as silent audio in the background (the audio mode): App Review rejects this (guideline 2.5.4), and iOS may stop it at any time
            goal: tracking

            """))
        let scenario = fixtures.folder.appendingPathComponent("app.yaml")
        try imported.stdout.write(to: scenario, atomically: true, encoding: .utf8)
        // The run's Info.plist lint finds every declared mode used: no warning contradicts the import.
        let (_, object) = try CLI.json(["replay", "Tracks/walk-with-cafe-stop.gpx", "--scenario", scenario.path, "--format", "json"])
        let warnings = (object["warnings"] as? [String]) ?? []
        #expect(!warnings.contains { $0.contains("UIBackgroundModes declares") })
        let findings = object["infoPlistFindings"] as? [Any]
        #expect(findings?.isEmpty == true)
    }
}
