import Testing
import TestSupport
@testable import Scripting
@testable import Simulation

/// Spec §1's one grace, and §4 "Default goals" for the kinds of app that need neither fixes nor
/// events: finish-work (UIKit tasks), timer (the app's own timers in the background),
/// significant-change and job (`BGContinuedProcessingTask`). Profiles are iOS 17/26: a 30 s
/// budget, 5 s of grace, expiration handlers with 1 s before the watchdog.
@MainActor @Suite struct AppKindGoalTests {
    private let work = SimTaskRecord(id: 1, name: "work")

    /// Begins task "work" on entering the background; ends it `endAfter` seconds later, if given,
    /// and in its expiration handler (plus, `chains`, begins another there).
    private func taskApp(endAfter: Double?, chains: Bool = false) -> AppScript {
        let onExpiry: [AppScript.Action] = [.endTask(variable: "task")]
            + (chains ? [.beginTask(name: "work", variable: "task", onExpiry: [])] : [])
        var background: [AppScript.Action] = [.beginTask(name: "work", variable: "task", onExpiry: onExpiry)]
        if let endAfter { background.append(.after(seconds: endAfter, actions: [.endTask(variable: "task")])) }
        return AppScript(reactions: [.background: background])
    }

    private func run(_ script: AppScript, seconds: Int = 300, speed: Double = 10, profile: SimProfile = exact(.iOS17),
                     timeline: [SimScenarioEvent], goals: [SimGoal]) -> SimulationResult {
        var configuration = configuration(drive(seconds: seconds, speed: speed), profile: profile, timeline: timeline, capabilities: script.info)
        configuration.goals = goals
        return KeepAliveSimulation(configuration, app: ScriptedApp(script: script)).run()
    }

    // MARK: §1 One grace for every last hold

    @Test func endingTheLastBackgroundTaskGivesTheSameGraceAsLeavingTheScreen() {
        // In the background at 10 (grace to 15); the task, begun then, is ended at 22: the app
        // runs 5 s more, to 27, as after a BGTask's completion or a push's handler (before, at 22).
        let result = run(taskApp(endAfter: 12), timeline: [SimScenarioEvent(at: 10, .enterBackground)], goals: [])
        #expect(log(result, [.appState, .taskEnd]).filter { $0.time >= 20 } == [
            At(22, .taskEnd(work, seconds: 12)),
            state(27, .background, .suspended, .nothingHoldsApp),
        ])
    }

    @Test func theGraceIsOneParameter() {
        var profile = exact(.iOS17)
        profile.suspensionGracePeriod = 2
        let result = run(taskApp(endAfter: 12), profile: profile, timeline: [SimScenarioEvent(at: 10, .enterBackground)], goals: [])
        #expect(log(result, [.appState]).last == state(24, .background, .suspended, .nothingHoldsApp))
    }

    // MARK: finish-work

    @Test func aTaskEndedBeforeItsHandlerMeetsFinishWork() {
        let result = run(taskApp(endAfter: 12), timeline: [SimScenarioEvent(at: 10, .enterBackground)], goals: [.backgroundTasks(FinishWorkGoal())])
        #expect(result.summary.coverage == [SimCoverage(goal: .backgroundTasks(FinishWorkGoal()), met: true, fraction: 1, uncoveredSeconds: 0,
                                                        uncoveredMetres: 0, longestGapSeconds: 0, gaps: [], gapCount: 0, eventCount: 1)])
    }

    @Test func aTaskEndedInItsHandlerIsOneMiss() {
        // Budget from 10: 30 s, expiry at 40, where the handler ends the task: one miss, at 40.
        let result = run(taskApp(endAfter: nil), timeline: [SimScenarioEvent(at: 10, .enterBackground)], goals: [.backgroundTasks(FinishWorkGoal())])
        #expect(result.summary.coverage == [SimCoverage(
            goal: .backgroundTasks(FinishWorkGoal()), met: false, fraction: 0, uncoveredSeconds: 0, uncoveredMetres: 0, longestGapSeconds: 0,
            gaps: [SimGap(from: 40, to: 40, seconds: 0, metres: 0, causes: [.backgroundTasks(.endedInHandler(work)), .backgroundTimeExpired(budget: 30)],
                          closedBy: nil, closed: true)],
            gapCount: 1, eventCount: 1)])
    }

    @Test func aTaskChainedInTheHandlerIsKilledByTheWatchdogAndBothMiss() {
        // Expiry at 40: #1 ended in its handler, #2 begun there gets no time and is open after the
        // 1 s allowance: the watchdog kills the app at 41. Two tasks, two misses.
        let chained = SimTaskRecord(id: 2, name: "work")
        let result = run(taskApp(endAfter: nil, chains: true), timeline: [SimScenarioEvent(at: 10, .enterBackground)],
                         goals: [.backgroundTasks(FinishWorkGoal())])
        let coverage = result.summary.coverage[0]
        #expect(coverage.eventCount == 2)
        #expect(coverage.gapCount == 2)
        #expect(coverage.gaps == [
            SimGap(from: 40, to: 40, seconds: 0, metres: 0, causes: [.backgroundTasks(.endedInHandler(work)), .backgroundTimeExpired(budget: 30)],
                   closedBy: nil, closed: true),
            SimGap(from: 40, to: 41, seconds: 1, metres: 0, causes: [.watchdog(openTasks: [chained], allowance: 1)], closedBy: nil, closed: true),
        ])
        #expect(!coverage.met)
    }

    // MARK: timer

    /// Timers from launch: due at 5 (on screen: not counted), at 12 (in the background, running:
    /// on time) and at 100 (suspended since 15).
    private var timerApp: AppScript {
        AppScript(reactions: [.launch: [5.0, 12, 100].map { .after(seconds: $0, actions: [.log("fire")]) }])
    }

    @Test func aFireDueWhileSuspendedRunsLateWhenTheAppRunsAgain() {
        // The user opens the app at 130: the fire due at 100 runs then, 30 s late: one gap,
        // 100–130, closed by the user's return. Two fires counted (12 and 100), one on time: 50 %.
        let result = run(timerApp, timeline: [SimScenarioEvent(at: 10, .enterBackground), SimScenarioEvent(at: 130, .returnToForeground)],
                         goals: [.timers(TimerGoal())])
        #expect(log(result, [.timers(.late), .timers(.onTime), .timers(.neverRan)]) == [
            At(130, .timers(.late(due: 100, tolerance: 0))), At(300, .timers(.onTime(count: 1))),
        ])
        #expect(log(result, [.appLog]).map(\.time) == [5, 12, 130])
        #expect(result.summary.coverage == [SimCoverage(
            goal: .timers(TimerGoal()), met: false, fraction: 0.5, uncoveredSeconds: 30, uncoveredMetres: 0, longestGapSeconds: 30,
            gaps: [SimGap(from: 100, to: 130, seconds: 30, metres: 0, causes: [.nothingHoldsApp], closedBy: .userReturnsToApp, closed: true)],
            gapCount: 1, eventCount: 2)])
    }

    @Test func aWakeRunsTheLateFireAndATolerantGoalAcceptsIt() {
        // A silent push wakes the app at 107: the fire due at 100 runs 7 s late, closed by the wake.
        let timeline = [SimScenarioEvent(at: 10, .enterBackground), SimScenarioEvent(at: 107, .pushes(.arrive(.silent)))]
        var info = SimCapabilities()
        info.backgroundModes = [.remoteNotification]
        var script = timerApp
        script.info = info
        let strict = run(script, timeline: timeline, goals: [.timers(TimerGoal())]).summary.coverage[0]
        #expect(strict.gaps == [SimGap(from: 100, to: 107, seconds: 7, metres: 0, causes: [.nothingHoldsApp],
                                       closedBy: .systemWake(.pushes(.silent)), closed: true)])
        // 7 s is within a stated 10 s: both fires on time.
        let tolerant = run(script, timeline: timeline, goals: [.timers(TimerGoal(onTimeSeconds: 10))]).summary.coverage[0]
        #expect(tolerant.met)
        #expect(tolerant.fraction == 1)
        #expect(tolerant.eventCount == 2)
    }

    @Test func aFireThatNeverRunsIsAGapToTheEnd() {
        // Purged at 200 while suspended: the fire due at 100 never runs; its gap runs to the end, 300.
        let result = run(timerApp, timeline: [SimScenarioEvent(at: 10, .enterBackground), SimScenarioEvent(at: 200, .memoryPressure)],
                         goals: [.timers(TimerGoal())])
        #expect(log(result, [.timers(.neverRan)]) == [At(200, .timers(.neverRan(due: 100, tolerance: 0)))])
        let coverage = result.summary.coverage[0]
        #expect(coverage.gaps == [SimGap(from: 100, to: 300, seconds: 200, metres: 0, causes: [.memoryPressure], closedBy: nil, closed: false)])
        #expect(coverage.uncoveredSeconds == 200)
        #expect(coverage.fraction == 0.5)
    }

    // MARK: significant-change

    @Test func aSignificantChangeAppOnA30KmDriveMissesTheSecondsPast5KmAnd15Min() {
        // 3,000 s at 10 m/s. Changes every 11 km (a what-if spacing, least interval 5 min): the
        // service looks every 60 s from 0, so fixes reach the app at 0, 1140 (11.4 km) and 2280.
        // From a fix at a, second s is missed when 10·(s − a + 1) m > 5,000 m (s ≥ a + 500) and
        // s − a > 900 s: s = a + 901 … the next fix − 1, that is 901…1139 and 2041…2279 (239 each);
        // after 2280 the run ends (2999) before 2280 + 901. Missed 478 of 3,000 moving seconds.
        var profile = exact(.iOS17)
        profile.significantChangeDistance = 11_000
        profile.significantChanges.spacing = .minimum
        let script = AppScript(reactions: [.launch: [.startSignificantChanges]])
        let result = run(script, seconds: 3_000, profile: profile, timeline: [SimScenarioEvent(at: 10, .enterBackground)],
                         goals: [.significantChanges(SignificantChangeGoal())])
        #expect(deliveredTimes(result) == [0, 1_140, 2_280])
        let coverage = result.summary.coverage[0]
        #expect(coverage.uncoveredSeconds == 478)
        // The helper's drive is 10 m/s on a flat Earth: the track's geodesic speed is a little more.
        let speed = drive(seconds: 3_000).position(at: 1_000)?.speed ?? 0
        #expect(abs(speed - 10) < 0.05)
        #expect(abs(coverage.uncoveredMetres - 478 * speed) < 1e-6)
        #expect(coverage.fraction == 2_522.0 / 3_000)
        #expect(!coverage.met)
        // Each gap runs from the fix before it to the next (§4), 1,140 s of travel.
        #expect(coverage.gaps.map { [$0.from, $0.firstMissed, $0.to, $0.seconds] } == [[0, 901, 1_140, 239], [1_140, 2_041, 2_280, 239]])
        #expect(coverage.gaps.allSatisfy { abs($0.metres - 1_140 * speed) < 1e-6 })
        #expect(coverage.gaps.map(\.closedBy) == [.systemWake(.significantLocationChange), .systemWake(.significantLocationChange)])
        // Every 6 km instead (fixes 600 s apart): never 15 min old, so met.
        profile.significantChangeDistance = 5_500
        let close = run(script, seconds: 3_000, profile: profile, timeline: [SimScenarioEvent(at: 10, .enterBackground)],
                        goals: [.significantChanges(SignificantChangeGoal())])
        #expect(deliveredTimes(close) == [0, 600, 1_200, 1_800, 2_400, 3_000])
        #expect(close.summary.coverage[0].met)
        #expect(close.summary.coverage[0].uncoveredSeconds == 0)
    }

    @Test func minimumSpacingGivesTodaysEveryFiveMinutesBack() {
        // 500 m at 10 m/s is 50 s, so the 5-min least interval decides: a fix every 300 s.
        var profile = exact(.iOS17)
        profile.significantChanges.spacing = .minimum
        let script = AppScript(reactions: [.launch: [.startSignificantChanges]])
        let result = run(script, seconds: 1_200, profile: profile, timeline: [SimScenarioEvent(at: 10, .enterBackground)], goals: [])
        #expect(deliveredTimes(result) == [0, 300, 600, 900, 1_200])
    }

    @Test func fieldSpacingIsSeededAndNeverUnderTheLeastSpacing() {
        let script = AppScript(reactions: [.launch: [.startSignificantChanges]])
        let profile = exact(.iOS17)
        #expect(profile.significantChanges.spacing == .field)
        let first = deliveredTimes(run(script, seconds: 6_000, profile: profile, timeline: [SimScenarioEvent(at: 10, .enterBackground)], goals: []))
        let again = deliveredTimes(run(script, seconds: 6_000, profile: profile, timeline: [SimScenarioEvent(at: 10, .enterBackground)], goals: []))
        #expect(first == again)
        // At 10 m/s: at least 300 s apart (the interval), at most 5 km + a minute's look (560 s).
        let spacings = zip(first.dropFirst(), first).map { $0 - $1 }
        #expect(!spacings.isEmpty)
        #expect(spacings.allSatisfy { $0 >= 300 && $0 <= 560 })
    }

    @Test func fieldDistancesHaveTheDocumentedMedianAnd95thPercentile() {
        // Lognormal, median 750 m, 95th percentile 2,500 m: of 20,000 draws about half fall under
        // 750 m and about 95 % under 2,500 m (the floor of 500 m and the cap of 5 km aside).
        let profile = SignificantChangeProfile()
        var random = SeededRandom(seed: 7)
        let draws = (0..<20_000).map { _ in profile.nextDistance(minimum: 500, random: &random) }
        let underMedian = Double(draws.count { $0 < 750 }) / Double(draws.count)
        let underP95 = Double(draws.count { $0 < 2_500 }) / Double(draws.count)
        #expect(abs(underMedian - 0.5) < 0.015)
        #expect(abs(underP95 - 0.95) < 0.01)
        #expect(draws.allSatisfy { (500...5_000).contains($0) })
    }

    // MARK: job

    private static let jobID = "com.example.export.1"
    private let export = SimBGTaskRecord(identifier: jobID, kind: .continuedProcessing)

    /// Taps Export at 10 on screen; the job reports progress every 20 s and is completed
    /// (`success`) `after` seconds after it starts, if given.
    private func jobApp(completesAfter after: Double?, success: Bool = true) -> AppScript {
        var info = SimCapabilities()
        info.permittedBackgroundTaskIdentifiers = ["com.example.export.*"]
        let work: [AppScript.Action] = [.bgTasks(.reportProgress(completed: nil, add: nil, total: 100))]
            + (after.map { [.after(seconds: $0, actions: [.bgTasks(.completeTask(success: success))])] } ?? [])
        return AppScript(info: info, reactions: [
            .launch: [.after(seconds: 10, actions: [
                .bgTasks(.registerTask(id: Self.jobID, onExpiry: [.bgTasks(.completeTask(success: false))])),
                .bgTasks(.submitContinuedProcessing(id: Self.jobID, title: "Exporting", subtitle: "", strategy: .queue)),
            ])],
            .bgTask: work,
        ], timers: [AppScript.Timer(every: 20, actions: [.bgTasks(.reportProgress(completed: nil, add: 1, total: nil))])])
    }

    private func job(_ script: AppScript, _ timeline: [SimScenarioEvent] = []) -> SimCoverage {
        run(script, speed: 0, profile: .iOS26, timeline: [SimScenarioEvent(at: 30, .enterBackground)] + timeline,
            goals: [.continuedProcessing(JobGoal())]).summary.coverage[0]
    }

    @Test func aJobCompletedWithSuccessMeetsTheGoal() {
        #expect(job(jobApp(completesAfter: 120)) == SimCoverage(
            goal: .continuedProcessing(JobGoal()), met: true, fraction: 1, uncoveredSeconds: 0, uncoveredMetres: 0, longestGapSeconds: 0,
            gaps: [], gapCount: 0, eventCount: 1, cancelledByUser: 0))
    }

    @Test func anExpiredJobIsAMiss() {
        // Expired by the scenario at 70 (started at 10): its handler completes it, failed: a miss
        // over the job, 10–70.
        #expect(job(jobApp(completesAfter: nil), [SimScenarioEvent(at: 70, .bgTasks(.expire(identifier: Self.jobID)))]) == SimCoverage(
            goal: .continuedProcessing(JobGoal()), met: false, fraction: 0, uncoveredSeconds: 60, uncoveredMetres: 0, longestGapSeconds: 60,
            gaps: [SimGap(from: 10, to: 70, seconds: 60, metres: 0, causes: [.bgTasks(.jobExpired(export, .scenario))], closedBy: nil, closed: true)],
            gapCount: 1, eventCount: 1, cancelledByUser: 0))
    }

    @Test func aJobTheUserCancelsIsReportedAndCountsAsMet() {
        #expect(job(jobApp(completesAfter: nil), [SimScenarioEvent(at: 70, .bgTasks(.cancel(identifier: Self.jobID)))]) == SimCoverage(
            goal: .continuedProcessing(JobGoal()), met: true, fraction: 1, uncoveredSeconds: 0, uncoveredMetres: 0, longestGapSeconds: 0,
            gaps: [], gapCount: 0, eventCount: 1, cancelledByUser: 1))
    }

    @Test func noJobEverStartedIsAMiss() {
        // iOS 18 has no continued processing (and no registration after launch): nothing was done.
        let coverage = run(jobApp(completesAfter: 120), speed: 0, profile: .iOS18, timeline: [SimScenarioEvent(at: 30, .enterBackground)],
                           goals: [.continuedProcessing(JobGoal())]).summary.coverage[0]
        #expect(coverage == SimCoverage(goal: .continuedProcessing(JobGoal()), met: false, fraction: 0, uncoveredSeconds: 0, uncoveredMetres: 0,
                                        longestGapSeconds: 0, gaps: [], gapCount: 0, eventCount: 0, cancelledByUser: 0))
    }

    @Test func aJobKilledWithTheAppIsAMiss() {
        // The user force-quits at 50: the job ends with the process, 40 s after it started.
        let coverage = job(jobApp(completesAfter: nil), [SimScenarioEvent(at: 50, .forceQuit)])
        #expect(coverage.gaps == [SimGap(from: 10, to: 50, seconds: 40, metres: 0, causes: [.forceQuit], closedBy: nil, closed: true)])
        #expect(!coverage.met)
    }
}
