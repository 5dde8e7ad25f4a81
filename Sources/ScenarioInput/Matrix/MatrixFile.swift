import Foundation
import GPX
import Simulation
import Yams

/// A matrix file: tracks × profiles × runs, in YAML or JSON. Paths are relative to the file's folder.
///
/// ```yaml
/// tracks: [../../Tracks/city-commute.gpx, ../../Tracks/highway-tunnel.gpx]
/// profiles: [ios13, ios17]            # optional; default [ios17]
/// runs:
///   - name: defaults
///     expect: kept-alive
///   - name: no background flag
///     settings: {backgroundLocation: false}
///     expect: suspended
///   - name: commute
///     scenario: commute.yaml
///     expect: {ios13: suspended, default: kept-alive}
/// ```
///
/// An unknown key, verdict or profile is an error with its line and column. See `Docs/CLI.md`.
public enum MatrixFile {
    /// The top-level keys.
    public static let keys = MatrixReader.matrixSchema.names
    /// The keys of an entry of `runs`.
    public static let runKeys = MatrixReader.runSchema.names
    /// The verdicts `expect` may name.
    public static let verdicts: [SimVerdict] = [.keptAlive, .suspended, .terminated, .crashed, .foregroundOnly]

    /// Reads a matrix file and the scenario files it names, and resolves every cell; `name`
    /// (default: `path`) stands for the file in messages and its folder is where paths start.
    /// - Throws: ``MatrixError``: `cannotOpen` when a file cannot be read, `usage` when it is not a
    ///   valid matrix.
    /// `maximumCells` is the most replays (tracks × profiles × runs) it may plan.
    public static func read(contentsOf path: String, name: String? = nil, maximumCells: Int = Matrix.defaultMaximumCells) throws(MatrixError) -> Matrix {
        try parse(try text(contentsOf: path, name: name ?? path), name: name ?? path, maximumCells: maximumCells)
    }

    /// A matrix file's text: UTF-8, at most ``ScenarioFile/maximumBytes``.
    /// - Throws: ``MatrixError``: `cannotOpen` when it cannot be read, `usage` when it is too large
    ///   or not UTF-8.
    public static func text(contentsOf path: String, name: String? = nil) throws(MatrixError) -> String {
        let name = name ?? path
        InputFiles.note(path, .matrixFile)
        // Standard input may be a pipe (`-`, `/dev/stdin`); any other file is a regular one.
        let data: Data
        switch StandardInput.readFile(path, upTo: ScenarioFile.maximumBytes) {
        case .success(let bytes): data = Data(bytes)
        case .failure(let error):
            throw MatrixError("\(name): cannot read the matrix file: \(StandardInput.reason(error))", kind: .cannotOpen)
        }
        guard data.count <= ScenarioFile.maximumBytes else {
            throw MatrixError(usage: "\(name): larger than \(ScenarioFile.maximumBytes / 1024 / 1024) MB: not a matrix file")
        }
        do throws(ReplayError) {
            return try ScenarioFile.text(data, name: name, what: "the matrix file")
        } catch {
            throw MatrixError(error)
        }
    }

    /// Parses a matrix from text; `name` stands for the file in messages and its folder is where
    /// relative paths start; `maximumCells` is the most replays it may plan.
    public static func parse(_ text: String, name: String, maximumCells: Int = Matrix.defaultMaximumCells) throws(MatrixError) -> Matrix {
        do throws(ReplayError) { try ScenarioFile.refuseControlCharacters(text, name: name) } catch { throw MatrixError(error) }
        if let problem = YAMLShapeGuard.problem(in: text, what: "a matrix") {
            throw MatrixError(usage: "\(name):\(problem.line):\(problem.column): \(problem.message)")
        }
        let node: Yams.Node?
        do {
            node = try Yams.compose(yaml: text)
        } catch let error as YamlError {
            throw MatrixError(usage: ScenarioFile.located(error, in: name))
        } catch {
            throw MatrixError(usage: "\(name): not valid YAML or JSON")
        }
        guard let mapping = node?.mapping else {
            throw MatrixError(usage: "\(name): a matrix is a mapping with 'tracks' and 'runs' (and 'profiles')")
        }
        return try MatrixReader(name: name, maximumCells: maximumCells).matrix(mapping)
    }
}
