import ArgumentParser
import Dispatch
import Foundation

/// Runs a synchronous subcommand without Swift's async runtime, and an async one with it.
///
/// An async `main` starts libdispatch's main-queue loop, inside which valgrind 3.19 dies with an
/// internal SIGSEGV whatever the command (even `--help`): `ratios --instructions` then got no
/// count for `measure-pass`, the bare expat pass it runs under callgrind. Only the async
/// subcommands pay for that loop now, but `async --part` (what `async --instructions` counts
/// under callgrind), which runs the main queue from Foundation's run loop instead.
@main
enum BenchmarkEntry {
    static func main() {
        let command: any ParsableCommand
        do {
            command = try BenchmarkCommand.parseAsRoot()
        } catch {
            BenchmarkCommand.exit(withError: error)
        }
        if command is any AsyncParsableCommand {
            // Parsed again by argument-parser's own async main, which runs the command.
            Task {
                await BenchmarkCommand.main()
                BenchmarkCommand.exit()
            }
            if let part = command as? AsyncBenchmark, part.part != nil {
                // One measurement that `async --instructions` counts under callgrind: the main
                // queue served by Foundation's run loop, which never ends the main thread as
                // dispatchMain() does (valgrind dies there). The command exits the process.
                while true { _ = RunLoop.main.run(mode: .default, before: .distantFuture) }
            }
            dispatchMain()
        } else {
            var running = command
            do {
                try running.run()
            } catch {
                BenchmarkCommand.exit(withError: error)
            }
        }
    }
}

struct BenchmarkCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "keepalive-bench",
        abstract: "Throughput benchmarks for KeepAliveSim; build with -c release.",
        discussion: """
            EXAMPLES
              swift run -c release keepalive-bench gpx
              swift run -c release keepalive-bench gpx --points 100000
              swift run -c release keepalive-bench sim
              swift build -c release && .build/release/keepalive-bench report
              swift build -c release && .build/release/keepalive-bench matrix
              swift build -c release && .build/release/keepalive-bench year-memory
              swift build -c release && .build/release/keepalive-bench jobs
              swift build -c release && .build/release/keepalive-bench startup
              swift build -c release && .build/release/keepalive-bench ratios
              swift build -c release && .build/release/keepalive-bench async
              swift build -c release && .build/release/keepalive-bench csv
              swift build -c release && .build/release/keepalive-bench async-suite
              swift build && .build/debug/keepalive-bench list     # each subcommand's tiny run, as CI makes it
            """,
        subcommands: BenchmarkCatalogue.allCases.map(\.command)
    )
}

/// Every subcommand with the arguments that run it once on a tiny input. `.ci/run` runs each
/// line `keepalive-bench list` prints, so that no benchmark can stop working unnoticed; a new
/// subcommand is a new case here, and the exhaustive switches ask for its tiny run.
enum BenchmarkCatalogue: CaseIterable {
    case gpx, sim, simYear, report, matrix, ratios, measurePass, yearMemory, jobs, startup, async, csv, asyncSuite, list

    var command: any ParsableCommand.Type {
        switch self {
        case .gpx: GPXBenchmark.self
        case .sim: SimulationBenchmark.self
        case .simYear: YearBenchmark.self
        case .report: ReportBenchmark.self
        case .matrix: MatrixBenchmark.self
        case .ratios: RatioBenchmark.self
        case .measurePass: MeasurePass.self
        case .yearMemory: YearMemoryBenchmark.self
        case .jobs: JobsBenchmark.self
        case .startup: StartupBenchmark.self
        case .async: AsyncBenchmark.self
        case .csv: CSVBenchmark.self
        case .asyncSuite: AsyncSuiteBenchmark.self
        case .list: ListBenchmarks.self
        }
    }

    /// Arguments after the subcommand's name for a run of a few seconds in a debug build, from
    /// the package's root (CI's working directory). Words without spaces: the script splits them.
    var tinyArguments: [String] {
        switch self {
        case .gpx: ["--points", "200", "--repeat", "1"]
        case .sim: ["--seconds", "600", "--repeat", "1"]
        case .simYear: ["--hours", "1"]
        case .report: ["--seconds", "300", "--repeat", "1"]
        case .matrix: ["--tracks", "1", "--settings", "1", "--track-seconds", "120", "--jobs", "1"]
        // /bin/true stands in for the one-flag argument-parser program: building one takes minutes.
        case .ratios: ["--hours", "1", "--day-seconds", "240", "--repeat", "1", "--one-flag-program", "/bin/true", "--csv-rows", "1000"]
        case .measurePass: ["count", "Tracks/city-commute.gpx"]
        case .yearMemory: ["--hours", "1"]
        case .jobs: ["--tracks", "1", "--settings", "1", "--track-seconds", "120", "--repeat", "1"]
        case .startup: ["--runs", "1"]
        case .async: ["--seconds", "600", "--repeat", "1"]
        case .csv: ["--rows", "1000", "--repeat", "1"]
        case .asyncSuite: ["--seconds", "300", "--tests", "10", "--test-seconds", "60", "--repeat", "1"]
        case .list: []
        }
    }
}

/// Prints each subcommand's tiny run, one a line (`NAME ARGUMENTS…`), for CI; fails if a
/// subcommand of `keepalive-bench` has none.
struct ListBenchmarks: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "list",
        abstract: "Print every subcommand with the arguments of a tiny run, one a line (what CI runs).")

    func run() throws {
        let listed = Set(BenchmarkCatalogue.allCases.map { Self.name($0.command) })
        // The root's subcommands come from the catalogue; one added beside it would have no tiny run.
        let missing = BenchmarkCommand.configuration.subcommands.map(Self.name).filter { !listed.contains($0) }
        guard missing.isEmpty else {
            throw ValidationError("subcommands without a tiny run in BenchmarkCatalogue: \(missing.joined(separator: ", "))")
        }
        for benchmark in BenchmarkCatalogue.allCases {
            print(([Self.name(benchmark.command)] + benchmark.tinyArguments).joined(separator: " "))
        }
    }

    /// Every subcommand here names itself in its configuration.
    static func name(_ command: any ParsableCommand.Type) -> String {
        command.configuration.commandName ?? String(describing: command)
    }
}
