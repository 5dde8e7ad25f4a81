import ScenarioInput
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
        return try run(on: loaded, sinks: sinks, keepsEvents: keepsEvents)
    }

    /// Runs the replay on a track already read, so that many replays share one read. The
    /// track must have been loaded with this replay's `lenient` and `untimedSpeed`.
    /// - Throws: ``ReplayError/invalidSettings(_:)`` when the app logged more lines than
    ///   ``ResolvedReplay/maximumLogLines`` and the run stopped there.
    @MainActor
    ///
    /// With `digests: true` the run gathers what the text timeline and the picture need as it goes
    /// (``RunDigest``: the key moments, the fixes folded), in memory bounded by the key moments
    /// and the picture's width, however long the trip.
    public func run(on loaded: LoadedTrack, sinks: [SimEventSink] = [], keepsEvents: Bool = true, digests: Bool = false) throws(ReplayError) -> ReplayOutcome {
        let built = loaded.built
        let digest = digests ? RunDigestSink(duration: KeepAliveSimulation.endSeconds(of: configuration(on: loaded))) : nil
        let result = simulation(on: loaded, sinks: (digest.map { [$0] } ?? []) + sinks, keepsEvents: keepsEvents).run()
        if let at = result.logLimitReachedAt {
            let option = ReplaySettings.setting(\.$maxLogLines).option
            throw .invalidSettings("\(track): the app logged more than \(settings.maximumLogLines) lines, by \(Formatting.clock(at)) into the trip: the run stopped there (\(option) raises the limit)")
        }
        if let at = result.firingLimitReachedAt {
            // Work that cannot be counted in one step: a bound, as for the log.
            let option = ReplaySettings.setting(\.$maxTimerFirings).option
            throw .invalidSettings("\(track): the app's timers fired more than \(settings.maximumTimerFirings) times that could not be counted in one step, by \(Formatting.clock(at)) into the trip: the run stopped there (a timer doing one `cpu` action, or nothing, is counted at once; see Docs/Model.md; \(option) raises the limit)")
        }
        return ReplayOutcome(
            track: track, settings: settings, trajectory: built.trajectory, pathSource: built.source,
            timed: built.timed, droppedPoints: built.droppedPoints, warnings: loaded.warnings,
            runWarnings: runWarnings(built, suppressed: loaded.suppressedWarningCount),
            trackWarnings: trackWarnings(on: loaded), result: result, digest: digest?.digest)
    }

    /// The simulation of this replay on `loaded`, ready to run.
    @MainActor
    func simulation(on loaded: LoadedTrack, sinks: [SimEventSink] = [], keepsEvents: Bool = true) -> KeepAliveSimulation {
        KeepAliveSimulation(configuration(on: loaded), app: ScriptedApp(script: settings.app), sinks: sinks, keepsEvents: keepsEvents)
    }

    /// What the simulation of this replay on `loaded` is told.
    func configuration(on loaded: LoadedTrack) -> SimulationConfiguration {
        // `--accuracy reduced` is the user's choice: from a prompt too, not only as the start.
        var answers = SimUserAnswers()
        answers.precise = settings.accuracyAuthorization == .fullAccuracy
        answers.scripted = settings.answers
        var configuration = SimulationConfiguration(
            trajectory: loaded.built.trajectory, profile: settings.profile, policy: settings.policy, seed: settings.seed,
            capabilities: settings.capabilities, initialAuthorization: settings.initialAuthorization,
            initialAccuracyAuthorization: settings.accuracyAuthorization,
            locationServicesEnabled: settings.locationServicesEnabled, answers: answers, timeline: settings.timeline)
        configuration.maximumLogLines = settings.maximumLogLines
        configuration.maximumTimerFirings = settings.maximumTimerFirings
        configuration.goals = settings.goals
        configuration.device = settings.device
        configuration.locationPushServiceExtension = settings.app.locationPushServiceExtension
        // The matrix's field condition comes on top of the run's own device settings.
        settings.fieldCondition?.apply(to: &configuration)
        return configuration
    }

    /// The same replay under Xcode's debugger: the profile never suspends and has no watchdog (§9).
    public func underDebugger() -> ReplayRun {
        var settings = settings
        settings.profile = settings.profile.underDebugger()
        return ReplayRun(track: track, settings: settings)
    }

    /// Fastest plausible speed of a phone, in m/s: above it an untimed path's trip is absurd.
    public static let plausibleSpeed = 1_000.0

    /// What the track cannot show as this replay runs it, as typed values.
    func trackWarnings(on loaded: LoadedTrack) -> [TrackWarning] {
        let built = loaded.built
        var warnings: [TrackWarning] = []
        if built.droppedPoints > 0 {
            warnings.append(.pointsSkipped(count: built.droppedPoints, source: built.source, file: track, firstAt: built.firstUnorderedTime))
        }
        // An absurd --speed or an instant track has a warning of its own (runWarnings), which says more.
        let instant = built.trajectory.duration < 0.001
        if !built.timed, settings.untimedSpeed <= Self.plausibleSpeed, !instant {
            warnings.append(.untimed(source: built.source, speed: settings.untimedSpeed, isDefaultSpeed: settings.untimedSpeed == ReplaySettings.defaultSpeed))
        }
        // The app can be suspended once it has left the screen and its budget has run out;
        // a profile that never suspends (the debugger) has nothing to show either way.
        let profile = settings.profile
        if profile.suspendsApps, !instant, let background = settings.timeline.first(where: { $0.action == .enterBackground }) {
            let end = KeepAliveSimulation.endSeconds(of: configuration(on: loaded))
            if end < background.time + profile.backgroundTimeBudget {
                warnings.append(.tooShortForSuspension(runEnd: end, backgroundAt: background.time, budget: profile.backgroundTimeBudget, profile: profile.name))
            }
        }
        return warnings
    }

    /// What the reports should say about the run's inputs, beyond the file's own warnings.
    private func runWarnings(_ built: TrajectoryBuilder.Outcome, suppressed: Int) -> [String] {
        // The file's warnings past the stored ones, then what the builder changed (reordered segments, dropped speeds).
        var warnings: [String] = suppressed > 0 ? ["… and \(suppressed) more warnings about the file"] : []
        warnings += built.warnings
        let trajectory = built.trajectory
        if !built.timed, settings.untimedSpeed > Self.plausibleSpeed {
            warnings.append("\(ReplaySettings.setting(\.$speed).option) \(Formatting.short(settings.untimedSpeed)) m/s is faster than anything that carries a phone (over \(Formatting.short(Self.plausibleSpeed)) m/s): the untimed trip lasts \(Self.seconds(trajectory.duration))")
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
