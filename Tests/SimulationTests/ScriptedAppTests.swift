import Scenario
import Testing
@testable import Scripting
@testable import Simulation

@MainActor @Suite struct ScriptedAppTests {
    /// A drive with a long stop (pauses), a signal gap, and the user coming back.
    private let trip = drive(seconds: 3_600, stops: [900...2_400], gaps: [3_000...3_060])

    struct Variant: CustomStringConvertible, Sendable {
        var name: String
        var settings: @Sendable (inout StandardNavigationApp.Settings) -> Void = { _ in }
        var changes: [AppChange] = []
        var authorization = SimAuthorizationStatus.notDetermined
        var timeline: [SimScenarioEvent] = []
        var description: String { name }
    }

    nonisolated static let variants: [Variant] = [
        Variant(name: "defaults"),
        Variant(name: "filter and fitness", settings: { $0.distanceFilter = 50; $0.activityType = .fitness },
                changes: [.set(.distanceFilter(50)), .set(.activityType(.fitness))]),
        Variant(name: "no background flag", settings: { $0.allowsBackgroundLocationUpdates = false },
                changes: [.set(.allowsBackgroundLocationUpdates(false))]),
        Variant(name: "leaked task", settings: { $0.leaksBackgroundTask = true }, changes: [.neverEndTasks]),
        Variant(name: "no task", settings: { $0.beginsBackgroundTask = false }, changes: [.noBackgroundTasks]),
        Variant(name: "when in use", settings: { $0.requestsAlways = false }, changes: [.requestWhenInUse],
                authorization: .authorizedWhenInUse),
        Variant(name: "revoked, back, relaunched", timeline: [
            SimScenarioEvent(at: 600, .setAuthorization(.denied)), SimScenarioEvent(at: 700, .returnToForeground),
            SimScenarioEvent(at: 710, .setAuthorization(.authorizedAlways)), SimScenarioEvent(at: 720, .enterBackground),
            SimScenarioEvent(at: 2_500, .forceQuit), SimScenarioEvent(at: 2_600, .launch), SimScenarioEvent(at: 2_700, .lock),
        ]),
    ]

    @Test(arguments: SimProfile.all.map(\.name), variants)
    func theNavigationScriptDoesWhatTheSwiftAppDoes(profileName: String, variant: Variant) throws {
        let profile = try #require(SimProfile.all.first { $0.name == profileName })
        var settings = StandardNavigationApp.Settings()
        variant.settings(&settings)
        let config = configuration(trip, profile: profile, authorization: variant.authorization,
                                   timeline: [SimScenarioEvent(at: 60, .enterBackground)] + variant.timeline)
        let swift = KeepAliveSimulation(config, app: StandardNavigationApp(settings: settings)).run()
        let script = NavigationApp.script.applying(variant.changes)
        let scripted = KeepAliveSimulation(config, app: ScriptedApp(script: script)).run()
        #expect(scripted.events.count == swift.events.count)
        let first = zip(scripted.events, swift.events).first { $0.0 != $0.1 }
        #expect(first == nil, "first difference: \(String(describing: first))")
        #expect(scripted.summary == swift.summary)
    }
}
