import Foundation
import Scenario
import Simulation
import Testing
import TestSupport

/// The audio scripts of `Tracks/Scenarios` on the four eras (§13).
@MainActor @Suite struct AudioRecipeTests {
    private func run(_ recipe: String, profile: String) throws -> ReplayOutcome {
        try Shipped.replay(recipe, on: "walk-with-cafe-stop.gpx", profile: profile).run()
    }

    /// Silence keeps the app running on every era, and is never a pass.
    @Test(arguments: ["ios6", "ios7", "ios13", "ios17"])
    func silentAudioStaysAliveButDoesNotPass(profile: String) throws {
        let outcome = try run("silent-audio", profile: profile)
        #expect(outcome.result.summary.verdict == .keptAlive)
        #expect(outcome.result.summary.warnings.first == .audio(.silentKeepAlive))
        // From iOS 9 the declared location mode goes unused (no background flag): the lint says so too.
        #expect(outcome.result.summary.warnings.count == (profile == "ios6" || profile == "ios7" ? 1 : 2))
        #expect(!outcome.keptAlive)
    }

    /// The accepted call at 1200 s stops the audio; the task's fresh budget (600, 180 or 30 s)
    /// runs out before the call ends at 2100 s.
    @Test(arguments: [("ios6", 600.0), ("ios7", 180), ("ios13", 30), ("ios17", 30)])
    func aPodcastSurvivesADeclinedCallButNotALongOne(profile: String, budget: Double) throws {
        let result = try run("podcast-call", profile: profile).result
        #expect(result.summary.verdict == .suspended)
        #expect(result.summary.suspendedAt == 1_200 + budget)
        #expect(result.summary.causes == [.backgroundTimeExpired(budget: budget), .audio(.interrupted(.call)), .tasksEndedInHandlers])
        #expect(log(result, [.audio(.audio)]).filter { if case .audio(.interruptionEnded) = $0.detail { true } else { false } } == [
            At(615, .audio(.interruptionEnded(.declinedCall, delivered: true))), At(2_100, .audio(.interruptionEnded(.call, delivered: false))),
        ])
    }

    @Test func thePictureNamesWhatKeptTheAppAlive() throws {
        let svg = PictureReport.svg(try run("podcast-call", profile: "ios17"))
        #expect(svg.contains(">green: held by audio playback, no background time used</text>"))  // worded as the collapsed panel's line since issue 34
    }
}
