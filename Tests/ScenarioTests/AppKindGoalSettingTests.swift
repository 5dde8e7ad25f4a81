import Foundation
import Scenario
@testable import ScenarioReports
import Scripting
import Simulation
import Testing
import TestSupport

/// Issue 31's goals on the scenario side: which a script gets by default, `--goal` and `goal:`
/// (names, fields, range checks, did-you-mean), and the answer's words.
@MainActor @Suite struct AppKindGoalSettingTests {
    private func goals(_ text: String) throws -> [ReplayGoal] {
        ReplayGoal.defaultGoals(for: try #require(try script(text)), builtIn: false)
    }

    @Test func significantChangesWithoutUpdatesWantSignificantChange() throws {
        #expect(try goals("app: {on: {launch: [request-always, start-significant-changes]}}") == [.significantChange])
        // With standard updates the location goal is the app's need, not the fallback's.
        #expect(try goals("app: {on: {launch: [start-significant-changes, start-updates]}}") == [.tracking])
    }

    @Test func uiKitTasksAloneWantFinishWork() throws {
        #expect(try goals("app: {on: {background: [{begin-task: {as: t}}], foreground: [{end-task: t}]}}") == [.finishWork])
        #expect(try goals("app: {on: {launch: [start-updates], background: [{begin-task: {as: t}}]}}") == [.tracking])
    }

    @Test func aBackgroundTimerWantsTimerAndAContinuedRequestWantsJob() throws {
        #expect(try goals("app: {timers: [{every: 60, while: background, do: [{log: tick}]}]}") == [.timer])
        // A timer that works on screen or always is a means, not the app's background need.
        #expect(try goals("app: {timers: [{every: 60, do: [{log: tick}]}]}") == [])
        #expect(try goals("app: {on: {launch: [{submit-continued-processing: {id: a.b, title: T}}]}}") == [.job])
        // Tasks with a timer in the background: both.
        #expect(try goals("app: {on: {background: [{begin-task: {as: t}}]}, timers: [{every: 60, while: background, do: [{end-task: t}]}]}")
                == [.finishWork, .timer])
    }

    @Test func theReadyScriptsGetTheirNewGoals() throws {
        let pulse = try ScenarioFile.read(contentsOf: Shipped.script("pulse-60s"))
        #expect(ReplayGoal.defaultGoals(for: try #require(pulse.app), builtIn: false) == [.tracking, .timer])
        let export = try ScenarioFile.read(contentsOf: Shipped.script("continued-export"))
        #expect(ReplayGoal.defaultGoals(for: try #require(export.app), builtIn: false) == [.job])
    }

    @Test func goalNamesAndTheirNumbers() throws {
        #expect(StatedGoals(settingText: "finish-work+timer+significant-change+job")?.goals == [
            .backgroundTasks(FinishWorkGoal()), .timers(TimerGoal()), .significantChanges(SignificantChangeGoal()), .continuedProcessing(JobGoal()),
        ])
        let settings = try ScenarioFile.parse("""
            goal: {significant-change: {maxGapMetres: 3000, maxGapSeconds: 600, fraction: 0.8}, timer: {onTimeSeconds: 0, fraction: 1},
                   job: {fraction: 0.5}, finish-work: {allowedMisses: 2}}
            """, name: "s.yaml")
        #expect(settings.goal?.goals == [
            .significantChanges(SignificantChangeGoal(maximumMetres: 3000, maximumAgeSeconds: 600, requiredFraction: 0.8)),
            .timers(TimerGoal(onTimeSeconds: 0, requiredFraction: 1)), .continuedProcessing(JobGoal(requiredFraction: 0.5)),
            .backgroundTasks(FinishWorkGoal(allowedMisses: 2)),
        ])
    }

    @Test func aMisspeltGoalIsSuggestedAndNumbersAreRangeChecked() {
        #expect(StatedGoals(settingText: "navigation+finish-wrk") == nil)
        #expect(StatedGoals.notAValue("navigation+finish-wrk").hasSuffix("did you mean 'finish-work'?"))
        for (text, problem) in [
            ("goal: {timer: {onTimeSeconds: -1}}", "'onTimeSeconds' -1.0 is not a duration"),
            ("goal: {finish-work: {allowedMisses: 1.5}}", "'allowedMisses' 1.5 is not a whole number"),
            ("goal: {significant-change: {fraction: 2}}", "'fraction' 2.0 is not a fraction (0…1)"),
        ] {
            do {
                _ = try ScenarioFile.parse(text, name: "s.yaml")
                Issue.record("\(text) was accepted")
            } catch {
                #expect("\(error)".contains(problem), "\(error)")
            }
        }
    }

    /// Issue 34: a headline states the goal's numbers when they are not its kind's defaults
    /// (600 s / 1000 m at 95 % is not tracking's 60 s / 100 m), and only then.
    @Test func aHeadlineStatesNumbersThatAreNotTheDefaults() {
        func coverage(_ goal: SimGoal, met: Bool = true) -> SimCoverage {
            SimCoverage(goal: goal, met: met, fraction: 1, uncoveredSeconds: 0, uncoveredMetres: 0, longestGapSeconds: 0, gaps: [], gapCount: 0)
        }
        #expect(Prose.headline(coverage(.location(.tracking()))) == "Goal tracking met: 100 % of the moving time covered.")
        #expect(Prose.headline(coverage(.location(.tracking(maximumGapSeconds: 600, maximumGapMetres: 1000))))
                == "Goal tracking (10 min / 1.0 km, 95 %) met: 100 % of the moving time covered.")
        #expect(Prose.headline(coverage(.location(.navigation(requiredFraction: 0.9))))
                == "Goal navigation (5 s, 90 %) met: 100 % of the moving time covered.")
        #expect(Prose.statedNumbers(.bgTasks(RefreshGoal(intervalSeconds: 3600))) == "every 1 h")
        #expect(Prose.statedNumbers(.regions(EventLatencyGoal())) == nil)
        var call = CallGoal()
        call.requiredFraction = 0.5
        let calls = SimCoverage(goal: .pushes(call), met: true, fraction: 1, uncoveredSeconds: 0, uncoveredMetres: 0,
                                longestGapSeconds: 0, gaps: [], gapCount: 0, eventCount: 0)
        #expect(Prose.headline(calls) == "Goal call (50 %) met: no VoIP push arrived.")
    }

    @Test func theAnswersWords() {
        let tasks = SimCoverage(goal: .backgroundTasks(FinishWorkGoal()), met: false, fraction: 0.5, uncoveredSeconds: 0, uncoveredMetres: 0,
                                longestGapSeconds: 0, gaps: [], gapCount: 1, eventCount: 2)
        #expect(Prose.headline(tasks) == "Goal finish-work missed: 1 of 2 background tasks ended by the app before their expiration handler.")
        let jobs = SimCoverage(goal: .continuedProcessing(JobGoal()), met: false, fraction: 2.0 / 3, uncoveredSeconds: 60, uncoveredMetres: 0,
                               longestGapSeconds: 60, gaps: [], gapCount: 1, eventCount: 3, cancelledByUser: 1)
        #expect(Prose.headline(jobs) == "Goal job missed: 1 of 3 jobs completed with success, 1 cancelled by the user.")
        let fires = SimCoverage(goal: .timers(TimerGoal()), met: false, fraction: 0.5, uncoveredSeconds: 30, uncoveredMetres: 0,
                                longestGapSeconds: 30, gaps: [], gapCount: 1, eventCount: 2)
        #expect(Prose.headline(fires) == "Goal timer missed: 1 of 2 fires due in the background ran on time (50 %); 30 s not; 1 gap.")
        let late = SimGap(from: 100, to: 130, seconds: 30, metres: 0, causes: [.nothingHoldsApp], closedBy: .userReturnsToApp, closed: true)
        #expect(Prose.gap(late, of: .timers(TimerGoal())).hasPrefix("0:01:40–0:02:10, a timer's fire 30 s late: "))
        #expect(Prose.name(.significantChanges(SignificantChangeGoal())) == "significant-change")
        #expect(Prose.text(.significantChanges(SignificantChangeGoal()))
                == "while moving, a fix no more than 5.0 km of travel or 15 min old (90 % of the moving time)")
    }
}
