import Foundation
import Testing

/// The text timeline and the SVG of one sample track, and the SVG of one mechanism's ready
/// script, against stored files that were read and looked at (rendered) when they were made. After an intended change, regenerate
/// with `KEEPALIVE_UPDATE_GOLDEN=1 swift test --filter GoldenFileTests`, and look again.
@Suite struct GoldenFileTests {
    private static let folder = CLI.packageRoot.appendingPathComponent("Tests/KeepaliveCLITests/Golden")
    private static let arguments = ["replay", "Tracks/city-commute.gpx", "--distance-filter", "50", "--seed", "3"]

    private func compare(_ actual: String, with name: String) throws {
        let path = Self.folder.appendingPathComponent(name)
        if ProcessInfo.processInfo.environment["KEEPALIVE_UPDATE_GOLDEN"] == "1" {
            try actual.write(to: path, atomically: true, encoding: .utf8)
        }
        let expected = try String(contentsOf: path, encoding: .utf8)
        #expect(actual == expected, "\(name) differs from the stored file")
    }

    @Test func textTimeline() throws {
        let result = try CLI.run(Self.arguments)
        #expect(result.status == 1)  // the navigation goal is missed
        try compare(result.stdout, with: "city-commute-filter-50.txt")
    }

    /// A mechanism's picture: bg-refresh.yaml's BGAppRefreshTasks on the parked car, with the
    /// lanes of what kept the app alive, its wakes and the tasks' submits, waits and runs.
    @Test func svgPictureOfBackgroundRefresh() throws {
        let fixtures = try Fixtures()
        let picture = fixtures.folder.appendingPathComponent("run.svg").path
        let result = try CLI.run(["replay", "Tracks/parked-car.gpx", "--scenario", "Tracks/Scenarios/bg-refresh.yaml", "--report", picture])
        #expect(result.status == 0)  // suspended between runs, yet the refresh goal is met
        try compare(try String(contentsOfFile: picture, encoding: .utf8), with: "parked-car-bg-refresh.svg")
    }

    @Test func svgPicture() throws {
        let fixtures = try Fixtures()
        let picture = fixtures.folder.appendingPathComponent("run.svg").path
        let result = try CLI.run(Self.arguments + ["--report", picture])
        #expect(result.status == 1)  // the navigation goal is missed: a 50 m filter leaves 6-s stretches
        try compare(try String(contentsOfFile: picture, encoding: .utf8), with: "city-commute-filter-50.svg")
    }
}
