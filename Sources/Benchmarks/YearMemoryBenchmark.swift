import ArgumentParser
import Foundation

/// Issue 21's memory goal: a year's trip replayed in every format, with a picture, under 100 MB.
struct YearMemoryBenchmark: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "year-memory",
        abstract: "Peak memory of a year's replay per format: json, text, jsonl, --report (goal < 100 MB each).",
        discussion: """
            Writes a synthetic track of --days days, a point a minute (a year: 525,601 points), \
            then runs `keepalive replay TRACK --no-pauses-automatically` (fixes at 1 Hz: 31.5 M \
            for a year) with --format json, text, jsonl (to /dev/null) and json with --report \
            FILE.svg, in turn, --repeat times each, and prints each median peak resident memory \
            beside the goal (< 100 MB). A year takes about 7 minutes a round in a release build.
            """
    )

    @Option(help: ArgumentHelp("The keepalive binary (default: the one beside this benchmark).", valueName: "path"))
    var keepalive: String?

    @Option(help: "Days of trip, a point a minute.")
    var days = 365

    @Option(help: "Hours of trip instead of days (1…24; a tiny run, as CI makes).")
    var hours: Int?

    @Option(help: "Rounds; the medians count.")
    var `repeat` = 1

    func validate() throws {
        guard (1...3_650).contains(days), (1...1_000).contains(`repeat`) else { throw ValidationError("--days must be 1…3650 and --repeat 1…1000") }
        if let hours, !(1...24).contains(hours) { throw ValidationError("--hours must be 1…24") }
    }

    func run() throws {
        let keepalive = try ChildRun.keepalive(keepalive)
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("keepalive-bench-year-\(getpid())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let track = folder.appendingPathComponent("year.gpx").path
        let minutes = hours.map { $0 * 60 } ?? days * 1_440
        try SyntheticGPX.write(points: minutes + 1, to: track, interval: 60)
        let picture = folder.appendingPathComponent("year.svg").path
        let base = ["replay", track, "--no-pauses-automatically"]
        let passes: [(name: String, arguments: [String])] = [
            ("json", base + ["--format", "json"]),
            ("text", base + ["--format", "text"]),
            ("jsonl", base + ["--format", "jsonl"]),
            ("json --report svg", base + ["--format", "json", "--report", picture]),
        ]
        var runs = [[ChildRun]](repeating: [], count: passes.count)
        for _ in 0..<`repeat` {
            for (index, pass) in passes.enumerated() { runs[index].append(try ChildRun.run(keepalive, pass.arguments)) }
        }
        print("\(hours.map { "\($0) hours" } ?? "\(days) days"), a point a minute (\(minutes + 1) points), fixes at 1 Hz; \(`repeat`) round(s), medians")
        for (index, pass) in passes.enumerated() {
            let peak = ChildRun.median(runs[index].map(\.peakMegabytes))
            let time = ChildRun.median(runs[index].map(\.seconds))
            print("\(pass.name.padding(toLength: 18, withPad: " ", startingAt: 0)) peak \(ChildRun.format(peak, 1)) MB, \(ChildRun.format(time, 1)) s; peak ÷ 100 MB \(ChildRun.verdict(peak / 100, atMost: 1))")
        }
    }
}
