import Foundation
import Scenario
import Simulation
import Testing
import TestSupport

/// `explicit-service-session.yaml` on walk-with-cafe-stop.gpx (§10): the café walk of
/// LiveUpdatesRecipeTests, with `NSLocationRequireExplicitServiceSession`.
@MainActor @Suite struct ServiceSessionRecipeTests {
    private func run(profile: String, withoutSession: Bool = false) throws -> SimulationResult {
        guard withoutSession else {
            return try Shipped.replay("explicit-service-session", on: "walk-with-cafe-stop.gpx", profile: profile).run().result
        }
        let text = try String(contentsOfFile: Shipped.script("explicit-service-session"), encoding: .utf8)
        let edited = text.replacingOccurrences(of: "      - {begin-service-session: whenInUse}\n", with: "")
        #expect(edited != text)
        var settings = try ScenarioFile.parse(edited, name: "explicit-service-session.yaml")
        settings.$profile = Setting(text: profile)
        return try ReplayRun(track: Shipped.track("walk-with-cafe-stop.gpx"), settings: settings.resolved()).run().result
    }

    /// iOS 18: the session asks for When In Use (one prompt at 0, answered at 1) and lets the
    /// updates through, so the run is the café walk's: kept running from the lock (60), still
    /// for the fitness window from 900 → suspended at 1500, woken at 2118 and kept to the end.
    @Test func withTheSessionTheAppRunsAsOnIOS17() throws {
        let result = try run(profile: "ios18")
        #expect(result.summary.verdict == .suspended)
        #expect(result.summary.suspendedAt == 1_500)
        #expect(log(result, [.keepAliveStart]).map(\.time) == [60, 2_118])
        #expect(log(result, [.authorizationPrompt]).map(\.time) == [0])
        #expect(log(result, [.serviceSessions(.session)]) == [
            At(0, .serviceSessions(.began(.whenInUse, active: true))),
            At(0, .serviceSessions(.diagnostics(.whenInUse, [.authorizationRequestInProgress]))),
            At(1, .serviceSessions(.diagnostics(.whenInUse, []))),
        ])
        #expect(result.summary.warnings.isEmpty)
    }

    /// iOS 18 without the session: every update says serviceSessionRequired (first at 0), the
    /// background activity session holds nothing, and the app is suspended at the lock (60).
    @Test func withoutTheSessionIOS18DeliversNothing() throws {
        let result = try run(profile: "ios18", withoutSession: true)
        #expect(result.summary.suspendedAt == 60)
        #expect(result.summary.causes.contains(.liveUpdates(.withheld(.serviceSessionRequired))))
        #expect(log(result, [.liveUpdates(.live)]).first { if case .liveUpdates(.diagnostic) = $0.detail { true } else { false } }
            == At(0, .liveUpdates(.diagnostic(.authorizationRequestInProgress))))
        #expect(log(result, [.liveUpdates(.live)]).contains(At(1, .liveUpdates(.diagnostic(.serviceSessionRequired)))))
        #expect(!result.events.contains { $0.kind == .fixDelivered })
    }

    /// iOS 17 has neither the key nor the session: a warning, and the café walk's run.
    @Test func onIOS17TheSessionIsIgnored() throws {
        let result = try run(profile: "ios17")
        #expect(result.summary.suspendedAt == 1_500)
        #expect(log(result, [.keepAliveStart]).map(\.time) == [60, 2_118])
        #expect(result.events.contains { $0.detail == .warning(.serviceSessions(.unavailable(profile: "ios17"))) })
    }

    /// The timeline's header names the mechanisms the script calls on, in reading order.
    @Test func theTimelineSaysWhatTheAppUses() throws {
        let outcome = try Shipped.replay("explicit-service-session", on: "walk-with-cafe-stop.gpx", profile: "ios18").run()
        let lines = TimelineReport.text(outcome).split(separator: "\n")
        #expect(lines.contains("  uses     CLServiceSession(.whenInUse), CLBackgroundActivitySession, liveUpdates(.fitness)"))
    }
}
