import Foundation
import Scenario
import Simulation
import Testing
import TestSupport

/// The ready scripts in `Tracks/Scenarios`, each on the four eras, with the verdicts and times
/// the rules give (§2: budgets of 600, 180 and 30 s, the watchdog 1 s after expiry).
@MainActor @Suite struct RecipeTests {
    private func run(_ recipe: String, on track: String, profile: String) throws -> SimulationResult {
        try Shipped.replay(recipe, on: track, profile: profile).run().result
    }

    /// The pulse leaves the background at 1:00 with updates stopped; the first pulse runs 1:00–1:01
    /// (the timer and the move to the background fall on the same second), so the first fresh
    /// budget starts at 1:01. 180 s and 600 s outlast the next pulse; 30 s ends at 1:31, and the
    /// task begun in the handler, granted no time, is still open at 1:32.
    @Test(arguments: [
        ("ios6", SimVerdict.keptAlive, nil as Double?), ("ios7", .keptAlive, nil),
        ("ios13", .terminated, 92), ("ios17", .terminated, 92),
    ])
    func thePulseLivesWhileTheFreshBudgetOutlastsAMinute(profile: String, verdict: SimVerdict, terminatedAt: Double?) throws {
        let summary = try run("pulse-60s", on: "city-commute.gpx", profile: profile).summary
        #expect(summary.verdict == verdict)
        #expect(summary.terminatedAt == terminatedAt)
        if let terminatedAt {
            #expect(summary.causes == [.watchdog(openTasks: [SimTaskRecord(id: 2, name: "pulse")], allowance: 1)])
            #expect(terminatedAt == 61 + 30 + 1)
        }
    }

    /// Updates stop at 1:00, so the budget runs from 1:00: the chained task is still open 1 s after it ends.
    @Test(arguments: [("ios6", 600.0), ("ios7", 180), ("ios13", 30), ("ios17", 30)])
    func chainedTasksGetNoTimeAndTheWatchdogEndsTheApp(profile: String, budget: Double) throws {
        let result = try run("task-chain", on: "city-commute.gpx", profile: profile)
        #expect(result.summary.verdict == .terminated)
        #expect(result.summary.terminatedAt == 60 + budget + 1)
        #expect(result.summary.causes.first == .watchdog(openTasks: [SimTaskRecord(id: 2, name: "chain")], allowance: 1))
        let begun = result.events.compactMap { event -> Bool? in
            if case .taskBegin(_, let grantsTime) = event.detail { grantsTime } else { nil }
        }
        #expect(begun == [true, false])  // the task begun in the handler gets no time
    }

    /// Before iOS 9 there is no background flag: the running updates keep the app alive and the
    /// leaked tasks never matter. From iOS 9 on, nothing holds the app but its tasks; at 1:30 the
    /// handlers end only the task the variable holds, and the overwritten one is still open.
    @Test(arguments: [
        ("ios6", SimVerdict.keptAlive, nil as Double?), ("ios7", .keptAlive, nil),
        ("ios13", .terminated, 91), ("ios17", .terminated, 91),
    ])
    func anOverwrittenIdentifierLeaksItsTask(profile: String, verdict: SimVerdict, terminatedAt: Double?) throws {
        let summary = try run("overwritten-task", on: "city-commute.gpx", profile: profile).summary
        #expect(summary.verdict == verdict)
        #expect(summary.terminatedAt == terminatedAt)
        if terminatedAt != nil {
            guard case .watchdog(let tasks, _) = summary.causes.first else {
                Issue.record("not a watchdog termination: \(summary.causes)")
                return
            }
            // #1, begun at the first fix (0:00:01), was overwritten by #2 a second later; from then on
            // each end comes after the next begin and ends that one. #91 is begun after the handlers ran.
            #expect(tasks == [SimTaskRecord(id: 1, name: "upload"), SimTaskRecord(id: 91, name: "upload")])
        }
    }

    /// The walk pauses at 25:01 (10 min in the café, fitness); the fresh budget ends in a
    /// suspension; the significant-change service wakes the app once the walk has gone on 500 m
    /// (41:01), and its restarted updates hold it to the end of the track.
    @Test(arguments: [("ios6", 600.0), ("ios7", 180), ("ios13", 30), ("ios17", 30)])
    func afterAPauseSignificantChangesBringTheAppBack(profile: String, budget: Double) throws {
        let result = try run("pause-fallback", on: "walk-with-cafe-stop.gpx", profile: profile)
        #expect(result.summary.verdict == .suspended)
        #expect(result.summary.suspendedAt == 1_501 + budget)
        #expect(result.summary.causes == [
            .backgroundTimeExpired(budget: budget), .updatesPausedAutomatically(windowSeconds: 600, activityType: .fitness), .tasksEndedInHandlers,
        ])
        let wakes = result.events.filter {
            if case .stateChange(.suspended, .background, .systemWake(.significantLocationChange)) = $0.detail { true } else { false }
        }
        #expect(wakes.map(\.time) == [2_461])
        let restarts = result.events.filter { $0.kind == .locationStart && $0.time >= 2_461 }.map(\.time)
        #expect(restarts == [2_461])
        #expect(result.events.last { $0.kind == .appState }?.state == .background)
    }
}
