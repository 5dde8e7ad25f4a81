import Foundation
import Testing
import TestSupport
@testable import Scripting
@testable import Simulation

/// §15 long sessions: two what-ifs, off by default — the session limit
/// (`location.maxSessionSeconds`) and jetsam of a location-held app at a rate
/// (`resources.heldAppJetsamPerHour`) — and the `extreme` memory pressure that reaches such an app.
@MainActor @Suite struct LongSessionTests {
    /// Always (the configuration's), updates from launch, never paused, significant changes on; no task.
    private let tracker = AppScript(info: SimCapabilities(backgroundModes: [.location]), reactions: [
        .launch: [.set([.allowsBackgroundLocationUpdates(true), .pausesLocationUpdatesAutomatically(false)]), .startUpdates, .startSignificantChanges],
    ])
    private let held = SimHold(kind: .locationUpdates, spendsBudget: false, isAssertion: false)

    private func run(_ profile: SimProfile, seconds: Int = 2_000, events: [SimScenarioEvent] = []) -> SimulationResult {
        KeepAliveSimulation(configuration(drive(seconds: seconds), profile: profile,
                                          timeline: [SimScenarioEvent(at: 60, .enterBackground)] + events),
                            app: ScriptedApp(script: tracker)).run()
    }

    private func killedAt(_ result: SimulationResult) -> [At] {
        log(result, [.appState]).filter { if case .stateChange(_, .terminated, _) = $0.detail { true } else { false } }
    }

    // MARK: location.maxSessionSeconds

    /// Off: the session holds the app to the end of the 2,000-s trip.
    @Test func byDefaultNoSessionEnds() {
        let result = run(exact(.iOS17))
        #expect(result.summary.verdict == .keptAlive)
    }

    /// 600 s: the background session from 60 ends at 660 (updates stop, untold); the app gets a
    /// fresh budget and, with nothing holding it, is suspended after the 5-s grace, at 665.
    @Test func aSessionLimitEndsTheBackgroundSessionAfterThatLong() {
        var profile = exact(.iOS17)
        profile.maxSessionSeconds = 600
        let result = run(profile)
        #expect(log(result, [.locationStop]) == [At(660, .locationStop(.standardUpdates, cause: .sessionTimeLimit(seconds: 600)))])
        #expect(log(result, [.keepAliveEnd]).map(\.time) == [660])
        #expect(result.summary.suspendedAt == 665)
    }

    // MARK: resources.heldAppJetsamPerHour

    /// One an hour, seed 0: the first moment of pressure comes an exponential wait after the app
    /// leaves the screen (60): −ln(1 − u) / rate hours, u the generator's first draw from the
    /// seed mixed with the mechanism's constant. The app, held by location then, is killed there.
    @Test func aHeldAppIsKilledAtTheFirstMomentOfPressure() throws {
        var profile = exact(.iOS17)
        profile.resources.heldAppJetsamPerHour = 1
        var random = SeededRandom(seed: 0 ^ 0x4A65_7473_616D_4841)
        let expected = 60 + -log(1 - random.unit()) / 1 * 3_600
        let result = run(profile, seconds: Int(expected) + 100)
        let kill = try #require(killedAt(result).first)
        #expect(abs(kill.time - expected) < 1e-6)
        #expect(kill.detail == .stateChange(from: .background, to: .terminated, cause: .resources(.memoryPressureWhileHeld(.locationUpdates))))
        #expect(result.summary.exitCategory == .memoryPressureExit)
        // The same seed gives the same run.
        #expect(killedAt(run(profile, seconds: Int(expected) + 100)).first == kill)
    }

    /// The pressure reaches only a location-held app: one held by audio is never killed, at
    /// 3,600 an hour (a moment a second on average) over 1,000 s.
    @Test func anAppHeldByAudioIsNotReached() {
        var profile = exact(.iOS17)
        profile.resources.heldAppJetsamPerHour = 3_600
        let player = AppScript(reactions: [.launch: [.audio(.activateSession), .audio(.play(silent: false))]])
        let result = KeepAliveSimulation(configuration(drive(seconds: 1_000), profile: profile,
                                                       timeline: [SimScenarioEvent(at: 60, .enterBackground)],
                                                       capabilities: SimCapabilities(backgroundModes: [.audio])),
                                         app: ScriptedApp(script: player)).run()
        #expect(result.summary.verdict == .keptAlive)
    }

    // MARK: memory-pressure level extreme

    /// Extreme pressure at 100 kills the location-held app (critical keeps it: ResourceLimitTests);
    /// as a system kill it does not block the relaunch: the significant change at 300 (first fix
    /// at 0; 500 m and 300 s, checked each minute) relaunches it.
    @Test func extremePressureReachesALocationHeldAppWhichASignificantChangeRelaunches() {
        let result = run(exact(.iOS17), seconds: 400, events: [SimScenarioEvent(at: 100, .resources(.extremeMemoryPressure))])
        #expect(killedAt(result) == [state(100, .background, .terminated, .resources(.memoryPressureWhileHeld(held.kind)))])
        #expect(result.summary.exitCategory == .memoryPressureExit)
        #expect(log(result, [.appLaunch]).map(\.time) == [0, 300])
    }
}
