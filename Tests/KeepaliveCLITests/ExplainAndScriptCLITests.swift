import Foundation
import Testing

/// `--explain` and `app:` scripts, through the binary.
@Suite struct ExplainAndScriptCLITests {
    private let walk = "Tracks/walk-with-cafe-stop.gpx"
    private let commute = "Tracks/city-commute.gpx"

    @Test func explainPrintsTheFixAfterTheVerdict() throws {
        let result = try CLI.run(["replay", walk, "--activity-type", "fitness", "--explain"])
        #expect(result.status == 1)
        let tail = result.stdout.split(separator: "\n", omittingEmptySubsequences: false).suffix(6).joined(separator: "\n")
        #expect(tail == """
            The app was suspended at 0:25:31: background time expired; every background task was ended in its expiration handler (because updates paused automatically after 10 min without moving (fitness)).

            Explain: this change would meet the goal (8 replays, 7 changes one at a time):
              - pausesLocationUpdatesAutomatically = false
                cost: location on 50 min 1 s at best; 0 wakes; 49 min 2 s running in the background; energy 110 % of GPS on at best for the whole trip (as it is: 55 %)

            """)
    }

    @Test func explainAddsFixesToTheJSON() throws {
        let (status, object) = try CLI.json(["replay", commute, "--scenario", "Tracks/Scenarios/task-chain.yaml", "--explain", "--format", "json"])
        #expect(status == 1)
        let fixes = try #require(object["fixes"] as? [[String: Any]])
        #expect(fixes.count == 1)
        #expect(fixes.first?["verdict"] as? String == "kept-alive")
        let changes = fixes.first?["changes"] as? [[String: String]] ?? []
        #expect(changes == [
            ["setting": "allowsBackgroundLocationUpdates", "value": "true", "text": "allowsBackgroundLocationUpdates = true"],
            ["setting": "stopUpdatingLocation()", "value": "never called", "text": "stopUpdatingLocation() never called"],
        ])
    }

    @Test func withoutExplainTheJSONHasNoFixes() throws {
        let (_, object) = try CLI.json(["replay", commute, "--format", "json"])
        #expect(object["fixes"] == nil)
    }

    @Test func explainRefusesJSONLines() throws {
        let result = try CLI.run(["replay", commute, "--explain", "--format", "jsonl"])
        #expect(result.status == 64)
        #expect(result.stderr.contains("--explain: reports its fixes with --format text or json, not jsonl"))
    }

    @Test func aScriptReplacesTheNavigationApp() throws {
        let (status, object) = try CLI.json(["replay", commute, "--scenario", "Tracks/Scenarios/pulse-60s.yaml", "--profile", "ios13", "--format", "json"])
        #expect(status == 1)
        #expect(object["verdict"] as? String == "terminated")
        #expect(object["terminatedAt"] as? Double == 92)
    }

    @Test func theShippedNavigationScriptIsTheDefault() throws {
        let plain = try CLI.run(["replay", commute, "--distance-filter", "50", "--format", "json"])
        let scripted = try CLI.run(["replay", commute, "--distance-filter", "50", "--format", "json", "--scenario", "Tracks/Scenarios/navigation-app.yaml"])
        #expect(plain.status == 1)  // a 50 m filter leaves 6-s stretches: the navigation goal is missed
        #expect(plain.stdout == scripted.stdout)
    }

    @Test func aMistakeInAScriptNamesItsLineAndColumn() throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("keepalive-script-\(UUID().uuidString).yaml")
        try "app:\n  on:\n    launch: [start-updates]\n    parked: [stop-updates]\n".write(to: file, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(at: file) }
        let result = try CLI.run(["replay", commute, "--scenario", file.path])
        #expect(result.status == 64)
        #expect(result.stderr.hasPrefix("error: \(file.path):4:5: 'parked' is not a trigger"))
    }
}

@Suite struct RecipeMatrixCLITests {
    /// The ready scripts, by the track they are written for: every cell ends as its matrix expects.
    @Test(arguments: [("recipes", 24, 10, 14), ("walk-recipes", 45, 26, 19), ("parked-recipes", 16, 5, 3)])
    func theRecipesEndAsTheirMatrixExpects(matrix: String, runs: Int, met: Int, missed: Int) throws {
        let result = try CLI.run(["matrix", "Tracks/Scenarios/\(matrix).yaml", "--jobs", "1"])
        #expect(result.status == 0)
        #expect(result.stdout.hasSuffix("\n\(runs) runs: \(runs) as expected, 0 not, 0 without an expectation; goals met in \(met), missed in \(missed)\n"))
    }
}
