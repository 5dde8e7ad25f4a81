import GPX
import ScenarioInput
import Simulation

/// Why a comparison could not be made; its ``kind`` decides the tool's exit status.
public enum CompareError: Error, Hashable, Sendable, CustomStringConvertible {
    case replay(ReplayError)
    case recording(InputFileError)
    /// The run's goals hold no location goal: a recording of fixes answers only those.
    case noLocationGoal(String)
    /// Options that cannot be run together: the profiles × conditions asked for.
    case usage(String)

    public var description: String {
        switch self {
        case .replay(let error): error.description
        case .recording(let error): error.description
        case .noLocationGoal(let message), .usage(let message): message
        }
    }

    public var kind: FailureKind {
        switch self {
        case .replay(let error): error.kind
        case .recording(let error): error.kind
        case .noLocationGoal, .usage: .usage
        }
    }
}

/// `keepalive compare`: replays a trip through the model and judges the app's recording on the
/// phone against the same location goal, fix by fix (issue 22 §2).
///
/// ```swift
/// let settings = try ReplaySettings().resolved()
/// let comparison = try CompareRun(track: "Tracks/compare/trip.gpx",
///                                 device: "Tracks/compare/device-recording.csv", settings: settings).run()
/// comparison.first?.second   // the first second the device missed and the model did not
/// ```
public struct CompareRun: Sendable {
    public let track: String
    public let device: String
    public let settings: ResolvedReplay
    /// The profiles × conditions replayed besides the run (``CompareCell/plan(_:profiles:conditions:maximumCells:)``).
    public let cells: [CompareCell]

    public init(track: String, device: String, settings: ResolvedReplay, cells: [CompareCell] = []) {
        self.track = track
        self.device = device
        self.settings = settings
        self.cells = cells
    }

    /// The location goal the run is judged against: the first among the settings' goals.
    public var goal: LocationGoal? {
        settings.goals.lazy.compactMap { goal -> LocationGoal? in
            if case .location(let location) = goal { return location }
            return nil
        }.first
    }

    /// Replays the trip, reads the recording (streamed) and compares them. Each §15 condition
    /// is then replayed once at the first divergence, and the model's state there read by one more
    /// replay; then each of ``cells`` is replayed whole, one after the other, keeping its counts.
    @MainActor
    public func run() throws(CompareError) -> DeviceComparison {
        guard let goal else {
            let names = settings.goals.map(Prose.name).joined(separator: "+")
            throw .noLocationGoal("compare judges a recording of fixes against a location goal (navigation or tracking); this run's goal is \(names.isEmpty ? "none" : names): give --goal navigation or --goal tracking")
        }
        let loaded: LoadedTrack
        do throws(ReplayError) {
            loaded = try LoadedTrack.load(track, lenient: settings.lenient, untimedSpeed: settings.untimedSpeed)
        } catch {
            throw .replay(error)
        }
        let trajectory = loaded.trajectory

        // The device's recording, judged as it streams.
        var deviceMeter = FixCoverageMeter(goal: goal, trajectory: trajectory)
        var inTrip = 0
        var deviceBins = FixBins(start: trajectory.startTime, duration: trajectory.duration)
        var extent = RecordingExtent()
        do throws(InputFileError) {
            try DeviceRecording.read(device, origin: DeviceRecording.origin(of: trajectory.startDate)) { fix in
                if fix.time >= trajectory.startTime, fix.time <= trajectory.endTime { inTrip += 1 }
                deviceMeter.add(fixAt: fix.time)
                deviceBins.add(fix.time)
                extent.add(latitude: fix.latitude, longitude: fix.longitude)
            }
        } catch {
            throw .recording(error)
        }
        guard inTrip > 0 else {
            let span = "\(DeviceRecording.origin(of: trajectory.startDate))–\(DeviceRecording.origin(of: trajectory.startDate.addingTimeInterval(trajectory.duration)))"
            throw .recording(InputFileError(kind: .invalidData, description: "\(device): none of its \(deviceMeter.fixCount + deviceMeter.outOfOrderFixes) fixes falls within the trip (\(span)): is it the recording of this trip?"))
        }
        let deviceCoverage = deviceMeter.coverage()

        // The model's run, its delivered fixes judged by the same rule.
        var modelBins = FixBins(start: trajectory.startTime, duration: trajectory.duration)
        let (model, outcome) = try judgedRun(settings, on: loaded, goal: goal, bins: &modelBins)
        let runCoverage = outcome.result.summary.coverage.first { $0.goal == .location(goal) }
        var modelCoverage = model.coverage
        if let runCoverage {
            modelCoverage.gaps = modelCoverage.gaps.map { gap in
                // The run's gap whose missed seconds meet this one's (their anchors may differ).
                guard let run = runCoverage.gaps.first(where: { $0.firstMissed <= gap.to && $0.to >= gap.firstMissed }) else { return gap }
                var gap = gap
                gap.causes = run.causes
                gap.closedBy = run.closedBy
                return gap
            }
        }

        let unpredicted = DeviceComparison.divergences(deviceCoverage.gaps, against: modelCoverage.gaps)
        let tooStrict = DeviceComparison.divergences(modelCoverage.gaps, against: deviceCoverage.gaps)
        var first: FirstDivergence?
        if let divergence = unpredicted.first, let index = deviceCoverage.gaps.firstIndex(of: divergence.gap) {
            first = try examine(divergence.firstSecond, lastDeviceFix: deviceMeter.lastFixBeforeGaps[index], on: loaded, goal: goal)
        }
        var cellComparisons: [CellComparison] = []
        for cell in cells {
            let coverage = try judgedRun(cell.settings, on: loaded, goal: goal).model.coverage
            cellComparisons.append(CellComparison(cell, model: coverage, device: deviceCoverage, firstDivergence: first?.second))
        }
        return DeviceComparison(
            track: track, device: device, goal: goal, deviceCoverage: deviceCoverage, modelCoverage: modelCoverage,
            runCoverage: runCoverage, summary: outcome.result.summary, deviceFixes: deviceMeter.fixCount + deviceMeter.outOfOrderFixes,
            deviceFixesInTrip: inTrip, outOfOrderDeviceFixes: deviceMeter.outOfOrderFixes, modelFixes: model.fixes,
            unpredicted: unpredicted, tooStrict: tooStrict, first: first, cells: cellComparisons,
            trajectory: trajectory, deviceFixTimes: deviceBins, modelFixTimes: modelBins, deviceExtent: extent)
    }

    /// The model's state at `second`, and each condition tried from the device's last fix before it.
    @MainActor
    private func examine(_ second: Double, lastDeviceFix: Double, on loaded: LoadedTrack, goal: LocationGoal) throws(CompareError) -> FirstDivergence {
        let probe = ModelMomentProbe(at: second)
        _ = try judgedRun(settings, on: loaded, goal: goal, sinks: [probe])
        let moment = probe.moment
        var checks: [ConditionCheck] = []
        for condition in CompareCondition.allCases {
            guard let events = condition.events(at: lastDeviceFix) else {
                // The CPU monitor watches an app whose code runs in the background.
                let possible = moment.appState == .background
                checks.append(ConditionCheck(condition: condition, finding: possible ? .possible : .ruledOut))
                continue
            }
            var whatIf = settings
            if let effect = condition.lowPowerModeLocation { whatIf.profile.lowPowerModeLocation = effect }
            whatIf.timeline += events
            whatIf.timeline.sort { $0.time < $1.time }  // stable: the scenario's own events at one instant come first
            let coverage = try judgedRun(whatIf, on: loaded, goal: goal).model.coverage
            let missed = DeviceComparison.uncovered(second, in: coverage.gaps)
            checks.append(ConditionCheck(condition: condition, finding: missed ? .reproduces : .doesNotReproduce))
        }
        return FirstDivergence(second: second, lastDeviceFix: lastDeviceFix, model: moment, conditions: checks)
    }

    /// One replay with `settings`, its delivered fixes (at the time each was taken) judged.
    @MainActor
    private func judgedRun(
        _ settings: ResolvedReplay, on loaded: LoadedTrack, goal: LocationGoal, sinks: [SimEventSink] = []
    ) throws(CompareError) -> (model: (coverage: SimCoverage, fixes: Int), outcome: ReplayOutcome) {
        var bins = FixBins(start: 0, duration: 1)
        return try judgedRun(settings, on: loaded, goal: goal, sinks: sinks, bins: &bins)
    }

    /// The same, marking when each delivered fix was taken in `bins`.
    @MainActor
    private func judgedRun(
        _ settings: ResolvedReplay, on loaded: LoadedTrack, goal: LocationGoal, sinks: [SimEventSink] = [], bins: inout FixBins
    ) throws(CompareError) -> (model: (coverage: SimCoverage, fixes: Int), outcome: ReplayOutcome) {
        var meter = FixCoverageMeter(goal: goal, trajectory: loaded.trajectory)
        var marked = bins
        let fixes = SimEventHandler { event in
            if event.kind == .fixDelivered, let fix = event.fix {
                meter.add(fixAt: event.time - (fix.delay ?? 0))
                marked.add(event.time - (fix.delay ?? 0))
            }
        }
        defer { bins = marked }
        let outcome: ReplayOutcome
        do throws(ReplayError) {
            outcome = try ReplayRun(track: track, settings: settings).run(on: loaded, sinks: [fixes] + sinks, keepsEvents: false)
            if let stall = outcome.result.summary.stall { throw .stalled(stall) }
        } catch {
            throw .replay(error)
        }
        return ((meter.coverage(), meter.fixCount), outcome)
    }
}
