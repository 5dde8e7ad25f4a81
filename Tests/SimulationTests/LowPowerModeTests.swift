import Testing
import TestSupport
@testable import Scripting
@testable import Simulation

/// An app that may disable the idle timer at launch, and logs the pushes it gets.
@MainActor
private final class ScreenApp: SimAppDelegate {
    let disablesIdleTimer: Bool
    init(disablesIdleTimer: Bool = false) { self.disablesIdleTimer = disablesIdleTimer }

    func applicationDidFinishLaunching(_ application: SimApplication, inBackground: Bool) {
        if disablesIdleTimer { application.isIdleTimerDisabled = true }
    }

    func application(_ application: SimApplication, didReceive push: SimPushKind, completion: SimBackgroundCompletion) {
        application.log("push \(push)")
        if push == .voip { application.reportNewIncomingCall() }
        completion(.noData)
    }
}

/// §15 Low Power Mode: the 30-s auto-lock, its end at 80 % while charging, silent pushes that
/// wait for it, and location left alone by default.
@MainActor @Suite struct LowPowerModeTests {
    private func run(_ timeline: [SimScenarioEvent], lowPower: Bool = true, disablesIdleTimer: Bool = false,
                     device: (inout SimDevice) -> Void = { _ in }, seconds: Int = 600) -> SimulationResult {
        var config = configuration(drive(seconds: seconds, speed: 0), timeline: timeline,
                                   capabilities: SimCapabilities(backgroundModes: [.remoteNotification, .voip]))
        config.device.lowPowerMode = lowPower
        device(&config.device)
        return KeepAliveSimulation(config, app: ScreenApp(disablesIdleTimer: disablesIdleTimer)).run()
    }

    private func locks(_ result: SimulationResult) -> [Double] { log(result, [.deviceLock]).map(\.time) }

    // MARK: Auto-lock: 30 s after the user's last interaction

    /// The app comes on screen at 0: locked at 30 (the app leaves the screen, locked). The user
    /// unlocks at 100 (the app comes back), leaves it at 110: locked again at 140.
    @Test func theDeviceLocksThirtySecondsAfterTheLastInteraction() {
        let result = run([SimScenarioEvent(at: 100, .unlock), SimScenarioEvent(at: 110, .enterBackground)])
        #expect(locks(result) == [30, 140])
        #expect(log(result, [.appState]).prefix(4) == [
            state(0, .notRunning, .inactive, .launching), state(0, .inactive, .active, .launched),
            state(30, .active, .inactive, .deviceLocked), state(30, .inactive, .background, .deviceLocked),
        ])
        #expect(log(result, [.scenario]).filter { if case .scenario(.device(.autoLocked)) = $0.detail { true } else { false } }
            == [At(30, .scenario(.device(.autoLocked(afterSeconds: 30)))), At(140, .scenario(.device(.autoLocked(afterSeconds: 30))))])
    }

    /// A scripted user action restarts the count: Low Power Mode turned on at 50 (the user's
    /// action) with the app on screen since 0 locks at 80, not at 30.
    @Test func turningLowPowerModeOnIsAnInteraction() {
        let result = run([SimScenarioEvent(at: 50, .device(.setLowPowerMode(true)))], lowPower: false)
        #expect(locks(result) == [80])
    }

    /// The app on screen disables the idle timer: no auto-lock while it stays there; the user
    /// leaves it at 200, and the device locks at 230.
    @Test func anAppThatDisablesTheIdleTimerKeepsTheScreenOnWhileItIsOnScreen() {
        let result = run([SimScenarioEvent(at: 200, .enterBackground)], disablesIdleTimer: true)
        #expect(locks(result) == [230])
    }

    /// Without Low Power Mode nothing locks the device by itself (the Auto-Lock setting is not modelled).
    @Test func withoutLowPowerModeNothingLocks() {
        #expect(locks(run([], lowPower: false)) == [])
    }

    /// Low Power Mode ends at 120 (before the 30 s since the user left the app at 100): no lock.
    @Test func endingLowPowerModeCancelsTheAutoLock() {
        let result = run([SimScenarioEvent(at: 10, .enterBackground), SimScenarioEvent(at: 20, .device(.setLowPowerMode(false)))])
        #expect(locks(result) == [])
    }

    // MARK: The end at 80 % while charging

    private func lowPowerEnds(_ result: SimulationResult) -> [At] {
        log(result, [.scenario]).filter {
            switch $0.detail {
            case .scenario(.device(.lowPowerModeEndedByCharging)), .scenario(.device(.lowPowerMode(false))): true
            default: false
            }
        }
    }

    /// At 50 %, plugged in at 600 at the default 1 % a minute: 30 points take 30 min, so Low
    /// Power Mode ends at 600 + 1,800 = 2,400, logged as the charge's end and then as "off".
    @Test func chargingEndsLowPowerModeWhenTheBatteryReachesEightyPercent() {
        let result = run([SimScenarioEvent(at: 600, .device(.setCharging(true)))], device: { $0.batteryLevel = 0.5 }, seconds: 3_000)
        #expect(lowPowerEnds(result) == [
            At(2_400, .scenario(.device(.lowPowerModeEndedByCharging(level: 0.8)))), At(2_400, .scenario(.device(.lowPowerMode(false)))),
        ])
    }

    /// A faster charger, 2 % a minute (1.2 an hour), from 50 %: 15 min, so at 600 + 900 = 1,500.
    @Test func theChargeRateDecidesTheEnd() {
        let result = run([SimScenarioEvent(at: 600, .device(.setCharging(true, chargePerHour: 1.2)))],
                         device: { $0.batteryLevel = 0.5 }, seconds: 3_000)
        #expect(lowPowerEnds(result).map(\.time) == [1_500, 1_500])
    }

    /// Unplugged at 1,200 (at 60 %): the level holds there, nothing ends Low Power Mode.
    @Test func unpluggingBeforeEightyPercentKeepsLowPowerMode() {
        let result = run([SimScenarioEvent(at: 600, .device(.setCharging(true))), SimScenarioEvent(at: 1_200, .device(.setCharging(false)))],
                         device: { $0.batteryLevel = 0.5 }, seconds: 3_000)
        #expect(lowPowerEnds(result) == [])
    }

    /// Charging raises the level at the rate, up to full: 50 % plus an hour at 1 % a minute is
    /// full (not 110 %), and half an hour is 80 %.
    @Test func chargingRaisesTheLevelUpToFull() {
        var device = SimDevice()
        device.batteryLevel = 0.5
        device.charging = true
        #expect(device.batteryLevel(at: 3_600) == 1)
        #expect(abs(device.batteryLevel(at: 1_800) - 0.8) < 1e-12)
    }

    // MARK: Silent pushes wait; VoIP pushes do not

    /// Low Power Mode from the start; the app leaves at 10 (suspended at 15). Silent pushes at
    /// 100 and 200 wait (the second replaces the first); a VoIP push at 250 is delivered at
    /// once; Low Power Mode ends at 300 and the waiting silent push is delivered then.
    @Test func silentPushesWaitForLowPowerModeToEnd() {
        let result = run([
            SimScenarioEvent(at: 10, .enterBackground), SimScenarioEvent(at: 100, .pushes(.arrive(.silent))),
            SimScenarioEvent(at: 200, .pushes(.arrive(.silent))), SimScenarioEvent(at: 250, .pushes(.arrive(.voip))),
            SimScenarioEvent(at: 300, .device(.setLowPowerMode(false))),
        ])
        #expect(log(result, [.pushes(.push)]).filter { if case .pushes(.completed) = $0.detail { false } else { true } } == [
            At(100, .pushes(.waitsForLowPowerMode(.silent))),
            At(200, .pushes(.dropped(.silent, .replacedByNewer))), At(200, .pushes(.waitsForLowPowerMode(.silent))),
            At(250, .pushes(.delivered(.voip))), At(250, .pushes(.callReported)),
            At(300, .pushes(.delivered(.silent))),
        ])
        #expect(heard(result) == ["250 p1 push voip", "300 p1 push silent"])
    }
}
