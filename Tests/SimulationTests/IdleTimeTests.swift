import Testing
import TestSupport
@testable import Scripting
@testable import Simulation

/// Issue 21: idle virtual time costs nothing. While no position is known (before the track, in a
/// signal gap, after its end) the location ticks that would find nothing are not run, so a run's
/// work follows its events and fixes, not its span; the ticks that do something come when they
/// would have (the cadence is kept).
@MainActor @Suite struct IdleTimeTests {
    /// 100 years, in seconds: as far as a scenario's time goes.
    private let century = 3_155_760_000.0

    /// Before: one scheduler step per simulated second after the track, 3.2 billion of them (hours).
    @Test(arguments: [SimScenarioEvent.Action.enterBackground, .lock, .setAuthorization(.denied)])
    func anEventACenturyAfterTheTrackTakesAStepPerFix(late: SimScenarioEvent.Action) {
        let timeline = late == .enterBackground ? [SimScenarioEvent(at: century, late)]
            : [SimScenarioEvent(at: 60, .enterBackground), SimScenarioEvent(at: century, late)]
        let simulation = KeepAliveSimulation(configuration(drive(seconds: 300), timeline: timeline), app: StandardNavigationApp())
        let result = simulation.run()
        #expect(deliveredTimes(result) == (0...300).map(Double.init))
        #expect(result.summary.durationSeconds == century)
        #expect(result.events.last?.time == century)
        #expect(simulation.system.scheduler.steps < 2 * 301)
    }

    @Test func aSignalGapKeepsTheOneSecondCadence() {
        let simulation = KeepAliveSimulation(configuration(drive(seconds: 300, gaps: [100...160])), app: StandardNavigationApp())
        let result = simulation.run()
        #expect(deliveredTimes(result) == (0...99).map(Double.init) + (161...300).map(Double.init))
        #expect(log(result, [.fixUnavailable, .locationError]) == [At(100, .fixUnavailable), At(100, .locationError(.locationUnknown))])
        #expect(simulation.system.scheduler.steps < 2 * 301)
    }

    /// Ticks every 10 s: 90 is the last before the gap, 100…160 find nothing, 170 the first after.
    @Test func aSignalGapKeepsATenSecondCadence() {
        var settings = StandardNavigationApp.Settings()
        settings.desiredAccuracy = .hundredMeters
        let result = KeepAliveSimulation(configuration(drive(seconds: 300, gaps: [95...162])),
                                         app: StandardNavigationApp(settings: settings)).run()
        #expect(deliveredTimes(result) == Array(stride(from: 0.0, through: 90, by: 10)) + Array(stride(from: 170.0, through: 300, by: 10)))
    }

    /// Stopped at 130.5 in the gap and started again at 140.5: the new cadence starts at the start
    /// (140.5, 141.5, … find nothing), so the first fix after the gap is at 161.5.
    @Test func aRestartInsideAGapStartsTheCadenceAnew() {
        let simulation = KeepAliveSimulation(configuration(drive(seconds: 300, gaps: [100...160]), timeline: [
            SimScenarioEvent(at: 130.5, .stopUpdatingLocation), SimScenarioEvent(at: 140.5, .startUpdatingLocation),
        ]), app: StandardNavigationApp())
        let result = simulation.run()
        #expect(deliveredTimes(result) == (0...99).map(Double.init) + (161...299).map { Double($0) + 0.5 })
        #expect(log(result, [.locationStart, .locationStop]).map(\.time) == [0, 130.5, 140.5])
    }

    /// Live updates after the end of the track: the diagnostic once (iOS 18), then nothing to do
    /// until the event a century later.
    @Test func liveUpdatesAfterTheTrackTakeAStepPerUpdate() {
        let script = AppScript(info: SimCapabilities(), reactions: [.launch: [.liveUpdates(.start(.default))]])
        let simulation = KeepAliveSimulation(configuration(drive(seconds: 300), profile: .iOS18, timeline: [SimScenarioEvent(at: century, .lock)]),
                                             app: ScriptedApp(script: script))
        let result = simulation.run()
        #expect(result.events.filter { $0.kind == .fixDelivered }.count == 301)
        #expect(result.summary.durationSeconds == century)
        #expect(simulation.system.scheduler.steps < 2 * 301)
    }
}

/// Issue 21 `--explain`: a candidate needs only its verdict, decided when the app is first stopped.
@MainActor @Suite struct RunToVerdictTests {
    /// Without background updates the app is suspended when its 30 s run out after entering the
    /// background at 60; the run stops there instead of going on to the end of the hour.
    @Test func aRunStopsWhenTheAppIsFirstStopped() {
        var settings = StandardNavigationApp.Settings()
        settings.allowsBackgroundLocationUpdates = false
        let plain = KeepAliveSimulation(configuration(drive(seconds: 3_600), timeline: [SimScenarioEvent(at: 60, .enterBackground)]),
                                        app: StandardNavigationApp(settings: settings)).run()
        let simulation = KeepAliveSimulation(configuration(drive(seconds: 3_600), timeline: [SimScenarioEvent(at: 60, .enterBackground)]),
                                             app: StandardNavigationApp(settings: settings))
        #expect(simulation.runToVerdict() == plain.summary.verdict)
        #expect(plain.summary.verdict == .suspended && plain.summary.suspendedAt == 90)
        #expect(simulation.system.now.seconds == plain.summary.suspendedAt)
        #expect(simulation.system.now.seconds < 3_600)
    }

    @Test func aRunThatKeepsTheAppAliveGoesToTheEnd() {
        let simulation = KeepAliveSimulation(configuration(drive(seconds: 600), timeline: [SimScenarioEvent(at: 60, .enterBackground)]),
                                             app: StandardNavigationApp())
        #expect(simulation.runToVerdict() == .keptAlive)
        #expect(simulation.system.now.seconds == 600)
    }
}
