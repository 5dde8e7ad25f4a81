import Foundation
import Geodesy
import ShapeLogic
import Testing
import TestSupport
@testable import Simulation

// Apple's statics and error types in their shapes (Tests/ShapeLogic/Statics.swift, PlatformShapes
// only), run on the simulation: each static reaches the simulation whose run is bound to the
// calling task, and nothing else.

/// The Library's refresh example written with the statics: registers at launch, asks for a
/// refresh 900 s after leaving, completes 10 s into the launch.
@MainActor private final class StaticRefreshApp: SimAppDelegate {
    var identifier = "com.example.refresh"
    private(set) var registered: Bool?
    private(set) var submitted: String?
    private(set) var launches: [(date: Date, identifier: String)] = []

    func applicationDidFinishLaunching(_ application: SimApplication, inBackground: Bool) {
        registered = registerRefresh("com.example.refresh", launches: { [self] in launches.append(($0, $1)) },
                                     after: { application.schedule(after: $0, $1) })
    }

    func applicationDidEnterBackground(_ application: SimApplication) {
        submitted = submitRefresh(identifier, after: 900)
    }
}

/// Writes down `AppClock.now`, in seconds from the trip's start, at `times` (timers) and from an
/// app task that sleeps `taskSleep` seconds on the simulation's clock.
@MainActor private final class ClockApp: SimAppDelegate {
    let times: [Double]
    let taskSleep: Double
    let start: Date
    private(set) var seen: [Double] = []

    init(times: [Double], taskSleep: Double, start: Date) {
        self.times = times
        self.taskSleep = taskSleep
        self.start = start
    }

    func applicationDidFinishLaunching(_ application: SimApplication, inBackground: Bool) {
        for time in times {
            application.schedule(after: time) { [self] in seen.append(AppClock.now.timeIntervalSince(start)) }
        }
        application.task { [self] in
            try? await application.clock.sleep(for: .seconds(taskSleep))
            seen.append(AppClock.now.timeIntervalSince(start))
        }
    }
}

/// Watches Low Power Mode from launch.
@MainActor private final class PowerApp: SimAppDelegate {
    private(set) var watcher: PowerStateWatcher?
    func applicationDidFinishLaunching(_ application: SimApplication, inBackground: Bool) {
        watcher = PowerStateWatcher()
    }
}

/// A delegate in Apple's shape that files each error as app code on the device would.
@MainActor private final class ErrorApp: SimAppDelegate, LocationManagingDelegate {
    private(set) var meanings: [String] = []
    private(set) var errors: [LocationError] = []
    private(set) var manager: SimLocationManager?
    private(set) var detached: Bool?

    func applicationDidFinishLaunching(_ application: SimApplication, inBackground: Bool) {
        let manager = application.makeLocationManager()
        manager.delegate = self
        self.manager = manager
        manager.startUpdatingLocation()
        application.schedule(after: 3) { [self] in detached = detachDelegate(of: manager) }
    }

    func locationManager(_ manager: SimLocationManager, didFailWithError error: any Error) {
        meanings.append(meaning(of: error))
        if let error = error as? LocationError { errors.append(error) }
    }
}

/// Runs the static live-updates loop in an app task.
@MainActor private final class StaticStillApp: SimAppDelegate {
    private(set) var longitudes: [Double]?
    func applicationDidFinishLaunching(_ application: SimApplication, inBackground: Bool) {
        application.task { [self] in longitudes = try? await longitudesUntilStillFromTheStatic() }
    }
}

@MainActor @Suite struct PlatformStaticsTests {
    private let trip = drive(seconds: 1_200, speed: 0)

    private func refreshConfiguration() -> SimulationConfiguration {
        var profile = SimProfile.iOS17
        profile.bgTasks.refresh = .fixed(seconds: 100)
        var info = SimCapabilities(backgroundModes: [.fetch])
        info.permittedBackgroundTaskIdentifiers = ["com.example.refresh"]
        return SimulationConfiguration(trajectory: trip, profile: profile, capabilities: info,
                                       timeline: [SimScenarioEvent(at: 60, .enterBackground)])
    }

    /// `AppTaskScheduler.shared` and `AppClock.now` in the launch code and the handler: the same
    /// times as `application.taskScheduler` and `application.currentDate` give (BGTaskSchedulerTests'
    /// library example): earliest 60 + 900, plus the fixed 100 s: launched at 1060, done at 1070.
    @Test func theStaticSchedulerAndClockRunTheRefreshExample() {
        let app = StaticRefreshApp()
        let result = KeepAliveSimulation(refreshConfiguration(), app: app).run()
        let record = SimBGTaskRecord(identifier: "com.example.refresh", kind: .appRefresh)
        #expect(app.registered == true)
        #expect(app.submitted == "submitted")
        #expect(app.launches.map(\.date) == [trip.startDate.addingTimeInterval(1_060)])
        #expect(app.launches.map(\.identifier) == ["com.example.refresh"])
        #expect(log(result, [.bgTasks(.launch), .bgTasks(.complete)]) == [
            At(1_060, .bgTasks(.launch(record, seconds: 30, forced: false))), At(1_070, .bgTasks(.complete(record, success: true, seconds: 10))),
        ])
    }

    /// An identifier not in `BGTaskSchedulerPermittedIdentifiers`: `submit` throws Apple's error,
    /// `BGTaskSchedulerErrorDomain` code 3 (`notPermitted`), matched with `catch let error as`.
    @Test func aRefusedSubmitThrowsApplesError() {
        let app = StaticRefreshApp()
        app.identifier = "com.example.other"
        _ = KeepAliveSimulation(refreshConfiguration(), app: app).run()
        #expect(app.submitted == "notPermitted BGTaskSchedulerErrorDomain 3")
    }

    /// `application.taskScheduler.submit` throws the same type: generic code's `as? AppTaskScheduler.Error` matches.
    @Test func theSimulationsSchedulerThrowsApplesErrorToo() {
        var thrown: (any Error)?
        let app = ClosureApp { application in
            do { try application.taskScheduler.submit(SimBGAppRefreshTaskRequest(identifier: "com.example.refresh")) } catch { thrown = error }
        }
        // No `fetch` mode: not permitted.
        _ = KeepAliveSimulation(configuration(drive(seconds: 5)), app: app).run()
        let error = thrown as? AppTaskScheduler.Error
        #expect(error?.code == .notPermitted)
        #expect(error?.errorCode == 3)
        #expect(error.flatMap(SimBGTaskSchedulerError.init) == .notPermitted)
    }

    /// Off any run: `Date()`, a scheduler that cannot schedule (`unavailable`, code 1, as in
    /// Apple's Simulator), Low Power Mode off, live updates that end at once.
    @Test func offAnyRunTheStaticsAnswerAsAnUnsimulatedDevice() async throws {
        let before = Date()
        let now = AppClock.now
        #expect(now >= before && now <= Date())
        #expect(submitRefresh("com.example.refresh", after: 900) == "BGTaskSchedulerErrorDomain 1")
        #expect(registerRefresh("com.example.refresh", launches: { _, _ in }, after: { _, _ in }) == false)
        #expect(AppProcessInfo.processInfo.isLowPowerModeEnabled == false)
        #expect(try await longitudesUntilStillFromTheStatic() == [])
    }

    /// Two simulations in one test, stepped in turn: each `withPlatform` reads its own clock,
    /// the inner binding wins, and outside both `AppClock.now` is the wall clock again.
    @Test func twoSimulationsInOneTestEachReadTheirOwnClock() {
        let first = KeepAliveSimulation(configuration(trip), app: ClockApp(times: [], taskSleep: 0, start: trip.startDate))
        let second = KeepAliveSimulation(configuration(trip), app: ClockApp(times: [], taskSleep: 0, start: trip.startDate))
        first.run(untilSeconds: 100)
        second.run(untilSeconds: 40)
        #expect(first.withPlatform { AppClock.now } == trip.startDate.addingTimeInterval(100))
        #expect(second.withPlatform { AppClock.now } == trip.startDate.addingTimeInterval(40))
        #expect(first.withPlatform { second.withPlatform { AppClock.now } } == trip.startDate.addingTimeInterval(40))
        #expect(AppClock.now > trip.startDate.addingTimeInterval(86_400 * 365))
    }

    /// Two async runs at once, taking turns on the main actor: each app's timers and its task
    /// (which inherits the binding) read their own simulation's time, never the other's.
    @Test func twoAsyncRunsAtOnceKeepTheirOwnBindings() async {
        let first = ClockApp(times: [30, 70], taskSleep: 45, start: trip.startDate)
        let second = ClockApp(times: [50], taskSleep: 20, start: trip.startDate)
        let one = KeepAliveSimulation(configuration(trip), app: first)
        let other = KeepAliveSimulation(configuration(trip), app: second)
        async let a = one.runAsync()
        async let b = other.runAsync()
        _ = await (a, b)
        #expect(first.seen == [30, 45, 70])
        #expect(second.seen == [20, 50])
    }

    /// Low Power Mode turns on at 100, off at 150 and on at 200 while the app is suspended (it
    /// left at 10), and off at 400 on screen: the app hears one `NSProcessInfoPowerStateDidChange`
    /// at 300, when it next runs, reading on; then one at 400, at once, reading off.
    @Test func thePowerStateNotificationComesWhenTheAppNextRuns() throws {
        let app = PowerApp()
        let timeline = [
            SimScenarioEvent(at: 10, .enterBackground), SimScenarioEvent(at: 100, .device(.setLowPowerMode(true))),
            SimScenarioEvent(at: 150, .device(.setLowPowerMode(false))), SimScenarioEvent(at: 200, .device(.setLowPowerMode(true))),
            SimScenarioEvent(at: 300, .returnToForeground), SimScenarioEvent(at: 400, .device(.setLowPowerMode(false))),
        ]
        let result = KeepAliveSimulation(configuration(drive(seconds: 500, speed: 0), timeline: timeline), app: app).run()
        let watcher = try #require(app.watcher)
        #expect(result.summary.suspendedAt.map { $0 < 100 } == true)
        #expect(watcher.atStart == false)
        #expect(watcher.heard.map { $0.date.timeIntervalSince(trip.startDate) } == [300, 400])
        #expect(watcher.heard.map(\.lowPowerMode) == [true, false])
    }

    /// Denied from the start: the delegate gets Core Location's error, domain `kCLErrorDomain`,
    /// code 1, which `error as? LocationError, error.code == .denied` matches; generic code can
    /// let go of the delegate (`manager.delegate = nil`).
    @Test func aDeniedAppGetsCoreLocationsError() throws {
        let app = ErrorApp()
        _ = KeepAliveSimulation(configuration(drive(seconds: 5), authorization: .denied), app: app).run()
        #expect(app.meanings == ["denied: stop"])
        #expect(app.errors.map(\.errorCode) == [1])
        #expect(LocationError.errorDomain == "kCLErrorDomain")
        #expect(app.detached == true)
        #expect(try #require(app.manager).delegate == nil)
    }

    /// The codes are Core Location's and Background Tasks' raw values; the simulation's own
    /// enums convert both ways, and `catch LocationError.denied`-style patterns match by code.
    @Test func theCodesAreApplesRawValues() {
        #expect(LocationError.Code.allCases.map(\.rawValue) == Array(0...19))
        #expect([LocationError.locationUnknown, .denied, .network, .regionMonitoringDenied, .regionMonitoringFailure, .promptDeclined]
            .map(\.rawValue) == [0, 1, 2, 4, 5, 18])
        #expect(AppTaskScheduler.Error.Code.allCases.map(\.rawValue) == [1, 2, 3, 4])
        #expect(AppTaskScheduler.Error.errorDomain == "BGTaskSchedulerErrorDomain")
        for error in [SimLocationError.locationUnknown, .denied, .network, .promptDeclined, .regionMonitoringDenied, .regionMonitoringFailure] {
            #expect(error.locationError.errorCode == error.rawValue)
            #expect(SimLocationError(error.locationError) == error)
        }
        for error in SimBGTaskSchedulerError.allCases {
            #expect(error.schedulerError.errorCode == error.rawValue)
            #expect(SimBGTaskSchedulerError(error.schedulerError) == error)
        }
        #expect(SimLocationError(LocationError(.headingFailure)) == nil)
        #expect(meaning(of: LocationError(.locationUnknown)) == "unknown: keep trying")
        #expect(meaning(of: LocationError(.regionMonitoringFailure)) == "region failed")
        #expect(meaning(of: SimLocationError.denied) == "other")   // the log's enum is not Core Location's shape
        #expect("\(LocationError(.denied))" == "denied")
    }

    /// `CLCircularRegion(center:radius:identifier:)` from a coordinate pair: the same region as
    /// from a `GeoCoordinate`.
    @Test func aRegionFromACoordinatePair() {
        let pair = LocationCoordinate2D(latitude: 47.25, longitude: 8.5)
        let region = SimCircularRegion(center: pair, radius: 200, identifier: "office")
        #expect(region == SimCircularRegion(center: GeoCoordinate(latitude: 47.25, longitude: 8.5), radius: 200, identifier: "office"))
        #expect(LocationCoordinate2D(region.center) == pair)
        #expect(LocationCoordinate2D() == LocationCoordinate2D(latitude: 0, longitude: 0))
    }

    /// `LocationUpdate.liveUpdates(.fitness)` gives what `application.liveUpdateSource` gives
    /// (LiveUpdateShapeSimTests): 610 fixes from 0 to 609, and leaving the loop stops the updates at 609.
    @Test func theStaticLiveUpdatesRunLikeTheBoundSource() async throws {
        let app = StaticStillApp()
        let result = await KeepAliveSimulation(configuration(drive(seconds: 700, stops: [10...700]), profile: exact(.iOS17)), app: app).runAsync()
        let longitudes = try #require(app.longitudes)
        let longitude = { (metres: Double) in 8 + metres / (111_320 * cos(47 * Double.pi / 180)) }
        #expect(longitudes.count == 610)
        #expect(Array(longitudes.prefix(12)) == (0...11).map { longitude(Double(min($0, 10)) * 10) })
        let live = result.events.filter { if case .liveUpdates = $0.detail { true } else { false } }.map { At($0.time, $0.detail) }
        #expect(live == [
            At(0, .liveUpdates(.started(.fitness))),
            At(609, .liveUpdates(.stationary(windowSeconds: 600))),
            At(609, .liveUpdates(.stopped)),
        ])
        #expect(result.restlessTasks == [])
    }
}

/// An app whose launch runs `launch`.
@MainActor private final class ClosureApp: SimAppDelegate {
    let launch: @MainActor (SimApplication) -> Void
    init(_ launch: @escaping @MainActor (SimApplication) -> Void) { self.launch = launch }
    func applicationDidFinishLaunching(_ application: SimApplication, inBackground: Bool) { launch(application) }
}
