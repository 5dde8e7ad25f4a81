import Foundation
import ScenarioInput
import Simulation

/// Replays a matrix's cells in this process, a track at a time: each track is read once (once
/// per distinct `lenient` and `speed` among the runs) and replayed for every profile and run.
///
/// Replays are main-actor code, as the app-facing API is, so one process runs one at a time;
/// ``MatrixWorkerPool`` spreads tracks over processes for parallelism.
public enum MatrixRunner {
    /// Every cell's summary, in plan order.
    /// - Throws: ``MatrixError`` for the first track, in plan order, that cannot be read
    ///   (`cannotOpen`) or is not a valid track (`invalidData`).
    @MainActor
    public static func run(_ matrix: Matrix) throws(MatrixError) -> [SimSummary] {
        var summaries: [SimSummary] = []
        summaries.reserveCapacity(matrix.cells.count)
        for track in matrix.tracks.indices {
            summaries += try run(matrix, track: track)
        }
        return summaries
    }

    /// The summaries of the cells on one track, in plan order.
    @MainActor
    public static func run(_ matrix: Matrix, track: Int) throws(MatrixError) -> [SimSummary] {
        let path = matrix.tracks[track].path
        var loaded: [LoadKey: LoadedTrack] = [:]
        var summaries: [SimSummary] = []
        for index in matrix.cells(onTrack: track) {
            let settings = matrix.cells[index].settings
            let key = LoadKey(lenient: settings.lenient, untimedSpeed: settings.untimedSpeed)
            let track: LoadedTrack
            if let known = loaded[key] {
                track = known
            } else {
                do throws(ReplayError) {
                    track = try LoadedTrack.load(path, lenient: key.lenient, untimedSpeed: key.untimedSpeed)
                } catch {
                    throw MatrixError(error)
                }
                loaded[key] = track
            }
            do throws(ReplayError) {
                summaries.append(try ReplayRun(track: path, settings: settings).run(on: track, keepsEvents: false).result.summary)
            } catch {
                throw MatrixError(error)
            }
        }
        return summaries
    }

    /// What reading a track depends on.
    private struct LoadKey: Hashable {
        let lenient: Bool
        let untimedSpeed: Double
    }
}
