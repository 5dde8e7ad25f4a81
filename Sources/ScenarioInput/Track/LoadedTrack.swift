import Foundation
import GPX
import Simulation

/// A track read and built into a trajectory, ready for any number of replays.
public struct LoadedTrack: Sendable {
    /// The path as given.
    public let path: String
    package let built: TrajectoryBuilder.Outcome
    package let warnings: [GPXWarning]
    package let suppressedWarningCount: Int
    /// Whether it was read leniently.
    public let lenient: Bool
    /// The speed that timed an untimed path, in m/s.
    public let untimedSpeed: Double

    /// The trajectory the replays follow.
    public var trajectory: Trajectory { built.trajectory }

    /// Reads and builds a track; `progress` hears the fraction of the file read (0…1).
    /// - Throws: ``ReplayError`` for an unreadable file, a broken or empty track, a bad speed.
    public static func load(
        _ track: String, lenient: Bool, untimedSpeed: Double, progress: ((Double) -> Void)? = nil
    ) throws(ReplayError) -> LoadedTrack {
        InputFiles.note(track, .track)
        // The track streams into the trajectory: no document of every point's every field is kept.
        let options = GPXReadOptions(isLenient: lenient)
        let file: TrajectoryBuilder.FileOutcome
        do {
            var reportProgress: ((Int) -> Void)?
            if let progress {
                let size = (try? FileManager.default.attributesOfItem(atPath: track)[.size] as? Int) ?? 0
                reportProgress = { bytes in progress(size > 0 ? min(1, Double(bytes) / Double(size)) : 1) }
            }
            file = try TrajectoryBuilder(untimedSpeed: untimedSpeed).build(contentsOf: track, options: options, progress: reportProgress)
        } catch {
            switch error {
            case .read(let error):
                throw error.kind == .unreadable ? .trackUnreadable(error) : .invalidTrack(error.description + ForeignTrack.advice(for: error))
            case .build(let error):
                // No points, segments overlapping in time, more than SimLimits.maximumSeconds: the builder says which.
                if error.kind == .invalidUntimedSpeed { throw .invalidSettings("\(ReplaySettings.setting(\.$speed).option): \(error.message)") }
                throw .invalidTrack("\(track): \(error.message)")
            }
        }
        let built = file.outcome
        guard built.trajectory.duration > 0 else {
            guard built.droppedPoints > 0 else {
                throw .invalidTrack("\(track): the \(built.source) span no time (a single place at a single moment): there is no trip to replay")
            }
            // The file's times do span time (`inspect` counts from the earliest to the latest), but
            // the points after the first go back or repeat, and a replay skips those, not sorts them.
            let place = built.firstUnorderedTime.map { "\(track):\($0)" } ?? track
            let count = built.droppedPoints
            let skipped = count == 1 ? "1 point is skipped because its time is" : "\(count) points are skipped because their times are"
            throw .invalidTrack("\(place): the \(built.source)' times go back: \(skipped) not after an earlier point's (the first such <time> is here), which leaves a single moment to replay; a replay follows the points in file order and does not sort them (inspect counts the span from the earliest time to the latest): put the points in time order, or correct their times")
        }
        return LoadedTrack(path: track, built: built, warnings: file.warnings, suppressedWarningCount: file.suppressedWarningCount,
                           lenient: lenient, untimedSpeed: untimedSpeed)
    }
}
