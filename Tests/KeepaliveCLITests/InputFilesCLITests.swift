import Foundation
import Testing

/// Issue 21: outputs never overwrite an input, and fail before the run when they cannot be
/// written; a FIFO never blocks a scenario; a file name that is not UTF-8 opens.
@Suite struct InputFilesCLITests {
    private let commute = CLI.packageRoot.appendingPathComponent("Tracks/city-commute.gpx").path

    private func copy(_ source: String, to name: String, in fixtures: Fixtures) throws -> String {
        let path = fixtures.folder.appendingPathComponent(name).path
        try FileManager.default.copyItem(atPath: source, toPath: path)
        return path
    }

    @Test func aReportOverTheTrackIsRefusedBeforeTheRun() throws {
        let fixtures = try Fixtures()
        // A GPX file named .svg, so that --report accepts the name.
        let track = try copy(commute, to: "t.svg", in: fixtures)
        let before = try Data(contentsOf: URL(fileURLWithPath: track))
        let result = try CLI.run(["replay", track, "--report", track])
        #expect(result.status == 64)
        #expect(result.stderr == "error: --report: '\(track)' is the track: refusing to write over an input\n")
        #expect(result.stdout == "")
        // Through a symbolic link, and as the scenario file: the same file by device and inode.
        let link = fixtures.folder.appendingPathComponent("link.svg").path
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: track)
        let linked = try CLI.run(["replay", track, "--report", link])
        #expect(linked.status == 64)
        #expect(linked.stderr == "error: --report: '\(link)' is the track (\(track)): refusing to write over an input\n")
        let scenario = try fixtures.write("s.html", "seed: 1\n")
        let overScenario = try CLI.run(["replay", commute, "--scenario", scenario, "--report", scenario])
        #expect(overScenario.stderr == "error: --report: '\(scenario)' is the scenario file: refusing to write over an input\n")
        #expect(try Data(contentsOf: URL(fileURLWithPath: track)) == before)
        #expect(try String(contentsOfFile: scenario, encoding: .utf8) == "seed: 1\n")
    }

    @Test func aReportIntoAMissingFolderFailsBeforeTheRun() throws {
        let fixtures = try Fixtures()
        let report = fixtures.folder.appendingPathComponent("missing/r.svg").path
        let result = try CLI.run(["replay", commute, "--report", report])
        #expect(result.status == 73)
        #expect(result.stderr == "error: \(report): cannot write the report: No such file or directory\n")
        // Nothing was printed: the run did not happen.
        #expect(result.stdout == "")
        let matrix = try fixtures.write("m.yaml", "tracks: [\(commute)]\nruns: [{}]\n")
        let output = fixtures.folder.appendingPathComponent("missing/out.txt").path
        let matrixResult = try CLI.run(["matrix", matrix, "--output", output])
        #expect(matrixResult.status == 73)
        #expect(matrixResult.stderr == "error: \(output): cannot write the output: No such file or directory\n")
    }

    @Test func aMatrixOutputOverAnInputIsRefused() throws {
        let fixtures = try Fixtures()
        let track = try copy(commute, to: "t.gpx", in: fixtures)
        let scenario = try fixtures.write("s.yaml", "seed: 2\n")
        let text = "tracks: [t.gpx]\nruns: [{scenario: s.yaml}]\n"
        let matrix = try fixtures.write("m.yaml", text)
        for (output, role) in [(matrix, "the matrix file"), (track, "a track"), (scenario, "a scenario file")] {
            let result = try CLI.run(["matrix", matrix, "--output", output])
            #expect(result.status == 64)
            #expect(result.stderr == "error: --output: '\(output)' is \(role): refusing to write over an input\n")
        }
        #expect(try String(contentsOfFile: matrix, encoding: .utf8) == text)
        #expect(try String(contentsOfFile: scenario, encoding: .utf8) == "seed: 2\n")
        #expect(try Data(contentsOf: URL(fileURLWithPath: track)) == Data(contentsOf: URL(fileURLWithPath: commute)))
    }

    @Test func aFIFOScenarioIsRefusedNotWaitedFor() throws {
        let fixtures = try Fixtures()
        let fifo = fixtures.folder.appendingPathComponent("fifo.yaml").path
        #expect(mkfifo(fifo, 0o600) == 0)
        let result = try CLI.run(["replay", commute, "--scenario", fifo])
        #expect(result.status == 66)
        #expect(result.stderr == "error: \(fifo): cannot read the scenario file: a FIFO (named pipe), not a regular file\n")
        let matrix = try fixtures.write("m.yaml", "tracks: [\(commute)]\nruns: [{scenario: fifo.yaml}]\n")
        let inMatrix = try CLI.run(["matrix", matrix])
        #expect(inMatrix.status == 66)
        #expect(inMatrix.stderr == "error: \(fifo): cannot read the scenario file: a FIFO (named pipe), not a regular file\n")
        let device = try CLI.run(["replay", commute, "--scenario", "/dev/zero"])
        #expect(device.status == 66)
        #expect(device.stderr == "error: /dev/zero: cannot read the scenario file: a character device, not a regular file\n")
    }

    @Test func aFileNameThatIsNotUTF8Opens() throws {
        let fixtures = try Fixtures()
        let folder = fixtures.folder.path
        // Byte 0xFF in the names: made and passed by the shell, as a user's would be.
        let script = """
            cp "$1" "$2/$(printf '\\377').gpx" && printf 'seed: 3\\n' > "$2/$(printf 'sc\\377').yaml" &&
            exec "$0" replay "$2/$(printf '\\377').gpx" --scenario "$2/$(printf 'sc\\377').yaml" --format json
            """
        let result = try CLI.run(["-c", script, CLI.executable.path, commute, folder], shell: true)
        #expect(result.status == 0)
        #expect(result.stderr == "")
        #expect(result.stdout.contains("\"seed\": 3,"))
    }
}
