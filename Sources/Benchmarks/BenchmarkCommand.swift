import ArgumentParser

@main
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
            """,
        subcommands: [GPXBenchmark.self, SimulationBenchmark.self, YearBenchmark.self, ReportBenchmark.self, MatrixBenchmark.self, RatioBenchmark.self, MeasurePass.self,
                      YearMemoryBenchmark.self, JobsBenchmark.self, StartupBenchmark.self, AsyncBenchmark.self]
    )
}
