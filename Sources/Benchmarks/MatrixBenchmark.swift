import ArgumentParser
import Foundation

/// `keepalive matrix` against the same replays as a shell loop of `keepalive replay` processes.
struct MatrixBenchmark: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "matrix",
        abstract: "Time 1,000 replays as one `keepalive matrix` and as a shell loop of `keepalive replay` processes.",
        discussion: """
            Writes ten synthetic 1 Hz tracks of 0.5 to 3 hours (evenly spaced) and a matrix of \
            10 tracks × 5 profiles × 20 settings (distance filter none/10/50/100/500 m, background \
            flag on/off, automatic pausing on/off) = 1,000 replays, then times, in the same run: \
            (a) `keepalive matrix --jobs N --format json`; (b) a /bin/sh `while read` loop running \
            `keepalive replay --format json` once per replay, each output to its own file. It \
            checks that both give the same verdicts and times, and prints both times and b / a. \
            Target: b / a ≥ 4.
            """
    )

    @Option(help: ArgumentHelp("The keepalive binary (default: the one beside this benchmark).", valueName: "path"))
    var keepalive: String?

    @Option(help: ArgumentHelp("Worker processes for the matrix (default: the active processor count).", valueName: "n"))
    var jobs: Int?

    @Option(help: "Where to write the tracks and outputs (default: a temporary folder, removed afterwards).")
    var folder: String?

    @OptionGroup var shape: MatrixShape

    static let profiles = ["ios6", "ios7", "ios12", "ios13", "ios17"]
    static let distanceFilters = ["none", "10", "50", "100", "500"]

    /// The runs: each as matrix settings and as `keepalive replay` options.
    static let runs: [(name: String, yaml: String, options: String)] = distanceFilters.flatMap { filter in
        [true, false].flatMap { flag in
            [true, false].map { pauses in
                (name: "filter \(filter), flag \(flag ? "on" : "off"), pauses \(pauses ? "on" : "off")",
                 yaml: "{distanceFilter: \(filter), backgroundLocation: \(flag), pausesAutomatically: \(pauses)}",
                 options: "--distance-filter \(filter)\(flag ? "" : " --no-background-location")\(pauses ? "" : " --no-pauses-automatically")")
            }
        }
    }

    func validate() throws {
        if let jobs, !(1...256).contains(jobs) { throw ValidationError("--jobs must be 1…256") }
    }

    func run() throws {
        let keepalive = self.keepalive ?? URL(fileURLWithPath: CommandLine.arguments[0]).standardizedFileURL
            .deletingLastPathComponent().appendingPathComponent("keepalive").path
        guard FileManager.default.isExecutableFile(atPath: keepalive) else {
            throw ValidationError("no keepalive at \(keepalive): build it (swift build -c release) or give --keepalive")
        }
        let jobs = self.jobs ?? ProcessInfo.processInfo.activeProcessorCount
        let root = folder ?? FileManager.default.temporaryDirectory.appendingPathComponent("keepalive-bench-matrix-\(getpid())").path
        let outputs = root + "/replays"
        try FileManager.default.createDirectory(atPath: outputs, withIntermediateDirectories: true)
        defer { if folder == nil { try? FileManager.default.removeItem(atPath: root) } }

        // Ten tracks from 30 min to 3 h by default, a point a second.
        var tracks: [String] = []
        var megabytes = 0.0
        for (index, seconds) in shape.secondsOfEachTrack.enumerated() {
            let path = "\(root)/track-\(index).gpx"
            try SyntheticGPX.write(points: seconds + 1, to: path)
            megabytes += Double((try FileManager.default.attributesOfItem(atPath: path)[.size] as? Int) ?? 0) / 1_000_000
            tracks.append(path)
        }
        let runs = shape.runs
        var matrix = "tracks: [\(tracks.map { URL(fileURLWithPath: $0).lastPathComponent }.joined(separator: ", "))]\n"
        matrix += "profiles: [\(Self.profiles.joined(separator: ", "))]\nruns:\n"
        for run in runs { matrix += "  - name: \(run.name)\n    settings: \(run.yaml)\n" }
        try matrix.write(toFile: "\(root)/matrix.yaml", atomically: true, encoding: .utf8)
        // The same replays in the matrix's order (track, profile, run), one a line, for the loop.
        var plan = ""
        for track in tracks { for profile in Self.profiles { for run in runs { plan += "\(track) \(profile) \(run.options)\n" } } }
        try plan.write(toFile: "\(root)/plan.txt", atomically: true, encoding: .utf8)
        let count = tracks.count * Self.profiles.count * runs.count

        let matrixJSON = "\(root)/matrix.json"
        let matrixTime = try ProcessTiming.seconds(keepalive, ["matrix", "\(root)/matrix.yaml", "--jobs", String(jobs), "--format", "json", "--output", matrixJSON])
        // $options is split by the shell on purpose: it holds several options.
        let loop = """
            i=0
            while read -r track profile options; do
              i=$((i + 1))
              "$0" replay "$track" --profile "$profile" $options --format json > "$1/$i.json"
            done < "$2"
            """
        let loopTime = try ProcessTiming.seconds("/bin/sh", ["-c", loop, keepalive, outputs, "\(root)/plan.txt"])

        let agreeing = try compare(matrixJSON: matrixJSON, outputs: outputs, count: count)
        print("tracks: \(tracks.count), \(shape.secondsOfEachTrack.first!)–\(shape.secondsOfEachTrack.last!) s at 1 Hz, \(format(megabytes, 1)) MB in all; \(count) replays (\(tracks.count) tracks × 5 profiles × \(runs.count) settings)")
        print("(a) keepalive matrix --jobs \(jobs)          \(format(matrixTime, 2)) s  (\(format(matrixTime / Double(count) * 1000, 2)) ms a replay)")
        print("(b) shell loop of keepalive replay      \(format(loopTime, 2)) s  (\(format(loopTime / Double(count) * 1000, 2)) ms a replay)")
        print("b / a: \(format(loopTime / matrixTime, 1))× (target ≥ 4); verdicts and times agree for \(agreeing) of \(count) replays")
    }

    /// How many of the loop's replays have the matrix's verdict, suspension and termination time.
    private func compare(matrixJSON: String, outputs: String, count: Int) throws -> Int {
        func object(_ path: String) throws -> [String: Any] {
            try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: path))) as? [String: Any] ?? [:]
        }
        func key(_ object: [String: Any]) -> String {
            ["verdict", "suspendedAt", "terminatedAt"].map { "\(object[$0] ?? "-")" }.joined(separator: " ")
        }
        let runs = try object(matrixJSON)["runs"] as? [[String: Any]] ?? []
        var agreeing = 0
        for (index, run) in runs.enumerated() where index < count {
            if let replay = try? object("\(outputs)/\(index + 1).json"), key(replay) == key(run) { agreeing += 1 }
        }
        return agreeing
    }

    private func format(_ value: Double, _ decimals: Int) -> String {
        String(format: "%.\(decimals)f", locale: Locale(identifier: "en_US_POSIX"), value)
    }
}

/// The matrix's size, for `matrix` and `jobs`: by default 10 tracks of 0.5 to 3 hours × 20
/// settings; smaller for a tiny run.
struct MatrixShape: ParsableArguments {
    @Option(help: "Tracks (1…10), each 1,000 s longer than the one before.")
    var tracks = 10

    @Option(help: "Seconds of the first track (60…1800).")
    var trackSeconds = 1_800

    @Option(help: "Settings per track and profile (1…20): the first of the 20.")
    var settings = 20

    func validate() throws {
        guard (1...10).contains(tracks) else { throw ValidationError("--tracks must be 1…10") }
        guard (60...1_800).contains(trackSeconds) else { throw ValidationError("--track-seconds must be 60…1800") }
        guard (1...MatrixBenchmark.runs.count).contains(settings) else { throw ValidationError("--settings must be 1…20") }
    }

    /// Each track's seconds.
    var secondsOfEachTrack: [Int] { (0..<tracks).map { trackSeconds + $0 * 1_000 } }

    var runs: ArraySlice<(name: String, yaml: String, options: String)> { MatrixBenchmark.runs.prefix(settings) }
}
