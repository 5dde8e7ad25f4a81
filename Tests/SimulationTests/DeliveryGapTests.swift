import Testing
import TestSupport
import Scripting
@testable import Simulation

/// Issue 34, item 2: the summary's longest gap counts the stretch from the run's start to the
/// first fix and from the last fix to the end, not only those between fixes (Docs/Model.md §4,
/// "The delivery check"). A drive east at 10 m/s, one sample a second, exact fixes.
@MainActor @Suite struct DeliveryGapTests {
    @Test func betweenTwoFixes() {
        // Distance filter 95 m: fixes every 10 s while driving, none at the red light from 100 to
        // 200 s, the next at 210; the track ends at 300 with a fix. 210 − 100 = 110 between fixes.
        let (result, _) = runStandard(configuration(drive(seconds: 300, stops: [100...200]), profile: exact(.iOS17), timeline: [
            SimScenarioEvent(at: 60, .enterBackground),
        ])) { $0.distanceFilter = 95 }
        #expect(deliveredTimes(result).last == 300)
        #expect(result.summary.longestDeliveryGapSeconds == 110)
        #expect(result.summary.longestDeliveryGapPlace == .betweenFixes)
    }

    @Test func fromTheLastFixToTheEnd() {
        // No task, no background updates: suspended at 65, after the 5 s grace (§2); the state
        // change comes before that second's fix, so the last is at 64 and the drive ends at 300.
        let (result, _) = runStandard(configuration(drive(seconds: 300), profile: exact(.iOS17), timeline: [
            SimScenarioEvent(at: 60, .enterBackground),
        ])) {
            $0.beginsBackgroundTask = false
            $0.allowsBackgroundLocationUpdates = false
        }
        #expect(result.summary.suspendedAt == 65)
        #expect(deliveredTimes(result).last == 64)
        #expect(result.summary.durationSeconds == 300)
        #expect(result.summary.longestDeliveryGapSeconds == 236)
        #expect(result.summary.longestDeliveryGapPlace == .afterLastFix)
    }

    @Test func fromTheStartToTheFirstFix() {
        // The user answers the prompt 40 s in: updates deliver from then, one a second, to the end.
        var config = configuration(drive(seconds: 300), profile: exact(.iOS17), authorization: .notDetermined)
        config.answers.answerDelay = 40
        let (result, _) = runStandard(config)
        #expect(deliveredTimes(result).first == 40)
        #expect(result.summary.longestDeliveryGapSeconds == 40)
        #expect(result.summary.longestDeliveryGapPlace == .beforeFirstFix)
    }

    @Test func aRunWithNoFixHasNone() {
        let (result, _) = runStandard(configuration(drive(seconds: 300), authorization: .denied))
        #expect(result.summary.deliveredUpdates == 0)
        #expect(result.summary.longestDeliveryGapSeconds == nil)
        #expect(result.summary.longestDeliveryGapPlace == nil)
    }

    /// Issue 34, item 2: a request that did nothing for want of a usage string is the root of
    /// "authorization is notDetermined" in the gap's causes.
    @Test func aMissingUsageStringIsTheRootOfTheGap() {
        var config = configuration(drive(seconds: 300), authorization: .notDetermined,
                                   timeline: [SimScenarioEvent(at: 60, .enterBackground)],
                                   capabilities: SimCapabilities(alwaysAndWhenInUseUsageDescription: nil))
        config.goals = [.location(.navigation())]
        let (result, _) = runStandard(config)
        let root = SimCause.usageDescriptionsMissing(always: true, missing: [.locationAlwaysAndWhenInUse])
        // The navigation app starts no updates without authorization: its suspension has no
        // location cause, but every gap names the string, the first (on screen) it alone.
        #expect(result.summary.causes == [.backgroundTimeExpired(budget: 30), .tasksEndedInHandlers])
        let gaps = result.summary.coverage.first?.gaps ?? []
        #expect(gaps.first?.causes == [root])
        #expect(gaps.allSatisfy { $0.causes.contains(root) })
    }

    @Test func deniedIsTheCauseOfAGapWhileTheAppRuns() {
        var config = configuration(drive(seconds: 300), authorization: .denied)
        config.goals = [.location(.navigation())]
        let (result, _) = runStandard(config)
        #expect(result.summary.coverage.first?.gaps.first?.causes == [.authorization(.denied)])
    }
}
