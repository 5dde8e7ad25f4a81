import Simulation

/// A matrix run's plan: tracks × profiles × runs × field conditions, each cell a replay with its
/// settings resolved and its expected answer, in the order the reports print them (track, then
/// profile, then run, then condition).
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
    /// The field conditions each run is replayed under (default: `normal` alone, and unnamed).
    public let conditions: [FieldCondition]
    /// Every replay, in plan order.
    public let cells: [MatrixCell]

    /// Builds the plan and resolves every cell's settings.
    /// - Throws: ``MatrixError`` (`usage`) naming the run whose settings are impossible.
    public init(file: String, tracks: [MatrixTrack], profiles: [SimProfile], runs: [MatrixRun],
                conditions: [FieldCondition] = [.normal]) throws(MatrixError) {
        self.file = file
        self.tracks = tracks
        self.profiles = profiles
        self.runs = runs
        self.conditions = conditions
        // Settings do not depend on the track: resolve each profile × run once.
        var resolved: [(settings: ResolvedReplay, expected: MatrixExpected?)] = []
        for profile in profiles {
            for run in runs {
                var settings = run.settings
                // The matrix's profile wins over a scenario file's: each cell is one profile.
                settings.profile = profile
                do throws(ReplayError) {
                    let base = try settings.resolved()
                    for condition in conditions {
                        var settings = base
                        settings.fieldCondition = condition == .normal ? nil : condition
                        resolved.append((settings, run.expect?.verdict(for: profile, condition: condition)))
                    }
                } catch {
                    let on = profiles.count > 1 ? " on \(profile.writtenName)" : ""
                    throw MatrixError(usage: "\(file):\(run.line):\(run.column): run '\(run.name)'\(on): \(error.description)")
                }
            }
        }
        var cells: [MatrixCell] = []
        cells.reserveCapacity(tracks.count * resolved.count)
        for track in tracks.indices {
            for (index, (settings, expected)) in resolved.enumerated() {
                let perProfile = runs.count * conditions.count
                cells.append(MatrixCell(index: cells.count, track: track, profile: index / perProfile,
                                        run: index % perProfile / conditions.count, condition: index % conditions.count,
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
        track * cellsPerTrack ..< (track + 1) * cellsPerTrack
    }

    /// Replays per track: profiles × runs × conditions.
    public var cellsPerTrack: Int { profiles.count * runs.count * conditions.count }

    /// A cell's run as the reports name it: the run's name, and its condition when the matrix
    /// has a `conditions:` axis ("pause fallback · low-power").
    public func runName(of cell: MatrixCell) -> String {
        conditions == [.normal] ? runs[cell.run].name : "\(runs[cell.run].name) · \(conditions[cell.condition].rawValue)"
    }
}
