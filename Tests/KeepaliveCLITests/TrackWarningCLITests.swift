import Foundation
import Testing

/// Tracks that cannot show what a replay is for say so, in `replay` and `inspect`.
@Suite struct TrackWarningCLITests {
    /// Five minutes of a walk whose logger wrote two points with times out of order (lines 5 and 7; its times start at column 29).
    static let shuffled = """
        <gpx version="1.1" xmlns="http://www.topografix.com/GPX/1/1">
        <trk><trkseg>
        <trkpt lat="47" lon="8"><time>2024-01-01T10:00:00Z</time></trkpt>
        <trkpt lat="47.001" lon="8"><time>2024-01-01T10:02:00Z</time></trkpt>
        <trkpt lat="47.002" lon="8"><time>2024-01-01T10:01:00Z</time></trkpt>
        <trkpt lat="47.003" lon="8"><time>2024-01-01T10:03:00Z</time></trkpt>
        <trkpt lat="47.004" lon="8"><time>2024-01-01T10:03:00Z</time></trkpt>
        <trkpt lat="47.005" lon="8"><time>2024-01-01T10:05:00Z</time></trkpt>
        </trkseg></trk></gpx>
        """

    @Test func pointsOutOfOrderAreCountedAndPlaced() throws {
        let fixtures = try Fixtures()
        let track = try fixtures.write("shuffled.gpx", Self.shuffled)
        let result = try CLI.json(["replay", track, "--format", "json"])
        #expect(result.object["warnings"] as? [String] == [
            "2 track points skipped, not sorted: their times are not after an earlier point's in the same piece (the first at \(track):5:29); the replay follows the points that remain in time order",
        ])
        let inspect = try CLI.run(["inspect", track])
        #expect(inspect.stdout.hasSuffix("""
              warnings   1
              warning: 5:29: 2 track points out of time order (not after an earlier point's time in the same piece): a replay skips them, it does not sort them

            """))
    }

    @Test func anUntimedTrackNamesItsAssumedSpeed() throws {
        let byDefault = try CLI.json(["replay", "Tracks/untimed-route.gpx", "--format", "json"])
        #expect(byDefault.object["warnings"] as? [String] == [
            "the route points have no times: replayed at an assumed 13.9 m/s (about 50 km/h, the default; --speed changes it), so the trip's timing is not the recorded one",
        ])
        let told = try CLI.json(["replay", "Tracks/untimed-route.gpx", "--format", "json", "--speed", "1.5"])
        #expect(told.object["warnings"] as? [String] == [
            "the route points have no times: replayed at an assumed 1.5 m/s (about 5 km/h, --speed), so the trip's timing is not the recorded one",
        ])
    }

    @Test func aTripShorterThanTheBudgetCannotShowASuspension() throws {
        let result = try CLI.run(["replay", "Tracks/city-commute.gpx", "--enter-background-at", "740"])
        #expect(result.stdout.contains("\n  warning  the run ends at 0:12:29, before the app's background time could run out (it leaves the screen at 0:12:20, and ios17 gives it 30 s, to 0:12:50): this trip cannot show a suspension\n"))
        // One second later than the budget allows is enough; the debugger never suspends, so it has nothing to warn of.
        for arguments in [["--enter-background-at", "719"], ["--enter-background-at", "740", "--profile", "debugger"]] {
            let quiet = try CLI.json(["replay", "Tracks/city-commute.gpx", "--format", "json"] + arguments)
            #expect(quiet.object["warnings"] as? [String] == [], "\(arguments)")
        }
    }
}
