import Foundation
import Scenario
import Scripting
import Simulation
import Testing
import TestSupport

/// `--explain`: the smallest changes that keep the app alive, found by replaying with them.
@MainActor @Suite struct ExplainTests {
    private func explain(_ track: String, _ change: (inout ReplaySettings) -> Void = { _ in }, recipe: String? = nil) throws -> Explanation {
        var settings = try recipe.map { try ScenarioFile.read(contentsOf: Shipped.script($0)) } ?? ReplaySettings()
        change(&settings)
        let resolved = try settings.resolved()
        let path = Shipped.track(track)
        let loaded = try LoadedTrack.load(path, lenient: false, untimedSpeed: resolved.untimedSpeed)
        let replay = ReplayRun(track: path, settings: resolved)
        return replay.explain(replay.run(on: loaded, keepsEvents: false), on: loaded)
    }

    @Test func aPausedWalkIsFixedByNotPausing() throws {
        let explanation = try explain("walk-with-cafe-stop.gpx") { $0.activityType = .fitness }
        // The navigation app pauses, walks as fitness and has a distance filter of none and the flag on already.
        #expect(explanation.candidates == [
            .app(.set(.pausesLocationUpdatesAutomatically(false))), .app(.set(.activityType(.other))),
            .app(.set(.activityType(.automotiveNavigation))), .app(.set(.activityType(.otherNavigation))),
            .app(.set(.activityType(.airborne))), .app(.significantChangeFallback),
        ])
        // The café takes 20 min, as long as the longest stationary window: no other activity type outlasts it.
        #expect(explanation.fixes == [.init(changes: [.app(.set(.pausesLocationUpdatesAutomatically(false)))], verdict: .keptAlive)])
        #expect(explanation.replays == 6)
        #expect(explanation.largestSetTried == 1)
    }

    @Test func theBackgroundFlagOffIsFixedByTheFlag() throws {
        let explanation = try explain("city-commute.gpx") { $0.backgroundLocation = false }
        #expect(explanation.fixes == [.init(changes: [.app(.set(.allowsBackgroundLocationUpdates(true)))], verdict: .keptAlive)])
    }

    @Test func aMissingLocationModeIsFixedByDeclaringIt() throws {
        let explanation = try explain("city-commute.gpx") { $0.backgroundModes = [] }
        #expect(explanation.fixes == [.init(changes: [.app(.declareBackgroundMode(.location))], verdict: .keptAlive)])
    }

    @Test func thePulseOnIOS17IsFixedByNeverStoppingTheUpdates() throws {
        let explanation = try explain("city-commute.gpx", recipe: "pulse-60s")
        #expect(explanation.fixes == [.init(changes: [.app(.keepUpdatesRunning)], verdict: .keptAlive)])
    }

    @Test func chainedTasksNeedTwoChanges() throws {
        let explanation = try explain("city-commute.gpx", recipe: "task-chain")
        #expect(explanation.largestSetTried == 2)
        #expect(explanation.fixes == [.init(changes: [.app(.set(.allowsBackgroundLocationUpdates(true))), .app(.keepUpdatesRunning)], verdict: .keptAlive)])
        #expect(explanation.candidates.count == 9)
        // 9 alone, then 36 pairs less the 6 that would set two activity types at once.
        #expect(explanation.replays == 9 + 36 - 6)
    }

    @Test func aRevokedAuthorizationHasNoFixInTheApp() throws {
        let explanation = try explain("xcode-waypoints.gpx") { $0.authorization = .whenInUse; $0.revokeAt = 200 }
        #expect(explanation.fixes.isEmpty)
        #expect(explanation.candidates.contains(.alwaysInsteadOfWhenInUse))
        #expect(explanation.largestSetTried == 2)
    }

    @Test func anAppThatStaysAliveNeedsNoReplays() throws {
        let explanation = try explain("city-commute.gpx")
        #expect(explanation.fixes.isEmpty)
        #expect(explanation.replays == 0)
    }

    @Test func changesAreNamedAsCoreLocationNamesThem() {
        #expect(Prose.text(.app(.set(.pausesLocationUpdatesAutomatically(false)))) == "pausesLocationUpdatesAutomatically = false")
        #expect(Prose.text(.app(.set(.distanceFilter(simDistanceFilterNone)))) == "distanceFilter = kCLDistanceFilterNone")
        #expect(Prose.text(.app(.set(.activityType(.fitness)))) == "activityType = .fitness")
        #expect(Prose.text(.app(.set(.desiredAccuracy(.hundredMeters)))) == "desiredAccuracy = kCLLocationAccuracyHundredMeters")
        #expect(Prose.text(.app(.declareBackgroundMode(.location))) == "UIBackgroundModes includes location")
        #expect(Prose.text(.alwaysInsteadOfWhenInUse) == "requestAlwaysAuthorization() instead of requestWhenInUseAuthorization() "
            + "(with NSLocationAlwaysAndWhenInUseUsageDescription), and the user allows Always: a second consent prompt")
        #expect(Prose.text(.app(.startUpdatesOnScreen)) == "startUpdatingLocation() called while the app is on screen "
            + "(at launch and on return), not on entering the background: no new consent needed")
        #expect(Prose.text(.app(.endTasksInExpirationHandlers)) == "endBackgroundTask(_:) called in each task's expiration handler")
    }

    /// Issue 17 §3: a When In Use app that starts its updates on entering the background. The
    /// start does nothing (§4): that is the first cause, and the engineer's fix — start them on
    /// screen, no new consent — comes before asking for Always; each works alone.
    @Test func aWhenInUseStartFromTheBackgroundIsExplainedByItsCauseAndFixedOnScreenFirst() throws {
        let text = """
            app:
              info: {backgroundModes: [location], whenInUseUsage: true}
              on:
                launch: [request-when-in-use]
                background:
                  - begin-task: {name: nav, as: task, onExpiry: [{end-task: task}]}
                  - set: {allowsBackgroundLocationUpdates: true}
                  - start-updates
            """
        let settings = try ScenarioFile.parse(text, name: "s.yaml").resolved()
        let path = Shipped.track("city-commute.gpx")
        let loaded = try LoadedTrack.load(path, lenient: false, untimedSpeed: settings.untimedSpeed)
        let replay = ReplayRun(track: path, settings: settings)
        let outcome = replay.run(on: loaded, keepsEvents: false)
        #expect(outcome.result.summary.causes == [.whenInUseStartedInBackground, .backgroundTimeExpired(budget: 30), .tasksEndedInHandlers])
        let explanation = replay.explain(outcome, on: loaded)
        #expect(explanation.fixes == [
            .init(changes: [.app(.startUpdatesOnScreen)], verdict: .keptAlive),
            .init(changes: [.alwaysInsteadOfWhenInUse], verdict: .keptAlive),
        ])
    }
}
