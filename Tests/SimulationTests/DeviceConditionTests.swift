import Testing
import TestSupport
@testable import Scripting
@testable import Simulation

/// An app that starts monitoring a region in its first process and logs what it hears.
@MainActor
private final class RegionApp: SimAppDelegate, SimLocationManagerDelegate {
    let region: SimCircularRegion
    private var application: SimApplication?
    private var manager: SimLocationManager?

    init(_ region: SimCircularRegion) { self.region = region }

    func applicationDidFinishLaunching(_ application: SimApplication, inBackground: Bool) {
        self.application = application
        let manager = application.makeLocationManager()
        manager.delegate = self
        self.manager = manager
        if application.process == 1 { manager.startMonitoring(for: region) }
    }

    func locationManager(_ manager: SimLocationManager, didExitRegion region: SimCircularRegion) {
        application?.log("exit \(region.identifier)")
    }
}

/// §15 device conditions: exact times from the rules.
@MainActor @Suite struct DeviceConditionTests {
    /// East at 10 m/s; a 100-m region around the start is left at 291 (crossed, 200 m beyond
    /// and 20 s there, then the report delay, made a constant 240 s here: RegionMonitoringTests).
    private let trip = drive(seconds: 1_000)
    private var home: SimCircularRegion {
        SimCircularRegion(center: trip.position(at: 0.5)!.coordinate, radius: 100, identifier: "home")
    }

    private func runRegionApp(_ timeline: [SimScenarioEvent], profile: SimProfile = .iOS17) -> SimulationResult {
        KeepAliveSimulation(configuration(trip, reportDelay: 240, profile: profile, timeline: timeline), app: RegionApp(home)).run()
    }

    /// The test: left at 100 (suspended at 105), restarted at 200 (the app ends, the
    /// device starts locked), unlocked at 400. The exit at 291 comes before the first unlock:
    /// nothing launches then; at the first unlock the region relaunches the app (process 2).
    @Test func aRestartMidTripRelaunchesARegionAppAfterTheFirstUnlock() {
        let result = runRegionApp([SimScenarioEvent(at: 100, .enterBackground), SimScenarioEvent(at: 200, .device(.restart)),
                                   SimScenarioEvent(at: 400, .unlock)])
        #expect(log(result, [.appLaunch]) == [
            At(0, .launch(process: 1, inBackground: false, cause: .tripStarts)),
            At(400, .launch(process: 2, inBackground: true, cause: .systemLaunch(.regions(.exit)))),
        ])
        #expect(log(result, [.appState]).filter { $0.time == 200 } == [state(200, .suspended, .terminated, .device(.deviceRestart))])
        #expect(heard(result) == ["400 p2 exit home"])
        #expect(log(result, [.scenario]) == [
            At(200, .scenario(.device(.restarted(osUpdate: false)))),
            At(400, .scenario(.device(.firstUnlock))),
        ])
        #expect(result.summary.exitCategory == nil)  // MetricKit counts no app exit for a restart [model]
    }

    /// Never unlocked after the restart: the exit is held, and nothing relaunches the app.
    @Test func beforeTheFirstUnlockNothingRelaunches() {
        let result = runRegionApp([SimScenarioEvent(at: 100, .enterBackground), SimScenarioEvent(at: 200, .device(.osUpdate))])
        #expect(log(result, [.appLaunch]).count == 1)
        #expect(heard(result) == [])
    }

    /// A restart clears the force-quit state: on an iOS whose regions do not relaunch a
    /// force-quit app, the exit at 291 relaunches it after a restart at 200 and unlock at 250.
    @Test(arguments: [true, false])
    func aRestartClearsTheForceQuit(restarts: Bool) {
        var profile = SimProfile.iOS17
        profile.regions.relaunchAfterForceQuit = false
        var timeline = [SimScenarioEvent(at: 100, .enterBackground), SimScenarioEvent(at: 150, .forceQuit)]
        if restarts { timeline += [SimScenarioEvent(at: 200, .device(.restart)), SimScenarioEvent(at: 250, .unlock)] }
        let result = runRegionApp(timeline, profile: profile)
        #expect(heard(result) == (restarts ? ["291 p2 exit home"] : []))
    }

    /// App update at 200 while suspended: terminated by the system (not a force quit). From
    /// iOS 15 (`relaunchesAfterAppUpdate` by era) the exit at 291 does not relaunch the app;
    /// on iOS 14 it does. Opening the app ends the state.
    @Test(arguments: [(SimProfile.iOS17, false), (SimProfile.iOS14, true)])
    func anUpdatedAppIsRelaunchedOnlyOnErasThatSaySo(profile: SimProfile, relaunches: Bool) {
        let result = runRegionApp([SimScenarioEvent(at: 100, .enterBackground), SimScenarioEvent(at: 200, .device(.appUpdate))], profile: profile)
        #expect(log(result, [.appState]).filter { $0.time == 200 } == [state(200, .suspended, .terminated, .device(.appUpdate))])
        #expect(heard(result) == (relaunches ? ["291 p2 exit home"] : []))
        #expect(log(result, [.regions(.lost)]) == (relaunches ? [] : [
            At(291, .regions(.lost(home.record, entered: false, crossedAt: 11, qualifiedAt: 51, cause: .device(.appUpdatedNotOpened)))),
        ]))
    }

    // MARK: BGTasks and fetch

    private static let id = "com.example.refresh"
    private let refresh = SimBGTaskRecord(identifier: id, kind: .appRefresh)

    private var profile: SimProfile {
        var profile = SimProfile.iOS17
        profile.bgTasks.launchDelay = 100...100
        profile.bgTasks.refresh = .fixed(seconds: 100)
        return profile
    }

    /// Registers at launch, submits a refresh (earliest 60 s) on leaving, completes it at once.
    private var script: AppScript {
        var info = SimCapabilities(backgroundModes: [.fetch], whenInUseUsageDescription: nil, alwaysAndWhenInUseUsageDescription: nil)
        info.permittedBackgroundTaskIdentifiers = [Self.id]
        return AppScript(info: info, reactions: [
            .launch: [.bgTasks(.registerTask(id: Self.id, onExpiry: []))],
            .background: [.bgTasks(.submitRefresh(id: Self.id, earliest: 60))],
            .bgTask: [.log("refresh"), .bgTasks(.completeTask(success: true))],
        ])
    }

    private func runRefresh(_ timeline: [SimScenarioEvent], device: SimDevice = SimDevice()) -> SimulationResult {
        var config = configuration(drive(seconds: 600, speed: 0), profile: profile, timeline: [SimScenarioEvent(at: 10, .enterBackground)] + timeline,
                                   capabilities: script.info)
        config.device = device
        return KeepAliveSimulation(config, app: ScriptedApp(script: script)).run()
    }

    private let taskKinds: Set<SimEvent.Kind> = [.bgTasks(.submit), .bgTasks(.submitFailed), .bgTasks(.deferred), .bgTasks(.launch)]

    /// Submitted at 10, due at 170. Low Power Mode from 100 to 300 (or the device-wide switch
    /// off, or a serious/critical thermal state): deferred at 170 for that reason, launched
    /// when it ends, at 300. A fair state defers nothing: launched at 170.
    @Test(arguments: [
        (SimDeviceAction.setLowPowerMode(true), SimDeviceAction.setLowPowerMode(false), SimBGTaskDeferral?.some(.lowPowerMode)),
        (.setBackgroundAppRefresh(enabled: false), .setBackgroundAppRefresh(enabled: true), .backgroundAppRefreshOff),
        (.setThermalState(.serious), .setThermalState(.nominal), .thermalState),
        (.setThermalState(.critical), .setThermalState(.fair), .thermalState),
        (.setThermalState(.fair), .setThermalState(.nominal), nil),
    ])
    func aConditionDefersARefreshUntilItEnds(on: SimDeviceAction, off: SimDeviceAction, deferral: SimBGTaskDeferral?) {
        let result = runRefresh([SimScenarioEvent(at: 100, .device(on)), SimScenarioEvent(at: 300, .device(off))])
        let submit = At(10, .bgTasks(.submit(refresh, earliest: 70, launchAt: 170, replaced: false)))
        #expect(log(result, taskKinds) == (deferral.map { [
            submit, At(170, .bgTasks(.deferred(refresh, $0))), At(300, .bgTasks(.launch(refresh, seconds: 30, forced: false))),
        ] } ?? [submit, At(170, .bgTasks(.launch(refresh, seconds: 30, forced: false)))]))
        #expect(heard(result) == [deferral == nil ? "170 p1 refresh" : "300 p1 refresh"])
    }

    /// A whole run in Low Power Mode: the submit fails as with Background App Refresh off.
    @Test func inLowPowerModeSubmitFailsAsWithTheSwitchOff() {
        var device = SimDevice()
        device.lowPowerMode = true
        let result = runRefresh([], device: device)
        #expect(log(result, taskKinds) == [At(10, .bgTasks(.submitFailed(refresh, .unavailable)))])
        #expect(heard(result) == [])
    }

    /// Background fetch is Background App Refresh: dropped in Low Power Mode, delivered after.
    @Test func lowPowerModeDropsBackgroundFetch() {
        let timeline = [SimScenarioEvent(at: 100, .device(.setLowPowerMode(true))), SimScenarioEvent(at: 200, .pushes(.arrive(.fetch))),
                        SimScenarioEvent(at: 300, .device(.setLowPowerMode(false))), SimScenarioEvent(at: 400, .pushes(.arrive(.fetch)))]
        let result = runRefresh(timeline)
        #expect(log(result, [.pushes(.push)]).map(\.time) == [200, 400])
        #expect(log(result, [.pushes(.push)]).first == At(200, .pushes(.dropped(.fetch, .backgroundAppRefreshOff))))
        #expect(log(result, [.pushes(.push)]).dropFirst().first == At(400, .pushes(.delivered(.fetch))))
    }

    // MARK: Battery

    /// 30 % draining 10 % an hour: at 20 %, after 3,600 s, iOS offers Low Power Mode; the user
    /// accepts by default, declines when the profile says so. Accepting is the user's tap: with
    /// the app on screen, Low Power Mode's auto-lock comes 30 s later, at 3,630 (§15).
    @Test(arguments: [true, false])
    func theBatteryOffersLowPowerModeAtTwentyPercent(accepts: Bool) {
        var profile = SimProfile.iOS17
        profile.device.acceptsLowPowerModeOffer = accepts
        var config = configuration(drive(seconds: 4_000, speed: 0), profile: profile)
        config.device.batteryLevel = 0.3
        config.device.batteryDrainPerHour = 0.1
        let simulation = KeepAliveSimulation(config, app: ScriptedApp(script: script))
        let result = simulation.run()
        #expect(log(result, [.scenario]) == [At(3_600, .scenario(.device(.lowPowerModeOffered(level: 0.2, accepted: accepts))))]
            + (accepts ? [At(3_600, .scenario(.device(.lowPowerMode(true)))), At(3_630, .scenario(.device(.autoLocked(afterSeconds: 30))))] : []))
        #expect(simulation.system.device.lowPowerMode == accepts)
    }

    /// Charging stops the drain and raises the level at 1 % a minute (issue 31; it held the level
    /// before): plugged in at 1,800 (25 %), unplugged at 3,600 (25 + 30 = 55 %), the battery drains
    /// the 35 points to 20 % in 3.5 h, so the offer comes at 3,600 + 12,600 = 16,200.
    @Test func chargingStopsTheDrainAndRaisesTheLevel() throws {
        let timeline = [SimScenarioEvent(at: 1_800, .device(.setCharging(true))), SimScenarioEvent(at: 3_600, .device(.setCharging(false)))]
        var config = configuration(drive(seconds: 17_000, speed: 0), timeline: timeline)
        config.device.batteryLevel = 0.3
        config.device.batteryDrainPerHour = 0.1
        let result = KeepAliveSimulation(config, app: ScriptedApp(script: script)).run()
        let offers = log(result, [.scenario]).filter { if case .scenario(.device(.lowPowerModeOffered)) = $0.detail { true } else { false } }
        #expect(offers.count == 1)
        #expect(abs(try #require(offers.first).time - 16_200) < 1e-6)
    }

    /// A level set at or under 20 % from above offers at once; the battery event sets the drain.
    @Test func aBatteryEventUnderTheOfferLevelOffersAtOnce() {
        let result = runRefresh([SimScenarioEvent(at: 100, .device(.setBattery(level: 0.15, drainPerHour: nil)))])
        #expect(log(result, [.scenario]) == [
            At(100, .scenario(.device(.battery(level: 0.15)))),
            At(100, .scenario(.device(.lowPowerModeOffered(level: 0.15, accepted: true)))),
            At(100, .scenario(.device(.lowPowerMode(true)))),
            At(130, .scenario(.device(.autoLocked(afterSeconds: 30)))),  // the accepting tap + 30 s (§15)
        ])
    }
}
