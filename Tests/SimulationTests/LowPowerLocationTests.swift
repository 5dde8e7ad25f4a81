import Testing
import TestSupport
@testable import Scripting
@testable import Simulation

/// §15: what Low Power Mode does to background standard updates (``SimProfile/lowPowerModeLocation``),
/// with exact times. A 1 Hz tracker, Always, background updates on, auto-pause off; it leaves the
/// screen at 10 s.
@MainActor @Suite struct LowPowerLocationTests {
    private let trip = drive(seconds: 300)

    private func tracker(restartsWhenLowPowerModeEnds: Bool = false) -> AppScript {
        var script = AppScript(
            info: SimCapabilities(backgroundModes: [.location]),
            reactions: [.launch: [.set([.allowsBackgroundLocationUpdates(true), .pausesLocationUpdatesAutomatically(false)]), .startUpdates],
                        .powerState: [.when(.lowPowerMode, actions: [.log("low power on")], otherwise: [.log("low power off")])]])
        if restartsWhenLowPowerModeEnds { script = script.applying(.restartUpdatesWhenLowPowerModeEnds) }
        return script
    }

    private func run(_ timeline: [SimScenarioEvent], effect: SimLowPowerLocationEffect = .stopsUntilRestarted,
                     device: SimDevice = SimDevice(), script: AppScript? = nil) -> SimulationResult {
        var profile = SimProfile.iOS17
        profile.lowPowerModeLocation = effect
        let app = script ?? tracker()
        var config = configuration(trip, profile: profile, timeline: [SimScenarioEvent(at: 10, .enterBackground)] + timeline, capabilities: app.info)
        config.device = device
        return KeepAliveSimulation(config, app: ScriptedApp(script: app)).run()
    }

    private let stopped = SimEventDetail.locationStop(.standardUpdates, cause: .device(.lowPowerMode))
    private let started = SimEventDetail.locationStart(.standardUpdates, accuracy: .best, distanceFilter: nil)

    /// On at 100, off at 200: the last fix at 99; nothing after, though Low Power Mode ended; the
    /// app, still held by its session, hears both changes.
    @Test func deliveriesStopAndDoNotComeBackByThemselves() {
        let result = run([SimScenarioEvent(at: 100, .device(.setLowPowerMode(true))), SimScenarioEvent(at: 200, .device(.setLowPowerMode(false)))])
        #expect(log(result, [.locationStart, .locationStop]) == [At(0, started), At(100, stopped)])
        #expect(deliveredTimes(result).last == 99)
        #expect(deliveredTimes(result).count == 100)  // 0…99
        #expect(heard(result) == ["100 p1 low power on", "200 p1 low power off"])
        #expect(result.summary.verdict == .keptAlive)
    }

    /// The fix `--explain` offers: starting updates again when Low Power Mode ends brings the
    /// fixes back at 200.
    @Test func restartingWhenLowPowerModeEndsBringsTheFixesBack() {
        let result = run([SimScenarioEvent(at: 100, .device(.setLowPowerMode(true))), SimScenarioEvent(at: 200, .device(.setLowPowerMode(false)))],
                         script: tracker(restartsWhenLowPowerModeEnds: true))
        #expect(log(result, [.locationStart, .locationStop]) == [At(0, started), At(100, stopped), At(200, started)])
        let times = deliveredTimes(result)
        #expect(times.filter { $0 >= 99 && $0 <= 201 } == [99, 200, 201])
    }

    /// `stops-while-on`: the fixes come back at 200 by themselves, logged as resumed.
    @Test func stopsWhileOnResumesWhenItEnds() {
        let result = run([SimScenarioEvent(at: 100, .device(.setLowPowerMode(true))), SimScenarioEvent(at: 200, .device(.setLowPowerMode(false)))],
                         effect: .stopsWhileOn)
        #expect(log(result, [.locationStart, .locationStop]) == [
            At(0, started), At(100, stopped),
            At(200, .locationStart(.standardUpdates, accuracy: .best, distanceFilter: nil, resumedAfter: .device(.lowPowerMode))),
        ])
        #expect(deliveredTimes(result).filter { $0 >= 99 && $0 <= 201 } == [99, 200, 201])
    }

    /// `unaffected`: a fix every second all trip.
    @Test func unaffectedChangesNothing() {
        let result = run([SimScenarioEvent(at: 100, .device(.setLowPowerMode(true)))], effect: .unaffected)
        #expect(log(result, [.locationStop]) == [])
        #expect(deliveredTimes(result).count == 301)  // 0…300
    }

    /// On screen nothing stops: Low Power Mode from the start stops the updates only when the
    /// app leaves the screen at 10.
    @Test func onScreenDeliveriesGoOnUntilTheAppLeaves() {
        var device = SimDevice()
        device.lowPowerMode = true
        let result = run([], device: device)
        #expect(log(result, [.locationStart, .locationStop]) == [At(0, started), At(10, stopped)])
        #expect(deliveredTimes(result).last == 9)
    }

    /// Started in the background under Low Power Mode (at 20, in a background task): stopped at
    /// the same instant.
    @Test func aStartInTheBackgroundUnderLowPowerModeStopsAtOnce() {
        var device = SimDevice()
        device.lowPowerMode = true
        let script = AppScript(info: SimCapabilities(backgroundModes: [.location]), reactions: [
            .launch: [.set([.allowsBackgroundLocationUpdates(true), .pausesLocationUpdatesAutomatically(false)]), .beginTask(name: nil, variable: nil, onExpiry: []),
                      .after(seconds: 20, actions: [.startUpdates])],
        ])
        let result = run([], device: device, script: script)
        #expect(log(result, [.locationStart, .locationStop]) == [At(20, started), At(20, stopped)])
        #expect(deliveredTimes(result) == [])
    }

    /// A suspended app is not woken to hear Low Power Mode change (§9): it hears it only when it
    /// next runs, which here it never does (LateNotificationTests has the late delivery).
    @Test func aSuspendedAppIsNotWokenForThePowerState() {
        let script = AppScript(info: SimCapabilities(backgroundModes: []), reactions: [
            .powerState: [.log("heard")],
        ])
        let result = run([SimScenarioEvent(at: 100, .device(.setLowPowerMode(true)))], script: script)
        #expect(heard(result) == [])
    }
}
