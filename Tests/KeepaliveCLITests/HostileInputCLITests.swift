import Foundation
import Testing

/// Issue 10: no input traps, hangs or balloons `keepalive`. Each hostile input gets a message
/// naming the option (or the scenario file's line and column) and a sysexits status.
@Suite struct HostileInputCLITests {
    private let commute = "Tracks/city-commute.gpx"
    private let untimed = "Tracks/untimed-route.gpx"
    private static let years = "(0…3155760000 s: 100 years)"

    @Test(arguments: [
        (["--enter-background-at", "1e10"], "--enter-background-at: 10000000000.0 is not a time from the start \(years)"),
        (["--lock-at", "1e308"], "--lock-at: 1e+308 is not a time from the start \(years)"),
        (["--revoke-at", "1e12"], "--revoke-at: 1000000000000.0 is not a time from the start \(years)"),
        (["--revoke-at", "nan"], "--revoke-at: nan is not a time from the start \(years)"),
        (["--budget", "1e18"], "--budget: 1e+18 is not a positive duration (1e-09…3155760000 s: 100 years)"),
        (["--budget", "1e308"], "--budget: 1e+308 is not a positive duration (1e-09…3155760000 s: 100 years)"),
        (["--distance-filter", "1e18"], "--distance-filter: 1e+18 is not a distance (0…40075017 m, the Earth's circumference), or 'none'"),
        (["--distance-filter", "1e308"], "--distance-filter: 1e+308 is not a distance (0…40075017 m, the Earth's circumference), or 'none'"),
        (["--speed", "1e300"], "--speed: 1e+300 is not a speed (above 0, up to 299792458 m/s, the speed of light)"),
        (["--speed", "1e9"], "--speed: 1000000000.0 is not a speed (above 0, up to 299792458 m/s, the speed of light)"),
    ])
    func numbersOutOfRangeExit64NamingTheOptionAndTheRange(options: [String], message: String) throws {
        let result = try CLI.run(["replay", commute] + options)
        #expect(result.status == 64)
        #expect(result.stderr == "error: \(message)\n")
        #expect(result.stdout == "")
    }

    @Test(arguments: [
        ("1e-9", "--speed: at the untimed speed of 1e-09 m/s the path takes 7925 years: a replay covers at most 100 years"),
        ("5e-324", "--speed: at the untimed speed of 5e-324 m/s the path takes longer than anything a clock can hold: a replay covers at most 100 years"),
    ])
    func aSpeedSoSlowTheTripOutlastsACenturyExits64(speed: String, message: String) throws {
        let result = try CLI.run(["replay", untimed, "--speed", speed])
        #expect(result.status == 64)
        #expect(result.stderr == "error: \(message)\n")
    }

    @Test func aTrackSpanningMillenniaExits65() throws {
        let fixtures = try Fixtures()
        let track = try fixtures.write("far.gpx", """
            <gpx version="1.1"><trk><trkseg>
            <trkpt lat="47" lon="8"><time>0001-01-01T10:00:00Z</time></trkpt>
            <trkpt lat="47.00001" lon="8"><time>9999-01-01T10:00:00Z</time></trkpt>
            </trkseg></trk></gpx>
            """)
        let result = try CLI.run(["replay", track])
        #expect(result.status == 65)
        #expect(result.stderr == "error: \(track): the track points span 9998 years: a replay covers at most 100 years\n")
    }

    @Test func fullUInt64SeedsPrintExactly() throws {
        let json = try CLI.run(["replay", commute, "--format", "json", "--seed", "9223372036854775808"])
        #expect(json.status == 0)
        #expect(json.stdout.contains("\n  \"seed\": 9223372036854775808,\n"))
        let text = try CLI.run(["replay", commute, "--seed", "18446744073709551615"])
        #expect(text.stdout.contains("  run      session policy, seed 18446744073709551615, "))
        let fixtures = try Fixtures()
        let scenario = try fixtures.write("s.yaml", "seed: 9223372036854775808\n")
        let fromFile = try CLI.run(["replay", commute, "--format", "json", "--scenario", scenario])
        #expect(fromFile.stdout.contains("\n  \"seed\": 9223372036854775808,\n"))
        let tooBig = try CLI.run(["replay", commute, "--seed", "18446744073709551616"])
        #expect(tooBig.status == 64)
    }

    @Test(arguments: [
        ("at.yaml", "events:\n  - {at: 1e10, do: lock}\n", "2:10: 'at' 10000000000.0 is not a time from the start \(years)"),
        ("modes.yaml", "backgroundModes: [[location]]\n", "1:19: 'backgroundModes' must be a list of mode names, not of lists or mappings"),
        ("key.yaml", "x: &k [a, b]\n? *k\n: 2\n", "2:3: an alias (*k) cannot be a mapping key"),
    ])
    func scenarioMistakesExit64WithLineAndColumn(name: String, text: String, message: String) throws {
        let fixtures = try Fixtures()
        let scenario = try fixtures.write(name, text)
        let result = try CLI.run(["replay", commute, "--scenario", scenario])
        #expect(result.status == 64)
        #expect(result.stderr == "error: \(scenario):\(message)\n")
    }

    @Test func anAliasBombIsRefusedAtOnce() throws {
        // 467 bytes; Yams' duplicate-key check would hash 9⁸ expanded nodes (12 s at depth 8).
        let fixtures = try Fixtures()
        var lines = ["a0: &a0 [lol, lol, lol, lol, lol, lol, lol, lol, lol]"]
        for level in 1...8 { lines.append("a\(level): &a\(level) [" + Array(repeating: "*a\(level - 1)", count: 9).joined(separator: ", ") + "]") }
        lines.append("? *a8\n: x")
        let scenario = try fixtures.write("bomb.yaml", lines.joined(separator: "\n") + "\n")
        let clock = ContinuousClock()
        var result: CLI.Result?
        let elapsed = try clock.measure { result = try CLI.run(["replay", commute, "--scenario", scenario]) }
        #expect(result?.status == 64)
        #expect(result?.stderr == "error: \(scenario):6:10: aliases expand to more than 100000 values; a scenario needs no more\n")
        #expect(elapsed < .seconds(5))
    }

    @Test func aScenarioThatIsNotUTF8Exits64WithTheReason() throws {
        let fixtures = try Fixtures()
        let path = fixtures.folder.appendingPathComponent("latin1.yaml").path
        try (Data("profile: ios17\n# caf".utf8) + Data([0xE9, 0x0A])).write(to: URL(fileURLWithPath: path))
        let result = try CLI.run(["replay", commute, "--scenario", path])
        #expect(result.status == 64)
        #expect(result.stderr == "error: \(path):2:6: not UTF-8 text (byte 0xE9); save the scenario as UTF-8\n")
    }

    @Test func anEndlessScenarioIsRefusedNotRead() throws {
        // A device is no regular file (issue 21): refused at once, as a track is.
        let result = try CLI.run(["replay", commute, "--scenario", "/dev/zero"])
        #expect(result.status == 66)
        #expect(result.stderr == "error: /dev/zero: cannot read the scenario file: a character device, not a regular file\n")
        // A regular file over 1 MB is read no further.
        let fixtures = try Fixtures()
        let large = try fixtures.write("large.yaml", String(repeating: "#", count: 1 << 20) + "\n")
        let tooLarge = try CLI.run(["replay", commute, "--scenario", large])
        #expect(tooLarge.status == 64)
        #expect(tooLarge.stderr == "error: \(large): larger than 1 MB: not a scenario file\n")
    }

    @Test func writeErrorsExit73() throws {
        let fixtures = try Fixtures()
        let full = fixtures.folder.appendingPathComponent("full.svg").path
        try FileManager.default.createSymbolicLink(atPath: full, withDestinationPath: "/dev/full")
        let report = try CLI.run(["replay", commute, "--report", full, "--format", "json"])
        #expect(report.status == 73)
        #expect(report.stderr == "error: \(full): cannot write the report: No space left on device\n")
        for arguments in [["replay", commute], ["replay", commute, "--format", "jsonl"], ["inspect", commute], ["inspect", "--format", "json", commute]] {
            let result = try CLI.run(["-c", "exec \"$0\" \"$@\" > /dev/full", CLI.executable.path] + arguments, shell: true)
            #expect(result.status == 73, "\(arguments)")
            #expect(result.stderr == "error: standard output: cannot write the output: No space left on device\n", "\(arguments)")
        }
    }

    @Test func whatTheBuilderChangedIsReported() throws {
        let fixtures = try Fixtures()
        let track = try fixtures.write("reordered.gpx", """
            <gpx version="1.0"><trk><trkseg>
            <trkpt lat="47.002" lon="8"><time>2024-01-01T10:05:00Z</time></trkpt>
            <trkpt lat="47.003" lon="8"><time>2024-01-01T10:06:00Z</time></trkpt>
            </trkseg><trkseg>
            <trkpt lat="47" lon="8"><time>2024-01-01T10:00:00Z</time><speed>1e300</speed></trkpt>
            <trkpt lat="47.001" lon="8"><time>2024-01-01T10:01:00Z</time></trkpt>
            </trkseg></trk></gpx>
            """)
        let result = try CLI.json(["replay", track, "--format", "json", "--enter-background-at", "30"])
        #expect(result.object["warnings"] as? [String] == [
            "the segments are stored out of time order: replayed in time order (2, 1)",
            "1 recorded speed below 0 or above 299792458.0 m/s ignored (derived from the points instead)",
        ])
    }

    @Test func warningsForEventsAfterTheEndAbsurdSpeedsAndInstantTracks() throws {
        let late = try CLI.json(["replay", commute, "--format", "json", "--lock-at", "900"])
        #expect(late.object["warnings"] as? [String] == ["the event at 0:15:00 (lock) is after the end of the track (0:12:29): the run goes on to it, with no position to replay"])
        // The run goes on past the track to the event.
        #expect(late.object["durationSeconds"] as? Double == 900)
        let text = try CLI.run(["replay", commute, "--lock-at", "900", "--revoke-at", "1000"])
        #expect(text.stdout.contains("\n  warning  2 events are after the end of the track (0:12:29), the first at 0:15:00 (lock): the run goes on to them, with no position to replay\n"))
        let fast = try CLI.json(["replay", untimed, "--format", "json", "--speed", "2.9e8", "--enter-background-at", "0"])
        #expect(fast.object["warnings"] as? [String] == [
            "--speed 290000000 m/s is faster than anything that carries a phone (over 1000 m/s): the untimed trip lasts 3.451768335043379e-05 s",
            "the route points span 3.451768335043379e-05 s, under a millisecond: there is almost no trip to replay",
        ])
        let fixtures = try Fixtures()
        let tiny = try fixtures.write("tiny.gpx", """
            <gpx version="1.1"><trk><trkseg>
            <trkpt lat="47" lon="8"><time>2024-01-01T10:00:00.0000Z</time></trkpt>
            <trkpt lat="47.00001" lon="8"><time>2024-01-01T10:00:00.0005Z</time></trkpt>
            </trkseg></trk></gpx>
            """)
        let instant = try CLI.run(["replay", tiny, "--enter-background-at", "0"])
        #expect(instant.status == 0)
        #expect(instant.stdout.contains("\n  warning  the track points span 0.0005 s, under a millisecond: there is almost no trip to replay\n"))
    }
}
