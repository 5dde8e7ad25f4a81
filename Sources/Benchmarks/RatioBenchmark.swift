import ArgumentParser
import Foundation

/// Issues 21 and 33's speed ratios, each beside its goal: pairs of runs measured side by side in
/// one run (A and B alternated, the median CPU time of each; or instructions under callgrind).
struct RatioBenchmark: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "ratios",
        abstract: "The speed ratios (replay/inspect, explain/plain, inspect/expat, start-up) and the CSV reader's cost, each beside its goal.",
        discussion: """
            Writes synthetic 1 Hz tracks: Garmin-shaped (see `gpx`; about 250 bytes a point) a \
            long one (--hours, 72 by default, about 66 MB), a day and an hour; lean ones (lat, lon, \
            ele and time only, 98 bytes a point, as ../shared/bench/gen_1hz.py writes them) a day \
            and --lean-days days; and a 10-point track. Then runs the `keepalive` built beside this \
            benchmark as processes, A and B alternated --repeat times, and compares the median CPU \
            time (user + system, from wait4) of each:
              replay / inspect         per format: json, text, jsonl and --report, on the Garmin-shaped \
            long track and on the lean day (goal ≤ 1.5)
              explain / plain          `replay --explain` ÷ `replay` on runs that fail, an hour and a day, and \
            --explain-scenario on the lean day (issue 33's explain day row) (goal ≤ 1.5)
              inspect / expat count    `inspect` ÷ a bare expat pass counting <trkpt> (`measure-pass \
            count`, a process like the CLI), on the Garmin-shaped long track, the lean day and the lean long one (goal ≤ 1.25)
              start-up                 a replay of the 10-point track ÷ a program that parses one \
            argument-parser flag (--one-flag-program, or one built from the argument-parser checkout \
            beside this build, in the same configuration) (goal ≤ 3)
            Then the CSV device-recording reader's row, not a ratio: µs of CPU a row, read in this \
            process as `csv` reads it (--csv-rows rows, the fastest of three reads; goal ≤ 2 µs), in \
            CPU time with or without --instructions.
            Build with -c release.

            With --instructions, each command runs once under valgrind's callgrind and the ratios \
            are of instructions executed: the same on any machine however loaded (CPU time on a \
            shared machine moves by ±25 %). The Garmin-shaped day stands in for the long track; it \
            takes about ten minutes on two cores and needs valgrind and objcopy (Debian: valgrind, \
            binutils). A replay's CPU ratio has run about 1.1× its instruction ratio (Docs/Benchmarks.md).
            """
    )

    @Option(help: "Hours of the long Garmin-shaped track (1…8784; one point a second).")
    var hours = 72

    @Option(help: "Seconds of the day's tracks (60…86400); the short track is a 24th of it, at least a minute.")
    var daySeconds = 86_400

    @Option(help: "Days of the lean long track, each --day-seconds long (1…31).")
    var leanDays = 7

    @Option(help: "Runs of each measurement, A and B alternated; the medians count.")
    var `repeat` = 5

    @Option(help: "Where to write the tracks (default: a temporary folder, removed afterwards).")
    var folder: String?

    @Option(help: ArgumentHelp(
        "A program that parses one argument-parser @Flag and does nothing, the start-up row's floor (default: built).",
        valueName: "path"))
    var oneFlagProgram: String?

    @Flag(help: "Count instructions under valgrind (callgrind), one run each, instead of CPU time.")
    var instructions = false

    @Option(help: "Rows of the CSV recording the CSV reader's row reads (1…100000000).")
    var csvRows = 200_000

    @Option(help: ArgumentHelp(
        "The scenario of the explain day row on the lean day: tasks chained in expiration handlers, 50 replays (from the package's root).",
        valueName: "path"))
    var explainScenario = "Tracks/Scenarios/task-chain.yaml"

    func validate() throws {
        guard (1...24 * 366).contains(hours), (1...1_000).contains(`repeat`) else {
            throw ValidationError("--hours must be 1…8784 and --repeat 1…1000")
        }
        guard (60...86_400).contains(daySeconds) else { throw ValidationError("--day-seconds must be 60…86400") }
        guard (1...31).contains(leanDays) else { throw ValidationError("--lean-days must be 1…31") }
        guard (1...100_000_000).contains(csvRows) else { throw ValidationError("--csv-rows must be 1…100000000") }
        guard FileManager.default.isReadableFile(atPath: explainScenario) else {
            throw ValidationError("--explain-scenario \(explainScenario): no such file; run from the package's root or give its path")
        }
    }

    /// One line of the table: A ÷ B against a goal.
    private struct Row {
        let name: String
        let a: [String]
        let b: [String]
        let goal: Goal
    }

    private enum Goal {
        case atMost(Double)

        var text: String {
            switch self {
            case .atMost(let bound): "≤ \(String(bound))"
            }
        }

        func isMet(_ ratio: Double) -> Bool {
            switch self {
            case .atMost(let bound): ratio <= bound
            }
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
        // Names carry the sizes, so that a kept --folder never serves a track of another size.
        func garmin(_ seconds: Int) throws -> String {
            let path = "\(directory)/garmin-\(seconds)s.gpx"
            if !FileManager.default.fileExists(atPath: path) { try SyntheticGPX.write(points: seconds + 1, to: path) }
            return path
        }
        func lean(_ seconds: Int) throws -> String {
            let path = "\(directory)/lean-\(seconds)s.gpx"
            // gen_1hz.py's SECONDS: a day is 86399 (86,400 points).
            if !FileManager.default.fileExists(atPath: path) { try LeanGPX.write(seconds: seconds - 1, to: path) }
            return path
        }
        let shortSeconds = max(60, daySeconds / 24)
        let day = try garmin(daySeconds), hour = try garmin(shortSeconds)
        let long = instructions ? day : try garmin(hours * 3_600)
        let leanDay = try lean(daySeconds), leanLong = try lean(daySeconds * leanDays)
        let tiny = "\(directory)/tiny.gpx"
        try SyntheticGPX.write(points: 10, to: tiny)
        // valgrind cannot read a static build's debug information: it counts copies without it.
        let keepalive = instructions ? try ProcessTiming.withoutDebugInformation(built, in: directory) : built
        let bench = instructions ? try ProcessTiming.withoutDebugInformation(builtBench, in: directory) : builtBench
        let builtFloor = try oneFlagProgram ?? OneFlagProgram.build(beside: here, in: directory)
        let floor = instructions ? try ProcessTiming.withoutDebugInformation(builtFloor, in: directory) : builtFloor
        let picture = "\(directory)/picture.svg"
        func megabytes(_ path: String) -> String {
            format(Double((try? FileManager.default.attributesOfItem(atPath: path)[.size] as? Int) ?? 0) / 1_000_000, 1)
        }
        let longName = instructions ? Self.hoursName(daySeconds) : Self.hoursName(hours * 3_600)
        let leanLongName = Self.hoursName(daySeconds * leanDays)
        print("keepalive: \(built)")
        print("tracks at 1 Hz: Garmin-shaped \(longName) (\(megabytes(long)) MB; the long one), \(Self.hoursName(daySeconds)), "
              + "\(Self.hoursName(shortSeconds)); lean \(Self.hoursName(daySeconds)) (\(megabytes(leanDay)) MB), \(leanLongName) (\(megabytes(leanLong)) MB)")
        print("the one-flag program: \(builtFloor)")
        print(instructions
              ? "one run each under callgrind, millions of instructions"
              : "\(`repeat`) runs each, A and B alternated, median CPU s")
        print("")
        let unit = instructions ? "M" : "s"
        print(pad("ratio", 40) + pad("A \(unit)", 9) + pad("B \(unit)", 9) + pad("A/B", 7) + "goal")
        func replayRows(_ track: String, _ label: String) -> [Row] {
            let inspect = [keepalive, "inspect", "--format", "json", track]
            return [
                Row(name: "replay/inspect json, \(label)", a: [keepalive, "replay", track, "--format", "json"], b: inspect, goal: .atMost(1.5)),
                Row(name: "replay/inspect text, \(label)", a: [keepalive, "replay", track], b: [keepalive, "inspect", track], goal: .atMost(1.5)),
                Row(name: "replay/inspect jsonl, \(label)", a: [keepalive, "replay", track, "--format", "jsonl"], b: inspect, goal: .atMost(1.5)),
                Row(name: "replay/inspect --report, \(label)", a: [keepalive, "replay", track, "--format", "json", "--report", picture],
                    b: inspect, goal: .atMost(1.5)),
            ]
        }
        let dayName = Self.hoursName(daySeconds), hourName = Self.hoursName(shortSeconds)
        let rows: [Row] = replayRows(long, "Garmin \(longName)") + replayRows(leanDay, "lean \(dayName)") + [
            // Runs that fail, so that --explain has candidates to replay: 7 single changes (one
            // fixes it); 9 under the delivery policy, where the change that fixes it (best
            // accuracy) must run the whole day while the failing run is suspended after 90 s;
            // and 40 replays of single changes and pairs (a pair fixes it).
            Row(name: "explain/plain \(hourName), 7 replays", a: [keepalive, "replay", hour, "--no-background-location", "--explain"],
                b: [keepalive, "replay", hour, "--no-background-location"], goal: .atMost(1.5)),
            Row(name: "explain/plain \(dayName), 7 replays", a: [keepalive, "replay", day, "--no-background-location", "--explain"],
                b: [keepalive, "replay", day, "--no-background-location"], goal: .atMost(1.5)),
            Row(name: "explain/plain \(dayName), 9 replays", a: [keepalive, "replay", day, "--policy", "delivery", "--accuracy", "3km", "--explain"],
                b: [keepalive, "replay", day, "--policy", "delivery", "--accuracy", "3km"], goal: .atMost(1.5)),
            Row(name: "explain/plain \(dayName), 40 replays", a: [keepalive, "replay", day, "--no-background-location", "--accuracy", "3km", "--explain"],
                b: [keepalive, "replay", day, "--no-background-location", "--accuracy", "3km"], goal: .atMost(1.5)),
            // Issue 33's explain day row: the app is killed at 91 s; 10 changes and their pairs,
            // one pair a fix that runs the whole day.
            Row(name: "explain/plain lean \(dayName), task-chain",
                a: [keepalive, "replay", leanDay, "--scenario", explainScenario, "--explain"],
                b: [keepalive, "replay", leanDay, "--scenario", explainScenario], goal: .atMost(1.5)),
            Row(name: "inspect/expat count, Garmin \(longName)", a: [keepalive, "inspect", "--format", "json", long],
                b: [bench, "measure-pass", "count", long], goal: .atMost(1.25)),
            Row(name: "inspect/expat count, lean \(dayName)", a: [keepalive, "inspect", "--format", "json", leanDay],
                b: [bench, "measure-pass", "count", leanDay], goal: .atMost(1.25)),
            Row(name: "inspect/expat count, lean \(leanLongName)", a: [keepalive, "inspect", "--format", "json", leanLong],
                b: [bench, "measure-pass", "count", leanLong], goal: .atMost(1.25)),
            Row(name: "start-up: tiny replay/one-flag program", a: [keepalive, "replay", tiny, "--format", "json"],
                b: [floor], goal: .atMost(3)),
        ]
        // Under callgrind a command's count does not move between runs: each is counted once.
        var counted: [[String]: Double] = [:]
        func instructionCount(_ command: [String]) throws -> Double {
            if let known = counted[command] { return known }
            let count = Double(try ProcessTiming.instructions(command)) / 1e6
            counted[command] = count
            return count
        }
        for row in rows {
            let (costA, costB) = instructions
                ? (try instructionCount(row.a), try instructionCount(row.b))
                : try alternated(row.a, row.b)
            let ratio = costA / costB
            let decimals = instructions ? (costB < 100 ? 1 : 0) : 3
            print(pad(row.name, 40) + pad(format(costA, decimals), 9) + pad(format(costB, decimals), 9) + pad(format(ratio, 2), 7)
                  + row.goal.text + (row.goal.isMet(ratio) ? "  met" : "  NOT met") + (instructions ? " in instructions" : ""))
        }
        // Issue 33's CSV goal is a cost a row, not a ratio: CPU in this process, as `csv` measures it.
        let csvMicroseconds = try CSVBenchmark.fastestRead(rows: csvRows, repeat: 3) / Double(csvRows) * 1e6
        let csvGoal = Goal.atMost(CSVBenchmark.goalMicroseconds)
        print(pad("csv reader, µs CPU a row, \(csvRows) rows", 40) + pad(format(csvMicroseconds, 3), 9) + pad("", 9) + pad("", 7)
              + csvGoal.text + " µs" + (csvGoal.isMet(csvMicroseconds) ? "  met" : "  NOT met") + " in CPU time")
    }

    /// "24 h", "1 h", "7 d", or seconds for a track that is not a whole number of hours.
    static func hoursName(_ seconds: Int) -> String {
        if seconds % 86_400 == 0 && seconds > 86_400 { return "\(seconds / 86_400) d" }
        if seconds % 3_600 == 0 { return "\(seconds / 3_600) h" }
        return "\(seconds) s"
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
