import Foundation
import Testing

/// One error style (issue 34 item 5): `error: …`, one line, for every input error.
@Suite struct ErrorStyleCLITests {
    @Test func aMistypedCommandGetsTheNearestOne() throws {
        let result = try CLI.run(["replai", "Tracks/city-commute.gpx"])
        #expect(result.status == 64)
        #expect(result.stdout == "")
        #expect(result.stderr == "error: 'replai' is not a command of keepalive; did you mean 'replay'? ('keepalive --help' lists the commands)\n")
        let inspect = try CLI.run(["inpsect"])
        #expect(inspect.stderr == "error: 'inpsect' is not a command of keepalive; did you mean 'inspect'? ('keepalive --help' lists the commands)\n")
    }

    /// Far from every command: the list; a track given without a command: how to replay it.
    @Test func aWordFarFromEveryCommandGetsTheList() throws {
        let far = try CLI.run(["frobnicate"])
        #expect(far.status == 64)
        #expect(far.stderr == "error: 'frobnicate' is not a command of keepalive (replay, inspect, matrix, import, compare, profiles)\n")
        let track = try CLI.run(["Tracks/city-commute.gpx"])
        #expect(track.stderr == "error: 'Tracks/city-commute.gpx' is not a command of keepalive (replay, inspect, matrix, import, compare, profiles); to replay a track: keepalive replay Tracks/city-commute.gpx\n")
    }

    /// ArgumentParser's own errors: one line, `error: `, ending with where the help is.
    @Test func argumentParsersErrorsAreOneLineInTheToolsStyle() throws {
        let unknown = try CLI.run(["replay", "Tracks/city-commute.gpx", "--formt", "json"])
        #expect(unknown.status == 64)
        #expect(unknown.stderr == "error: Unknown option '--formt'. Did you mean '--format'? See 'keepalive replay --help'.\n")
        let missing = try CLI.run(["matrix"])
        #expect(missing.stderr == "error: Missing expected argument '<file>'; see 'keepalive matrix --help'\n")
        let ours = try CLI.run(["matrix", "Docs/examples/matrix.yaml", "--jobs", "0"])
        #expect(ours.stderr == "error: --jobs: must be 1 or more; see 'keepalive matrix --help'\n")
    }

    @Test func anUnreadableMatrixFileGivesTheSystemsReason() throws {
        let fixtures = try Fixtures()
        let folder = fixtures.folder.appendingPathComponent("m.yaml")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let result = try CLI.run(["matrix", "m.yaml"], in: fixtures.folder)
        #expect(result.status == 66)
        #expect(result.stderr == "error: m.yaml: cannot read the matrix file: a directory, not a regular file\n")
    }

    /// A track of another format is named as what it is, with what to do instead (exit 65).
    @Test(arguments: [
        ("ride.csv", "time,lat,lon\n2024-05-01T08:00:00Z,47,8\n",
         "error: ride.csv:1:1: this is CSV text, not GPX; a phone's CSV recording goes beside the trip's GPX track: keepalive compare TRACK.gpx --device ride.csv (Docs/CLI.md); to replay it, convert it to GPX with gpsbabel -i unicsv -f ride.csv -o gpx -F ride.gpx\n"),
        ("ride.json", "{\"type\": \"FeatureCollection\"}",
         "error: ride.json:1:1: this is JSON, not GPX; a replay reads GPX: convert it to GPX with gpsbabel -i geojson -f ride.json -o gpx -F ride.gpx (GeoJSON), or export GPX from the app that wrote it\n"),
        ("ride.gpx", "<?xml version=\"1.0\"?>\n<kml xmlns=\"http://www.opengis.net/kml/2.2\"/>",
         "error: ride.gpx:2:1: the root element is <{http://www.opengis.net/kml/2.2}kml>, not <gpx>: this is not a GPX file; a replay reads GPX: convert it to GPX with gpsbabel -i kml -f ride.gpx -o gpx -F ride-converted.gpx\n"),
        ("ride.gpx", "", "error: ride.gpx:1:1: the file is empty\n"),
    ])
    func aTrackOfAnotherFormatIsNamed(name: String, content: String, message: String) throws {
        let fixtures = try Fixtures()
        _ = try fixtures.write(name, content)
        let result = try CLI.run(["replay", name], in: fixtures.folder)
        #expect(result.status == 65)
        #expect(result.stderr == message)
        let inspected = try CLI.run(["inspect", name], in: fixtures.folder)
        #expect(inspected.status == 65)
        #expect(inspected.stderr == message)
    }

    @Test func aBinaryTrackIsNamedWithPlaceholdersForAnUnsafeName() throws {
        let fixtures = try Fixtures()
        try Data([0x00, 0x01, 0x02, 0x03]).write(to: fixtures.folder.appendingPathComponent("my ride.gpx"))
        let result = try CLI.run(["replay", "my ride.gpx"], in: fixtures.folder)
        #expect(result.status == 65)
        #expect(result.stderr == "error: my ride.gpx:1:1: this is binary data, not GPX; a replay reads GPX: export GPX from the app that wrote it, or convert it with gpsbabel (gpsbabel -i FORMAT -f FILE -o gpx -F track.gpx)\n")
    }

    /// `-` and `/dev/stdin`: the matrix's paths start in the working directory, not in `/dev`.
    @Test(arguments: ["-", "/dev/stdin"])
    func aMatrixOnStandardInputFindsItsTracksFromTheWorkingDirectory(name: String) throws {
        let fixtures = try Fixtures()
        try FileManager.default.createDirectory(at: fixtures.folder.appendingPathComponent("sub"), withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: CLI.packageRoot.appendingPathComponent("Tracks/city-commute.gpx"),
                                         to: fixtures.folder.appendingPathComponent("sub/city-commute.gpx"))
        _ = try fixtures.write("m.yaml", "tracks: [sub/city-commute.gpx]\nsettings: {distanceFilter: 50}\nruns: [{name: filtered, expect: missed}, {name: none, settings: {distanceFilter: none}, expect: met}]\n")
        let result = try CLI.run(["-c", "cat m.yaml | \"$0\" matrix \(name) --jobs 1", CLI.executable.path], in: fixtures.folder, shell: true)
        #expect(result.stderr == "")
        #expect(result.status == 0)
        #expect(result.stdout.hasSuffix("\n2 runs: 2 as expected, 0 not, 0 without an expectation; goals met in 1, missed in 1\n"))
    }

    @Test func aScenarioOnStandardInputIsRead() throws {
        let result = try CLI.run(["-c", "echo 'distanceFilter: 50' | \"$0\" replay Tracks/city-commute.gpx --scenario - --format json", CLI.executable.path], shell: true)
        #expect(result.stderr == "")
        #expect(result.status == 1)  // README: a 50 m filter misses the navigation goal
        #expect(result.stdout.contains("\"goalMet\": false") || result.stdout.contains("\"goalMet\":false"))
    }
}
