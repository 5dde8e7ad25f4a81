import Testing
@testable import Simulation

/// §5 and the failure paths a navigation app must survive. iOS 17 profile: 30 s budget, 5 s grace,
/// 1 s for expiration handlers. The standard app begins a task on entering the background and
/// ends it in its expiration handler.
@Suite struct AuthorizationScenarioTests {
    private let trip = drive(seconds: 300)

    @Test func deniedFromTheStart() {
        // Denied: no updates, no keep-alive. Background at 60 → budget expires at 90 → handler ends the task → suspended.
        let (result, app) = runStandard(configuration(trip, authorization: .denied, timeline: [
            SimScenarioEvent(at: 5, .startUpdatingLocation), SimScenarioEvent(at: 60, .enterBackground),
        ]))
        #expect(app.errors == [.denied])
        #expect(lines(result, [.locationError]) == ["5 startUpdatingLocation: authorization is denied: error denied"])
        #expect(result.summary.verdict == .suspended)
        #expect(result.summary.suspendedAt == 90)
        #expect(result.summary.reason == "background time expired; every background task was ended in its expiration handler")
        #expect(result.summary.deliveredUpdates == 0)
    }

    @Test func userDeclinesThePrompt() {
        var config = configuration(trip, authorization: .notDetermined, timeline: [SimScenarioEvent(at: 60, .enterBackground)])
        config.answers.firstPrompt = .dontAllow
        let (result, _) = runStandard(config)
        #expect(lines(result, [.authorizationPrompt, .authorizationChange]) == [
            "0 prompt: allow location? (the user will answer dontAllow)",
            "1 authorization notDetermined → denied: the user answered dontAllow",
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
        #expect(lines(result, [.authorizationChange, .locationStop, .locationError, .keepAliveEnd]) == [
            "120 authorization authorizedAlways → denied: changed in Settings",
            "120 updates stop: authorization is denied",
            "120 didFailWithError: denied",
            "120 the location session no longer keeps the app alive: a fresh 30 s budget starts",
        ])
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
        #expect(lines(result, [.authorizationChange]) == [
            "120 authorization authorizedAlways → denied: Location Services off",
            "200 authorization denied → authorizedAlways: Location Services on",
        ])
        #expect(result.summary.suspendedAt == 150)
    }

    /// Starts updates only once it is in the background, as a careless app might.
    final class StartsInBackground: SimAppDelegate {
        var manager: SimLocationManager?
        func applicationDidEnterBackground(_ application: SimApplication) {
            var task = SimBackgroundTaskIdentifier.invalid
            task = application.beginBackgroundTask(withName: "late start") { application.endBackgroundTask(task) }
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
        #expect(lines(result, [.warning]).first == "60 startUpdatingLocation from the background does nothing for a When In Use app")
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
        #expect(result.summary.reason == "NSInternalInconsistencyException: Invalid parameter not satisfying: !stayUp || CLClientIsBackgroundable(internal->fClient) || _CFMZEnabled()")
        #expect(result.summary.deliveredUpdates == 0)
    }

    @Test func missingUsageStringMakesRequestsDoNothing() {
        let (result, _) = runStandard(configuration(trip, authorization: .notDetermined, capabilities: SimCapabilities(whenInUseUsageDescription: nil)))
        #expect(lines(result, [.warning, .authorizationPrompt]) == [
            "0 requestAlwaysAuthorization does nothing: NSLocationWhenInUseUsageDescription and NSLocationAlwaysAndWhenInUseUsageDescription are both needed"
        ])
        #expect(result.summary.deliveredUpdates == 0)
    }

    @Test func provisionalAlwaysDeclinedInTheBackgroundBecomesWhenInUse() {
        // iOS 13+: Always from notDetermined is provisional; the second prompt comes when the app
        // enters the background with updates running. Keeping "While Using" still allows
        // background updates, because they started in the foreground.
        var config = configuration(trip, profile: .iOS13, authorization: .notDetermined, timeline: [SimScenarioEvent(at: 60, .enterBackground)])
        config.answers.alwaysPrompt = .keepWhenInUse
        let (result, _) = runStandard(config)
        #expect(lines(result, [.authorizationChange]) == [
            "1 authorization notDetermined → authorizedAlways: the user answered allowWhileUsing (provisional Always)",
            "60 authorization authorizedAlways → authorizedWhenInUse: the user kept Only While Using (provisional Always declined)",
        ])
        #expect(result.summary.verdict == .keptAlive)
        #expect(deliveredTimes(result).first == 1)
    }

    @Test func allowOnceEndsWhenTheAppLeavesUse() {
        var config = configuration(trip, authorization: .notDetermined, timeline: [SimScenarioEvent(at: 60, .enterBackground)])
        config.answers.firstPrompt = .allowOnce
        let (result, _) = runStandard(config) { $0.allowsBackgroundLocationUpdates = false }
        #expect(result.summary.suspendedAt == 90)
        #expect(lines(result, [.authorizationChange]) == [
            "1 authorization notDetermined → authorizedWhenInUse: the user answered allowOnce",
            "90 authorization authorizedWhenInUse → notDetermined: Allow Once ends when the app leaves use",
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
