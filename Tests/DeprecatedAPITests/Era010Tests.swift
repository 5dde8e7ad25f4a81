import Scenario
import Scripting
import Simulation
import Testing

// Code written against 0.1.0 (and 0.2.0) that still compiles against the deprecated forwarders
// (Sources/*/Deprecated.swift and the older ones beside what they forward to), and what each call
// gives now. The calls stand in deprecated functions, so that they compile without a warning;
// the tests reach them through `Era010Calls`, which is not deprecated. Goes with the forwarders
// at 1.0.

/// What each 0.1.0-era call gives.
protocol Era010Calls {
    static func chargingScenarioAction(_ charging: Bool) -> SimScenarioEvent.Action
    static func launchScenarioAction() -> SimScenarioEvent.Action
    static func gapWords(_ gap: SimGap) -> String
    static func gapCauseWords(_ causes: [SimCause]) -> String
    static func regionProfileAfterSettingEventLatency(_ seconds: Double) -> RegionProfile
    @MainActor static func chargeThroughTheScheduler(_ scheduler: BackgroundTaskScheduler, _ system: SimSystem)
    static func profileCovering(_ majors: ClosedRange<Int>) -> SimProfile
    static func profileAskedFor(_ major: Int) -> SimProfile
}

/// The calls, as a 0.1.0 user wrote them.
enum Era010: Era010Calls {
    @available(*, deprecated, message: "0.1.0-era calls")
    static func chargingScenarioAction(_ charging: Bool) -> SimScenarioEvent.Action {
        .bgTasks(.setCharging(charging))
    }

    @available(*, deprecated, message: "0.1.0-era calls")
    static func launchScenarioAction() -> SimScenarioEvent.Action {
        // A case of the same enum beside the forwarder still means the case.
        .bgTasks(.launch(identifier: "refresh"))
    }

    @available(*, deprecated, message: "0.1.0-era calls")
    static func gapWords(_ gap: SimGap) -> String {
        Prose.gap(gap)
    }

    @available(*, deprecated, message: "0.1.0-era calls")
    static func gapCauseWords(_ causes: [SimCause]) -> String {
        Prose.gapCause(causes)
    }

    @available(*, deprecated, message: "0.1.0-era calls")
    static func regionProfileAfterSettingEventLatency(_ seconds: Double) -> RegionProfile {
        var profile = SimProfile.iOS17
        profile.regions.eventLatency = seconds
        return profile.regions
    }

    // 0.2.0's stored properties, computed since.
    @available(*, deprecated, message: "0.2.0-era calls")
    static func profileCovering(_ majors: ClosedRange<Int>) -> SimProfile {
        var profile = SimProfile.iOS14
        profile.coversVersions = majors
        return profile
    }

    @available(*, deprecated, message: "0.2.0-era calls")
    static func profileAskedFor(_ major: Int) -> SimProfile {
        var profile = SimProfile.iOS17
        profile.requestedVersion = major
        return profile
    }

    // Compiled only: a scheduler and its system come from a run.
    @available(*, deprecated, message: "0.1.0-era calls")
    @MainActor static func chargeThroughTheScheduler(_ scheduler: BackgroundTaskScheduler, _ system: SimSystem) {
        scheduler.setCharging(true, in: system)
    }
}

@Suite struct Era010Tests {
    let era: any Era010Calls.Type = Era010.self

    @Test func aChargingActionOfTheBGTasksIsTheDevicesNow() {
        #expect(era.chargingScenarioAction(true) == .device(.setCharging(true)))
        #expect(era.chargingScenarioAction(false) == .device(.setCharging(false)))
        #expect(era.launchScenarioAction() == .bgTasks(.launch(identifier: "refresh")))
    }

    @Test func aGapsWordsAreTheNavigationGoals() {
        let gap = SimGap(from: 60, to: 300, seconds: 240, metres: 2_400, causes: [.forceQuit], closedBy: .userOpensApp, closed: true)
        #expect(era.gapWords(gap) == Prose.gap(gap, of: .location(.navigation())))
        #expect(era.gapCauseWords([.forceQuit]) == Prose.gapCause([.forceQuit], of: .location(.navigation())))
        #expect(era.gapCauseWords([]) == Prose.gapCause([], of: .location(.navigation())))
    }

    /// Setting 0.2.0's whole major versions sets the span from the first's .0 to the release
    /// after the last; reading gives them back.
    @Test func coversVersionsAndRequestedVersionSetTheSpanAndTheVersionAskedFor() {
        let covering = era.profileCovering(15...16)
        #expect(covering.span == SimOSVersionSpan(from: SimOSVersion(15), until: SimOSVersion(17)))
        #expect(covering.span?.majors == 15...16)
        #expect(era.profileAskedFor(16).requestedOSVersion == SimOSVersion(16, 0, 0))
    }

    /// RegionProfile.eventLatency (0.2.0) sets every drawn delay to the value: median and 90th
    /// percentile, and the cap when it was lower (300 s by default).
    @Test func anEventLatencyIsEveryDelay() {
        let above = era.regionProfileAfterSettingEventLatency(400)
        #expect([above.reportDelayMedian, above.reportDelayNinetiethPercentile, above.reportDelayMaximum] == [400, 400, 400])
        let below = era.regionProfileAfterSettingEventLatency(100)
        #expect([below.reportDelayMedian, below.reportDelayNinetiethPercentile, below.reportDelayMaximum] == [100, 100, 300])
    }
}
