import Foundation
import Testing

/// `keepalive compare`: exit statuses, and a bad recording reported at its line and column.
@Suite struct CompareCLITests {
    private let trip = "Tracks/compare/trip.gpx"

    @Test func theGeneratedRecordingDivergesAtItsExactSecond() throws {
        let result = try CLI.run(["compare", trip, "--device", "Tracks/compare/device-recording.csv"])
        #expect(result.status == 2)
        #expect(result.stderr.isEmpty)
        // From the device's last fix (0:09:59) to its next (0:15:00): 301 s at 15 m/s, 4.5 km.
        #expect(result.stdout.contains("  0:09:59–0:15:00 (4.5 km), 4 min 56 s uncovered from 0:10:04; the model covered 0:10:04\n"))
        #expect(result.stdout.contains("First divergence at 0:10:04: the model's app was running in the background (process 1), standard location updates running, held by the location session; its newest fix at 0:10:04.\n"))
        #expect(result.stdout.contains("these reproduce it: Low Power Mode, a restart, an app update\n"))
        #expect(result.stdout.hasSuffix("The device and the model diverge.\n"))
    }

    @Test func theJSONNamesTheFirstDivergenceAndEachConditionsFinding() throws {
        let (status, object) = try CLI.json(["compare", trip, "--device", "Tracks/compare/device-recording.csv", "--format", "json"])
        #expect(status == 2)
        let first = try #require(object["firstDivergence"] as? [String: Any])
        #expect(first["second"] as? Double == 604)
        #expect(first["lastDeviceFix"] as? Double == 599)
        let model = try #require(first["model"] as? [String: Any])
        #expect(model["appState"] as? String == "background")
        #expect(model["location"] as? String == "standardUpdates")
        let conditions = (first["conditions"] as? [[String: Any]] ?? []).map { "\($0["condition"] ?? ""):\($0["finding"] ?? "")" }
        #expect(conditions == ["low-power-mode:reproduces", "cpu-limit:possible", "memory-pressure:does-not-reproduce",
                               "restart:reproduces", "app-update:reproduces"])
        #expect((object["tooStrict"] as? [Any])?.count == 0)
        #expect(object["diverged"] as? Bool == true)
    }

    @Test func aRecordingWithEveryFixAgreesAndExitsZero() throws {
        // The trip itself as the recording: a fix a second, as the model delivers them.
        let result = try CLI.run(["compare", trip, "--device", trip])
        #expect(result.status == 0)
        #expect(result.stdout.hasSuffix("The device and the model agree: every gap of each is a gap of the other.\n"))
    }

    @Test(arguments: [
        ("time,lat,lon,accuracy\n2024-05-01T08:00:00Z,47.3779,8.5403,5\n2024-05-01T08:00:01Z,47.3779,8.54x,5\n",
         "r.csv:3:30: longitude: '8.54x' is not a decimal number"),
        ("time,lat,lon\n2024-05-01T08:00:00Z,47.3779\n",
         "r.csv:2:29: missing the 'lon' column (the header names 3 columns, this line has 2)"),
        ("time,lat,lon\n2024-05-01T08:00:00Z,47.3779,8.5403\n1714550401,91.5,8.5403\n",
         "r.csv:3:12: latitude 91.5 is outside -90…90"),
        ("lat,lon\n47,8\n", "r.csv:1:1: the header names no 'time' column: a recording's header is time,lat,lon[,accuracy]"),
        ("time,lat,lon\nyesterday,47,8\n",
         "r.csv:2:1: time 'yesterday' is neither ISO 8601 (2024-05-01T08:00:00Z) nor seconds since 1970 (0…253402300799)"),
        ("time,lat,lon,accuracy\n1714550401.5, 47, 8, -1\n",
         "r.csv:2:22: accuracy -1 is outside 0…100000 m (Core Location marks an invalid fix with a negative accuracy: leave such fixes out)"),
        ("", "r.csv:1:1: empty: a recording starts with a header line time,lat,lon[,accuracy]"),
        ("time,lat,lon\n2023-05-01T08:00:00Z,47,8\n",
         "r.csv: none of its 1 fixes falls within the trip (2024-05-01T08:00:00Z–2024-05-01T08:20:00Z): is it the recording of this trip?"),
    ])
    func aBadRecordingIsReportedAtItsLineAndColumn(content: String, message: String) throws {
        let fixtures = try Fixtures()
        _ = try fixtures.write("r.csv", content)
        let result = try CLI.run(["compare", CLI.packageRoot.appendingPathComponent(trip).path, "--device", "r.csv"], in: fixtures.folder)
        #expect(result.status == 65)
        #expect(result.stderr == "error: " + message + "\n")
        #expect(result.stdout.isEmpty)
    }

    @Test func usageAndUnreadableFilesHaveTheirOwnStatuses() throws {
        let unknown = try CLI.run(["compare", trip, "--device", "recording.txt"])
        #expect(unknown.status == 64)
        #expect(unknown.stderr.hasPrefix("error: --device: 'recording.txt' must end in .gpx or .csv; see 'keepalive compare --help'\n"))
        let missing = try CLI.run(["compare", trip, "--device", "no-such-recording.csv"])
        #expect(missing.status == 66)
        #expect(missing.stderr == "error: no-such-recording.csv: cannot open: No such file or directory\n")
        let goal = try CLI.run(["compare", trip, "--device", "Tracks/compare/device-recording.csv", "--goal", "refresh"])
        #expect(goal.status == 64)
        #expect(goal.stderr == "error: compare judges a recording of fixes against a location goal (navigation or tracking); this run's goal is refresh: give --goal navigation or --goal tracking\n")
    }
}
