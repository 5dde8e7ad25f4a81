import Foundation
import Testing

/// Issue 33: every input, the Info.plist wherever it is named, is refused as an output; messages
/// on standard error are one line each, whatever the files hold.
@Suite struct InputRoutesCLITests {
    private let commute = CLI.packageRoot.appendingPathComponent("Tracks/city-commute.gpx").path
    private let trip = CLI.packageRoot.appendingPathComponent("Tracks/compare/trip.gpx").path
    private let recording = CLI.packageRoot.appendingPathComponent("Tracks/compare/device-recording.csv").path
    private static let plist = """
        <?xml version="1.0" encoding="UTF-8"?>
        <plist version="1.0"><dict><key>UIBackgroundModes</key><array><string>location</string></array></dict></plist>

        """

    /// The Info.plist, and a report name (`.svg`) that is a link to it: the same file.
    private func plistAndLink(_ fixtures: Fixtures) throws -> (plist: String, link: String) {
        let plist = try fixtures.write("Info.plist", Self.plist)
        let link = fixtures.folder.appendingPathComponent("report.svg").path
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: plist)
        return (plist, link)
    }

    private func expectRefused(_ result: CLI.Result, _ option: String, _ output: String, _ role: String, _ plist: String) throws {
        #expect(result.status == 64)
        let same = output == plist ? "" : " (\(plist))"
        #expect(result.stderr == "error: \(option): '\(output)' is \(role)\(same): refusing to write over an input\n")
        // Refused before the run: nothing printed, the file as it was.
        #expect(result.stdout == "")
        #expect(try String(contentsOfFile: plist, encoding: .utf8) == Self.plist)
    }

    @Test func replaysInfoPlistOptionIsAnInput() throws {
        let fixtures = try Fixtures()
        let (plist, link) = try plistAndLink(fixtures)
        let result = try CLI.run(["replay", commute, "--info-plist", plist, "--report", link])
        try expectRefused(result, "--report", link, "the Info.plist", plist)
    }

    @Test func comparesInfoPlistOptionIsAnInput() throws {
        let fixtures = try Fixtures()
        let (plist, link) = try plistAndLink(fixtures)
        let result = try CLI.run(["compare", trip, "--device", recording, "--info-plist", plist, "--report", link])
        try expectRefused(result, "--report", link, "the Info.plist", plist)
    }

    @Test func aScenariosInfoPlistIsAnInput() throws {
        let fixtures = try Fixtures()
        let (plist, link) = try plistAndLink(fixtures)
        let scenario = try fixtures.write("s.yaml", "infoPlist: Info.plist\n")
        let result = try CLI.run(["replay", commute, "--scenario", scenario, "--report", link])
        try expectRefused(result, "--report", link, "the Info.plist", plist)
    }

    @Test func aScriptsInfoFromIsAnInput() throws {
        let fixtures = try Fixtures()
        let (plist, link) = try plistAndLink(fixtures)
        let scenario = try fixtures.write("s.yaml", "app:\n  info: {from: Info.plist}\n  on: {launch: [request-always, start-updates]}\n")
        let result = try CLI.run(["replay", commute, "--scenario", scenario, "--report", link])
        try expectRefused(result, "--report", link, "the Info.plist", plist)
    }

    @Test func aMatrixRunsSettingsInfoPlistIsAnInput() throws {
        let fixtures = try Fixtures()
        let plist = try fixtures.write("Info.plist", Self.plist)
        let matrix = try fixtures.write("m.yaml", "tracks: [\(commute)]\nruns: [{settings: {infoPlist: Info.plist}}]\n")
        let result = try CLI.run(["matrix", matrix, "--output", plist])
        // A matrix may read several Info.plists: "an", never "the".
        try expectRefused(result, "--output", plist, "an Info.plist", plist)
    }

    @Test func aMatrixRunsScenarioInfoPlistIsAnInput() throws {
        let fixtures = try Fixtures()
        let plist = try fixtures.write("Info.plist", Self.plist)
        _ = try fixtures.write("s.yaml", "infoPlist: Info.plist\n")
        let matrix = try fixtures.write("m.yaml", "tracks: [\(commute)]\nruns: [{scenario: s.yaml}]\n")
        let result = try CLI.run(["matrix", matrix, "--output", plist])
        try expectRefused(result, "--output", plist, "an Info.plist", plist)
    }

    /// A line break in a file's text or name is escaped in warnings and errors, never a line of its own.
    @Test func aLineBreakFromAFileNeverStartsALine() throws {
        let fixtures = try Fixtures()
        let config = try fixtures.write("p.json", "{\"stopTimeout\": 5, \"bad\\nwarning: forged\": 1}\n")
        let imported = try CLI.run(["import", config, "--lenient"])
        #expect(imported.status == 0)
        #expect(imported.stderr == "warning: \(config):1:20: 'bad\\u{A}warning: forged' is not an option of background-geolocation; ignored\n")
        // Without --lenient the unknown key is an error (issue 34), escaped as well.
        let strict = try CLI.run(["import", config])
        #expect(strict.status == 64)
        #expect(strict.stderr.hasPrefix("error: \(config):1:20: unknown key 'bad\\u{A}warning: forged': "))
        #expect(strict.stderr.filter { $0 == "\n" }.count == 1)
        // The file's own name.
        let named = try fixtures.write("p\nwarning: forged.json", "{\"stopTimeout\": \"long\"}\n")
        let failed = try CLI.run(["import", named])
        #expect(failed.status == 64)
        #expect(failed.stderr.hasPrefix("error: \(fixtures.folder.path)/p\\u{A}warning: forged.json:1:17: 'stopTimeout' must be a number"))
        #expect(failed.stderr.filter { $0 == "\n" }.count == 1)
        // A background mode of the Info.plist, in the run's warnings (the text report).
        let plist = try fixtures.write("Info.plist", """
            <?xml version="1.0" encoding="UTF-8"?>
            <plist version="1.0"><dict><key>UIBackgroundModes</key><array><string>location</string><string>audio
            warning: forged</string></array></dict></plist>

            """)
        let replay = try CLI.run(["replay", commute, "--info-plist", plist])
        #expect(replay.stdout.contains("\(plist): UIBackgroundModes audio\\u{A}warning: forged not modelled: the run leaves them out\n"))
        #expect(!replay.stdout.contains("\nwarning: forged"))
    }
}
