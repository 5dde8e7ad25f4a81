import Testing
import TestSupport
@testable import Scripting
@testable import Simulation

/// Spec §4 "Default goals": the audio goal (playback stops only during an interruption and plays
/// again within 5 s of its end) and the call goal (every VoIP push reported to CallKit).
@MainActor @Suite struct AudioGoalTests {
    /// Plays from launch; in the background it holds a task if `task`; after an interruption ends
    /// it plays again, `resumeAfter` seconds later if given, or not at all if `resumes` is false.
    private func app(task: Bool = false, resumes: Bool = true, resumeAfter: Double? = nil, playsOnReturn: Bool = false) -> AppScript {
        let play: [AppScript.Action] = [.audio(.activateSession), .audio(.play(silent: false))]
        let resume: [AppScript.Action] = !resumes ? [] : resumeAfter.map { [.after(seconds: $0, actions: play)] } ?? play
        var reactions: [AppScript.Trigger: [AppScript.Action]] = [
            .launch: play,
            .interruption: [.when(.interrupted, actions: [], otherwise: resume)],
        ]
        if task { reactions[.background] = [.beginTask(name: "audio", variable: "task", onExpiry: [.endTask(variable: "task")])] }
        if playsOnReturn { reactions[.foreground] = play }
        return AppScript(reactions: reactions)
    }

    private func coverage(_ script: AppScript, goal: AudioGoal = AudioGoal(), modes: Set<SimBackgroundMode> = [.audio],
                          events: [SimScenarioEvent]) -> SimCoverage {
        var configuration = configuration(drive(seconds: 1_000), profile: exact(.iOS17),
                                          timeline: [SimScenarioEvent(at: 10, .enterBackground)] + events,
                                          capabilities: SimCapabilities(backgroundModes: modes))
        configuration.goals = [.audio(goal)]
        let summary = KeepAliveSimulation(configuration, app: ScriptedApp(script: script)).run().summary
        #expect(summary.coverage.count == 1)
        return summary.coverage[0]
    }

    @Test func playingAgainWhenADeclinedCallEndsMeetsTheGoal() {
        // The task carries the app through 15 s of ringing; it hears the end at 115 and plays.
        let result = coverage(app(task: true), events: [SimScenarioEvent(at: 100, .audio(.call(accepted: false, seconds: 15)))])
        #expect(result == SimCoverage(goal: .audio(AudioGoal()), met: true, fraction: 1, uncoveredSeconds: 0, uncoveredMetres: 0,
                                      longestGapSeconds: 0, gaps: [], gapCount: 0))
    }

    @Test func anAcceptedCallWhoseEndTheSuspendedAppNeverHearsLeavesAGapToTheEnd() {
        // Suspended at 105 (nothing holds it once the call stops the audio); the call ends at 700
        // unheard: from 705, past the 5 s allowance, to the end at 1000 there is no playback.
        let result = coverage(app(), events: [SimScenarioEvent(at: 100, .audio(.call(accepted: true, seconds: 600)))])
        #expect(result == SimCoverage(
            goal: .audio(AudioGoal()), met: false, fraction: 0.705, uncoveredSeconds: 295, uncoveredMetres: 0, longestGapSeconds: 295,
            gaps: [SimGap(from: 705, to: 1_000, seconds: 295, metres: 0, causes: [.nothingHoldsApp, .audio(.interrupted(.call))],
                          closedBy: nil, closed: false)],
            gapCount: 1))
    }

    @Test func theUserOpeningTheAppClosesTheGapWhenItPlaysOnScreen() {
        let result = coverage(app(playsOnReturn: true), events: [
            SimScenarioEvent(at: 100, .audio(.call(accepted: true, seconds: 600))), SimScenarioEvent(at: 800, .returnToForeground),
        ])
        #expect(result.gaps == [SimGap(from: 705, to: 800, seconds: 95, metres: 0, causes: [.nothingHoldsApp, .audio(.interrupted(.call))],
                                       closedBy: .userReturnsToApp, closed: true)])
        #expect(result.uncoveredSeconds == 95)
        #expect(result.fraction == 0.905)
        #expect(!result.met)
    }

    @Test func playingAgainLaterThanTheAllowanceIsAGapFromTheAllowancesEnd() {
        // The end is heard at 115; the app plays 8 s later, at 123: 3 s past the 5 s allowance,
        // with the app still running on its task (so the cause is the interruption alone).
        let events = [SimScenarioEvent(at: 100, .audio(.call(accepted: false, seconds: 15)))]
        let late = coverage(app(task: true, resumeAfter: 8), events: events)
        #expect(late == SimCoverage(
            goal: .audio(AudioGoal()), met: false, fraction: 0.997, uncoveredSeconds: 3, uncoveredMetres: 0, longestGapSeconds: 3,
            gaps: [SimGap(from: 120, to: 123, seconds: 3, metres: 0, causes: [.audio(.interrupted(.declinedCall))], closedBy: nil, closed: true)],
            gapCount: 1))
        // A stated allowance of 10 s accepts it.
        let allowed = coverage(app(task: true, resumeAfter: 8), goal: AudioGoal(resumeWithinSeconds: 10), events: events)
        #expect(allowed.met)
        #expect(allowed.gapCount == 0)
    }

    @Test func anAppThatNeverPlaysAgainAfterTheEndHasAGapUntilTheEnd() {
        let result = coverage(app(task: true, resumes: false), events: [SimScenarioEvent(at: 100, .audio(.call(accepted: false, seconds: 15)))])
        #expect(result.gaps == [SimGap(from: 120, to: 1_000, seconds: 880, metres: 0, causes: [.audio(.interrupted(.declinedCall))],
                                       closedBy: nil, closed: false)])
        #expect(result.fraction == 0.12)
    }

    @Test func withoutTheModeAudioStopsOnLeavingTheScreenWithNoInterruptionToExcuseIt() {
        let result = coverage(app(), modes: [], events: [])
        #expect(result.gaps == [SimGap(from: 10, to: 1_000, seconds: 990, metres: 0, causes: [.audio(.modeMissing)], closedBy: nil, closed: false)])
        #expect(result.fraction == 0.01)
    }

    @Test func aForceQuitTakesThePlayerWithItsProcess() {
        // No playbackStopped is logged: the process ends, and with it the playback.
        let result = coverage(app(), events: [SimScenarioEvent(at: 200, .forceQuit)])
        #expect(result.gaps == [SimGap(from: 200, to: 1_000, seconds: 800, metres: 0, causes: [.forceQuit], closedBy: nil, closed: false)])
        #expect(result.fraction == 0.2)
    }

    @Test func anAppThatNeverPlaysHasNothingToCover() {
        let result = coverage(AppScript(), events: [])
        #expect(result.met)
        #expect(result.fraction == 1)
    }
}

@MainActor @Suite struct CallGoalTests {
    /// Handles each push; reports VoIP pushes as calls always, or only while on screen.
    private func app(reports: AppScript.Condition? = nil, never: Bool = false) -> AppScript {
        let report: [AppScript.Action] = never ? [] : reports.map { [.when($0, actions: [.pushes(.reportCall)], otherwise: [])] } ?? [.pushes(.reportCall)]
        return AppScript(reactions: [.push: report + [.pushes(.complete(.newData))]])
    }

    private func coverage(_ script: AppScript, profile: SimProfile = .iOS17, modes: Set<SimBackgroundMode> = [.voip],
                          pushes: [Double]) -> SimCoverage {
        var configuration = configuration(drive(seconds: 1_000), profile: exact(profile),
                                          timeline: [SimScenarioEvent(at: 10, .enterBackground)] + pushes.map { SimScenarioEvent(at: $0, .pushes(.arrive(.voip))) },
                                          capabilities: SimCapabilities(backgroundModes: modes))
        configuration.goals = [.pushes(CallGoal())]
        let summary = KeepAliveSimulation(configuration, app: ScriptedApp(script: script)).run().summary
        #expect(summary.coverage.count == 1)
        return summary.coverage[0]
    }

    private func gap(_ time: Double, _ cause: SimCause) -> SimGap {
        SimGap(from: time, to: time, seconds: 0, metres: 0, causes: [cause], closedBy: nil, closed: true)
    }

    @Test func anAppThatReportsEveryPushMeetsTheGoal() {
        let result = coverage(app(), pushes: [100, 200, 300])
        #expect(result == SimCoverage(goal: .pushes(CallGoal()), met: true, fraction: 1, uncoveredSeconds: 0, uncoveredMetres: 0,
                                      longestGapSeconds: 0, gaps: [], gapCount: 0, eventCount: 3))
    }

    @Test func unreportedPushesAreKillsThenDropsFromIOS13() {
        // Three kills, then iOS stops the pushes: the fourth never arrives.
        let kill = SimCause.crash(.pushes(.voipWithoutCall))
        let result = coverage(app(never: true), pushes: [100, 200, 300, 400])
        #expect(result == SimCoverage(
            goal: .pushes(CallGoal()), met: false, fraction: 0, uncoveredSeconds: 0, uncoveredMetres: 0, longestGapSeconds: 0,
            gaps: [gap(100, kill), gap(200, kill), gap(300, kill), gap(400, .pushes(.dropped(.tooManyUnreportedCalls)))],
            gapCount: 4, eventCount: 4))
    }

    @Test func reportingOnlyOnScreenMissesThePushesInTheBackground() {
        // The push at 5 comes on screen and is reported; the two in the background are not.
        let kill = SimCause.crash(.pushes(.voipWithoutCall))
        let result = coverage(app(reports: .foreground), pushes: [5, 100, 200])
        #expect(result.gaps == [gap(100, kill), gap(200, kill)])
        #expect(result.fraction == 1.0 / 3)
        #expect(result.eventCount == 3)
        #expect(!result.met)
    }

    @Test func beforeIOS13AnUnreportedPushIsStillAMissedCallButNoKill() {
        let result = coverage(app(never: true), profile: .iOS12, pushes: [100, 200])
        #expect(result.gaps == [gap(100, .pushes(.callNotReported)), gap(200, .pushes(.callNotReported))])
        #expect(result.fraction == 0)
    }

    @Test func withoutTheModeEveryPushIsDropped() {
        let result = coverage(app(), modes: [], pushes: [100])
        #expect(result.gaps == [gap(100, .pushes(.dropped(.modeMissing)))])
        #expect(result.eventCount == 1)
    }

    @Test func noPushNoMiss() {
        let result = coverage(app(), pushes: [])
        #expect(result.met)
        #expect(result.eventCount == 0)
    }
}
