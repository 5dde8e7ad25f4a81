import Simulation

/// A matrix run's plan: tracks × profiles × runs, each cell a replay with its settings resolved
/// and its expected verdict, in the order the reports print them (track, then profile, then run).
///
/// ```swift
/// let matrix = try MatrixFile.read(contentsOf: "Docs/examples/matrix.yaml")
/// let summaries = try MatrixRunner.run(matrix)
/// print(MatrixReport.text(MatrixOutcome(matrix: matrix, summaries: summaries)))
/// ```
public struct Matrix: Sendable {
    /// The matrix file, as given.
    public let file: String
    public let tracks: [MatrixTrack]
    /// As listed (default: ``ReplaySettings/defaultProfile``).
    public let profiles: [SimProfile]
    public let runs: [MatrixRun]
    /// Every replay, in plan order.
    public let cells: [MatrixCell]

    /// Builds the plan and resolves every cell's settings.
    /// - Throws: ``MatrixError`` (`usage`) naming the run whose settings are impossible.
    public init(file: String, tracks: [MatrixTrack], profiles: [SimProfile], runs: [MatrixRun]) throws(MatrixError) {
        self.file = file
        self.tracks = tracks
        self.profiles = profiles
        self.runs = runs
        // Settings do not depend on the track: resolve each profile × run once.
        var resolved: [(settings: ResolvedReplay, expected: MatrixExpected?)] = []
        for profile in profiles {
            for run in runs {
                var settings = run.settings
                // The matrix's profile wins over a scenario file's: each cell is one profile.
                settings.profile = profile
                do throws(ReplayError) {
                    resolved.append((try settings.resolved(), run.expect?.verdict(for: profile.name)))
                } catch {
                    let on = profiles.count > 1 ? " on \(profile.name)" : ""
                    throw MatrixError(usage: "\(file):\(run.line):\(run.column): run '\(run.name)'\(on): \(error.description)")
                }
            }
        }
        var cells: [MatrixCell] = []
        cells.reserveCapacity(tracks.count * resolved.count)
        for track in tracks.indices {
            for (index, (settings, expected)) in resolved.enumerated() {
                cells.append(MatrixCell(index: cells.count, track: track, profile: index / runs.count, run: index % runs.count,
                                        settings: settings, expected: expected))
            }
        }
        self.cells = cells
    }

    /// The most cells a matrix plans unless told otherwise: a matrix file names tracks, profiles
    /// and runs, and their product is counted before anything is planned, so a small file
    /// cannot ask for millions of replays.
    public static let defaultMaximumCells = 10_000
    /// The command-line option that raises the limit, as messages name it.
    public static let maximumCellsOption = "--max-cells"

    /// The indices of the cells replayed on a track.
    public func cells(onTrack track: Int) -> Range<Int> {
        let perTrack = profiles.count * runs.count
        return track * perTrack ..< (track + 1) * perTrack
    }
}
