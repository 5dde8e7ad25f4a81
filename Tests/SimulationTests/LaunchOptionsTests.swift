import Testing
import TestSupport
@testable import Simulation

/// What the launches said, kept across processes (the delegate is made anew for each).
@MainActor private final class LaunchLog {
    var lines: [String] = []
}

/// An app written against Apple's launch entry only: it restarts significant changes at every
/// launch, as Apple asks of an app launched with the `.location` key.
@MainActor private final class AppleEntryApp: SimAppDelegate {
    let log: LaunchLog
    var manager: SimLocationManager?
    init(log: LaunchLog) { self.log = log }

    func application(_ application: SimApplication, didFinishLaunchingWithOptions launchOptions: [SimApplication.LaunchOptionsKey: Any]?) -> Bool {
        let location = launchOptions?[.location] as? Bool
        log.lines.append("process \(application.process): options \(launchOptions.map { "\($0.count) key(s)" } ?? "nil"), location \(location.map(String.init) ?? "none")")
        let manager = application.makeLocationManager()
        manager.startMonitoringSignificantLocationChanges()
        self.manager = manager
        return true
    }

    func applicationDidFinishLaunching(_ application: SimApplication, inBackground: Bool) {
        log.lines.append("process \(application.process): didFinishLaunching inBackground \(inBackground)")
    }
}

/// Registers a BGTask twice in Apple's entry: iOS ends the app, so the second entry never runs.
@MainActor private final class CrashingEntryApp: SimAppDelegate {
    let log: LaunchLog
    init(log: LaunchLog) { self.log = log }

    func application(_ application: SimApplication, didFinishLaunchingWithOptions launchOptions: [SimApplication.LaunchOptionsKey: Any]?) -> Bool {
        application.taskScheduler.register(forTaskWithIdentifier: "com.example.refresh") { _ in }
        application.taskScheduler.register(forTaskWithIdentifier: "com.example.refresh") { _ in }
        log.lines.append("entry \(application.applicationState)")
        return true
    }

    func applicationDidFinishLaunching(_ application: SimApplication, inBackground: Bool) {
        log.lines.append("didFinishLaunching")
    }
}

@MainActor @Suite struct LaunchOptionsTests {
    @Test func aCrashInAppleEntrySkipsTheOther() {
        let log = LaunchLog()
        var info = SimCapabilities(backgroundModes: [.fetch])
        info.permittedBackgroundTaskIdentifiers = ["com.example.refresh"]
        let configuration = SimulationConfiguration(trajectory: drive(seconds: 60, speed: 0), profile: .iOS17, capabilities: info)
        let result = KeepAliveSimulation(configuration, app: CrashingEntryApp(log: log)).run()
        #expect(log.lines == ["entry terminated"])
        #expect(result.summary.causes == [.crash(.bgTasks(.registeredTwice(identifier: "com.example.refresh")))])
    }

    /// Purged at 100 while suspended; the significant change at 300 relaunches it with `.location`.
    @Test func aLocationRelaunchCarriesTheLocationKey() {
        let log = LaunchLog()
        let result = KeepAliveSimulation(configuration(drive(seconds: 400), profile: exact(.iOS17), timeline: [
            SimScenarioEvent(at: 10, .enterBackground), SimScenarioEvent(at: 100, .memoryPressure),
        ]), app: AppleEntryApp(log: log)).run()
        #expect(log.lines == [
            "process 1: options nil, location none",
            "process 1: didFinishLaunching inBackground false",
            "process 2: options 1 key(s), location true",
            "process 2: didFinishLaunching inBackground true",
        ])
        #expect(result.summary.processes == 2)
    }

    @Test func onlyLocationEventsAreLocationLaunches() {
        #expect(SimWakeReason.significantLocationChange.isLocationEvent)
        #expect(SimWakeReason.regions(.entry).isLocationEvent)
        #expect(SimWakeReason.visits(.visit).isLocationEvent)
        #expect(SimWakeReason.liveUpdates(.updatesAvailable).isLocationEvent)
        #expect(SimWakeReason.monitor(.event).isLocationEvent)
        #expect(!SimWakeReason.bgTasks(.appRefresh).isLocationEvent)
    }

    @Test func theKeyIsApples() {
        #expect(SimApplication.LaunchOptionsKey.location.rawValue == "UIApplicationLaunchOptionsLocationKey")
    }
}
