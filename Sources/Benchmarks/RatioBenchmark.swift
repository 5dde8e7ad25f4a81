import ArgumentParser
import Foundation

/// Issue 21's speed ratios, each beside its goal: pairs of `keepalive` runs measured side by
/// side in one run (A and B alternated, the median CPU time of each).
struct RatioBenchmark: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "ratios",
        abstract: "Issue 21's speed ratios (replay/inspect, explain/plain, inspect/expat), each beside its goal.",
        discussion: """
            Writes synthetic 1 Hz tracks shaped like a Garmin recording (see `gpx`): a long one \
            (--hours, 72 by default, about 66 MB), a day and an hour. Then runs the `keepalive` \
            built beside this benchmark as processes, A and B alternated --repeat times, and \
            compares the median CPU time (user + system, from wait4) of each:
              replay / inspect         per format: json, text, jsonl and --report (goal ≤ 1.5)
              explain / plain          `replay --explain` ÷ `replay` on runs that fail, an hour and a day (goal ≤ 1.5)
              expat count / inspect    a bare expat pass counting <trkpt> (`measure-pass count`, a \
            process like the CLI) ÷ `inspect` (goal ≥ 0.8)
            Build with -c release.

            With --instructions, each command runs once under valgrind's callgrind and the ratios \
            are of instructions executed: the same on any machine however loaded (CPU time on a \
            shared machine moves by ±25 %). The day's track stands in for the long one; it takes \
            about four minutes on two cores and needs valgrind and objcopy (Debian: valgrind, binutils). A \
            replay's CPU ratio has run about 1.1× its instruction ratio (Docs/Benchmarks.md).
            """
    )

    @Option(help: "Hours of the long track (one point a second).")
    var hours = 72

    @Option(help: "Runs of each measurement, A and B alternated; the medians count.")
    var `repeat` = 5

    @Option(help: "Where to write the tracks (default: a temporary folder, removed afterwards).")
    var folder: String?

    @Flag(help: "Count instructions under valgrind (callgrind), one run each, instead of CPU time.")
    var instructions = false

    func validate() throws {
        guard hours > 0, hours <= 24 * 366, `repeat` > 0, `repeat` <= 1_000 else {
            throw ValidationError("--hours must be 1…8784 and --repeat 1…1000")
        }
    }

    func run() throws {
        let here = URL(fileURLWithPath: CommandLine.arguments[0]).standardizedFileURL.deletingLastPathComponent()
        let built = here.appendingPathComponent("keepalive").path
        let builtBench = here.appendingPathComponent("keepalive-bench").path
        guard FileManager.default.isExecutableFile(atPath: built) else {
            throw ValidationError("no keepalive beside keepalive-bench (\(built)): build both, e.g. swift build -c release")
        }
        let directory = folder ?? FileManager.default.temporaryDirectory.appendingPathComponent("keepalive-bench-ratios-\(getpid())").path
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        defer { if folder == nil { try? FileManager.default.removeItem(atPath: directory) } }
        func track(_ hours: Int) throws -> String {
            let path = "\(directory)/\(hours)h.gpx"
            if !FileManager.default.fileExists(atPath: path) { try SyntheticGPX.write(points: hours * 3_600 + 1, to: path) }
            return path
        }
        let day = try track(24), hour = try track(1)
        let long = instructions ? day : try track(hours)
        // valgrind cannot read a static build's debug information: it counts copies without it.
        let keepalive = instructions ? try ProcessTiming.withoutDebugInformation(built, in: directory) : built
        let bench = instructions ? try ProcessTiming.withoutDebugInformation(builtBench, in: directory) : builtBench
        let picture = "\(directory)/picture.svg"
        let megabytes = Double((try FileManager.default.attributesOfItem(atPath: long)[.size] as? Int) ?? 0) / 1_000_000
        print("keepalive: \(built)")
        if instructions {
            print("tracks: 24 h (\(format(megabytes, 1)) MB; also as the long one), 1 h at 1 Hz; one run each under callgrind, millions of instructions")
        } else {
            print("tracks: \(hours) h (\(format(megabytes, 1)) MB), 24 h, 1 h at 1 Hz; \(`repeat`) runs each, A and B alternated, median CPU s")
        }
        print("")
        let unit = instructions ? "M" : "s"
        print(pad("ratio", 34) + pad("A \(unit)", 9) + pad("B \(unit)", 9) + pad("A/B", 7) + "goal")
        let inspect = [keepalive, "inspect", "--format", "json", long]
        let rows: [(String, [String], [String], String, (Double) -> Bool)] = [
            ("replay/inspect json", [keepalive, "replay", long, "--format", "json"], inspect, "≤ 1.5", { $0 <= 1.5 }),
            ("replay/inspect text", [keepalive, "replay", long], [keepalive, "inspect", long], "≤ 1.5", { $0 <= 1.5 }),
            ("replay/inspect jsonl", [keepalive, "replay", long, "--format", "jsonl"], inspect, "≤ 1.5", { $0 <= 1.5 }),
            ("replay/inspect --report", [keepalive, "replay", long, "--format", "json", "--report", picture], inspect, "≤ 1.5", { $0 <= 1.5 }),
            // Runs that fail, so that --explain has candidates to replay: 7 single changes (one
            // fixes it); 9 under the delivery policy, where the change that fixes it (best
            // accuracy) must run the whole day while the failing run is suspended after 90 s;
            // and 40 replays of single changes and pairs (a pair fixes it).
            ("explain/plain 1 h, 7 replays", [keepalive, "replay", hour, "--no-background-location", "--explain"],
             [keepalive, "replay", hour, "--no-background-location"], "≤ 1.5", { $0 <= 1.5 }),
            ("explain/plain 24 h, 7 replays", [keepalive, "replay", day, "--no-background-location", "--explain"],
             [keepalive, "replay", day, "--no-background-location"], "≤ 1.5", { $0 <= 1.5 }),
            ("explain/plain 24 h, 9 replays", [keepalive, "replay", day, "--policy", "delivery", "--accuracy", "3km", "--explain"],
             [keepalive, "replay", day, "--policy", "delivery", "--accuracy", "3km"], "≤ 1.5", { $0 <= 1.5 }),
            ("explain/plain 24 h, 40 replays", [keepalive, "replay", day, "--no-background-location", "--accuracy", "3km", "--explain"],
             [keepalive, "replay", day, "--no-background-location", "--accuracy", "3km"], "≤ 1.5", { $0 <= 1.5 }),
            ("expat count/inspect (CLI)", [bench, "measure-pass", "count", long], inspect, "≥ 0.8", { $0 >= 0.8 }),
        ]
        for (name, a, b, goal, met) in rows {
            let (costA, costB) = instructions
                ? (Double(try ProcessTiming.instructions(a)) / 1e6, Double(try ProcessTiming.instructions(b)) / 1e6)
                : try alternated(a, b)
            let ratio = costA / costB
            let decimals = instructions ? 0 : 3
            print(pad(name, 34) + pad(format(costA, decimals), 9) + pad(format(costB, decimals), 9) + pad(format(ratio, 2), 7)
                  + goal + (met(ratio) ? "  met" : "  NOT met") + (instructions ? " in instructions" : ""))
        }
    }

    /// The median CPU seconds of `a` and of `b`, run alternately `repeat` times.
    private func alternated(_ a: [String], _ b: [String]) throws -> (Double, Double) {
        var timesA: [Double] = [], timesB: [Double] = []
        for _ in 0..<`repeat` {
            timesA.append(try ProcessTiming.cpuSeconds(a))
            timesB.append(try ProcessTiming.cpuSeconds(b))
        }
        return (median(timesA), median(timesB))
    }

    private func median(_ values: [Double]) -> Double {
        let sorted = values.sorted()
        let middle = sorted.count / 2
        return sorted.count % 2 == 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2
    }

    private func pad(_ text: String, _ width: Int) -> String {
        text.count >= width ? text + " " : text + String(repeating: " ", count: width - text.count)
    }

    private func format(_ value: Double, _ decimals: Int) -> String {
        String(format: "%.\(decimals)f", locale: Locale(identifier: "en_US_POSIX"), value)
    }
}
