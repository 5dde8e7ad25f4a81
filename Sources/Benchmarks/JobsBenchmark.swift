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
            1 Hz × 5 profiles × 20 settings = 1,000 replays; with --skewed, 3 tracks whose sizes \
            are not their simulated times, 300 replays), then runs `keepalive matrix \
            --format json` with --jobs 1 and --jobs 2 in turn, --repeat times each, and prints \
            the medians and jobs 1 ÷ jobs 2 beside the goal (≥ 1.7). Both outputs must be equal. \
            With /usr/bin/time, each worker of --jobs 2 runs under it (--worker-executable), and \
            the CPU of --jobs 1 ÷ the CPU of the busier worker is printed too: what two idle cores \
            would give, readable on a busy machine where wall times are not.
            """
    )

    @Option(help: ArgumentHelp("The keepalive binary (default: the one beside this benchmark).", valueName: "path"))
    var keepalive: String?

    @Option(help: "Runs of each; the medians count.")
    var `repeat` = 3

    @Option(help: "Where to write the tracks, the matrix and the outputs (default: a temporary folder, removed afterwards).")
    var folder: String?

    @OptionGroup var shape: MatrixShape

    @Flag(help: "Instead, three tracks whose file sizes mislead: 1 h at 1 Hz (288 kB), and twice 3 h at a point every 10 s (87 kB each).")
    var skewed = false

    func validate() throws {
        guard (1...1_000).contains(`repeat`) else { throw ValidationError("--repeat must be 1…1000") }
    }

    func run() throws {
        let keepalive = try ChildRun.keepalive(keepalive)
        let root = folder ?? FileManager.default.temporaryDirectory.appendingPathComponent("keepalive-bench-jobs-\(getpid())").path
        try FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true)
        defer { if folder == nil { try? FileManager.default.removeItem(atPath: root) } }
        var names: [String] = []
        // (seconds, seconds between points) of each track.
        let tracks = skewed ? [(3_600, 1), (10_800, 10), (10_800, 10)] : shape.secondsOfEachTrack.map { ($0, 1) }
        for (index, track) in tracks.enumerated() {
            try SyntheticGPX.write(points: track.0 / track.1 + 1, to: "\(root)/track-\(index).gpx", interval: track.1)
            names.append("track-\(index).gpx")
        }
        var matrix = "tracks: [\(names.joined(separator: ", "))]\n"
        matrix += "profiles: [\(MatrixBenchmark.profiles.joined(separator: ", "))]\nruns:\n"
        let runs = shape.runs
        for run in runs { matrix += "  - name: \(run.name)\n    settings: \(run.yaml)\n" }
        try matrix.write(toFile: "\(root)/matrix.yaml", atomically: true, encoding: .utf8)

        // Each worker of --jobs 2 runs under /usr/bin/time, which adds its CPU seconds to a file:
        // the busier worker's CPU is what two idle cores would wait for.
        let timing = FileManager.default.isExecutableFile(atPath: "/usr/bin/time")
        let cpuFile = "\(root)/workers.cpu", wrapper = "\(root)/worker.sh"
        try "#!/bin/sh\nexec /usr/bin/time -f '%U %S' -a -o '\(cpuFile)' '\(keepalive)' \"$@\"\n".write(toFile: wrapper, atomically: true, encoding: .utf8)
        chmod(wrapper, 0o755)
        var one: [ChildRun] = [], two: [ChildRun] = [], busiest: [Double] = []
        for _ in 0..<`repeat` {
            one.append(try ChildRun.run(keepalive, ["matrix", "\(root)/matrix.yaml", "--jobs", "1", "--format", "json", "--output", "\(root)/one.json"]))
            try? FileManager.default.removeItem(atPath: cpuFile)
            two.append(try ChildRun.run(keepalive, ["matrix", "\(root)/matrix.yaml", "--jobs", "2", "--format", "json", "--output", "\(root)/two.json"]
                + (timing ? ["--worker-executable", wrapper] : [])))
            let workers = ((try? String(contentsOfFile: cpuFile, encoding: .utf8)) ?? "").split(separator: "\n").map { line in
                line.split(separator: " ").compactMap { Double($0) }.reduce(0, +)
            }
            if let most = workers.max() { busiest.append(most) }
        }
        let same = (try? Data(contentsOf: URL(fileURLWithPath: "\(root)/one.json"))) == (try? Data(contentsOf: URL(fileURLWithPath: "\(root)/two.json")))
        let oneTime = ChildRun.median(one.map(\.seconds)), twoTime = ChildRun.median(two.map(\.seconds))
        print("\(tracks.count * 5 * runs.count) replays (\(skewed ? "3 tracks, sizes misleading" : "\(tracks.count) tracks") × 5 profiles × \(runs.count) settings), \(`repeat`) runs each, alternated; medians of wall time")
        print("--jobs 1  \(ChildRun.format(oneTime, 2)) s  (CPU \(ChildRun.format(ChildRun.median(one.map(\.cpuSeconds)), 2)) s)")
        print("--jobs 2  \(ChildRun.format(twoTime, 2)) s  (CPU of the parent \(ChildRun.format(ChildRun.median(two.map(\.cpuSeconds)), 2)) s)")
        print("jobs 1 ÷ jobs 2: \(ChildRun.verdict(oneTime / twoTime, atLeast: 1.7)); outputs \(same ? "identical" : "DIFFERENT")")
        if !busiest.isEmpty {
            // What two idle cores would give: all the work in one process, against the busier worker.
            let estimate = ChildRun.median(one.map(\.cpuSeconds)) / ChildRun.median(busiest)
            print("idle-core estimate, CPU of --jobs 1 ÷ CPU of the busier worker (\(ChildRun.format(ChildRun.median(busiest), 2)) s): \(ChildRun.verdict(estimate, atLeast: 1.7))")
        }
        print("load average now: \((try? String(contentsOfFile: "/proc/loadavg", encoding: .utf8))?.split(separator: " ").prefix(3).joined(separator: " ") ?? "unknown")")
    }
}
