import ArgumentParser
import Foundation

/// `keepalive replay` with and without `--report`, on a long synthetic track, so that the
/// picture's cost is seen beside the replay's own.
struct ReportBenchmark: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "report",
        abstract: "Time `keepalive replay` on a long track without and with --report, side by side.",
        discussion: """
            Writes a synthetic 1 Hz track (--seconds long; 7 days by default, about 150 MB), then \
            runs the `keepalive` built beside this benchmark on it, best of --repeat runs each: \
            (a) `replay --format json`, the replay's own time (reading, simulating, the summary); \
            (b) the same with `--report FILE.svg`. The report's cost is b − a. Target: b − a under \
            2 × a. (The benchmark runs the tool as a process: this target cannot link the reports.)
            """
    )

    @Option(help: "Seconds of trip (one track point a second).")
    var seconds = 7 * 86_400

    @Option(help: "Runs of each measurement; the fastest counts.")
    var `repeat` = 3

    @Option(help: "Where to write the track (default: a temporary file, removed afterwards).")
    var file: String?

    func validate() throws {
        guard (1...366 * 86_400).contains(seconds), (1...1_000).contains(`repeat`) else {
            throw ValidationError("--seconds must be 1…31622400 and --repeat 1…1000")
        }
    }

    func run() throws {
        let keepalive = URL(fileURLWithPath: CommandLine.arguments[0]).standardizedFileURL
            .deletingLastPathComponent().appendingPathComponent("keepalive").path
        guard FileManager.default.isExecutableFile(atPath: keepalive) else {
            throw ValidationError("no keepalive beside keepalive-bench (\(keepalive)): build both, e.g. swift build -c release")
        }
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("keepalive-bench-report-\(getpid())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let track = file ?? folder.appendingPathComponent("week.gpx").path
        defer { if file == nil { try? FileManager.default.removeItem(atPath: track) } }
        try SyntheticGPX.write(points: seconds + 1, to: track)
        let megabytes = Double((try FileManager.default.attributesOfItem(atPath: track)[.size] as? Int) ?? 0) / 1_000_000
        let picture = folder.appendingPathComponent("week.svg").path
        let replay = try best(keepalive, ["replay", track, "--format", "json"])
        let withReport = try best(keepalive, ["replay", track, "--format", "json", "--report", picture])
        let pictureBytes = (try FileManager.default.attributesOfItem(atPath: picture)[.size] as? Int) ?? 0
        let report = max(0, withReport - replay)
        print("track: \(seconds) s at 1 Hz, \(seconds + 1) points, \(format(megabytes, 1)) MB")
        print("(a) replay                 \(format(replay, 3)) s")
        print("(b) replay + --report svg  \(format(withReport, 3)) s  (picture \(format(Double(pictureBytes) / 1000, 1)) kB)")
        print("report alone (b − a)       \(format(report, 3)) s = \(format(report / replay, 2)) × the replay (target < 2)")
    }

    /// The fastest of `repeat` runs of `keepalive arguments`, in seconds of wall time.
    private func best(_ keepalive: String, _ arguments: [String]) throws -> Double {
        var fastest = Double.infinity
        for _ in 0..<`repeat` {
            fastest = min(fastest, try ProcessTiming.seconds(keepalive, arguments, silencingErrors: true))
        }
        return fastest
    }

    private func format(_ value: Double, _ decimals: Int) -> String {
        String(format: "%.\(decimals)f", locale: Locale(identifier: "en_US_POSIX"), value)
    }
}
