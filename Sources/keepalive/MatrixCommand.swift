import ArgumentParser
import Foundation
import Scenario
import Simulation

struct MatrixCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "matrix",
        abstract: "Replay tracks × profiles × settings from a matrix file and print a verdict table.",
        discussion: """
            The matrix file (YAML or JSON, see Docs/CLI.md) lists tracks, profiles (default: \
            ios17) and runs: each run is settings as in a scenario file, or a scenario file, with \
            the verdict it should have (expect: kept-alive, suspended, terminated, crashed or \
            foreground-only, or one per profile). Paths are relative to the matrix file. Every \
            track is read once, and tracks are replayed in parallel in --jobs worker processes; \
            the output is the same whatever the number of jobs.

            OUTPUT
              --format text       a table: track, profile, run, verdict, at, expected, ok; the runs \
            not as expected with their reasons; a count line (default)
              --format markdown   the table in Markdown
              --format json       every run with typed fields, and the counts
              --format junit      JUnit XML for CI: a test case per run, a failure per unexpected verdict

            METRICKIT
              --metrickit PAYLOAD.json sets a day's MXMetricPayload JSON (one payload or an array) \
            beside the matrix, its runs taken as the same trips: per exit counter, the payloads' sum \
            and the runs that ended so; the counters where they disagree, with what gives that exit \
            in the model. Text or JSON (a "metricKit" member); the exit status stays the matrix's.

            EXAMPLES
              keepalive matrix Docs/examples/matrix.yaml
              keepalive matrix Docs/examples/matrix.yaml --format junit --output matrix.xml
              keepalive matrix Docs/examples/matrix.yaml --format markdown --jobs 1
              keepalive matrix Tracks/metrickit/matrix.yaml --metrickit Tracks/metrickit/payload.json

            EXIT STATUS
            \(ExitStatus.help([
                .success: "every run with an expectation met it",
                .verdictNotMet: "some run's verdict was not the expected one",
                .usage: "bad usage, or the matrix file is not valid (FILE:LINE:COLUMN: message)",
                .invalidData: "a track is not valid GPX, or the MetricKit payload is not valid (FILE:LINE:COLUMN: message)",
                .cannotOpen: "the matrix file, a track, a scenario file or the MetricKit payload cannot be opened or read",
                .software: "a worker process failed (the message names it and what it said)",
                .cannotWrite: "the output cannot be written",
            ]))
            """
    )

    enum Format: String, ExpressibleByArgument, CaseIterable {
        case text, markdown, json, junit
    }

    @Argument(help: "The matrix file (YAML or JSON).")
    var file: String

    @Option(help: "Output: text, markdown, json or junit.")
    var format: Format = .text

    @Option(help: ArgumentHelp("Write the output to this file instead of standard output.", valueName: "file"))
    var output: String?

    @Option(help: ArgumentHelp("A day's MetricKit payloads (MXMetricPayload JSON) to compare the runs' exits with; text or json output.", valueName: "payload.json"))
    var metrickit: String?

    @Option(help: ArgumentHelp("Worker processes (default: the active processor count); 1 replays in this process.", valueName: "n"))
    var jobs: Int?

    @Option(help: ArgumentHelp("The most replays (tracks × profiles × runs) the matrix may plan (default: \(Matrix.defaultMaximumCells)).", valueName: "n"))
    var maxCells: Int = Matrix.defaultMaximumCells

    // For tests of a failing worker: run this program as the worker instead of this tool.
    @Option(help: .hidden)
    var workerExecutable: String?

    func validate() throws {
        if let jobs, jobs < 1 { throw ValidationError("--jobs: must be 1 or more") }
        if maxCells < 1 { throw ValidationError("\(Matrix.maximumCellsOption): must be 1 or more") }
        if metrickit != nil, format != .text, format != .json {
            throw ValidationError("--metrickit: the comparison is printed as text or json, not \(format.rawValue)")
        }
    }

    func run() throws {
        // Every file the readers open is noted (the matrix, its tracks, scenario files and
        // Info.plists, the payload), so that --output is checked against them all.
        let inputs = InputFiles()
        // Swift-argument-parser calls `run` on the main thread; replays are main-actor code.
        try inputs.recording { try MainActor.assumeIsolated { try runMatrix(inputs) } }
    }

    @MainActor
    private func runMatrix(_ inputs: InputFiles) throws {
        // A matrix reads several tracks, scenario files and Info.plists by nature: "a track".
        let outputTarget = output.map { OutputTarget(option: "--output", path: $0, several: [.track, .scenarioFile, .infoPlist]) }
        let outcome: MatrixOutcome
        var renderedRows: [String]?
        var exits: MetricKitExits?
        do {
            let source = try MatrixFile.text(contentsOf: file)
            let matrix = try MatrixFile.parse(source, name: file, maximumCells: maxCells)
            // Read before the replays, so that a bad payload fails at once.
            if let metrickit {
                do throws(InputFileError) {
                    exits = try MetricKitPayload.read(contentsOf: metrickit)
                } catch {
                    throw ExitStatus.report(error.description, error.kind)
                }
                for warning in exits?.warnings ?? [] { printError("warning: " + warning) }
            }
            try outputTarget?.checkFolder()
            try outputTarget?.check(against: inputs)
            let workers = min(jobs ?? ProcessInfo.processInfo.activeProcessorCount, matrix.tracks.count)
            // For JSON the workers write each run's object themselves: the parent need not decode every gap.
            let results = workers <= 1
                ? MatrixWorkerPool.Results(summaries: try MatrixRunner.run(matrix), renderedRows: nil)
                : try inWorkers(matrix, source: source, workers: workers, rendersRows: format == .json && metrickit == nil)
            outcome = MatrixOutcome(matrix: matrix, summaries: results.summaries)
            renderedRows = results.renderedRows
        } catch let error as MatrixError {
            throw ExitStatus.report(error.description, error.kind)
        }
        let comparison = exits.map { MetricKitComparison($0, outcome) }
        let text = switch format {
        case .text: MatrixReport.text(outcome) + (comparison.map { "\n" + MetricKitReport.text($0) } ?? "")
        case .markdown: MatrixReport.markdown(outcome)
        case .json:
            if let comparison { MetricKitReport.json(outcome, comparison).serialized() + "\n" }
            else if let renderedRows { MatrixReport.jsonText(outcome, renderedRows: renderedRows) }
            else { MatrixReport.json(outcome).serialized() + "\n" }
        case .junit: MatrixReport.junit(outcome)
        }
        if let outputTarget {
            try outputTarget.write(text, inputs: inputs)
        } else {
            do throws(Output.WriteError) {
                try Output.toStandardOutput(text)
            } catch {
                printFailure("standard output: cannot write the output: \(error.reason)")
                throw ExitStatus.cannotWrite.exitCode
            }
        }
        if !outcome.allAsExpected { throw ExitStatus.verdictNotMet.exitCode }
    }

    /// Runs the matrix in worker processes. They read a copy of the text this process parsed, so
    /// that all plan the same cells even if the file changes, or is a pipe (`/dev/stdin`).
    private func inWorkers(_ matrix: Matrix, source: String, workers: Int, rendersRows: Bool) throws(MatrixError) -> MatrixWorkerPool.Results {
        // mkstemp: a new file of our own, never one someone else prepared under a guessable name.
        var template = Array((NSTemporaryDirectory() as NSString).appendingPathComponent("keepalive-matrix-XXXXXX").utf8CString)
        let descriptor = mkstemp(&template)
        let copy = String(decoding: template.dropLast().map { UInt8(bitPattern: $0) }, as: UTF8.self)
        guard descriptor >= 0 else {
            throw MatrixError("\(copy): cannot write the matrix for the workers: \(String(cString: strerror(errno)))", kind: .cannotWrite)
        }
        // The copy goes whether the run ends, fails or is interrupted (SIGINT, SIGTERM, SIGHUP);
        // the workers end with this process (their standard input ends).
        let interrupts = InterruptCleanup(removing: copy)
        defer {
            interrupts.cancel()
            unlink(copy)
        }
        do {
            let handle = FileHandle(fileDescriptor: descriptor, closeOnDealloc: true)
            try handle.write(contentsOf: Data(source.utf8))
            try handle.close()
        } catch {
            throw MatrixError("\(copy): cannot write the matrix for the workers: \(error.localizedDescription)", kind: .cannotWrite)
        }
        let name = file, cells = matrix.cells.count
        // The workers read their tracks from standard input as the pool hands them out, and exit
        // when it ends without the pool's end mark: their parent is gone.
        let pool = MatrixWorkerPool(
            executable: workerExecutable ?? Self.executablePath(),
            arguments: ["matrix-worker", "--exit-with-parent", "--name", name, "--cells", String(cells), "--max-cells", String(cells)]
                + (rendersRows ? ["--renders-rows"] : []) + ["--", copy],
            rendersRows: rendersRows)
        return try pool.results(matrix, workers: workers)
    }

    /// This program, to run again as a worker.
    static func executablePath() -> String {
        #if os(Linux)
        if let path = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe") { return path }
        #endif
        return Bundle.main.executablePath ?? CommandLine.arguments[0]
    }
}
