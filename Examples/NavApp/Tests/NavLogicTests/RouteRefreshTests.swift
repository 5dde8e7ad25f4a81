import Foundation
import NavLogic
import Simulation
import Testing

/// The simulated app: registers RouteRefresh at launch and asks for a refresh 900 s after it
/// leaves the screen; each refresh takes 10 s.
@MainActor
final class RefreshingApp: SimAppDelegate {
    private(set) var refresh: RouteRefresh?

    func applicationDidFinishLaunching(_ application: SimApplication, inBackground: Bool) {
        let refresh = RouteRefresh { done in application.schedule(after: 10, done) }
        refresh.register()
        self.refresh = refresh
    }

    func applicationDidEnterBackground(_ application: SimApplication) {
        refresh?.schedule(after: 900)
    }
}

@MainActor @Suite struct RouteRefreshTests {
    private let still = trip(driving: 0, until: 1_500)

    private func run(permitted: [String]) -> RefreshingApp {
        var profile = SimProfile.iOS17
        profile.bgTasks.refresh = .fixed(seconds: 100)   // the system's delay, fixed for exact times
        var info = SimCapabilities(backgroundModes: [.fetch])
        info.permittedBackgroundTaskIdentifiers = permitted
        let timeline = [SimScenarioEvent(at: 60, .enterBackground)]
        let app = RefreshingApp()
        let configuration = SimulationConfiguration(trajectory: still, profile: profile, capabilities: info, timeline: timeline)
        _ = KeepAliveSimulation(configuration, app: app).run()
        return app
    }

    @Test func refreshesAtTheSimulationsTime() throws {
        // Left at 60: no sooner than 960 by AppClock.now, plus the system's 100 s: run at 1060.
        let refresh = try #require(run(permitted: [RouteRefresh.identifier]).refresh)
        #expect(refresh.refusal == nil)
        #expect(refresh.refreshes.map(\.date) == [still.startDate.addingTimeInterval(1_060)])
        #expect(refresh.refreshes.map(\.lowPowerMode) == [false])
    }

    @Test func anIdentifierNotPermittedIsRefusedWithApplesCode() throws {
        // BGTaskScheduler.Error.Code.notPermitted is 3.
        let refresh = try #require(run(permitted: []).refresh)
        #expect(refresh.refusal == 3)
        #expect(refresh.refreshes.isEmpty)
    }
}
