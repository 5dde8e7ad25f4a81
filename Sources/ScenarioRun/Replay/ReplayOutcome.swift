import GPX
import ScenarioInput
import Simulation

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
    /// What limits what the track can show: points skipped, no times, too short for a suspension.
    public var trackWarnings: [TrackWarning] = []
    public let result: SimulationResult
    /// The timeline and the picture's events, gathered as the run streamed (``ReplayRun/run(on:sinks:keepsEvents:digests:)``
    /// with `digests: true`); `nil` when the run kept its whole log instead (or nothing).
    public var digest: RunDigest? = nil

    /// What the reports draw: the digest gathered during the run, or one made from the kept log.
    public var reportDigest: RunDigest { digest ?? RunDigest(result.events, duration: result.summary.durationSeconds) }

    /// Every warning, the file's then the run's, as the reports print them.
    public var allWarnings: [String] { settings.warnings + warnings.map(\.description) + trackWarnings.map(Prose.text) + runWarnings }

    /// The answer (spec §4): every goal met, when goals were measured; else whether the app was
    /// kept alive. Silent audio is never a pass (§13). `keepalive replay` exits 0 or 1 on it.
    public var passed: Bool {
        guard let met = result.summary.goalMet else { return keptAlive }
        return met && !result.summary.warnings.contains(.audio(.silentKeepAlive))
    }

    /// Whether the app never stopped running (kept alive, or never left the foreground), by
    /// means App Review accepts: silent audio is never a pass (§13).
    public var keptAlive: Bool {
        (result.summary.verdict == .keptAlive || result.summary.verdict == .foregroundOnly)
            && !result.summary.warnings.contains(.audio(.silentKeepAlive))
    }
}
