import Foundation
import Testing
import TestSupport
@testable import Scripting
@testable import Simulation

/// The Location Push Service Extension (§16, iOS 15): an Always app with the entitlement and the
/// extension, monitoring location pushes, gets its extension run for each `location` push without
/// being launched; the extension has `locationPushes.timeLimit` (30 s) to call its completion,
/// with `serviceExtensionWillTerminate()` 5 s before. Times from the rules in Docs/Model.md
/// ("Location pushes"). Fixes are exact (`exact`): a `best` location's accuracy is 5 m.
@MainActor @Suite struct LocationPushTests {
    private let kinds = Set(LocationPushEvent.Kind.allCases.map(SimEvent.Kind.locationPushes))
    private let withEntitlement: SimCapabilities = {
        var info = SimCapabilities()
        info.locationPushEntitlement = true
        return info
    }()

    /// Starts monitoring at launch; its extension asks for a location and calls its completion
    /// `work` seconds after it comes (`nil`: no extension at all).
    private func app(work: Double? = 3, location: Bool = true) -> AppScript {
        var script = AppScript(reactions: [.launch: [.locationPushes(.startMonitoring)]])
        if let work { script.reactions[.locationPush] = [.locationPushes(.answer(workSeconds: work, location: location))] }
        return script
    }

    /// The app leaves at 10 (suspended at 15); a location push arrives at 100.
    private func run(_ script: AppScript, profile: SimProfile = .iOS17, authorization: SimAuthorizationStatus = .authorizedAlways,
                     capabilities: SimCapabilities? = nil, trajectory: Trajectory = drive(seconds: 300, speed: 0),
                     events: [SimScenarioEvent] = [], goal: Bool = true) -> SimulationResult {
        var config = configuration(trajectory, profile: exact(profile), authorization: authorization,
                                   timeline: [SimScenarioEvent(at: 10, .enterBackground)] + events + [SimScenarioEvent(at: 100, .locationPushes(.arrive))],
                                   capabilities: capabilities ?? withEntitlement)
        config.locationPushServiceExtension = script.locationPushServiceExtension
        if goal { config.goals = [.locationPushes(LocationPushGoal())] }
        return KeepAliveSimulation(config, app: ScriptedApp(script: script)).run()
    }

    private func gap(_ at: Double, _ cause: LocationPushCause) -> SimGap {
        SimGap(from: at, to: at, seconds: 0, metres: 0, causes: [.locationPushes(cause)], closedBy: nil, closed: true)
    }

    @Test func thePushRunsTheExtensionWhichAnswersWithALocationAndTheAppIsNotLaunched() {
        // Requested and received at 100 (the answer comes on the next turn), completion 3 s later.
        let result = run(app())
        #expect(log(result, kinds) == [
            At(0, .locationPushes(.monitoringStarted)),
            At(100, .locationPushes(.arrived(push: 1))), At(100, .locationPushes(.locationRequested(push: 1))),
            At(100, .locationPushes(.located(push: 1, accuracy: 5))), At(103, .locationPushes(.completed(push: 1, located: true))),
        ])
        // The app stays suspended from 15: no wake, no launch, no state change at 100.
        #expect(log(result, [.appState, .appLaunch]).filter { $0.time > 0 } == [
            state(10, .active, .inactive, .userLeavesApp), state(10, .inactive, .background, .userLeavesApp),
            state(15, .background, .suspended, .nothingHoldsApp),
        ])
        let coverage = result.summary.coverage.first
        #expect(coverage?.met == true)
        #expect(coverage?.fraction == 1)
        #expect(coverage?.eventCount == 1)
    }

    @Test func anAppThatIsNotRunningIsNotLaunchedEither() {
        // Purged at 50 (suspended since 15): the push at 100 runs the extension only.
        let result = run(app(), events: [SimScenarioEvent(at: 50, .memoryPressure)])
        #expect(log(result, [.appLaunch]).filter { $0.time > 0 } == [])
        #expect(log(result, kinds).last == At(103, .locationPushes(.completed(push: 1, located: true))))
    }

    @Test func aSlowExtensionIsWarnedAt25AndTerminatedAt30() {
        // Work of 40 s after the location: the 30 s limit ends it at 130, the warning 5 s before.
        let result = run(app(work: 40))
        #expect(log(result, kinds).suffix(2) == [
            At(125, .locationPushes(.willTerminate(push: 1))), At(130, .locationPushes(.terminated(push: 1))),
        ])
        #expect(result.summary.coverage.first?.met == false)
        #expect(result.summary.coverage.first?.gaps == [gap(100, .timedOut)])
    }

    @Test func theLimitAndTheWarningAreProfileParameters() {
        var profile = SimProfile.iOS17
        profile.locationPushes.timeLimit = 10
        profile.locationPushes.warningLead = 2
        #expect(log(run(app(work: 40), profile: profile), kinds).suffix(2) == [
            At(108, .locationPushes(.willTerminate(push: 1))), At(110, .locationPushes(.terminated(push: 1))),
        ])
    }

    @Test func aWhenInUseAppGetsNoExtensionRun() {
        let result = run(app(), authorization: .authorizedWhenInUse)
        #expect(log(result, kinds) == [
            At(0, .locationPushes(.monitoringStarted)), At(100, .locationPushes(.dropped(push: 1, .notAlways(.authorizedWhenInUse)))),
        ])
        #expect(result.summary.coverage.first?.gaps == [gap(100, .dropped(.notAlways(.authorizedWhenInUse)))])
        #expect(result.summary.coverage.first?.fraction == 0)
    }

    @Test func withoutTheEntitlementTheStartFailsAndPushesAreDropped() {
        let result = run(app(), capabilities: SimCapabilities())
        #expect(log(result, kinds) == [
            At(0, .locationPushes(.monitoringFailed(.missingEntitlement))),
            At(100, .locationPushes(.dropped(push: 1, .monitoringFailed(.missingEntitlement)))),
        ])
    }

    @Test func withoutAnExtensionTheStartFails() {
        #expect(log(run(app(work: nil)), kinds).first == At(0, .locationPushes(.monitoringFailed(.missingPushExtension))))
    }

    @Test func beforeIOS15TheAPIDoesNotExist() {
        let result = run(app(), profile: .iOS14)
        #expect(log(result, kinds.union([.warning])).filter { $0.time <= 100 } == [
            At(0, .warning(.locationPushes(.unavailable(profile: "ios14")))),
            At(0, .locationPushes(.monitoringFailed(.unsupportedPlatform))),
            At(100, .locationPushes(.dropped(push: 1, .unavailable))),
        ])
    }

    @Test func inASignalGapNoLocationComesAndThePushIsNotAnswered() {
        let result = run(app(), trajectory: drive(seconds: 300, speed: 0, gaps: [90...110]))
        #expect(log(result, kinds).suffix(3) == [
            At(100, .locationPushes(.locationRequested(push: 1))), At(100, .locationPushes(.locationUnavailable(push: 1))),
            At(103, .locationPushes(.completed(push: 1, located: false))),
        ])
        #expect(result.summary.coverage.first?.gaps == [gap(100, .locationUnavailable)])
    }

    @Test func anExtensionThatAsksForNoLocationAnswersWithout() {
        let result = run(app(work: 1, location: false))
        #expect(log(result, kinds).suffix(2) == [
            At(100, .locationPushes(.arrived(push: 1))), At(101, .locationPushes(.completed(push: 1, located: false))),
        ])
        #expect(result.summary.coverage.first?.gaps == [gap(100, .completedWithoutLocation)])
    }

    @Test func stoppingMonitoringDropsLaterPushes() {
        var script = app()
        script.reactions[.background] = [.locationPushes(.stopMonitoring)]
        #expect(log(run(script), kinds) == [
            At(0, .locationPushes(.monitoringStarted)), At(10, .locationPushes(.monitoringStopped)),
            At(100, .locationPushes(.dropped(push: 1, .notMonitoring))),
        ])
    }

    /// The async form gives the token, 32 bytes.
    @Test func theAsyncStartGivesTheToken() async {
        final class App: SimAppDelegate {
            var token: Data?
            var manager: SimLocationManager?
            func applicationDidFinishLaunching(_ application: SimApplication, inBackground: Bool) {
                let manager = application.makeLocationManager()
                self.manager = manager
                application.task { [self] in token = try? await manager.startMonitoringLocationPushes() }
            }
        }
        let app = App()
        var config = configuration(drive(seconds: 60, speed: 0), capabilities: withEntitlement)
        config.locationPushServiceExtension = self.app().locationPushServiceExtension
        _ = await KeepAliveSimulation(config, app: app).runAsync()
        #expect(app.token == Data(repeating: 0x4C, count: 32))
    }
}
