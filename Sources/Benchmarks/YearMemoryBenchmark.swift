import ArgumentParser
import Foundation

/// Issue 21's memory goal: a year's trip replayed in every format, with a picture, under 100 MB;
/// and issue 33's: five years of BGTask runs (key moments, no fixes) under 100 MB too.
struct YearMemoryBenchmark: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "year-memory",
        abstract: "Peak memory of a year's replay per format: json, text, jsonl, --report svg and html (goal < 100 MB each).",
        discussion: """
            Writes a synthetic track of --days days, a point a minute (a year: 525,601 points), \
            then runs `keepalive replay TRACK --no-pauses-automatically` (fixes at 1 Hz: 31.5 M \
            for a year) with --format json, text, jsonl (to /dev/null), and json with --report \
            FILE.svg and FILE.html, in turn, --repeat times each, and prints each median peak \
            resident memory beside the goal (< 100 MB). A year takes about 7 minutes a round in a \
            release build.

            With --bgtasks, the track is two points --days apart and the app a BGProcessingTask \
            app on a phone locked and charging, which runs its task, logs and resubmits it for \
            30 min later, so that it runs about every 43 min: 9 key moments a run, ≈ 106,000 a \
            year and no fix, what the text timeline, the picture and the HTML keep (issue 33).
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

    @Flag(help: "A BGProcessingTask app on a two-point track instead: key moments, no fixes.")
    var bgtasks = false

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
        let base: [String]
        if bgtasks {
            try SyntheticGPX.write(points: 2, to: track, interval: minutes * 60)
            let scenario = folder.appendingPathComponent("bgtasks.yaml").path
            try Data(Self.bgTaskScenario.utf8).write(to: URL(fileURLWithPath: scenario))
            base = ["replay", track, "--scenario", scenario]
        } else {
            try SyntheticGPX.write(points: minutes + 1, to: track, interval: 60)
            base = ["replay", track, "--no-pauses-automatically"]
        }
        let picture = folder.appendingPathComponent("year.svg").path
        let page = folder.appendingPathComponent("year.html").path
        let passes: [(name: String, arguments: [String])] = [
            ("json", base + ["--format", "json"]),
            ("text", base + ["--format", "text"]),
            ("jsonl", base + ["--format", "jsonl"]),
            ("json --report svg", base + ["--format", "json", "--report", picture]),
            ("json --report html", base + ["--format", "json", "--report", page]),
        ]
        var runs = [[ChildRun]](repeating: [], count: passes.count)
        for _ in 0..<`repeat` {
            for (index, pass) in passes.enumerated() { runs[index].append(try ChildRun.run(keepalive, pass.arguments)) }
        }
        let trip = bgtasks ? "two points, BGProcessingTask runs" : "a point a minute (\(minutes + 1) points), fixes at 1 Hz"
        print("\(hours.map { "\($0) hours" } ?? "\(days) days"), \(trip); \(`repeat`) round(s), medians")
        for (index, pass) in passes.enumerated() {
            let peak = ChildRun.median(runs[index].map(\.peakMegabytes))
            let time = ChildRun.median(runs[index].map(\.seconds))
            print("\(pass.name.padding(toLength: 18, withPad: " ", startingAt: 0)) peak \(ChildRun.format(peak, 1)) MB, \(ChildRun.format(time, 1)) s; peak ÷ 100 MB \(ChildRun.verdict(peak / 100, atMost: 1))")
        }
    }

    /// The BGTask app of `--bgtasks`: it submits a processing task (requiring power) when it
    /// leaves; each run logs, and 10 s later resubmits it (not before 30 min) and completes; the
    /// phone is locked at 2:00 and charging from 2:10, so the task runs whenever the system's
    /// delay allows. Its log line a run stays under `--max-log-lines` for five years.
    static let bgTaskScenario = """
        app:
          info:
            backgroundModes: [processing]
            bgTaskIdentifiers: [com.example.clean]
          on:
            launch:
              - register-task: {id: com.example.clean, onExpiry: [{complete-task: {success: false}}]}
            background:
              - submit-processing: {id: com.example.clean, requiresExternalPower: true}
            bg-task:
              - log: cleaning
              - after: 10
                do: [{submit-processing: {id: com.example.clean, earliest: 1800, requiresExternalPower: true}}, complete-task]
        events:
          - {at: 120, do: lock}
          - {at: 130, do: power, charging: true}

        """
}
