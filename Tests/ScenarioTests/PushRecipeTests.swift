import Foundation
import Scenario
import Simulation
import Testing
import TestSupport

/// `voip-without-callkit.yaml` on four eras (§14).
@MainActor @Suite struct PushRecipeTests {
    /// Suspended at 65 (left at 60, 5 s of grace) everywhere. Before iOS 13 the five pushes (180 to
    /// 660 s, every 120 s) each wake it; from iOS 13 each of the first three kills it (a new process
    /// for the next), and the last two are dropped.
    @Test(arguments: [("ios6", false), ("ios12", false), ("ios13", true), ("ios17", true)])
    func voipPushesWithoutCallsKillTheAppFromIOS13(profile: String, killed: Bool) throws {
        let result = try Shipped.replay("voip-without-callkit", on: "city-commute.gpx", profile: profile).run().result
        #expect(result.summary.suspendedAt == 65)
        #expect(result.summary.terminatedAt == (killed ? 180 : nil))
        #expect(result.summary.exitCategory == (killed ? .abnormalExit : nil))
        let delivered = result.events.filter { $0.detail == .pushes(.delivered(.voip)) }.map(\.time)
        let dropped = result.events.filter { $0.detail == .pushes(.dropped(.voip, .tooManyUnreportedCalls)) }.map(\.time)
        #expect(delivered == (killed ? [180, 300, 420] : [180, 300, 420, 540, 660]))
        #expect(dropped == (killed ? [540, 660] : []))
        #expect(result.summary.processes == (killed ? 3 : 1))
        // Issue 17 §3: the kill is said as the system's, not as a purge.
        #expect(result.summary.terminationCause == (killed ? .crash(.pushes(.voipWithoutCall)) : nil))
        #expect(Prose.sentence(result.summary) == "The app was suspended at 0:01:05: nothing keeps the app running in the background "
            + "(no background task, no location session)"
            + (killed ? "; the system killed it at 0:03:00: the app never reported an incoming call to CallKit after a PushKit VoIP push." : "."))
    }
}
