import Testing
import TestSupport
@testable import Scripting
@testable import Simulation

/// An app that starts significant changes in its first process and, in the background, either
/// crashes 20 s after leaving the screen or holds a task it never ends (the watchdog's case).
@MainActor
final class KilledApp: SimAppDelegate {
    enum Kill { case crash, watchdog }
    let kill: Kill
    private var manager: SimLocationManager?
    init(_ kill: Kill) { self.kill = kill }

    func applicationDidFinishLaunching(_ application: SimApplication, inBackground: Bool) {
        let manager = application.makeLocationManager()
        self.manager = manager
        if application.process == 1 { manager.startMonitoringSignificantLocationChanges() }
    }

    func applicationDidEnterBackground(_ application: SimApplication) {
        switch kill {
        case .crash:
            _ = application.beginBackgroundTask(withName: "work") {}
            application.schedule(after: 20) { application.crash(.stackOverflow) }
        case .watchdog:
            _ = application.beginBackgroundTask(withName: "work") {}
        }
    }
}

/// §9: after a system kill (memory, CPU limit, crash, watchdog) significant changes relaunch the
/// app as after any termination; only the user's force quit blocks it (by era). Memory and CPU
/// kills are in ResourceLimitTests; these are the crash and the watchdog, on iOS 17 and on iOS 26,
/// whose force-quit rule is the strictest.
@MainActor @Suite struct SystemKillRelaunchTests {
    private func relaunches(_ result: SimulationResult) -> [At] {
        log(result, [.appLaunch]).filter { if case .launch(_, true, _) = $0.detail { true } else { false } }
    }

    /// East at 10 m/s, the app leaves at 60. The crash at 80; the watchdog: the 30-s budget ends
    /// at 90, the handler returns with the task open, and the watchdog kills at 91. The service's
    /// first fix is at 0; a change needs 500 m and 300 s, checked each minute: 300 relaunches.
    @Test(arguments: [SimProfile.iOS17, .iOS26], [KilledApp.Kill.crash, .watchdog])
    func aSignificantChangeRelaunchesTheAppAfterACrashOrAWatchdogKill(profile: SimProfile, kill: KilledApp.Kill) throws {
        let result = KeepAliveSimulation(configuration(drive(seconds: 400), profile: exact(profile), timeline: [SimScenarioEvent(at: 60, .enterBackground)]),
                                         app: KilledApp(kill)).run()
        #expect(result.summary.terminatedAt == (kill == .crash ? 80 : 91))
        #expect(relaunches(result) == [At(300, .launch(process: 2, inBackground: true, cause: .systemLaunch(.significantLocationChange)))])
    }

    /// The same app swiped away at 70 instead: iOS 17 relaunches it (developers' reports, iOS
    /// 7.1–26.3), iOS 26.4 does not (forum thread 826964): only a force quit can block the relaunch.
    @Test(arguments: [(SimProfile.iOS17, [300.0]), (.iOS26, [300.0]), (.iOS26_4, [])])
    func onlyAForceQuitBlocksTheRelaunchWhereTheEraSaysSo(profile: SimProfile, times: [Double]) {
        let result = KeepAliveSimulation(configuration(drive(seconds: 400), profile: exact(profile), timeline: [
            SimScenarioEvent(at: 60, .enterBackground), SimScenarioEvent(at: 70, .forceQuit),
        ]), app: KilledApp(.watchdog)).run()
        #expect(relaunches(result).map(\.time) == times)
    }
}
