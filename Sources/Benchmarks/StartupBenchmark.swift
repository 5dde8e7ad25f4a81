import ArgumentParser
import Foundation

/// Issue 21's start-up goal: `keepalive --version`, and a replay of a tiny track, against
/// `/bin/true`, each run alternated with the others, medians compared.
struct StartupBenchmark: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "startup",
        abstract: "Start-up: keepalive --version and a tiny replay against /bin/true (goal ≤ 3×).",
        discussion: """
            Writes a 10-point track, then runs, --runs times in turn: /bin/true, `keepalive \
            --version`, `keepalive replay tiny.gpx --format json` and each --floor program. Prints the \
            median wall time of each and each median ÷ the /bin/true median beside the goal (≤ 3).
            """
    )

    @Option(help: ArgumentHelp("The keepalive binary (default: the one beside this benchmark).", valueName: "path"))
    var keepalive: String?

    @Option(help: "Rounds; each runs every command once.")
    var runs = 200

    @Option(name: .customLong("floor"), help: ArgumentHelp(
        "Also run this program (no arguments) each round, for the floor: e.g. an empty static Swift program. Repeatable.",
        valueName: "path"))
    var floors: [String] = []

    func validate() throws {
        guard (1...100_000).contains(runs) else { throw ValidationError("--runs must be 1…100000") }
    }

    func run() throws {
        let keepalive = try ChildRun.keepalive(keepalive)
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("keepalive-bench-startup-\(getpid())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let track = folder.appendingPathComponent("tiny.gpx").path
        try SyntheticGPX.write(points: 10, to: track)
        let commands: [(name: String, executable: String, arguments: [String])] = [
            ("/bin/true", "/bin/true", []),
            ("keepalive --version", keepalive, ["--version"]),
            ("keepalive replay tiny.gpx", keepalive, ["replay", track, "--format", "json"]),
        ] + floors.map { ("floor: " + URL(fileURLWithPath: $0).lastPathComponent, $0, []) }
        var times = [[Double]](repeating: [], count: commands.count)
        var cpu = [[Double]](repeating: [], count: commands.count)
        for _ in 0..<runs {
            for (index, command) in commands.enumerated() {
                let run = try ChildRun.run(command.executable, command.arguments)
                times[index].append(run.seconds)
                cpu[index].append(run.cpuSeconds)
            }
        }
        let medians = times.map(ChildRun.median), cpuMedians = cpu.map(ChildRun.median)
        // The goal is on wall time (two idle cores); CPU time, which the machine's load barely
        // moves, is shown beside it, so that a busy machine's figures can still be read.
        print("\(runs) rounds, alternated; medians of wall time (the goal's measure), then of CPU time")
        for (index, command) in commands.enumerated() {
            let ratio = index == 0 ? "" : "  ÷ /bin/true " + ChildRun.verdict(medians[index] / medians[0], atMost: 3)
                + "; CPU ÷ /bin/true \(ChildRun.format(cpuMedians[index] / max(cpuMedians[0], 1e-6), 1))"
            print("\(command.name.padding(toLength: 30, withPad: " ", startingAt: 0)) \(ChildRun.format(medians[index] * 1000, 2)) ms (CPU \(ChildRun.format(cpuMedians[index] * 1000, 2)) ms)\(ratio)")
        }
        print("load average now: \((try? String(contentsOfFile: "/proc/loadavg", encoding: .utf8))?.split(separator: " ").prefix(3).joined(separator: " ") ?? "unknown")")
    }
}
