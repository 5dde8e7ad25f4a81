import Foundation
import Testing

/// Issue 22 §1: `keepalive import` and `replay --app-config` on the shipped plugin configuration.
@Suite struct PluginImportCLITests {
    private let config = "Tracks/Scenarios/plugin-transistor.json"
    private let walk = "Tracks/walk-with-cafe-stop.gpx"

    @Test func importWritesAScenarioThatRunsAsTheConfigurationDoes() throws {
        let imported = try CLI.run(["import", config])
        #expect(imported.status == 0)
        #expect(imported.stderr == "warning: \(config): ignored (nothing the model has): debug, logLevel, url\n")
        #expect(imported.stdout.contains("      - {after: 300, as: \"stop-detection\", do: [stop-updates, {monitor-region: {radius: 25, id: \"stationary\"}}]}\n"))
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("keepalive-import-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let written = folder.appendingPathComponent("app.yaml")
        try imported.stdout.write(to: written, atomically: true, encoding: .utf8)
        let direct = try CLI.run(["replay", walk, "--app-config", config, "--format", "json"])
        let viaScenario = try CLI.run(["replay", walk, "--scenario", written.path, "--format", "json"])
        #expect(direct.status == 1)
        #expect(direct.stdout == viaScenario.stdout)
    }

    /// The walk's café stop: no fix passes the 50 m filter for 5 min from 0:15:15, so the stop
    /// timer turns updates off at 0:20:15 and arms the 25 m geofence; the app is suspended at
    /// 0:20:20 and woken by its exit at 0:38:44 (the walk left the café at 0:35:18; counted ~200 m
    /// and 20 s later, at 2281 s, then the regions' first seeded report delay at seed 0, 43 s:
    /// 2324 s). The first gap runs from 0:35:00, when the walk leaves the café where it stood
    /// still since the last fix (§4), missed from 60 moving seconds later, to that wake: 164 s.
    /// The updates the plugin restarts in the exit's wake keep nothing alive (§4's background
    /// start, issue 31): one fix at the wake (the 50 m filter holds the rest of its 10 s), then a
    /// second gap from it to the end of the walk, missed from 60 s later.
    @Test func theSampleConfigurationsCoverageOnTheWalk() throws {
        let (status, object) = try CLI.json(["replay", walk, "--app-config", config, "--format", "json"])
        #expect(status == 1)
        #expect(object["goal"] as? String == "tracking")
        #expect(object["suspendedAt"] as? Double == 1220)
        let coverage = (object["coverage"] as? [[String: Any]])?.first
        let gaps = coverage?["gaps"] as? [[String: Any]] ?? []
        #expect(gaps.count == 2)
        let (first, second) = (gaps.first, gaps.last)
        #expect(first?["from"] as? Double == 2100)
        #expect(first?["firstMissed"] as? Double == 2160)
        #expect(first?["to"] as? Double == 2324)
        #expect(first?["seconds"] as? Double == 164)
        #expect(first?["closedBy"] as? String == "systemWake")
        #expect(second?["from"] as? Double == 2324)
        #expect(second?["firstMissed"] as? Double == 2384)
        #expect(second?["to"] as? Double == 3002)
        #expect(second?["closed"] as? Bool == false)
        #expect((second?["causes"] as? [String])?.contains("updatesStartedInBackgroundWake") == true)
        let uncovered = 164 + (second?["seconds"] as? Double ?? 0)
        #expect(coverage?["uncoveredSeconds"] as? Double == uncovered)
        // 1 − the uncovered of the walk's 1801 moving seconds (JSON's last digit aside).
        #expect(abs((coverage?["fraction"] as? Double ?? 0) - (1801.0 - uncovered) / 1801) < 1e-12)
    }

    @Test func aBadConfigurationIsAUsageErrorWithItsPlace() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("keepalive-import-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let bad = folder.appendingPathComponent("bad.json")
        try "{\"stopTimeout\": 5,\n \"distanceFilter\": -3}".write(to: bad, atomically: true, encoding: .utf8)
        let result = try CLI.run(["import", bad.path])
        #expect(result.status == 64)
        #expect(result.stdout == "")
        #expect(result.stderr == "error: \(bad.path):2:20: 'distanceFilter' -3.0 is not a distance (0…40075017 m, the Earth's circumference)\n")
        let broken = folder.appendingPathComponent("broken.json")
        try "{\"stopTimeout\": 5\n \"distanceFilter\": 3}".write(to: broken, atomically: true, encoding: .utf8)
        let replay = try CLI.run(["replay", walk, "--app-config", broken.path])
        #expect(replay.status == 64)
        #expect(replay.stderr == "error: \(broken.path):2:18: not valid JSON: did not find expected ',' or '}'\n")
        let missing = try CLI.run(["import", folder.appendingPathComponent("none.json").path])
        #expect(missing.status == 66)
    }
}
