import Foundation
import Scenario
import Scripting
import Simulation
import Testing
import TestSupport

/// The audio and call goals (spec §4) on the ready scripts, the default goals of a script, the
/// `goal:` fields and the answer's words.
@MainActor @Suite struct AudioAndCallGoalRecipeTests {
    private func coverage(_ recipe: String, on track: String, profile: String) throws -> SimCoverage {
        let summary = try Shipped.replay(recipe, on: track, profile: profile).run().result.summary
        try #require(summary.coverage.count == 1)
        return summary.coverage[0]
    }

    /// The accepted call (0:20:00–0:35:00) outlasts the task's budget on every era; its end never
    /// reaches the suspended app, so from 0:35:05 to the end of the walk (0:50:02) nothing plays;
    /// the gap's causes are the suspension's whole chain, the interruption among them.
    @Test(arguments: [("ios6", 600.0), ("ios7", 180), ("ios13", 30), ("ios17", 30), ("ios18", 30)])
    func thePodcastMissesItsGoalAfterTheLongCall(profile: String, budget: Double) throws {
        #expect(try coverage("podcast-call", on: "walk-with-cafe-stop.gpx", profile: profile) == SimCoverage(
            goal: .audio(AudioGoal()), met: false, fraction: 2_105.0 / 3_002, uncoveredSeconds: 897, uncoveredMetres: 0,
            longestGapSeconds: 897,
            gaps: [SimGap(from: 2_105, to: 3_002, seconds: 897, metres: 0,
                          causes: [.backgroundTimeExpired(budget: budget), .audio(.interrupted(.call)), .tasksEndedInHandlers],
                          closedBy: nil, closed: false)],
            gapCount: 1))
    }

    /// The same app through a declined call and an alarm it outlasts: it plays again on each end.
    @Test(arguments: ["ios6", "ios7", "ios13", "ios17", "ios18"])
    func thePodcastThatResumesMeetsItsGoal(profile: String) throws {
        #expect(try coverage("podcast-resume", on: "walk-with-cafe-stop.gpx", profile: profile) == SimCoverage(
            goal: .audio(AudioGoal()), met: true, fraction: 1, uncoveredSeconds: 0, uncoveredMetres: 0, longestGapSeconds: 0,
            gaps: [], gapCount: 0))
    }

    /// Five pushes, none reported: before iOS 13 simply not reported; from iOS 13 three kills and
    /// two pushes cut off.
    @Test(arguments: ["ios6", "ios7", "ios13", "ios17"])
    func syncingOverVoIPMissesTheCallGoal(profile: String) throws {
        let killed = profile == "ios13" || profile == "ios17"
        let causes: [SimCause] = killed
            ? [.crash(.pushes(.voipWithoutCall)), .crash(.pushes(.voipWithoutCall)), .crash(.pushes(.voipWithoutCall)),
               .pushes(.dropped(.tooManyUnreportedCalls)), .pushes(.dropped(.tooManyUnreportedCalls))]
            : Array(repeating: .pushes(.callNotReported), count: 5)
        let gaps = zip([180.0, 300, 420, 540, 660], causes).map { time, cause in
            SimGap(from: time, to: time, seconds: 0, metres: 0, causes: [cause], closedBy: nil, closed: true)
        }
        #expect(try coverage("voip-without-callkit", on: "city-commute.gpx", profile: profile) == SimCoverage(
            goal: .pushes(CallGoal()), met: false, fraction: 0, uncoveredSeconds: 0, uncoveredMetres: 0, longestGapSeconds: 0,
            gaps: gaps, gapCount: 5, eventCount: 5))
    }

    @Test(arguments: ["ios6", "ios7", "ios13", "ios17"])
    func reportingEveryPushMeetsTheCallGoal(profile: String) throws {
        #expect(try coverage("voip-callkit", on: "city-commute.gpx", profile: profile) == SimCoverage(
            goal: .pushes(CallGoal()), met: true, fraction: 1, uncoveredSeconds: 0, uncoveredMetres: 0, longestGapSeconds: 0,
            gaps: [], gapCount: 0, eventCount: 5))
    }

    /// The answer's lines and exit: the headline and one line per gap.
    @Test func theAnswerSaysWhatWasMissedAndWhy() throws {
        let podcast = try Shipped.replay("podcast-call", on: "walk-with-cafe-stop.gpx", profile: "ios17").run()
        #expect(Prose.answer(podcast.result.summary) == [
            "Goal audio missed: 70.1 % of the time since playback began covered; 14 min 57 s not; 1 gap.",
            "  gap 0:35:05–0:50:02, 14 min 57 s without playback: background time expired; every background task was ended in its expiration handler (because an accepted phone call interrupted the audio); not closed before the end",
        ])
        #expect(podcast.result.summary.goalMet == false)
        let voip = try Shipped.replay("voip-without-callkit", on: "city-commute.gpx", profile: "ios17").run()
        #expect(Prose.answer(voip.result.summary).prefix(2) == [
            "Goal call missed: 0 of 5 VoIP pushes reported to CallKit (0 %).",
            "  gap 0:03:00, a VoIP push not reported as a call: killed: the app never reported an incoming call to CallKit after a PushKit VoIP push",
        ])
        #expect(Prose.answer(voip.result.summary).last
            == "  gap 0:11:00, a VoIP push not reported as a call: the VoIP push never reached the app: iOS stopped VoIP pushes after pushes not reported as calls")
        let callKit = try Shipped.replay("voip-callkit", on: "city-commute.gpx", profile: "ios17").run()
        #expect(Prose.answer(callKit.result.summary) == ["Goal call met: 5 of 5 VoIP pushes reported to CallKit (100 %)."])
    }

    @Test func theJSONCoverageNamesTheGoalAndCountsThePushes() throws {
        let voip = try Shipped.replay("voip-callkit", on: "city-commute.gpx", profile: "ios17").run()
        let json = SummaryReport.json(voip)
        guard case .object(let fields) = json, let coverage = fields.first(where: { $0.0 == "coverage" })?.1,
              case .array(let entries) = coverage, case .object(let entry) = entries.first else {
            Issue.record("no coverage in \(json)")
            return
        }
        #expect(fields.first { $0.0 == "goal" }?.1 == .string("call"))
        #expect(entry.first { $0.0 == "goal" }?.1 == .string("call"))
        #expect(entry.first { $0.0 == "events" }?.1 == .int(5))
    }
}

/// Which goals a script gets by default, and the numbers a scenario's `goal:` may give them.
@MainActor @Suite struct AudioAndCallGoalSettingTests {
    private func goals(_ text: String) throws -> [ReplayGoal] {
        ReplayGoal.defaultGoals(for: try #require(try script(text)), builtIn: false)
    }

    @Test func aScriptThatPlaysAudioWantsAudioAndOneThatTakesCallsWantsCall() throws {
        #expect(try goals("app: {info: {backgroundModes: [audio]}, on: {launch: [activate-audio-session, play-audio]}}") == [.audio])
        #expect(try goals("app: {on: {push: [report-call, complete]}}") == [.call])
        #expect(try goals("app: {info: {backgroundModes: [voip]}, on: {push: [complete]}}") == [.call])
        #expect(try goals("app: {info: {backgroundModes: [audio, voip]}, on: {launch: [play-audio], push: [report-call]}}") == [.audio, .call])
    }

    @Test func silenceIsAKeepAliveNotAnAudioGoal() throws {
        #expect(try goals("app: {info: {backgroundModes: [audio]}, on: {launch: [{play-audio: {silent: true}}]}}") == [])
    }

    @Test func aScenarioGivesTheAudioAllowanceAndTheCallFraction() throws {
        let settings = try ScenarioFile.parse("goal: {audio: {resumeWithinSeconds: 20}, call: {fraction: 0.5}}", name: "s.yaml")
        #expect(settings.goal?.goals == [.audio(AudioGoal(resumeWithinSeconds: 20)), .pushes(CallGoal(requiredFraction: 0.5))])
        #expect(StatedGoals(settingText: "audio+call")?.goals == [.audio(AudioGoal()), .pushes(CallGoal())])
    }

    @Test func aFieldOfAnotherKindIsNamedWithItsPlace() {
        #expect(throws: ReplayError.invalidSettings("s.yaml:1:16: 'fraction' is not a field of 'audio' (resumeWithinSeconds)")) {
            try ScenarioFile.parse("goal: {audio: {fraction: 0.5}}", name: "s.yaml")
        }
    }
}
