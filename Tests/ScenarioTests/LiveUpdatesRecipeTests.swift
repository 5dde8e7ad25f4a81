import Foundation
import Scenario
import Simulation
import Testing
import TestSupport

/// `live-updates-session.yaml` on walk-with-cafe-stop.gpx (§10): 15 minutes' walk, 20 in the café, 15 more.
@MainActor @Suite struct LiveUpdatesRecipeTests {
    private func run(profile: String) throws -> SimulationResult {
        try Shipped.replay("live-updates-session", on: "walk-with-cafe-stop.gpx", profile: profile).run().result
    }

    /// iOS 17 and 18: the session, made once When In Use is granted (1 s), keeps the locked app
    /// running from 60 s (iOS 18's first update, at 0, carries authorizationRequestInProgress). The walker reaches the café at 900 s; after the fitness window (600 s,
    /// also the background cut-off) the isStationary update comes at 1500 and, the device asleep and
    /// nothing holding the app, it is suspended at once (not frozen: no task waits to thaw).
    /// The walk goes on at 2100; at 2118 the device is more than 25 m from where it stopped: updates resume and iOS wakes the app, kept running to the end.
    @Test(arguments: ["ios17", "ios18"])
    func stationaryInTheCafeThenResumed(profile: String) throws {
        let result = try run(profile: profile)
        #expect(result.summary.verdict == .suspended)
        #expect(result.summary.suspendedAt == 1_500)
        #expect(result.summary.causes == [.nothingHoldsApp, .liveUpdates(.stationary(windowSeconds: 600))])
        let live = result.events.compactMap { event -> Double? in
            if case .liveUpdates(let what) = event.detail, what != .started(.fitness) { event.time } else { nil }
        }
        // iOS 18 first says why there is no location yet: the prompt is on screen.
        #expect(live == (profile == "ios18" ? [0, 1, 1_500, 2_118] : [1, 1_500, 2_118]))
        if profile == "ios18" { #expect(result.events.contains { $0.detail == .liveUpdates(.diagnostic(.authorizationRequestInProgress)) }) }
        let wakes = result.events.filter { $0.detail == .stateChange(from: .suspended, to: .background, cause: .systemWake(.liveUpdates(.updatesAvailable))) }
        #expect(wakes.map(\.time) == [2_118])
        #expect(result.events.filter { $0.kind == .keepAliveStart }.map(\.time) == [60, 2_118])
        #expect(result.summary.warnings.isEmpty)
    }

    /// iOS 13: no liveUpdates, no session: a warning, and the app is suspended at the lock.
    @Test func unavailableOnIOS13() throws {
        let result = try run(profile: "ios13")
        #expect(result.summary.suspendedAt == 60)
        #expect(result.events.contains { $0.detail == .warning(.liveUpdates(.unavailable(profile: "ios13"))) })
        #expect(!result.events.contains { if case .liveUpdates = $0.detail { true } else { false } })
    }
}
