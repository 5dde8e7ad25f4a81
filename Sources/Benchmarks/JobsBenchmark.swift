import ArgumentParser
import Foundation

/// Issue 21's matrix goal: `keepalive matrix --jobs 2` against `--jobs 1` on the 1,000 replays
/// of `keepalive-bench matrix`, alternated, medians compared.
struct JobsBenchmark: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "jobs",
        abstract: "Matrix parallelism: keepalive matrix --jobs 1 ÷ --jobs 2 (goal ≥ 1.7 on two idle cores).",
        discussion: """
            Writes the tracks and matrix of `keepalive-bench matrix` (10 tracks of 0.5 to 3 h at \
            1 Hz × 5 profiles × 20 settings = 1,000 replays), then runs `keepalive matrix \
            --format json` with --jobs 1 and --jobs 2 in turn, --repeat times each, and prints \
            the medians and jobs 1 ÷ jobs 2 beside the goal (≥ 1.7). Both outputs must be equal.
            """
    )

    @Option(help: ArgumentHelp("The keepalive binary (default: the one beside this benchmark).", valueName: "path"))
    var keepalive: String?

    @Option(help: "Runs of each; the medians count.")
    var `repeat` = 3

    func validate() throws {
        guard `repeat` > 0 else { throw ValidationError("--repeat must be positive") }
    }

    func run() throws {
        let keepalive = try ChildRun.keepalive(keepalive)
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("keepalive-bench-jobs-\(getpid())").path
        try FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: root) }
        var names: [String] = []
        for index in 0..<10 {
            let seconds = 1_800 + index * 1_000
            try SyntheticGPX.write(points: seconds + 1, to: "\(root)/track-\(index).gpx")
            names.append("track-\(index).gpx")
        }
        var matrix = "tracks: [\(names.joined(separator: ", "))]\n"
        matrix += "profiles: [\(MatrixBenchmark.profiles.joined(separator: ", "))]\nruns:\n"
        for run in MatrixBenchmark.runs { matrix += "  - name: \(run.name)\n    settings: \(run.yaml)\n" }
        try matrix.write(toFile: "\(root)/matrix.yaml", atomically: true, encoding: .utf8)

        var one: [ChildRun] = [], two: [ChildRun] = []
        for _ in 0..<`repeat` {
            one.append(try ChildRun.run(keepalive, ["matrix", "\(root)/matrix.yaml", "--jobs", "1", "--format", "json", "--output", "\(root)/one.json"]))
            two.append(try ChildRun.run(keepalive, ["matrix", "\(root)/matrix.yaml", "--jobs", "2", "--format", "json", "--output", "\(root)/two.json"]))
        }
        let same = (try? Data(contentsOf: URL(fileURLWithPath: "\(root)/one.json"))) == (try? Data(contentsOf: URL(fileURLWithPath: "\(root)/two.json")))
        let oneTime = ChildRun.median(one.map(\.seconds)), twoTime = ChildRun.median(two.map(\.seconds))
        print("1,000 replays (10 tracks × 5 profiles × 20 settings), \(`repeat`) runs each, alternated; medians of wall time")
        print("--jobs 1  \(ChildRun.format(oneTime, 2)) s  (CPU \(ChildRun.format(ChildRun.median(one.map(\.cpuSeconds)), 2)) s)")
        print("--jobs 2  \(ChildRun.format(twoTime, 2)) s  (CPU of the parent \(ChildRun.format(ChildRun.median(two.map(\.cpuSeconds)), 2)) s)")
        print("jobs 1 ÷ jobs 2: \(ChildRun.verdict(oneTime / twoTime, atLeast: 1.7)); outputs \(same ? "identical" : "DIFFERENT")")
        print("load average now: \((try? String(contentsOfFile: "/proc/loadavg", encoding: .utf8))?.split(separator: " ").prefix(3).joined(separator: " ") ?? "unknown")")
    }
}
