import Testing
import TestSupport
import Scripting
@testable import Simulation

/// §5 and the failure paths a navigation app must survive. iOS 17 profile: 30 s budget, 5 s grace,
/// 1 s for expiration handlers. The standard app begins a task on entering the background and
/// ends it in its expiration handler.
@MainActor @Suite struct AuthorizationScenarioTests {
    private let trip = drive(seconds: 300)

    @Test func deniedFromTheStart() {
        // Denied: no updates, no keep-alive. Background at 60 → budget expires at 90 → handler ends the task → suspended.
        let (result, app) = runStandard(configuration(trip, authorization: .denied, timeline: [
            SimScenarioEvent(at: 5, .startUpdatingLocation), SimScenarioEvent(at: 60, .enterBackground),
        ]))
        #expect(app.errors == [.denied])
        #expect(log(result, [.locationError]) == [At(5, .locationError(.denied))])
        #expect(result.summary.verdict == .suspended)
        #expect(result.summary.suspendedAt == 90)
        #expect(result.summary.causes == [.backgroundTimeExpired(budget: 30), .tasksEndedInHandlers])
        #expect(result.summary.deliveredUpdates == 0)
    }

    @Test func userDeclinesThePrompt() {
        var config = configuration(trip, authorization: .notDetermined, timeline: [SimScenarioEvent(at: 60, .enterBackground)])
        config.answers.firstPrompt = .dontAllow
        let (result, _) = runStandard(config)
        #expect(log(result, [.authorizationPrompt, .authorizationChange]) == [
            At(0, .prompt(.allowLocation(answer: .dontAllow, then: nil))),
            At(1, .authorizationChange(from: .notDetermined, to: .denied, accuracy: nil, cause: .userAnswered(.dontAllow, provisionalAlways: false))),
        ])
        #expect(result.summary.suspendedAt == 90)
        #expect(result.summary.deliveredUpdates == 0)
    }

    @Test func revokedMidTrip() {
        // Fixes every second until 119; at 120 the user revokes: updates stop with error denied, the
        // keep-alive ends, a fresh 30 s budget runs out at 150. The strict reading: 119 + 30 = 149.
        let (result, app) = runStandard(configuration(trip, timeline: [
            SimScenarioEvent(at: 60, .enterBackground), SimScenarioEvent(at: 120, .setAuthorization(.denied)),
        ]))
        #expect(app.errors == [.denied])
        #expect(log(result, [.authorizationChange, .locationStop, .locationError, .keepAliveEnd]) == [
            At(120, .authorizationChange(from: .authorizedAlways, to: .denied, accuracy: nil, cause: .settingsChanged)),
            At(120, .locationStop(.standardUpdates, cause: .authorization(.denied))),
            At(120, .locationError(.denied)),
            At(120, .keepAliveEnd(SimHold(kind: .locationUpdates, spendsBudget: false, isAssertion: false), cause: .authorization(.denied), freshBudget: 30)),
        ])
        #expect(result.summary.causes == [.backgroundTimeExpired(budget: 30), .authorization(.denied), .tasksEndedInHandlers])
        #expect(deliveredTimes(result).last == 119)
        #expect(result.summary.verdict == .suspended)
        #expect(result.summary.suspendedAt == 150)
        #expect(result.summary.strictVerdict == .suspended)
        #expect(result.summary.strictSuspendedAt == 149)
    }

    @Test func locationServicesSwitchedOff() {
        let (result, app) = runStandard(configuration(trip, timeline: [
            SimScenarioEvent(at: 60, .enterBackground), SimScenarioEvent(at: 120, .setLocationServices(enabled: false)),
            SimScenarioEvent(at: 200, .setLocationServices(enabled: true)),
        ]))
        #expect(app.errors == [.denied])
        #expect(log(result, [.authorizationChange]) == [
            At(120, .authorizationChange(from: .authorizedAlways, to: .denied, accuracy: nil, cause: .locationServicesSwitched(on: false))),
            At(200, .authorizationChange(from: .denied, to: .authorizedAlways, accuracy: nil, cause: .locationServicesSwitched(on: true))),
        ])
        #expect(result.summary.suspendedAt == 150)
    }

    /// Starts updates only once it is in the background, as a careless app might.
    final class StartsInBackground: SimAppDelegate {
        var manager: SimLocationManager?
        var task = SimBackgroundTaskIdentifier.invalid
        func applicationDidEnterBackground(_ application: SimApplication) {
            task = application.beginBackgroundTask(withName: "late start") { [self] in application.endBackgroundTask(task) }
            let manager = application.makeLocationManager()
            manager.allowsBackgroundLocationUpdates = true
            manager.startUpdatingLocation()
            self.manager = manager
        }
    }

    @Test func whenInUseCannotStartUpdatesFromTheBackground() {
        let app = StartsInBackground()
        let result = KeepAliveSimulation(configuration(trip, authorization: .authorizedWhenInUse, timeline: [
            SimScenarioEvent(at: 60, .enterBackground),
        ]), app: app).run()
        #expect(log(result, [.warning]).first == At(60, .warning(.whenInUseStartFromBackground)))
        #expect(app.manager?.isUpdatingLocation == false)
        #expect(result.summary.deliveredUpdates == 0)
        #expect(result.summary.suspendedAt == 90)
    }

    @Test func whenInUseStartedInTheForegroundKeepsRunningInTheBackground() {
        let (result, _) = runStandard(configuration(trip, authorization: .authorizedWhenInUse, timeline: [
            SimScenarioEvent(at: 60, .enterBackground),
        ]))
        #expect(result.summary.verdict == .keptAlive)
        #expect(result.summary.deliveredUpdates == 301)
    }

    @Test func missingLocationBackgroundModeCrashes() {
        let (result, _) = runStandard(configuration(trip, capabilities: SimCapabilities(backgroundModes: [.fetch])))
        #expect(result.summary.verdict == .crashed)
        #expect(result.summary.terminatedAt == 0)
        #expect(result.summary.causes == [.crash(.backgroundLocationWithoutMode)])
        #expect(result.summary.deliveredUpdates == 0)
    }

    @Test func missingUsageStringMakesRequestsDoNothing() {
        let (result, _) = runStandard(configuration(trip, authorization: .notDetermined, capabilities: SimCapabilities(whenInUseUsageDescription: nil)))
        #expect(log(result, [.warning, .authorizationPrompt]) == [
            At(0, .warning(.missingUsageDescription(always: true, needs: [.locationWhenInUse, .locationAlwaysAndWhenInUse]))),
            At(300, .warning(.neverInBackground)),
            // The lint at the end (§7): the Always request needed the missing When In Use string.
            At(300, .warning(.infoPlist(.usageDescriptionMissing(.locationWhenInUse)))),
        ])
        #expect(result.summary.verdict == .foregroundOnly)
        #expect(result.summary.deliveredUpdates == 0)
    }

    @Test func provisionalAlwaysDeclinedInTheBackgroundBecomesWhenInUse() {
        // iOS 13+: Always from notDetermined is provisional; the second prompt comes when the app
        // enters the background with updates running. Keeping "While Using" still allows
        // background updates, because they started in the foreground.
        var config = configuration(trip, profile: .iOS13, authorization: .notDetermined, timeline: [SimScenarioEvent(at: 60, .enterBackground)])
        config.answers.alwaysPrompt = .keepWhenInUse
        let (result, _) = runStandard(config)
        #expect(log(result, [.authorizationChange]) == [
            At(1, .authorizationChange(from: .notDetermined, to: .authorizedAlways, accuracy: nil, cause: .userAnswered(.allowWhileUsing, provisionalAlways: true))),
            At(60, .authorizationChange(from: .authorizedAlways, to: .authorizedWhenInUse, accuracy: nil, cause: .userKeptWhenInUse)),
        ])
        #expect(result.summary.verdict == .keptAlive)
        #expect(deliveredTimes(result).first == 1)
    }

    @Test func allowOnceEndsWhenTheAppLeavesUse() {
        var config = configuration(trip, authorization: .notDetermined, timeline: [SimScenarioEvent(at: 60, .enterBackground)])
        config.answers.firstPrompt = .allowOnce
        let (result, _) = runStandard(config) { $0.allowsBackgroundLocationUpdates = false }
        #expect(result.summary.suspendedAt == 90)
        #expect(log(result, [.authorizationChange]) == [
            At(1, .authorizationChange(from: .notDetermined, to: .authorizedWhenInUse, accuracy: nil, cause: .userAnswered(.allowOnce, provisionalAlways: false))),
            At(90, .authorizationChange(from: .authorizedWhenInUse, to: .notDetermined, accuracy: nil, cause: .allowOnceEnded)),
        ])
    }

    @Test func reducedAccuracyGivesFewCoarseFixes() {
        var config = configuration(drive(seconds: 3600))
        config.initialAccuracyAuthorization = .reducedAccuracy
        let (result, app) = runStandard(config)
        #expect(deliveredTimes(result) == [0, 900, 1800, 2700, 3600])
        #expect(app.received.allSatisfy { (1000...20000).contains($0.horizontalAccuracy) })
    }
}
