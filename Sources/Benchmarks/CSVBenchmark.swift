import ArgumentParser
import Foundation
import GPX
import ScenarioInput

/// Issue 33, item 7: the CSV device-recording reader (`compare --device`), in microseconds of
/// CPU a row, beside its goal (≤ 2 µs).
struct CSVBenchmark: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "csv",
        abstract: "The CSV device-recording reader (compare --device) in µs of CPU a row (goal ≤ 2 µs).",
        discussion: """
            Writes a recording of --rows lines as an app logs one (`time,lat,lon,accuracy`, ISO 8601 \
            times a second apart, seven decimals, about 50 bytes a line), then reads it --repeat \
            times with DeviceRecording.read in this process. Prints the fastest read's CPU time a \
            row beside the goal.
            """
    )

    @Option(help: "Lines of fixes in the recording.")
    var rows = 1_000_000

    @Option(help: "Reads; the fastest counts.")
    var `repeat` = 3

    /// The goal, in microseconds of CPU a row.
    static let goalMicroseconds = 2.0

    func validate() throws {
        guard (1...100_000_000).contains(rows) else { throw ValidationError("--rows must be 1…100000000") }
        guard (1...1_000).contains(`repeat`) else { throw ValidationError("--repeat must be 1…1000") }
    }

    func run() throws {
        let best = try Self.fastestRead(rows: rows, repeat: `repeat`)
        let perRow = best / Double(rows) * 1e6
        let met = perRow <= Self.goalMicroseconds ? "met" : "NOT met"
        print("CSV recording, \(rows) rows: \(String(format: "%.3f", best)) s CPU, \(String(format: "%.3f", perRow)) µs a row (goal ≤ \(Self.goalMicroseconds) µs: \(met))")
    }

    /// Writes a recording of `rows` fixes, reads it `repeat` times in this process and returns
    /// the fastest read's CPU seconds (`ratios` prints its row from this too).
    static func fastestRead(rows: Int, repeat repetitions: Int) throws -> Double {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("keepalive-bench-\(getpid()).csv").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        try write(rows: rows, to: path)
        let origin = GPXTime(secondsSince1970: 1_714_550_400)
        var best = Double.infinity
        for _ in 0..<repetitions {
            var count = 0
            var sum = 0.0
            let start = cpuSeconds()
            try DeviceRecording.read(path, origin: origin) { fix in
                count += 1
                sum += fix.latitude
            }
            best = min(best, cpuSeconds() - start)
            guard count == rows, sum > 0 else { throw ValidationError("read \(count) fixes, expected \(rows)") }
        }
        return best
    }

    /// A recording of `rows` fixes a second apart from 2024-05-01T08:00:00Z, moving east.
    static func write(rows: Int, to path: String) throws {
        guard let file = fopen(path, "w") else { throw ValidationError("cannot write \(path)") }
        defer { fclose(file) }
        fputs("time,lat,lon,accuracy\n", file)
        let origin = GPXTime(secondsSince1970: 1_714_550_400)
        for row in 0..<rows {
            let time = GPXTime(secondsSince1970: origin.secondsSince1970 + Int64(row))
            let line = "\(time.iso8601String),\(String(format: "%.7f", 47.3779)),\(String(format: "%.7f", 8.5403 + Double(row) * 1e-5)),5\n"
            fputs(line, file)
        }
    }

    /// CPU seconds this process has used.
    static func cpuSeconds() -> Double {
        var usage = rusage()
        #if canImport(Darwin)
        getrusage(RUSAGE_SELF, &usage)
        #else
        getrusage(RUSAGE_SELF.rawValue, &usage)
        #endif
        return Double(usage.ru_utime.tv_sec + usage.ru_stime.tv_sec) + Double(usage.ru_utime.tv_usec + usage.ru_stime.tv_usec) / 1e6
    }
}
