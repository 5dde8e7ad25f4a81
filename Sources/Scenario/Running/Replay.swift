import Foundation
import GPX
import Replay
import Simulation

/// One replay as `keepalive replay` runs it: read the track, build its trajectory, run the
/// standard navigation app through it with the settings, and keep what is needed for reports.
///
/// ```swift
/// let replay = try ReplaySettings().resolved()
/// let outcome = try Replay(track: "Tracks/city-commute.gpx", settings: replay).run()
/// print(outcome.result.summary.sentence)
/// ```
public struct Replay: Sendable {
    public let track: String
    public let settings: ResolvedReplay

    public init(track: String, settings: ResolvedReplay) {
        self.track = track
        self.settings = settings
    }

    /// Runs the replay; `progress` hears the fraction of the track file read (0…1).
    public func run(progress: ((Double) -> Void)? = nil) throws(ReplayError) -> ReplayOutcome {
        let reader = GPXReader(options: GPXReadOptions(isLenient: settings.lenient))
        let document: GPXDocument
        do {
            if let progress {
                let size = (try? FileManager.default.attributesOfItem(atPath: track)[.size] as? Int) ?? 0
                document = try reader.read(contentsOf: track) { bytes in progress(size > 0 ? min(1, Double(bytes) / Double(size)) : 1) }
            } else {
                document = try reader.read(contentsOf: track)
            }
        } catch {
            throw error.kind == .unreadable ? .trackUnreadable(error) : .invalidTrack(error.description)
        }
        let built: TrajectoryBuilder.Outcome
        do {
            built = try TrajectoryBuilder(untimedSpeed: settings.untimedSpeed).build(from: document)
        } catch {
            // No points, segments overlapping in time, more than SimLimits.maximumSeconds: the builder says which.
            throw .invalidTrack("\(track): \(error.message)")
        }
        guard built.trajectory.duration > 0 else {
            throw .invalidTrack("\(track): the \(built.source) span no time (a single place at a single moment): there is no trip to replay")
        }
        let configuration = SimulationConfiguration(
            trajectory: built.trajectory, profile: settings.profile, policy: settings.policy, seed: settings.seed,
            capabilities: settings.capabilities, initialAuthorization: settings.initialAuthorization,
            initialAccuracyAuthorization: settings.accuracyAuthorization,
            locationServicesEnabled: settings.locationServicesEnabled, timeline: settings.timeline,
            duration: built.trajectory.endTime)
        let result = KeepAliveSimulation(configuration, app: StandardNavigationApp(settings: settings.app)).run()
        return ReplayOutcome(
            track: track, settings: settings, trajectory: built.trajectory, pathSource: built.source,
            timed: built.timed, droppedPoints: built.droppedPoints, warnings: document.warnings, result: result)
    }
}

/// What a replay produced, for the reports.
public struct ReplayOutcome: Sendable {
    public let track: String
    public let settings: ResolvedReplay
    public let trajectory: Trajectory
    /// "track points", "route points" or "waypoints".
    public let pathSource: String
    /// Whether the track's times came from the file.
    public let timed: Bool
    /// Points dropped because their time did not increase.
    public let droppedPoints: Int
    /// What a lenient read skipped.
    public let warnings: [GPXWarning]
    public let result: SimulationResult

    /// Whether the app stayed alive for the whole track.
    public var keptAlive: Bool { result.summary.verdict == .keptAlive }
}
