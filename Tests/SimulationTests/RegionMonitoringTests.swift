import Foundation
import Scripting
import Geodesy
import Testing
import TestSupport
@testable import Simulation

/// An app that, in its first process, sets up regions or visits, and in every process makes a
/// manager and logs what its delegate hears (with the process the log line belongs to).
@MainActor
private final class GeofenceApp: SimAppDelegate, SimLocationManagerDelegate {
    let setup: @MainActor (SimLocationManager) -> Void
    private var application: SimApplication?
    private(set) var manager: SimLocationManager?

    init(_ setup: @escaping @MainActor (SimLocationManager) -> Void) {
        self.setup = setup
    }

    func applicationDidFinishLaunching(_ application: SimApplication, inBackground: Bool) {
        self.application = application
        let manager = application.makeLocationManager()
        manager.delegate = self
        self.manager = manager
        if application.process == 1 { setup(manager) }
    }

    func locationManager(_ manager: SimLocationManager, didEnterRegion region: SimCircularRegion) {
        application?.log("enter \(region.identifier)")
    }

    func locationManager(_ manager: SimLocationManager, didExitRegion region: SimCircularRegion) {
        application?.log("exit \(region.identifier)")
    }

    func locationManager(_ manager: SimLocationManager, monitoringDidFailFor region: SimCircularRegion?, withError error: SimLocationError) {
        application?.log("fail \(region?.identifier ?? "-") \(error)")
    }

    func locationManager(_ manager: SimLocationManager, didVisit visit: SimVisit) {
        application?.log("visit \(visit.arrival?.seconds ?? -1) \(visit.departure?.seconds ?? -1)")
    }
}



/// A region of `radius` metres around where the trip is at `seconds`.
private func region(_ trip: Trajectory, at seconds: Double, radius: Double, _ id: String) -> SimCircularRegion {
    SimCircularRegion(center: trip.position(at: seconds)!.coordinate, radius: radius, identifier: id)
}

@MainActor @Suite struct RegionMonitoringTests {
    /// East at 10 m/s (on the WGS-84 ellipsoid at 47° N, `drive`'s degrees make it 10.018 m/s).
    private let trip = drive(seconds: 1_000)

    /// §11 rule: an event is reported after the device crosses the boundary, moves 200 m beyond
    /// it and stays 20 s, then the report delay (drawn per event, made a constant 240 s in this
    /// suite so the wake tests below keep their times; RegionEventTimingTests tests the draw). A 500-m region centred on the trip at 300.5 s:
    /// entry — the boundary at |t − 300.5| · 10.018 ≤ 500, first at 251; 200 m inside
    /// (≤ 300 m from the centre) first at 271; 20 s there: 291; reported 291 + 240 = 531.
    /// Exit — outside first at 351, 700 m out first at 371, counted at 391, reported at 631.
    @Test func crossingsAreReportedAfterTheThresholdAndTheLatency() {
        let cafe = region(trip, at: 300.5, radius: 500, "cafe")
        let app = GeofenceApp { $0.startMonitoring(for: cafe) }
        let result = KeepAliveSimulation(configuration(trip, reportDelay: 240), app: app).run()
        #expect(log(result, [.regions(.start), .regions(.enter), .regions(.exit)]) == [
            At(0, .regions(.start(cafe.record))),
            At(531, .regions(.crossing(cafe.record, entered: true, crossedAt: 251, qualifiedAt: 291))),
            At(631, .regions(.crossing(cafe.record, entered: false, crossedAt: 351, qualifiedAt: 391))),
        ])
        #expect(heard(result) == ["531 p1 enter cafe", "631 p1 exit cafe"])
    }

    /// The delay and thresholds are profile parameters: none and 0 s of dwell report the
    /// entry when the device is first 200 m inside (271) and the exit when first 700 m out (371).
    @Test func theRulesAreProfileParameters() {
        var profile = SimProfile.iOS17
        profile.regions.crossingDwell = 0
        let cafe = region(trip, at: 300.5, radius: 500, "cafe")
        let result = KeepAliveSimulation(configuration(trip, reportDelay: 0, profile: profile), app: GeofenceApp { $0.startMonitoring(for: cafe) }).run()
        #expect(heard(result) == ["271 p1 enter cafe", "371 p1 exit cafe"])
    }

    /// At most 20 regions per app: the 21st fails with regionMonitoringFailure (on the next turn
    /// of the run loop, at 0); a region with a monitored identifier replaces it and does not fail.
    @Test func theTwentyFirstRegionFails() {
        var manager: SimLocationManager?
        let app = GeofenceApp { manager in
            for index in 1...21 { manager.startMonitoring(for: region(trip, at: Double(index), radius: 100, "r\(index)")) }
            manager.startMonitoring(for: region(trip, at: 50, radius: 300, "r1"))
        }
        let simulation = KeepAliveSimulation(configuration(trip, reportDelay: 240), app: app)
        simulation.run(untilSeconds: 1)
        manager = app.manager
        #expect(manager?.monitoredRegions.count == 20)
        #expect(manager?.monitoredRegions.first { $0.identifier == "r1" }?.radius == 300)
        let result = simulation.run()
        #expect(log(result, [.regions(.failure)]) == [At(0, .regions(.failure(region(trip, at: 21, radius: 100, "r21").record, .regionMonitoringFailure)))])
        #expect(heard(result).first == "0 p1 fail r21 regionMonitoringFailure")
    }

    /// A region of 100 m around the start (the trip at 0.5 s): outside first at 11, 300 m out at
    /// 31, counted at 51, reported at 291.
    private func home() -> SimCircularRegion { region(trip, at: 0.5, radius: 100, "home") }

    /// Suspended at 105 (the 5-s grace after leaving at 100): the exit at 291 wakes the app for
    /// 10 s (§9 "around 10 s"); it hears the event and is suspended again when the 10 s run out, at 301.
    @Test func aSuspendedAppIsWokenForTenSeconds() {
        let home = home()
        let result = KeepAliveSimulation(configuration(trip, reportDelay: 240, timeline: [SimScenarioEvent(at: 100, .enterBackground)]),
                                         app: GeofenceApp { $0.startMonitoring(for: home) }).run()
        #expect(log(result, [.appState]).suffix(3) == [
            state(105, .background, .suspended, .nothingHoldsApp),
            state(291, .suspended, .background, .systemWake(.regions(.exit))),
            state(301, .background, .suspended, .backgroundTimeExpired(budget: 10)),
        ])
        #expect(heard(result) == ["291 p1 exit home"])
    }

    /// Purged at 200 while suspended: a system kill, not a force quit. The exit at 291 relaunches
    /// the app in the background (process 2); the region outlived process 1, and the event
    /// reaches the manager process 2 made at launch. The 10-s run ends in a suspension at 301.
    @Test func aRelaunchAfterAPurgeDeliversTheEventToTheNewProcess() {
        let home = home()
        let timeline = [SimScenarioEvent(at: 100, .enterBackground), SimScenarioEvent(at: 200, .memoryPressure)]
        let simulation = KeepAliveSimulation(configuration(trip, reportDelay: 240, timeline: timeline), app: GeofenceApp { $0.startMonitoring(for: home) })
        let result = simulation.run()
        #expect(log(result, [.appLaunch]) == [
            At(0, .launch(process: 1, inBackground: false, cause: .tripStarts)),
            At(291, .launch(process: 2, inBackground: true, cause: .systemLaunch(.regions(.exit)))),
        ])
        #expect(heard(result) == ["291 p2 exit home"])
        #expect(log(result, [.appState]).last == state(301, .background, .suspended, .backgroundTimeExpired(budget: 10)))
        #expect(simulation.system.mechanism(RegionMonitoring.self)?.regions == [home])
    }

    /// §9: after a force quit regions still relaunch the app (iOS 7.1+); with the iOS 7.0
    /// behaviour (`regions.relaunchAfterForceQuit = false`) the event is lost.
    @Test(arguments: [true, false])
    func forceQuitStillRelaunchesForRegionsFromIOS71(relaunches: Bool) {
        var profile = SimProfile.iOS17
        profile.regions.relaunchAfterForceQuit = relaunches
        let home = home()
        let timeline = [SimScenarioEvent(at: 100, .enterBackground), SimScenarioEvent(at: 200, .forceQuit)]
        let result = KeepAliveSimulation(configuration(trip, reportDelay: 240, profile: profile, timeline: timeline),
                                         app: GeofenceApp { $0.startMonitoring(for: home) }).run()
        #expect(heard(result) == (relaunches ? ["291 p2 exit home"] : []))
        #expect(log(result, [.appLaunch]).count == (relaunches ? 2 : 1))
    }

    /// Relaunching needs Always: a When In Use app that is not running loses the event.
    @Test func aWhenInUseAppIsNotRelaunched() {
        let home = home()
        let timeline = [SimScenarioEvent(at: 100, .enterBackground), SimScenarioEvent(at: 200, .memoryPressure)]
        let result = KeepAliveSimulation(configuration(trip, reportDelay: 240, authorization: .authorizedWhenInUse, timeline: timeline),
                                         app: GeofenceApp { $0.startMonitoring(for: home) }).run()
        #expect(heard(result) == [])
        // The lint adds at the end that the declared location mode went unused.
        #expect(log(result, [.warning]) == [
            At(291, .warning(.regions(.eventNotDelivered(identifier: "home", authorization: .authorizedWhenInUse)))),
            At(1_000, .warning(.infoPlist(.modeDeclaredButUnused(.location)))),
        ])
    }

    /// Reduced accuracy: no region monitoring (§5); the start fails with regionMonitoringDenied.
    @Test func reducedAccuracyCannotMonitorRegions() {
        var config = configuration(trip, reportDelay: 240)
        config.initialAccuracyAuthorization = .reducedAccuracy
        let home = home()
        let result = KeepAliveSimulation(config, app: GeofenceApp { $0.startMonitoring(for: home) }).run()
        #expect(heard(result) == ["0 p1 fail home regionMonitoringDenied"])
    }

    /// Visits ([model]: 10 min within 100 m). At 9 m/s (9.016 on the ellipsoid) the anchor moves
    /// on every 12 s (12 · 9.016 > 100 ≥ 11 · 9.016): the last anchor before the stop
    /// (1000–2000) is at 996, 36 m short of it. Arrival counted at 996 + 600 = 1596; the
    /// device leaves the 100-m circle 8 s after moving on (36 + 8 · 9.016 > 100): departure at
    /// 2008. The report delay made 0 here (the timing of the visit itself).
    @Test func visitsArriveAfterTheDwellAndDepartWhenTheDeviceLeaves() {
        let trip = drive(seconds: 3_000, speed: 9, stops: [1_000...2_000])
        let result = KeepAliveSimulation(configuration(trip, reportDelay: 0), app: GeofenceApp { $0.startMonitoringVisits() }).run()
        let at996 = trip.position(at: 996)!.coordinate
        #expect(log(result, [.visits(.visit)]) == [
            At(1_596, .visits(.visit(SimVisitRecord(latitude: at996.latitude, longitude: at996.longitude, arrival: 996, departure: nil)))),
            At(2_008, .visits(.visit(SimVisitRecord(latitude: at996.latitude, longitude: at996.longitude, arrival: 996, departure: 2_008)))),
        ])
        #expect(heard(result) == ["1596 p1 visit 996.0 -1.0", "2008 p1 visit 996.0 2008.0"])
    }
}

/// The §11 triggers and actions of app scripts, run by ``ScriptedApp``.
@MainActor @Suite struct RegionScriptTests {
    /// The region of `RegionMonitoringTests`: entry reported at 531, exit at 631; the script
    /// stops monitoring on the exit. Visits on a trip with a stop (1000–2000 at 9 m/s): arrival
    /// at 1596, departure at 2008, as in the visits test, each heard after the same constant
    /// 240-s delay (visits take the regions' report delay): 1836 and 2248.
    @Test func scriptsHearEntriesExitsAndVisits() {
        let trip = drive(seconds: 3_000, speed: 9, stops: [1_000...2_000])
        let centre = trip.position(at: 300.5)!.coordinate
        var script = AppScript()
        script.reactions[.launch] = [
            .regions(.monitor(latitude: centre.latitude, longitude: centre.longitude, radius: 500, id: "cafe")), .visits(.start),
        ]
        script.reactions[.regionEnter] = [.log("enter")]
        script.reactions[.regionExit] = [.log("exit"), .regions(.stopMonitoring(id: "cafe"))]
        script.reactions[.visit] = [.log("visit")]
        let result = KeepAliveSimulation(configuration(trip, reportDelay: 240), app: ScriptedApp(script: script)).run()
        // At 9.016 m/s: inside 500 m from 300.5 − 55.46 → 245.04 (246), 300 m inside from 267.23
        // (268), counted 288, reported 528; outside from 355.96 (356), 700 m out from 378.14
        // (379), counted 399, reported 639.
        #expect(log(result, [.appLog, .regions(.stop)]).map(\.description) == [
            At(528, .appLog("enter")), At(639, .appLog("exit")),
            At(639, .regions(.stop(SimRegionRecord(identifier: "cafe", latitude: centre.latitude, longitude: centre.longitude, radius: 500)))),
            At(1_836, .appLog("visit")), At(2_248, .appLog("visit")),
        ].map(\.description))
    }

    /// A region around the last fix: `monitor-region` without a centre, after the first fix.
    @Test func aRegionWithoutACentreIsAroundTheLastFix() {
        let trip = drive(seconds: 100)
        var script = AppScript()
        script.reactions[.launch] = [.startUpdates, .after(seconds: 10, actions: [.stopUpdates, .regions(.monitor(latitude: nil, longitude: nil, radius: 50, id: "here"))])]
        let simulation = KeepAliveSimulation(configuration(trip, profile: exact(.iOS17)), app: ScriptedApp(script: script))
        simulation.run(untilSeconds: 11)
        let app = simulation.app as? ScriptedApp
        #expect(app?.manager?.monitoredRegions.map(\.center) == [app?.manager?.location?.coordinate].compactMap { $0 })
        // The timer set at launch for 10 s runs before that second's fix (scheduled at 9): the last fix is 9's.
        #expect(app?.manager?.location?.time == SimInstant(seconds: 9))
    }

    /// A visit relaunches a purged Always app (wake reason `visit`); the arrival reaches process 2.
    @Test func aVisitRelaunchesAPurgedApp() {
        let trip = drive(seconds: 3_000, speed: 9, stops: [1_000...2_000])
        var script = AppScript()
        script.reactions[.launch] = [.when(.foreground, actions: [.visits(.start)], otherwise: [])]
        script.reactions[.visit] = [.log("visit")]
        let timeline = [SimScenarioEvent(at: 100, .enterBackground), SimScenarioEvent(at: 200, .memoryPressure)]
        let result = KeepAliveSimulation(configuration(trip, reportDelay: 0, timeline: timeline), app: ScriptedApp(script: script)).run()
        #expect(log(result, [.appLaunch]).last == At(1_596, .launch(process: 2, inBackground: true, cause: .systemLaunch(.visits(.visit)))))
        #expect(result.events.filter { $0.kind == .appLog }.map(\.process) == [2, 2])  // arrival (relaunch) and departure at 2008 (wake)
    }
}
