import Foundation
import Testing

/// `keepalive replay`, run as a user runs it. Expected times follow from the model's rules
/// (Docs/Model.md): the iOS 17 profile's 30 s budget and 5 s grace; the simulated user answers
/// the location prompt after 1 s, so updates start at 1 s; the app leaves the foreground at 60 s.
@Suite struct ReplayCommandTests {
    private let commute = "Tracks/city-commute.gpx"

    private func number(_ object: [String: Any], _ key: String) -> Double? {
        (object[key] as? NSNumber)?.doubleValue
    }

    @Test func jsonHasTheDocumentedKeys() throws {
        let (status, object) = try CLI.json(["replay", commute, "--format", "json"])
        #expect(status == 0)
        for key in ["verdict", "suspendedAt", "terminatedAt", "reason", "policy", "budgetSeconds", "deliveredUpdates",
                    "longestDeliveryGapSeconds", "strictVerdict", "strictSuspendedAt", "durationSeconds"] {
            #expect(object.keys.contains(key), "missing \(key)")
        }
        #expect(object["verdict"] as? String == "kept-alive")
        #expect(object["suspendedAt"] is NSNull)
        #expect(object["terminatedAt"] is NSNull)
        #expect(object["reason"] is NSNull)
        #expect(object["policy"] as? String == "session")
        #expect(number(object, "budgetSeconds") == 30)
        #expect(number(object, "deliveredUpdates") == 749)
        #expect(number(object, "longestDeliveryGapSeconds") == 1)
        #expect(object["strictVerdict"] as? String == "kept-alive")
        #expect(number(object, "durationSeconds") == 749)
    }

    @Test(arguments: [
        (["--no-background-location"], "suspended", 90.0),
        (["--services-off"], "suspended", 90),
        (["--authorization", "denied"], "suspended", 90),
        (["--revoke-at", "300"], "suspended", 330),
        (["--no-background-task", "--no-background-location"], "suspended", 65),
        (["--enter-background-at", "200", "--no-background-location"], "suspended", 230),
        // Before iOS 9 there is no background flag: the location mode alone keeps updates going.
        (["--profile", "ios6", "--background-modes", "fetch"], "suspended", 660),
        (["--profile", "ios7", "--background-modes", "fetch"], "suspended", 240),
        (["--budget", "45", "--no-background-location"], "suspended", 105),
        (["--lock-at", "70", "--no-background-location"], "suspended", 70),  // frozen: the device sleeps
    ])
    func whenTheAppIsSuspended(options: [String], verdict: String, at seconds: Double) throws {
        let (status, object) = try CLI.json(["replay", commute, "--format", "json"] + options)
        #expect(status == 1)
        #expect(object["verdict"] as? String == verdict)
        #expect(number(object, "suspendedAt") == seconds)
    }

    @Test func beforeIOS9TheLocationModeAloneKeepsTheAppAlive() throws {
        // The flag does not exist before iOS 9: turning it off changes nothing.
        let (status, object) = try CLI.json(["replay", commute, "--format", "json", "--profile", "ios7", "--no-background-location"])
        #expect(status == 0)
        #expect(object["verdict"] as? String == "kept-alive")
    }

    @Test func whenInUseReallyRunsAWhenInUseApp() throws {
        // The app does not ask to be upgraded to Always, so it stays When In Use: its updates,
        // started in the foreground, keep it alive; a revocation ends that.
        let (status, object) = try CLI.json(["replay", commute, "--format", "json", "--authorization", "when-in-use", "--revoke-at", "300"])
        #expect(status == 1)
        #expect(number(object, "suspendedAt") == 330)
        let causes = (object["causes"] as? [[String: Any]])?.compactMap { $0["cause"] as? String }
        #expect(causes == ["backgroundTimeExpired", "authorization", "tasksEndedInHandlers"])
        let lines = try CLI.run(["replay", commute, "--format", "jsonl", "--authorization", "when-in-use"]).stdout
        #expect(!lines.contains("\"kind\":\"auth.prompt\""))
        #expect(!lines.contains("authorizedAlways"))
    }

    @Test func aLeakedTaskIsTerminatedAfterTheHandlers() throws {
        let (status, object) = try CLI.json(["replay", commute, "--format", "json", "--leak-background-task", "--no-background-location"])
        #expect(status == 1)
        #expect(object["verdict"] as? String == "terminated")
        #expect(number(object, "terminatedAt") == 91)
        #expect(object["reason"] as? String == "watchdog (0x8badf00d): background task #1 \"navigation\" still open 1 s after expiration")
    }

    @Test func withoutTheLocationModeTheAppCrashes() throws {
        let (status, object) = try CLI.json(["replay", commute, "--format", "json", "--background-modes", "fetch,audio"])
        #expect(status == 1)
        #expect(object["verdict"] as? String == "crashed")
        #expect(number(object, "terminatedAt") == 0)
    }

    @Test func whenInUseStartedInTheForegroundStaysAlive() throws {
        let (status, object) = try CLI.json(["replay", commute, "--format", "json", "--authorization", "when-in-use"])
        #expect(status == 0)
        #expect(number(object, "deliveredUpdates") == 750)  // already authorized: updates start at 0
    }

    @Test func coarseAccuracyGivesAFixAMinute() throws {
        let (_, object) = try CLI.json(["replay", commute, "--format", "json", "--accuracy", "1km"])
        #expect(number(object, "deliveredUpdates") == 13)  // 1, 61, …, 721
        #expect(number(object, "longestDeliveryGapSeconds") == 60)
    }

    @Test func aLargeFilterUnderBothPolicies() throws {
        let session = try CLI.json(["replay", commute, "--format", "json", "--distance-filter", "500"])
        // Kept alive by the session, yet a fix every 500 m misses the navigation goal: exit 1.
        #expect(session.status == 1)
        #expect(session.object["verdict"] as? String == "kept-alive")
        #expect(session.object["goalMet"] as? Bool == false)
        #expect(session.object["strictVerdict"] as? String == "suspended")
        let delivery = try CLI.json(["replay", commute, "--format", "json", "--distance-filter", "500", "--policy", "delivery"])
        #expect(delivery.status == 1)
        #expect(delivery.object["verdict"] as? String == "suspended")
        #expect(number(delivery.object, "suspendedAt") == number(session.object, "strictSuspendedAt"))
    }

    @Test func autoPauseAndActivityType() throws {
        // Parked: automotive navigation pauses after 20 min standing still (at 1201), the budget ends at 1231.
        let parked = try CLI.json(["replay", "Tracks/parked-car.gpx", "--format", "json"])
        #expect(number(parked.object, "suspendedAt") == 1231)
        let noPause = try CLI.json(["replay", "Tracks/parked-car.gpx", "--format", "json", "--no-pauses-automatically"])
        #expect(noPause.status == 0)
        let fitness = try CLI.json(["replay", "Tracks/parked-car.gpx", "--format", "json", "--activity-type", "fitness"])
        #expect(number(fitness.object, "suspendedAt") == 631)
    }

    @Test func untimedRoutesMoveAtTheGivenSpeed() throws {
        let inspect = try CLI.json(["inspect", "--format", "json", "Tracks/untimed-route.gpx"])
        let metres = try #require(number(inspect.object, "distanceMeters"))
        let (_, object) = try CLI.json(["replay", "Tracks/untimed-route.gpx", "--format", "json", "--speed", "10"])
        #expect(abs(try #require(number(object, "durationSeconds")) - metres / 10) < 0.001)
    }

    @Test func theSameSeedGivesTheSameBytesAndAnotherSeedOtherFixes() throws {
        let first = try CLI.run(["replay", commute, "--format", "jsonl", "--seed", "5"])
        let again = try CLI.run(["replay", commute, "--format", "jsonl", "--seed", "5"])
        let other = try CLI.run(["replay", commute, "--format", "jsonl", "--seed", "6"])
        #expect(first.stdout == again.stdout)
        #expect(first.stdout != other.stdout)
        let lines = first.stdout.split(separator: "\n")
        #expect(lines.count > 750)
        let event = try #require(try JSONSerialization.jsonObject(with: Data(lines[0].utf8)) as? [String: Any])
        #expect(Set(event.keys) == ["time", "kind", "state", "message", "remaining", "latitude", "longitude", "distanceFromLastDelivered", "delay"])
    }

    @Test func aScenarioFileAndTheOptionsThatOverrideIt() throws {
        let fixtures = try Fixtures()
        let scenario = try fixtures.write("scenario.yaml", """
            backgroundLocation: false
            enterBackgroundAt: 100
            events:
              - {at: 110, do: begin-background-task, name: upload}
            """)
        let fromFile = try CLI.json(["replay", commute, "--format", "json", "--scenario", scenario])
        #expect(number(fromFile.object, "suspendedAt") == 130)
        let overridden = try CLI.json(["replay", commute, "--format", "json", "--scenario", scenario, "--enter-background-at", "200"])
        #expect(number(overridden.object, "suspendedAt") == 230)
    }

    @Test func lenientReplaysAroundInvalidPoints() throws {
        let fixtures = try Fixtures()
        let track = try fixtures.write("markers.gpx", """
            <gpx version="1.1"><trk><trkseg>
            <trkpt lat="47" lon="8"><time>2024-01-01T10:00:00Z</time></trkpt>
            <trkpt lat="100" lon="0"><time>2024-01-01T10:00:30Z</time></trkpt>
            <trkpt lat="47.001" lon="8"><time>2024-01-01T10:01:00Z</time></trkpt>
            </trkseg></trk></gpx>
            """)
        let strict = try CLI.run(["replay", track])
        #expect(strict.status == 65)
        #expect(strict.stderr == "error: \(track):3:1: <trkpt> latitude 100 is outside -90…90\n")
        let lenient = try CLI.json(["replay", track, "--lenient", "--format", "json"])
        #expect(lenient.status == 0)
        #expect(lenient.object["warnings"] as? [String] == [
            "3:1: skipped point: <trkpt> latitude 100 is outside -90…90",
            "the run ends at 0:01:00, before the app's background time could run out (it leaves the screen at 0:01:00, and ios17 gives it 30 s, to 0:01:30): this trip cannot show a suspension",
        ])
        #expect(number(lenient.object, "durationSeconds") == 60)
    }

    @Test(arguments: [
        (["--profile", "ios99"], "error: --profile: 'ios99' is an iOS version no profile covers (ios6: iOS 4–6, ios7: iOS 7–8, ios9: iOS 9–10, ios12: iOS 11–12, ios13: iOS 13, ios14: iOS 14, ios15: iOS 15, ios16: iOS 16.0–16.3, ios16.4: iOS 16.4–16.x, ios17: iOS 17, ios18: iOS 18, ios26: iOS 26.0–26.3, ios26.4: iOS 26.4–26.x)\n"),
        (["--no-background-task", "--leak-background-task"], "error: --leak-background-task: there is no background task to leak with --no-background-task\n"),
        (["--background-modes", "location,gps"], "error: --background-modes: 'gps' is not a background mode (location, fetch, processing, remote-notification, voip, audio, bluetooth-central, bluetooth-peripheral, external-accessory)\n"),
        (["--speed", "0"], "error: --speed: 0.0 is not a speed (above 0, up to 299792458 m/s, the speed of light)\n"),
    ])
    func impossibleSettingsExit64NamingTheOption(options: [String], message: String) throws {
        let result = try CLI.run(["replay", commute] + options)
        #expect(result.status == 64)
        #expect(result.stderr == message)
        #expect(result.stdout == "")
    }

    @Test(arguments: [
        ["--distance-filter", "far"], ["--report", "picture.png"], ["--format", "xml"], ["--bogus"], ["--budget", "soon"], [],
    ])
    func badUsageExits64(options: [String]) throws {
        let result = try CLI.run(["replay"] + (options.isEmpty ? [] : [commute] + options))
        #expect(result.status == 64)
        #expect(result.stderr.hasPrefix("error: "))
    }

    @Test func missingAndUnreadableFiles() throws {
        let missing = try CLI.run(["replay", "/nonexistent/track.gpx"])
        #expect(missing.status == 66)
        #expect(missing.stderr == "error: /nonexistent/track.gpx: cannot open: No such file or directory\n")
        let noScenario = try CLI.run(["replay", commute, "--scenario", "/nonexistent/s.yaml"])
        #expect(noScenario.status == 66)
        #expect(noScenario.stderr == "error: /nonexistent/s.yaml: cannot read the scenario file: No such file or directory\n")
        let fixtures = try Fixtures()
        let broken = try fixtures.write("broken.gpx", "<gpx><trk></gpx>")
        let malformed = try CLI.run(["replay", broken])
        #expect(malformed.status == 65)
        #expect(malformed.stderr == "error: \(broken):1:13: mismatched tag\n")
        let empty = try fixtures.write("empty.gpx", "<gpx version=\"1.1\"/>")
        let nothing = try CLI.run(["replay", empty])
        #expect(nothing.status == 65)
        #expect(nothing.stderr == "error: \(empty): the file has no waypoint, route point or track point to replay\n")
        let single = try fixtures.write("one.gpx", "<gpx version=\"1.1\"><wpt lat=\"42.07\" lon=\"-71.43\"><time>2015-12-01T03:01:44Z</time></wpt></gpx>")
        let moment = try CLI.run(["replay", single])
        #expect(moment.status == 65)
        #expect(moment.stderr == "error: \(single): the waypoints span no time (a single place at a single moment): there is no trip to replay\n")
        // Issue 33: a second point a year earlier is skipped, leaving one moment, while inspect
        // shows 8760 h: the message says so, at the first <time> that goes back.
        let back = try fixtures.write("back.gpx", """
            <gpx version="1.1" creator="t"><trk><trkseg>
            <trkpt lat="1" lon="1"><time>2024-01-01T00:00:00Z</time></trkpt>
            <trkpt lat="1.1" lon="1"><time>2023-01-01T00:00:00Z</time></trkpt>
            </trkseg></trk></gpx>
            """)
        let goesBack = try CLI.run(["replay", back])
        #expect(goesBack.status == 65)
        #expect(goesBack.stderr == "error: \(back):3:26: the track points' times go back: 1 point is skipped because its time is not after an earlier point's (the first such <time> is here), which leaves a single moment to replay; a replay follows the points in file order and does not sort them (inspect counts the span from the earliest time to the latest): put the points in time order, or correct their times\n")
        #expect(try CLI.run(["inspect", back]).stdout.contains("8760h 00m 00s"))
        let unwritable = try CLI.run(["replay", commute, "--report", "/nonexistent/dir/r.svg"])
        #expect(unwritable.status == 73)
    }

    @Test func htmlReportWrapsThePicture() throws {
        let fixtures = try Fixtures()
        let page = fixtures.folder.appendingPathComponent("run.html").path
        let result = try CLI.run(["replay", commute, "--report", page])
        #expect(result.status == 0)
        let html = try String(contentsOfFile: page, encoding: .utf8)
        #expect(html.hasPrefix("<!doctype html>"))
        #expect(html.contains("<h1 class=\"met\">Goal navigation met: 100 % of the moving time covered.</h1>\n<p>The app stayed alive for the whole trip (0:12:29).</p>"))
        #expect(html.contains("<svg xmlns=\"http://www.w3.org/2000/svg\""))
    }

    @Test func noProgressWhenStderrIsNotATerminal() throws {
        // An hour at 1 Hz, padded with comments to about 9 MB: a terminal would show progress.
        let fixtures = try Fixtures()
        var text = "<gpx version=\"1.1\"><trk><trkseg>\n"
        for second in 0..<3600 {
            let time = String(format: "2024-01-01T10:%02d:%02dZ", second / 60, second % 60)
            text += "<trkpt lat=\"\(47 + Double(second) * 1e-5)\" lon=\"8.5\"><time>\(time)</time></trkpt>\n"
        }
        text += "</trkseg></trk></gpx>\n" + String(repeating: "<!-- \(String(repeating: "x", count: 1000)) -->\n", count: 9000)
        let track = try fixtures.write("big.gpx", text)
        let result = try CLI.run(["replay", track, "--format", "json"])
        #expect(result.status == 0)
        #expect(result.stderr == "")
    }

    @Test func helpReadsLikeAManPage() throws {
        let help = try CLI.run(["replay", "--help"])
        #expect(help.status == 0)
        for section in ["OUTPUT", "EXAMPLES", "EXIT STATUS", "--distance-filter <meters|none>", "--scenario <file>", "73  the report file cannot be written"] {
            #expect(help.stdout.contains(section), "missing \(section)")
        }
    }

    /// Issue 34: `replay --help`'s EXIT STATUS says what CLI.md's exit table says: the same
    /// statuses, and for 0 and 1 (the exit follows the goal) the table row's first clause (the
    /// help's words before a parenthesis).
    @Test func helpsExitStatusAgreesWithTheDocsTable() throws {
        let help = try CLI.run(["replay", "--help"]).stdout
        let lines = help.split(separator: "\n").drop { !$0.hasPrefix("EXIT STATUS") }.dropFirst().prefix { $0.hasPrefix("  ") }
        var meanings: [Int: String] = [:]
        for line in lines {
            let parts = line.trimmingCharacters(in: .whitespaces).split(separator: " ", maxSplits: 1)
            if let status = Int(parts[0]) { meanings[status] = parts[1].trimmingCharacters(in: .whitespaces) }
        }
        let docs = try String(contentsOf: CLI.packageRoot.appendingPathComponent("Docs/CLI.md"), encoding: .utf8)
        let replay = docs.components(separatedBy: "## `keepalive replay")[1].components(separatedBy: "\n## ")[0]
        let table = replay.components(separatedBy: "### Exit status")[1].split(separator: "\n").filter { $0.hasPrefix("| ") && !$0.hasPrefix("| status") }
        var rows: [Int: String] = [:]
        for row in table {
            let cells = row.split(separator: "|").map { $0.trimmingCharacters(in: .whitespaces) }
            // A link's text in parentheses is left out, as the help leaves it.
            if let status = Int(cells[0]), rows[status] == nil {
                rows[status] = cells[1].replacingOccurrences(of: #" \(\[[^\]]*\]\([^)]*\)\)"#, with: "", options: .regularExpression)
            }
        }
        #expect(Set(meanings.keys) == Set(rows.keys))
        for status in [0, 1] {
            let clause = try #require(meanings[status]?.components(separatedBy: " (").first)
            #expect(rows[status]?.hasPrefix(clause) == true, "\(status): '\(clause)' against '\(rows[status] ?? "")'")
        }
    }
}
