import Foundation
@testable import ScenarioInput
@testable import ScenarioReports
@testable import ScenarioRun
import Scripting
import Simulation
import Testing
import TestSupport

/// Location pushes in scenario files (§16): `start-location-pushes`, `stop-location-pushes`, the
/// extension's `answer-location-push` under the `location-push` trigger, the entitlement in
/// `info:`, the `location-push` verb and goal, `--explain`'s fixes, and the ready script
/// `Tracks/Scenarios/location-push.yaml`.
@MainActor @Suite struct LocationPushScriptTests {
    @Test(arguments: [
        ("start-location-pushes", AppScript.Action.locationPushes(.startMonitoring)),
        ("stop-location-pushes", .locationPushes(.stopMonitoring)),
        ("answer-location-push", .locationPushes(.answer(workSeconds: 0, location: true))),
        ("{answer-location-push: {work: 40, location: false}}", .locationPushes(.answer(workSeconds: 40, location: false))),
    ])
    func everyActionFormIsRead(text: String, action: AppScript.Action) throws {
        #expect(try script("app:\n  on:\n    location-push: [\(text)]")?.reactions == [.locationPush: [action]])
    }

    @Test func theEntitlementIsAnInfoKey() throws {
        #expect(try script("app: {info: {locationPushEntitlement: true}}")?.info.locationPushEntitlement == true)
        #expect(try script("app: {info: {backgroundModes: []}}")?.info.locationPushEntitlement == false)
    }

    @Test func theVerbAndTheGoalAreRead() throws {
        let settings = try ScenarioFile.parse("goal: location-push\nevents:\n  - {at: 5, do: location-push}", name: "s.yaml")
        #expect(try settings.resolved().timeline.filter { $0.action == .locationPushes(.arrive) } == [SimScenarioEvent(at: 5, .locationPushes(.arrive))])
        #expect(try settings.resolved().goals == [.locationPushes(LocationPushGoal())])
        let stated = try ScenarioFile.parse("goal: {location-push: {fraction: 0.5}}", name: "s.yaml")
        #expect(try stated.resolved().goals == [.locationPushes(LocationPushGoal(requiredFraction: 0.5))])
    }

    @Test func anAppThatStartsMonitoringWantsTheLocationPushGoal() throws {
        let app = try #require(try script("app: {on: {launch: [start-location-pushes]}}"))
        #expect(ReplayGoal.defaultGoals(for: app, builtIn: false) == [.locationPush])
    }

    @Test func aMistakeIsNamed() {
        #expect(throws: ReplayError.invalidSettings("s.yaml:1:52: 'when' is not a field of 'answer-location-push' (work, location)")) {
            try ScenarioFile.parse("app: {on: {location-push: [{answer-location-push: {when: 1}}]}}", name: "s.yaml")
        }
    }

    /// location-push.yaml on the parked car (iOS 17): suspended from 1:05, never launched again;
    /// each push at 3:00, 10:00 and 20:00 is answered with a location 2 s later.
    @Test func theReadyScriptAnswersEveryPushWithoutLaunchingTheApp() throws {
        let outcome = try Shipped.replay("location-push", on: "parked-car.gpx").run()
        let kinds: Set<SimEvent.Kind> = [.locationPushes(.arrive), .locationPushes(.complete), .appLaunch, .appState]
        #expect(log(outcome.result, kinds).filter { $0.time > 0 } == [
            state(60, .active, .inactive, .userLeavesApp), state(60, .inactive, .background, .userLeavesApp),
            state(65, .background, .suspended, .nothingHoldsApp),
            At(180, .locationPushes(.arrived(push: 1))), At(182, .locationPushes(.completed(push: 1, located: true))),
            At(600, .locationPushes(.arrived(push: 2))), At(602, .locationPushes(.completed(push: 2, located: true))),
            At(1200, .locationPushes(.arrived(push: 3))), At(1202, .locationPushes(.completed(push: 3, located: true))),
        ])
        #expect(outcome.result.summary.goalMet == true)
        #expect(Prose.headline(try #require(outcome.result.summary.coverage.first))
                == "Goal location-push met: 3 of 3 location pushes answered with a location (100 %).")
    }

    private func explain(_ change: (inout ReplaySettings) -> Void) throws -> Explanation {
        var settings = try ScenarioFile.read(contentsOf: Shipped.script("location-push"))
        change(&settings)
        let resolved = try settings.resolved()
        let path = Shipped.track("parked-car.gpx")
        let loaded = try LoadedTrack.load(path, lenient: false, untimedSpeed: resolved.untimedSpeed)
        let replay = ReplayRun(track: path, settings: resolved)
        return replay.explain(try replay.run(on: loaded, keepsEvents: false), on: loaded)
    }

    /// When In Use: no push reaches the extension; Always is the fix.
    @Test func aWhenInUseAppIsToldToAskForAlways() throws {
        let explanation = try explain { $0.authorization = .whenInUse }
        #expect(explanation.candidates == [.alwaysInsteadOfWhenInUse])
        #expect(explanation.fixes.map(\.changes) == [[.alwaysInsteadOfWhenInUse]])
    }

    /// Without the entitlement the start fails; a slow extension is terminated: each fix is named.
    @Test func theEntitlementAndASlowExtensionAreFixed() throws {
        let entitlement = try explain { $0.app?.info.locationPushEntitlement = false }
        #expect(entitlement.fixes.map(\.changes) == [[.app(.declareLocationPushEntitlement)]])
        let slow = try explain { $0.app?.reactions[.locationPush] = [.locationPushes(.answer(workSeconds: 40, location: true))] }
        #expect(slow.fixes.map(\.changes) == [[.app(.answerLocationPushesAtOnce)]])
        #expect(Prose.text(.app(.answerLocationPushesAtOnce))
                == "didReceiveLocationPushPayload(_:completion:) asks for one location and calls the completion block as soon as it comes (an extension target added if the app has none)")
    }
}
