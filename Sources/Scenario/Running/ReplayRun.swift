import Foundation
import GPX
import Replay
import Scripting
import Simulation

/// One replay as `keepalive replay` runs it: read the track, build its trajectory, run the
/// standard navigation app through it with the settings, and keep what is needed for reports.
///
/// ```swift
/// let replay = try ReplaySettings().resolved()
/// let outcome = try ReplayRun(track: "Tracks/city-commute.gpx", settings: replay).run()
/// print(Prose.sentence(outcome.result.summary))
/// ```
public struct ReplayRun: Sendable {
    public let track: String
    public let settings: ResolvedReplay

    public init(track: String, settings: ResolvedReplay) {
        self.track = track
        self.settings = settings
    }

    /// Runs the replay; `progress` hears the fraction of the track file read (0…1). `sinks`
    /// hear every event as it happens; with `keepsEvents: false` the outcome holds none, so a
    /// run's memory does not grow with the trip.
    @MainActor
    public func run(
        progress: ((Double) -> Void)? = nil, sinks: [SimEventSink] = [], keepsEvents: Bool = true
    ) throws(ReplayError) -> ReplayOutcome {
        let loaded = try LoadedTrack.load(track, lenient: settings.lenient, untimedSpeed: settings.untimedSpeed, progress: progress)
        return run(on: loaded, sinks: sinks, keepsEvents: keepsEvents)
    }

    /// Runs the replay on a track already read, so that many replays share one read. The
    /// track must have been loaded with this replay's `lenient` and `untimedSpeed`.
    @MainActor
    public func run(on loaded: LoadedTrack, sinks: [SimEventSink] = [], keepsEvents: Bool = true) -> ReplayOutcome {
        let built = loaded.built
        let configuration = SimulationConfiguration(
            trajectory: built.trajectory, profile: settings.profile, policy: settings.policy, seed: settings.seed,
            capabilities: settings.capabilities, initialAuthorization: settings.initialAuthorization,
            initialAccuracyAuthorization: settings.accuracyAuthorization,
            locationServicesEnabled: settings.locationServicesEnabled, timeline: settings.timeline)
        let script = settings.app
        let result = KeepAliveSimulation(configuration, app: ScriptedApp(script: script), sinks: sinks, keepsEvents: keepsEvents).run()
        return ReplayOutcome(
            track: track, settings: settings, trajectory: built.trajectory, pathSource: built.source,
            timed: built.timed, droppedPoints: built.droppedPoints, warnings: loaded.warnings,
            runWarnings: runWarnings(built, suppressed: loaded.suppressedWarningCount), result: result)
    }

    /// The same replay under Xcode's debugger: the profile never suspends and has no watchdog (§9).
    public func underDebugger() -> ReplayRun {
        var settings = settings
        settings.profile = settings.profile.underDebugger()
        return ReplayRun(track: track, settings: settings)
    }

    /// Fastest plausible speed of a phone, in m/s: above it an untimed path's trip is absurd.
    public static let plausibleSpeed = 1_000.0

    /// What the reports should say about the run's inputs, beyond the file's own warnings.
    private func runWarnings(_ built: TrajectoryBuilder.Outcome, suppressed: Int) -> [String] {
        // The file's warnings past the stored ones, then what the builder changed (reordered segments, dropped speeds).
        var warnings: [String] = suppressed > 0 ? ["… and \(suppressed) more warnings about the file"] : []
        warnings += built.warnings
        let trajectory = built.trajectory
        if !built.timed, settings.untimedSpeed > Self.plausibleSpeed {
            warnings.append("--speed \(Formatting.short(settings.untimedSpeed)) m/s is faster than anything that carries a phone (over \(Formatting.short(Self.plausibleSpeed)) m/s): the untimed trip lasts \(Self.seconds(trajectory.duration))")
        }
        if trajectory.duration < 0.001 {
            warnings.append("the \(built.source) span \(Self.seconds(trajectory.duration)), under a millisecond: there is almost no trip to replay")
        }
        let late = settings.timeline.filter { $0.time > trajectory.endTime }
        if let first = late.first {
            let end = Formatting.clock(trajectory.endTime)
            warnings.append(late.count == 1
                ? "the event at \(Formatting.clock(first.time)) (\(ScenarioFile.verb(first.action))) is after the end of the track (\(end)): the run goes on to it, with no position to replay"
                : "\(late.count) events are after the end of the track (\(end)), the first at \(Formatting.clock(first.time)) (\(ScenarioFile.verb(first.action))): the run goes on to them, with no position to replay")
        }
        return warnings
    }

    /// A short time in seconds as Swift writes it (`1.2e-05 s`), or as a clock from a second up.
    private static func seconds(_ value: Double) -> String {
        value >= 1 ? Formatting.clock(value) : "\(value) s"
    }
}

/// A track read and built into a trajectory, ready for any number of replays.
public struct LoadedTrack: Sendable {
    /// The path as given.
    public let path: String
    let built: TrajectoryBuilder.Outcome
    let warnings: [GPXWarning]
    let suppressedWarningCount: Int
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
                throw error.kind == .unreadable ? .trackUnreadable(error) : .invalidTrack(error.description)
            case .build(let error):
                // No points, segments overlapping in time, more than SimLimits.maximumSeconds: the builder says which.
                if error.kind == .invalidUntimedSpeed { throw .invalidSettings("--speed: \(error.message)") }
                throw .invalidTrack("\(track): \(error.message)")
            }
        }
        let built = file.outcome
        guard built.trajectory.duration > 0 else {
            throw .invalidTrack("\(track): the \(built.source) span no time (a single place at a single moment): there is no trip to replay")
        }
        return LoadedTrack(path: track, built: built, warnings: file.warnings, suppressedWarningCount: file.suppressedWarningCount,
                           lenient: lenient, untimedSpeed: untimedSpeed)
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
    /// What is odd about the run's inputs: events after the end of the track, an absurd
    /// `--speed`, a track spanning under a millisecond.
    public let runWarnings: [String]
    public let result: SimulationResult

    /// Every warning, the file's then the run's, as the reports print them.
    public var allWarnings: [String] { warnings.map(\.description) + runWarnings }

    /// Whether the app never stopped running (kept alive, or never left the foreground), by
    /// means App Review accepts: silent audio is never a pass (§13).
    public var keptAlive: Bool {
        (result.summary.verdict == .keptAlive || result.summary.verdict == .foregroundOnly)
            && !result.summary.warnings.contains(.audio(.silentKeepAlive))
    }
}
