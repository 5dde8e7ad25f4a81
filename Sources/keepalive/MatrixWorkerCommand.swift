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

    @Option(help: "Indices of the tracks to replay, comma-separated.")
    var tracks: String

    @Argument(help: "A copy of the matrix file's text.")
    var file: String

    @Flag(help: "Exit when standard input ends: the parent holds its only writing end.")
    var exitWithParent = false

    func run() throws {
        if exitWithParent { MatrixWorker.exitWithParent() }
        try MainActor.assumeIsolated { try work() }
    }

    @MainActor
    private func work() throws {
        let matrix: Matrix
        do throws(MatrixError) { matrix = try MatrixFile.read(contentsOf: file, name: name, maximumCells: maxCells) } catch {
            printError(error.description)
            throw ExitStatus(error.kind).exitCode
        }
        let indices = tracks.split(separator: ",").compactMap { Int($0) }
        guard matrix.cells.count == cells, !indices.isEmpty, indices.allSatisfy(matrix.tracks.indices.contains) else {
            printError("\(name): not the matrix the parent planned")
            throw ExitStatus.usage.exitCode
        }
        do throws(Output.WriteError) {
            try MatrixWorker.run(matrix, tracks: indices) { (text: String) throws(Output.WriteError) in try Output.toStandardOutput(text) }
        } catch {
            printError("standard output: cannot write the results: \(error.reason)")
            throw ExitStatus.cannotWrite.exitCode
        }
    }
}
