import ArgumentParser
import Scenario

/// One worker of `keepalive matrix`: replays some of a matrix's tracks and writes a JSON line
/// per run (see `MatrixWorker`). Not for people: the parent reads its output.
struct MatrixWorkerCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "matrix-worker", abstract: "Internal: one worker of `keepalive matrix`.", shouldDisplay: false)

    @Option(help: "The matrix file's name in messages; relative paths start from its folder.")
    var name: String

    @Option(help: "How many runs the parent planned, to check that both read the same matrix.")
    var cells: Int

    @Option(help: "The most replays the matrix may plan: the parent's count.")
    var maxCells: Int = Matrix.defaultMaximumCells

    @Option(help: "Indices of the tracks to replay, comma-separated; without it, one a line from standard input, as the parent hands them out, until its end mark.")
    var tracks: String?

    @Argument(help: "A copy of the matrix file's text.")
    var file: String

    @Flag(help: "Exit when standard input ends (before the end mark): the parent holds its only writing end.")
    var exitWithParent = false

    @Flag(help: "Also write each run's object as `keepalive matrix --format json` writes it, and only each goal's first gap in the summary.")
    var rendersRows = false

    func run() throws {
        if exitWithParent, tracks != nil { MatrixWorker.exitWithParent() }
        try MainActor.assumeIsolated { try work() }
    }

    @MainActor
    private func work() throws {
        let matrix: Matrix
        do throws(MatrixError) { matrix = try MatrixFile.read(contentsOf: file, name: name, maximumCells: maxCells) } catch {
            printFailure(error.description)
            throw ExitStatus(error.kind).exitCode
        }
        let listed = tracks.map { $0.split(separator: ",").map { Int($0) } }
        guard matrix.cells.count == cells, listed?.isEmpty != true, listed?.allSatisfy({ $0.map(matrix.tracks.indices.contains) == true }) != false else {
            printFailure("\(name): not the matrix the parent planned")
            throw ExitStatus.usage.exitCode
        }
        // From standard input: an index a line, until the parent's end mark (each track at most
        // once, so the loop is bounded by the plan); a line that is no track ends the work.
        var unknown: MatrixError?
        let indices: AnySequence<Int>
        if let listed {
            indices = AnySequence(listed.compactMap { $0 })
        } else {
            let nextTrack = MatrixWorker.requestedTracks(of: matrix, name: name)
            indices = AnySequence(sequence(state: ()) { _ -> Int? in
                do throws(MatrixError) { return try nextTrack() } catch {
                    unknown = error
                    return nil
                }
            })
        }
        do throws(Output.WriteError) {
            let renderRow: ((MatrixOutcome.Row) -> String)? = rendersRows ? { MatrixReport.renderedRow($0) } : nil
            try MatrixWorker.run(matrix, tracks: indices, renderRow: renderRow) { (text: String) throws(Output.WriteError) in try Output.toStandardOutput(text) }
        } catch {
            printFailure("standard output: cannot write the results: \(error.reason)")
            throw ExitStatus.cannotWrite.exitCode
        }
        if let unknown {
            printFailure(unknown.description)
            throw ExitStatus(unknown.kind).exitCode
        }
    }
}
