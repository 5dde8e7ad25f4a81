import Testing
import TestSupport
@testable import Scripting
@testable import Simulation

/// Issue 17 §2: authorization, the Info.plist keys and the force-quit relaunch by era (spec §5,
/// §7, §9).
@MainActor @Suite struct AuthorizationEraTests {
    private func run(_ text: String, profile: SimProfile) throws -> SimulationResult {
        let app = try #require(try script(text))
        let config = configuration(drive(seconds: 120), profile: exact(profile), authorization: .notDetermined,
                                   timeline: [SimScenarioEvent(at: 60, .enterBackground)], capabilities: app.info)
        return KeepAliveSimulation(config, app: ScriptedApp(script: app)).run()
    }

    private let startsWithoutAsking = """
        app:
          info: {backgroundModes: [location]}
          on: {launch: [start-updates]}
        """

    @Test(arguments: [SimProfile.iOS6, .iOS7])
    func beforeIOS8TheFirstStartAsksAndAllowingGivesAlways(profile: SimProfile) throws {
        // No request and no usage string: the start on screen shows the one prompt of the era;
        // "OK" (the default answer) gives `authorized` (Always), and the location mode keeps
        // the app alive in the background.
        let result = try run(startsWithoutAsking, profile: profile)
        #expect(log(result, [.authorizationPrompt, .authorizationChange]) == [
            At(0, .prompt(.allowLocation(answer: .allowWhileUsing, then: nil))),
            At(1, .authorizationChange(from: .notDetermined, to: .authorizedAlways, accuracy: nil,
                                       cause: .userAnswered(.allowWhileUsing, provisionalAlways: false))),
        ])
        #expect(result.summary.verdict == .keptAlive)
        #expect(deliveredTimes(result).count == 120)
        #expect(result.summary.infoPlistFindings == [])
    }

    @Test func fromIOS8AStartWithoutARequestIsNeverAuthorized() throws {
        let result = try run(startsWithoutAsking, profile: .iOS9)
        #expect(log(result, [.authorizationPrompt, .authorizationChange]) == [])
        #expect(deliveredTimes(result) == [])
    }

    @Test func beforeIOS8ARequestDoesNotExistAndSaysSo() throws {
        let result = try run("app: {on: {launch: [request-always]}}", profile: .iOS7)
        #expect(log(result, [.warning, .authorizationPrompt]).first == At(0, .warning(.authorizationRequestUnavailable(always: true))))
        #expect(log(result, [.authorizationPrompt]) == [])
    }

    @Test(arguments: [
        // (profile, Info.plist, the request's missing keys (nil: none), the lint's findings)
        (SimProfile.iOS9, "{alwaysUsage: true}", nil as [SimUsageDescription]?, [SimUsageDescription]()),
        (.iOS9, "{whenInUseUsage: true}", [.locationAlways], [.locationAlways]),
        (.iOS12, "{alwaysUsage: true}", [.locationWhenInUse, .locationAlwaysAndWhenInUse], [.locationWhenInUse]),
        (.iOS12, "{whenInUseUsage: true, alwaysUsage: true}", nil, []),
        (.iOS26, "{whenInUseUsage: true}", [.locationWhenInUse, .locationAlwaysAndWhenInUse], [.locationAlwaysAndWhenInUse]),
    ])
    func theAlwaysRequestNeedsTheKeysOfItsEra(profile: SimProfile, info: String, missing: [SimUsageDescription]?, findings: [SimUsageDescription]) throws {
        let result = try run("app: {info: \(info), on: {launch: [request-always]}}", profile: profile)
        let warning = log(result, [.warning]).first { if case .warning(.missingUsageDescription) = $0.detail { true } else { false } }
        #expect(warning == missing.map { At(0, .warning(.missingUsageDescription(always: true, needs: $0))) })
        #expect(result.summary.infoPlistFindings == findings.map { .usageDescriptionMissing($0) })
    }

    @Test func beforeIOS8NoKeyIsNeeded() throws {
        // An app that declares no usage string and asks by starting updates: nothing is missing.
        let result = try run(startsWithoutAsking, profile: .iOS7)
        #expect(!result.summary.infoPlistFindings.contains { if case .usageDescriptionMissing = $0 { true } else { false } })
    }

    @Test func locationEventsRelaunchAForceQuitAppFromIOS71ThroughIOS26_3AndNotOnIOS26_4() {
        let relaunches = SimProfile.all.map { [$0.significantChangeRelaunchAfterForceQuit, $0.regions.relaunchAfterForceQuit] }
        #expect(SimProfile.all.map(\.name) == [
            "ios6", "ios7", "ios9", "ios12", "ios13", "ios14", "ios15", "ios16", "ios16.4", "ios17", "ios18", "ios26", "ios26.4", "debugger",
        ])
        #expect(relaunches == Array(repeating: [true, true], count: 12) + [[false, false], [true, true]])
    }
}
