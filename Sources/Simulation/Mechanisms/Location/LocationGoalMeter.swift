/// Measures a ``LocationGoal`` as the run streams: each whole second of the track is judged
/// once time has passed it, from the app's state and the last fix its running code received.
/// Gaps are anchored at the last fix before them (``AnchoredGaps``, spec §4 "Where a gap starts
/// and ends").
@MainActor
final class LocationGoalMeter: SimGoalMeter {
    private let goal: LocationGoal
    private let trajectory: Trajectory
    /// The next second to judge.
    private var cursor = 0
    /// Where the last judged second's position was found on the trajectory.
    private var trajectoryCursor = TrajectoryCursor()
    private var running = false
    private var process = 0
    /// When the newest fix the current process received was taken, and the moving seconds and
    /// metres since: a fix taken standing still stays good until the user moves. [model]
    private var lastFix: Double?
    private var movingSinceFix = 0.0
    private var metresSinceFix = 0.0
    /// Why the app does not run, and why its updates do not run: the gap's causes.
    private var stopCauses: [SimCause] = []
    private var locationCause: SimCause?
    /// Why started updates bring running code no fix: asked after an event, as what holds from
    /// that event's time on (seconds are judged lazily, maybe after the app is gone). It is
    /// asked after every event but a fix's, and after a fix's only when ``LocationServices``
    /// said something it reads changed since it was last asked: the fixes' asking cost about
    /// 1,900 instructions each (issue 33).
    private let deliveryObstacle: @MainActor () -> SimCause?
    private var obstacleMayHaveChanged = true
    /// The obstacle of the seconds before the first of `obstacleChanges`.
    private var obstacle: SimCause?
    /// The obstacles asked since the seconds were last judged, each from its event's time, in
    /// order: an event that changes it judges nothing itself (a run's closing warnings, after
    /// the app is gone, judged the whole rest of the day). At most ``pendingObstacleLimit``.
    private var obstacleChanges: [(time: Double, cause: SimCause?)] = []
    /// Obstacle changes kept unjudged; one more judges the seconds up to it.
    static let pendingObstacleLimit = 16
    private var movingSeconds = 0
    private var gaps: AnchoredGaps

    init(_ goal: LocationGoal, trajectory: Trajectory, deliveryObstacle: @escaping @MainActor () -> SimCause? = { nil }) {
        self.goal = goal
        self.trajectory = trajectory
        self.deliveryObstacle = deliveryObstacle
        gaps = AnchoredGaps(start: trajectory.startTime)
    }

    /// The last event's time. The seconds before it are judged when something here changes or
    /// is asked: an event that changes nothing here (the closing warnings of a run `--explain`
    /// asks only for its answer) judges nothing itself.
    private var heard = 0.0

    func receive(_ event: SimEvent) {
        heard = max(heard, event.time)
        switch event.detail {
        case .stateChange(_, let to, let cause):
            judge(until: event.time)
            if to.isRunning, !running { gaps.appRan(at: event.time, by: cause) }
            running = to.isRunning
            stopCauses = to.isRunning ? [] : [cause]
        case .launch(let number, _, _):
            judge(until: event.time)
            // A new process has the goal's age to get its first fix, as if one came at launch
            // (navigation: the old process's fix is gone with it; a recording keeps its fixes). [model]
            process = number
            if goal.kind == .navigation || lastFix == nil {
                lastFix = event.time
                movingSinceFix = 0
                metresSinceFix = 0
                gaps.fix(at: event.time)
            }
        case .fix(let record) where event.kind == .fixDelivered:
            judge(until: event.time)
            let taken = event.time - (record.delay ?? 0)
            if taken >= (lastFix ?? -.infinity) {
                lastFix = taken
                // A fix delivered late was taken earlier: the movement since then counts.
                movingSinceFix = event.time - taken
                metresSinceFix = 0
                // The gap's anchor is when running code got it.
                gaps.fix(at: event.time)
            }
            locationCause = nil
        case .fix(let record) where event.kind == .fixFiltered && record.reason == .underDistanceFilter:
            judge(until: event.time)
            if locationCause == nil { locationCause = .fixesUnderDistanceFilter }
        case .locationPause(let window, _, let activityType):
            judge(until: event.time)
            locationCause = .updatesPausedAutomatically(windowSeconds: window, activityType: activityType)
        case .locationStop(_, let cause):
            judge(until: event.time)
            locationCause = cause
        default:
            break
        }
        // A fix changes nothing the obstacle reads: only a change told since.
        if case .fix = event.detail, !obstacleMayHaveChanged { return }
        obstacleMayHaveChanged = false
        let now = deliveryObstacle()
        guard now != (obstacleChanges.last?.cause ?? obstacle) else { return }
        obstacleChanges.append((event.time, now))
        if obstacleChanges.count > Self.pendingObstacleLimit { judge(until: event.time) }
    }

    /// ``LocationServices`` changed something the delivery obstacle reads: it is asked after the next event.
    func deliveryObstacleMayHaveChanged() {
        obstacleMayHaveChanged = true
    }

    /// The obstacle that held at `second`: the last asked at or before it.
    private func obstacle(at second: Int) -> SimCause? {
        obstacleChanges.last { $0.time <= Double(second) }.map(\.cause) ?? obstacle
    }

    /// Judges every whole second before `time` (events at a second come before it is judged).
    /// Nothing the meter holds but its counts changes between two events, so the stretch is
    /// judged in one loop on local copies (issue 33: a run that stopped early is judged to the
    /// end of the trip at a few instructions a second), exactly as a second at a time.
    private func judge(until time: Double) {
        let end = min(time, trajectory.endTime)
        guard Double(cursor) < end else {
            foldObstacleChanges()
            return
        }
        let canCover = running || goal.kind == .tracking
        let hasFix = lastFix != nil
        let movingSpeed = goal.movingSpeed, maximumAge = goal.maximumFixAgeSeconds, maximumMetres = goal.maximumMetresSinceFix
        let trajectory = self.trajectory
        var gaps = self.gaps
        var trajectoryCursor = self.trajectoryCursor
        var movingSeconds = self.movingSeconds, movingSinceFix = self.movingSinceFix, metresSinceFix = self.metresSinceFix
        var second = cursor
        while Double(second) < end {
            // In a signal gap no app gets a fix: those seconds count for no goal. [model]
            if let speed = trajectory.speed(at: Double(second), cursor: &trajectoryCursor) {
                let moving = speed >= movingSpeed
                if moving {
                    movingSeconds += 1
                    if hasFix {
                        movingSinceFix += 1
                        metresSinceFix += speed
                    }
                }
                let fresh = hasFix && movingSinceFix <= maximumAge
                // Not `maximumMetres.map { … }`: a closure here checked the executor every second.
                var near = true
                if let maximumMetres { near = metresSinceFix <= maximumMetres }
                // Navigation needs running code holding the fix; a recording only needs its fixes.
                let covered = canCover && fresh && near
                if gaps.judge(second: second, speed: speed, moving: moving, missed: !covered) {
                    gaps.nameOpenGapCauses(AnchoredGaps.causes(running: running, stopCauses: stopCauses,
                                                               serviceCause: locationCause ?? obstacle(at: second)))
                }
            }
            second += 1
        }
        cursor = second
        foldObstacleChanges()
        self.gaps = gaps
        self.trajectoryCursor = trajectoryCursor
        self.movingSeconds = movingSeconds
        self.movingSinceFix = movingSinceFix
        self.metresSinceFix = metresSinceFix
    }

    /// Folds the obstacle changes every second still to judge is under; past the trip's end (a
    /// cursor stopped there) no second is under any of them.
    private func foldObstacleChanges() {
        let atEnd = Double(cursor) >= trajectory.endTime
        while let first = obstacleChanges.first, atEnd || first.time <= Double(cursor) {
            obstacle = first.cause
            obstacleChanges.removeFirst()
        }
    }

    /// Missed once more seconds went uncovered than the goal allows of the whole trip's
    /// duration (the moving seconds can be no more than that).
    var missedForCertain: Bool {
        judge(until: heard)
        return gaps.missedForCertain(requiredFraction: goal.requiredFraction, duration: trajectory.duration)
    }

    /// Whether the goal is met at `end`, as ``coverage(until:)`` says, from the counts alone.
    /// After the last event nothing changes what a second can be: once one moving second is
    /// missed every later one is (its fix only ages), so the seconds are walked only until then,
    /// and the rest, missed whatever they are, is counted in one step by the trajectory: to the
    /// trip's end, the trip's moving seconds (counted once for every run on the trajectory) less
    /// those this meter counted before.
    func meets(until time: Double) -> Bool {
        let end = min(time, trajectory.endTime)
        var movingSeconds = self.movingSeconds, missedSeconds = gaps.missedSeconds
        var second = cursor
        if running || goal.kind == .tracking, lastFix != nil {
            var trajectoryCursor = self.trajectoryCursor
            var movingSinceFix = self.movingSinceFix, metresSinceFix = self.metresSinceFix
            while Double(second) < end {
                let speed = trajectory.speed(at: Double(second), cursor: &trajectoryCursor)
                second += 1
                guard let speed, speed >= goal.movingSpeed else { continue }
                movingSeconds += 1
                movingSinceFix += 1
                metresSinceFix += speed
                var near = true
                if let maximumMetres = goal.maximumMetresSinceFix { near = metresSinceFix <= maximumMetres }
                if movingSinceFix > goal.maximumFixAgeSeconds || !near {
                    missedSeconds += 1
                    break
                }
            }
        }
        // The meter's count is of the seconds from 0 before `second`, as the trip's is before its end.
        let rest = end == trajectory.endTime
            ? trajectory.movingSecondsOfTrip(atLeast: goal.movingSpeed) - movingSeconds
            : trajectory.movingSeconds(from: second, before: end, atLeast: goal.movingSpeed)
        movingSeconds += rest
        missedSeconds += rest
        return AnchoredGaps.met(movingSeconds: movingSeconds, missedSeconds: missedSeconds, requiredFraction: goal.requiredFraction)
    }

    func appStopped(causes: [SimCause]) {
        judge(until: heard)
        stopCauses = causes
    }

    func finish() {}

    func coverage(until end: Double) -> SimCoverage {
        judge(until: end)
        return gaps.coverage(of: .location(goal), movingSeconds: movingSeconds, requiredFraction: goal.requiredFraction,
                             endingAt: min(end, trajectory.endTime))
    }
}
