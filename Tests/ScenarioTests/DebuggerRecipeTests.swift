import Foundation
import Scenario
import Simulation
import Testing

/// The ready scripts of `Tracks/Scenarios` under the `debugger` profile (§9): the folk recipes
/// that die on iOS 17 survive under Xcode's debugger, which is why "it ran forever under Xcode"
/// proves nothing. Device times as in RecipeTests (30 s budget, watchdog 1 s after expiry).
@MainActor @Suite struct DebuggerRecipeTests {
    private func replay(_ recipe: String, profile: String) throws -> ReplayRun {
        try Shipped.replay(recipe, on: "city-commute.gpx", profile: profile)
    }

    /// pulse-60s: first fresh budget from 1:01, ends 1:31, watchdog at 1:32. task-chain: budget from
    /// 1:00, watchdog at 1:31. Both are assertion timeouts for MetricKit; under the debugger, neither happens.
    @Test(arguments: [("pulse-60s", 92.0, "0:01:32"), ("task-chain", 91, "0:01:31")])
    func aRecipeThatDiesOnADeviceSurvivesUnderTheDebugger(recipe: String, terminatedAt: Double, clock: String) throws {
        let device = try replay(recipe, profile: "ios17").run().result.summary
        #expect(device.verdict == .terminated)
        #expect(device.terminatedAt == terminatedAt)
        #expect(device.exitCategory == .backgroundTaskAssertionTimeout)
        let underDebugger = try replay(recipe, profile: "ios17").underDebugger().run().result.summary
        #expect(underDebugger.verdict == .keptAlive)
        #expect(underDebugger.profile == "ios17+debugger")
        #expect(underDebugger.exitCategory == nil)
        #expect(Prose.debuggerComparison(device: device, debugger: underDebugger)
            == "Side by side: survives under Xcode's debugger, terminated at \(clock) on a device: the debugger hides what ends the app.")
        let named = try replay(recipe, profile: "debugger").run().result.summary
        #expect(named.verdict == .keptAlive)
    }

    /// The navigation app uses its one declared mode: no lint findings on any profile.
    @Test(arguments: SimProfile.all.map(\.name))
    func theNavigationAppPassesTheLintOnEveryProfile(profile: String) throws {
        let summary = try replay("navigation-app", profile: profile).run().result.summary
        #expect(summary.infoPlistFindings == [])
    }
}
