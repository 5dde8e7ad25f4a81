import Foundation
import Geodesy
import Scripting
import Testing
import TestSupport
@testable import Simulation

/// An app that opens the `CLMonitor` "geo" at launch (or, with `opensInBackground` false, only
/// once on screen), sets it up in its first process, and logs every event it hears with the
/// process the log line belongs to.
@MainActor
private final class MonitorApp: SimAppDelegate {
    let opensInBackground: Bool
    let setup: @MainActor (SimCLMonitor, SimApplication) -> Void
    private(set) var monitor: SimCLMonitor?

    init(opensInBackground: Bool = true, _ setup: @escaping @MainActor (SimCLMonitor, SimApplication) -> Void) {
        self.opensInBackground = opensInBackground
        self.setup = setup
    }

    func applicationDidFinishLaunching(_ application: SimApplication, inBackground: Bool) {
        monitor = nil  // a new process (the same delegate object serves every launch here)
        if !inBackground || opensInBackground { open(application) }
    }

    func applicationWillEnterForeground(_ application: SimApplication) {
        if monitor == nil { open(application) }
    }

    private func open(_ application: SimApplication) {
        let monitor = application.monitor(named: "geo")
        monitor.onEvent = { [weak application] event in
            application?.log("\(event.identifier) \(event.state.rawValue)\(event.conditionLimitExceeded ? " limit" : "") @\(Int(event.time.seconds))")
        }
        self.monitor = monitor
        if application.process == 1 { setup(monitor, application) }
    }
}


private let monitorKinds: Set<SimEvent.Kind> = [.monitor(.open), .monitor(.add), .monitor(.remove), .monitor(.event), .monitor(.held)]

@MainActor @Suite struct ConditionMonitoringTests {
    /// East at 10 m/s (10.018 m/s on the WGS-84 ellipsoid at 47° N).
    private let trip = drive(seconds: 1_000)

    private func circle(at seconds: Double, radius: Double) -> SimCircularGeographicCondition {
        SimCircularGeographicCondition(center: trip.position(at: seconds)!.coordinate, radius: radius)
    }

    /// §11: conditions follow the region rules. The 500-m circle of `RegionMonitoringTests`
    /// around the trip at 300.5 s: entry crossed at 251, 200 m inside from 271, counted at 291
    /// (20 s), reported after the delay (a constant 240 s here) at 531; exit crossed at 351,
    /// counted at 391, reported at 631. Assumed unsatisfied and outside at 0 (3 km away): no first event. The events come
    /// through `events` as through `onEvent`, dated when the crossing counted.
    @Test func conditionsCrossAsRegionsDo() async {
        let cafe = circle(at: 300.5, radius: 500)
        let app = MonitorApp { monitor, _ in monitor.add(cafe, identifier: "cafe", assuming: .unsatisfied) }
        let simulation = KeepAliveSimulation(configuration(trip, reportDelay: 240), app: app)
        simulation.run(untilSeconds: 0)
        let events = app.monitor!.events
        let result = simulation.run()
        #expect(log(result, monitorKinds) == [
            At(0, .monitor(.opened(monitor: "geo", conditions: 0, pending: 0))),
            At(0, .monitor(.added(monitor: "geo", cafe.record("cafe"), assuming: .unsatisfied, kept: false, monitored: true))),
            At(531, .monitor(.delivered(monitor: "geo", SimMonitorEventRecord(identifier: "cafe", state: .satisfied, date: 291, crossedAt: 251)))),
            At(631, .monitor(.delivered(monitor: "geo", SimMonitorEventRecord(identifier: "cafe", state: .unsatisfied, date: 391, crossedAt: 351)))),
        ])
        #expect(heard(result) == ["531 p1 cafe satisfied @291", "631 p1 cafe unsatisfied @391"])
        var streamed: [String] = []
        // The sequence finishes when the run ends.
        for await event in events { streamed.append("\(event.identifier) \(event.state.rawValue) \(event.date.timeIntervalSince(trip.startDate))") }
        #expect(streamed == ["cafe satisfied 291.0", "cafe unsatisfied 391.0"])
    }

    /// `add` without a state assumes unknown: Core Location determines the state at once (the
    /// device is 3 km outside at 0) and tells it after `monitor.initialStateLatency` (0 s [model]),
    /// as it does when the assumed state is wrong; a right assumption brings no event.
    @Test(arguments: [(SimMonitoringState.unknown, true), (.satisfied, true), (.unsatisfied, false)])
    func theFirstStateIsToldUnlessAssumedRight(assuming: SimMonitoringState, told: Bool) {
        let cafe = circle(at: 300.5, radius: 500)
        let app = MonitorApp { monitor, _ in monitor.add(cafe, identifier: "cafe", assuming: assuming) }
        let result = KeepAliveSimulation(configuration(trip, reportDelay: 240), app: app).run()
        #expect(log(result, [.monitor(.event)]).filter { $0.time == 0 } == (told ? [
            At(0, .monitor(.delivered(monitor: "geo", SimMonitorEventRecord(identifier: "cafe", state: .unsatisfied, date: 0)))),
        ] : []))
    }

    /// At most 20 regions and conditions per app: the 21st condition is kept (in `identifiers`,
    /// with a record) but not monitored; its event says `unmonitored`, with
    /// `conditionLimitExceeded` from iOS 18 (the property is iOS 18's), on the next turn (0).
    /// The circles lie 100 km and more north of the trip, assumed unsatisfied: no other event.
    @Test(arguments: [(SimProfile.iOS17, false), (.iOS18, true)])
    func theTwentyFirstConditionIsNotMonitored(profile: SimProfile, limit: Bool) {
        let far = (1...21).map { SimCircularGeographicCondition(center: GeoCoordinate(latitude: 48 + Double($0) * 0.01, longitude: 8), radius: 100) }
        let app = MonitorApp { monitor, _ in
            for (index, condition) in far.enumerated() { monitor.add(condition, identifier: "c\(index + 1)", assuming: .unsatisfied) }
        }
        let simulation = KeepAliveSimulation(configuration(drive(seconds: 10), profile: profile), app: app)
        simulation.run(untilSeconds: 5)
        #expect(app.monitor?.identifiers.count == 21)
        #expect(app.monitor?.record(for: "c21")?.lastEvent.state == .unmonitored)
        #expect(app.monitor?.record(for: "c20")?.lastEvent.state == .unsatisfied)
        #expect(simulation.system.mechanism(ConditionMonitoring.self)?.monitoredConditionCount == 20)
        let result = simulation.run()
        #expect(log(result, [.monitor(.add)]).last == At(0, .monitor(.added(monitor: "geo", far[20].record("c21"), assuming: .unsatisfied, kept: false, monitored: false))))
        #expect(log(result, [.monitor(.event)]) == [
            At(0, .monitor(.delivered(monitor: "geo", SimMonitorEventRecord(identifier: "c21", state: .unmonitored, date: 0, conditionLimitExceeded: limit)))),
        ])
        #expect(heard(result) == ["0 p1 c21 unmonitored\(limit ? " limit" : "") @0"])
    }

    /// The limit is the app's, over regions and conditions together (§11 "at most 20 per app"):
    /// with 19 regions, one condition is monitored and the next is not; then a 20th region
    /// fails with regionMonitoringFailure (on the next turn, at 0).
    @Test func regionsAndConditionsShareTheLimit() {
        let far = { (index: Int) in GeoCoordinate(latitude: 48 + Double(index) * 0.01, longitude: 8) }
        let app = MonitorApp { monitor, application in
            let manager = application.makeLocationManager()
            for index in 1...19 { manager.startMonitoring(for: SimCircularRegion(center: far(index), radius: 100, identifier: "r\(index)")) }
            monitor.add(SimCircularGeographicCondition(center: far(30), radius: 100), identifier: "c1", assuming: .unsatisfied)
            monitor.add(SimCircularGeographicCondition(center: far(31), radius: 100), identifier: "c2", assuming: .unsatisfied)
            manager.startMonitoring(for: SimCircularRegion(center: far(20), radius: 100, identifier: "r20"))
        }
        let result = KeepAliveSimulation(configuration(drive(seconds: 10)), app: app).run()
        #expect(log(result, [.monitor(.add)]).map { if case .monitor(.added(_, let record, _, _, let monitored)) = $0.detail { "\(record.identifier) \(monitored)" } else { "" } }
                == ["c1 true", "c2 false"])
        #expect(log(result, [.regions(.failure)]) == [
            At(0, .regions(.failure(SimRegionRecord(identifier: "r20", latitude: far(20).latitude, longitude: 8, radius: 100), .regionMonitoringFailure))),
        ])
    }

    /// A 100-m circle around the start (the trip at 0.5 s), assumed satisfied (the device is
    /// inside): the exit is crossed at 11, counted at 51 (300 m out from 31, then 20 s) and due
    /// 240 s later (the delay made constant), at 291.
    private func home() -> SimCircularGeographicCondition { circle(at: 0.5, radius: 100) }

    /// Conditions persist across processes. Left at 100, suspended at 105, purged at 200: the
    /// exit at 291 relaunches the Always app (process 2, wake reason `.monitor(.event)`), whose
    /// launch opens "geo": the monitor still has "home", the event waited for it and is
    /// delivered at once. The 10-s run ends in a suspension at 301.
    @Test func aRelaunchedAppThatOpensTheMonitorGetsTheEvent() {
        let timeline = [SimScenarioEvent(at: 100, .enterBackground), SimScenarioEvent(at: 200, .memoryPressure)]
        let home = home()
        let app = MonitorApp { monitor, _ in monitor.add(home, identifier: "home", assuming: .satisfied) }
        let simulation = KeepAliveSimulation(configuration(trip, reportDelay: 240, timeline: timeline), app: app)
        simulation.run(untilSeconds: 295)
        #expect(app.monitor?.identifiers == ["home"])
        #expect(app.monitor?.record(for: "home")?.lastEvent.state == .unsatisfied)
        #expect(app.monitor?.record(for: "home")?.lastEvent.time == SimInstant(seconds: 51))
        let result = simulation.run()
        #expect(log(result, [.appLaunch]).last == At(291, .launch(process: 2, inBackground: true, cause: .systemLaunch(.monitor(.event)))))
        #expect(log(result, monitorKinds).suffix(2) == [
            At(291, .monitor(.opened(monitor: "geo", conditions: 1, pending: 1))),
            At(291, .monitor(.delivered(monitor: "geo", SimMonitorEventRecord(identifier: "home", state: .unsatisfied, date: 51, crossedAt: 11)))),
        ])
        #expect(heard(result) == ["291 p2 home unsatisfied @51"])
        #expect(log(result, [.appState]).last == state(301, .background, .suspended, .backgroundTimeExpired(budget: 10)))
    }

    /// The same, but the app opens the monitor only on screen: the relaunched process (291)
    /// does not open it, so the event is held and Core Location stops monitoring "home". The
    /// user opens the app at 500 (process 2, suspended since 301): it opens "geo" and gets the
    /// event then, dated 51.
    @Test func anEventWaitsUntilAProcessOpensTheMonitor() {
        let timeline = [SimScenarioEvent(at: 100, .enterBackground), SimScenarioEvent(at: 200, .memoryPressure),
                        SimScenarioEvent(at: 500, .returnToForeground)]
        let home = home()
        let app = MonitorApp(opensInBackground: false) { monitor, _ in monitor.add(home, identifier: "home", assuming: .satisfied) }
        let result = KeepAliveSimulation(configuration(trip, reportDelay: 240, timeline: timeline), app: app).run()
        let exit = SimMonitorEventRecord(identifier: "home", state: .unsatisfied, date: 51, crossedAt: 11)
        #expect(log(result, monitorKinds).suffix(3) == [
            At(291, .monitor(.held(monitor: "geo", exit, .monitorNotOpen))),
            At(500, .monitor(.opened(monitor: "geo", conditions: 1, pending: 1))),
            At(500, .monitor(.delivered(monitor: "geo", exit))),
        ])
        #expect(heard(result) == ["500 p2 home unsatisfied @51"])
        #expect(log(result, [.appLaunch]).count == 2)
    }

    /// When In Use: iOS does not wake the suspended app for the exit at 291; unlike a region's
    /// (lost), the event is held for the open monitor and reaches it when the user returns at
    /// 400, in the same process.
    @Test func aWhenInUseAppGetsTheEventWhenItIsInUseAgain() {
        let timeline = [SimScenarioEvent(at: 100, .enterBackground), SimScenarioEvent(at: 400, .returnToForeground)]
        let home = home()
        let app = MonitorApp { monitor, _ in monitor.add(home, identifier: "home", assuming: .satisfied) }
        let result = KeepAliveSimulation(configuration(trip, reportDelay: 240, authorization: .authorizedWhenInUse, timeline: timeline), app: app).run()
        let exit = SimMonitorEventRecord(identifier: "home", state: .unsatisfied, date: 51, crossedAt: 11)
        #expect(log(result, [.monitor(.held), .monitor(.event)]) == [
            At(291, .monitor(.held(monitor: "geo", exit, .needsAlways(.authorizedWhenInUse)))),
            At(400, .monitor(.delivered(monitor: "geo", exit))),
        ])
        #expect(heard(result) == ["400 p1 home unsatisfied @51"])
        #expect(log(result, [.appLaunch]).count == 1)
    }

    /// §9: after a force quit (200) the exit relaunches the app as a region's does (iOS 7.1+);
    /// without that exception the event is held (`forceQuit`).
    @Test(arguments: [true, false])
    func aForceQuitAppIsRelaunchedAsForRegions(relaunches: Bool) {
        var profile = SimProfile.iOS17
        profile.regions.relaunchAfterForceQuit = relaunches
        let timeline = [SimScenarioEvent(at: 100, .enterBackground), SimScenarioEvent(at: 200, .forceQuit)]
        let home = home()
        let app = MonitorApp { monitor, _ in monitor.add(home, identifier: "home", assuming: .satisfied) }
        let result = KeepAliveSimulation(configuration(trip, reportDelay: 240, profile: profile, timeline: timeline), app: app).run()
        #expect(heard(result) == (relaunches ? ["291 p2 home unsatisfied @51"] : []))
        #expect(log(result, [.monitor(.held)]) == (relaunches ? [] : [
            At(291, .monitor(.held(monitor: "geo", SimMonitorEventRecord(identifier: "home", state: .unsatisfied, date: 51, crossedAt: 11), .forceQuit))),
        ]))
    }

    /// A removed condition's event in flight is dropped: "home" removed at 100, before its
    /// exit (counted at 51) is due at 291.
    @Test func aRemovedConditionTellsNothingMore() {
        let home = home()
        let app = MonitorApp { monitor, application in
            monitor.add(home, identifier: "home", assuming: .satisfied)
            application.schedule(after: 100) { monitor.remove("home") }
        }
        let result = KeepAliveSimulation(configuration(trip, reportDelay: 240), app: app).run()
        #expect(log(result, [.monitor(.remove), .monitor(.event), .monitor(.held)]) == [At(100, .monitor(.removed(monitor: "geo", identifier: "home")))])
        #expect(app.monitor?.identifiers == [])
    }

    /// One open instance per name (§11): a second `CLMonitor("geo")` in the process ends the
    /// app, as iOS does [obs].
    @Test func openingAMonitorTwiceEndsTheApp() {
        let app = MonitorApp { _, application in _ = application.monitor(named: "geo") }
        let result = KeepAliveSimulation(configuration(trip, reportDelay: 240), app: app).run()
        #expect(log(result, [.appCrash]) == [At(0, .crash(.monitor(.openedTwice(name: "geo"))))])
        #expect(result.summary.verdict == .crashed)
    }

    /// Before iOS 17 (ios14 stands for iOS 14–16) `CLMonitor` does not exist: the monitor is
    /// closed, adds nothing, and a warning says so.
    @Test func beforeIOS17ThereIsNoMonitor() {
        let home = home()
        let app = MonitorApp { monitor, _ in monitor.add(home, identifier: "home", assuming: .satisfied) }
        let result = KeepAliveSimulation(configuration(trip, profile: .iOS14), app: app).run()
        #expect(log(result, [.warning]).first == At(0, .warning(.monitor(.unavailable(profile: "ios14")))))
        #expect(log(result, monitorKinds) == [])
        #expect(app.monitor?.isOpen == false)
        #expect(app.monitor?.identifiers == [])
        #expect(heard(result) == [])
    }
}

/// `monitor-region` and `stop-monitoring-region` with `monitor:`, run by ``ScriptedApp``.
@MainActor @Suite struct MonitorScriptTests {
    /// The 500-m circle around the trip at 300.5 s, as a condition of "geo" (the trip at 9
    /// m/s as in `RegionScriptTests`: entry reported at 528, exit at 639): `region-enter` and
    /// `region-exit` run for its events; the exit removes it.
    @Test func monitorEventsRunTheRegionTriggers() {
        let trip = drive(seconds: 1_000, speed: 9)
        let centre = trip.position(at: 300.5)!.coordinate
        var script = AppScript()
        script.reactions[.launch] = [
            .monitor(.addCondition(monitor: "geo", latitude: centre.latitude, longitude: centre.longitude, radius: 500, id: "cafe", assuming: .unsatisfied)),
        ]
        script.reactions[.regionEnter] = [.log("enter")]
        script.reactions[.regionExit] = [.log("exit"), .monitor(.removeCondition(monitor: "geo", id: "cafe"))]
        let result = KeepAliveSimulation(configuration(trip, reportDelay: 240), app: ScriptedApp(script: script)).run()
        #expect(log(result, [.appLog, .monitor(.remove)]) == [
            At(528, .appLog("enter")), At(639, .appLog("exit")), At(639, .monitor(.removed(monitor: "geo", identifier: "cafe"))),
        ])
    }

    /// A scripted app opens its monitors at every launch. The "home" exit (due at 291) relaunches
    /// the purged app; process 2 opens "geo", its launch adds "home" again (the same
    /// condition: kept, with its waiting event), and the event runs `region-exit`.
    @Test func aRelaunchedScriptGetsTheWaitingEvent() {
        let trip = drive(seconds: 1_000)
        let start = trip.position(at: 0.5)!.coordinate
        var script = AppScript()
        script.reactions[.launch] = [.monitor(.addCondition(monitor: "geo", latitude: start.latitude, longitude: start.longitude, radius: 100, id: "home", assuming: .satisfied))]
        script.reactions[.regionExit] = [.log("exit")]
        let timeline = [SimScenarioEvent(at: 100, .enterBackground), SimScenarioEvent(at: 200, .memoryPressure)]
        let result = KeepAliveSimulation(configuration(trip, reportDelay: 240, timeline: timeline), app: ScriptedApp(script: script)).run()
        let home = SimCircularGeographicCondition(center: start, radius: 100).record("home")
        #expect(log(result, [.monitor(.open), .monitor(.add), .monitor(.event), .appLog]).filter { $0.time == 291 } == [
            At(291, .monitor(.opened(monitor: "geo", conditions: 1, pending: 1))),
            At(291, .monitor(.added(monitor: "geo", home, assuming: .satisfied, kept: true, monitored: true))),
            At(291, .monitor(.delivered(monitor: "geo", SimMonitorEventRecord(identifier: "home", state: .unsatisfied, date: 51, crossedAt: 11)))),
            At(291, .appLog("exit")),
        ])
        #expect(result.events.last { $0.kind == .appLog }?.process == 2)
    }
}
