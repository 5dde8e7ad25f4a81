import Foundation
import Testing
import TestSupport
@testable import Scripting
@testable import Simulation

/// Spec §4 "Where a gap starts and ends": a location goal's gap opens at the last fix delivered
/// to running code before its first missed second (or, if the device stood still since, when it
/// moved again) and closes at the next delivered fix; coverage counts only the missed moving
/// seconds. The drive is 8 m/s with a fix a second (iOS 17, exact fixes); the app is swiped
/// away at 100.5 and opened again at 200.5 (300.5 after a stop), so its fixes stop after the
/// one at 100 and start again as the new process starts its updates, at 200.5 (300.5).
@MainActor @Suite struct GapAnchorTests {
    private func run(_ goal: LocationGoal, stops: [ClosedRange<Int>] = [], reopenAt reopen: Double) -> SimulationResult {
        var configuration = configuration(drive(seconds: 400, speed: 8, stops: stops), profile: exact(.iOS17), timeline: [
            SimScenarioEvent(at: 100.5, .forceQuit), SimScenarioEvent(at: reopen, .launch),
        ])
        configuration.goals = [.location(goal)]
        return runStandard(configuration) { $0.pausesLocationUpdatesAutomatically = false }.0
    }

    /// The helper's drive is 8 m/s on a flat Earth: the track's geodesic speed is a little more.
    private let speed = drive(seconds: 400, speed: 8).position(at: 50)?.speed ?? 0

    @Test func aTrackingGapRunsFromTheLastFixToTheNextOne() throws {
        let result = run(.tracking(), reopenAt: 200.5)
        #expect(deliveredTimes(result).filter { $0 > 97 && $0 < 203 } == [98, 99, 100, 200.5, 201.5, 202.5])
        let coverage = try #require(result.summary.coverage.first)
        // Second s is judged with the travel to its end: 8·(s + 1 − 100) m since the fix at 100,
        // over 100 m from s = 112 (60 s would be 160). Missed 112…200: 89 of the 400 moving
        // seconds; the fix at 200.5 covers 201.
        #expect(abs(speed - 8) < 0.05)
        let gap = try #require(coverage.gaps.first)
        #expect(coverage.gapCount == 1)
        #expect([gap.from, gap.firstMissed, gap.to, gap.seconds] == [100, 112, 200.5, 89])
        #expect(gap.causes == [.forceQuit])
        #expect(gap.closedBy == .launching)
        #expect(gap.closed)
        // Its span and distance run from the anchor to the next fix: the travel of seconds
        // 100…200; coverage counts only the 89 missed ones.
        #expect(abs(gap.metres - 101 * speed) < 1e-6)
        #expect(coverage.longestGapSeconds == 100.5)
        #expect(coverage.uncoveredSeconds == 89)
        #expect(abs(coverage.uncoveredMetres - 89 * speed) < 1e-6)
        #expect(coverage.fraction == 311.0 / 400)
    }

    /// Navigation needs running code: the second after the swipe, 101, is missed though the fix
    /// at 100 is 1 s old. The new process's launch counts as its first fix (the goal's age to
    /// get one), so the gap closes at the launch, 200.5: 101…200 missed, 100 s.
    @Test func aNavigationGapOpensAtTheLastFixAndClosesAtTheRelaunch() throws {
        let coverage = try #require(run(.navigation(), reopenAt: 200.5).summary.coverage.first)
        let gap = try #require(coverage.gaps.first)
        #expect(coverage.gapCount == 1)
        #expect([gap.from, gap.firstMissed, gap.to, gap.seconds] == [100, 101, 200.5, 100])
        #expect(abs(gap.metres - 101 * speed) < 1e-6)
        #expect(coverage.longestGapSeconds == 100.5)
        #expect(coverage.uncoveredSeconds == 100)
    }

    /// The device stands still from the last fix at 100 to 200 (seconds 100…199 have speed 0):
    /// the gap opens when it moves again, 200, not at the fix. Tracking: 8·(s + 1 − 200) m since
    /// the fix passes 100 m from s = 212; 212…300 are missed (89 s) until the fix at 300.5.
    @Test func aGapAfterStandingStillOpensWhenTheDeviceMovesAgain() throws {
        let tracking = try #require(run(.tracking(), stops: [100...200], reopenAt: 300.5).summary.coverage.first)
        let gap = try #require(tracking.gaps.first)
        #expect(tracking.gapCount == 1)
        #expect([gap.from, gap.firstMissed, gap.to, gap.seconds] == [200, 212, 300.5, 89])
        #expect(abs(gap.metres - 101 * speed) < 1e-6)
        #expect(tracking.longestGapSeconds == 100.5)
        // Navigation misses from the first moving second, the app not running: 200…300, 101 s,
        // closed by the launch at 300.5.
        let navigation = try #require(run(.navigation(), stops: [100...200], reopenAt: 300.5).summary.coverage.first)
        #expect(navigation.gaps.map { [$0.from, $0.firstMissed, $0.to, $0.seconds] } == [[200, 200, 300.5, 101]])
        // The still seconds count for nothing: 300 moving seconds, 101 missed.
        #expect(navigation.fraction == 199.0 / 300)
    }

    /// With no fix after it (the app opened only after the track's end, 400), the gap runs to
    /// the end, not closed: 112…399 missed, the travel of 100…399.
    @Test func aGapNotClosedRunsToTheEnd() throws {
        let coverage = try #require(run(.tracking(), reopenAt: 500).summary.coverage.first)
        #expect(coverage.gaps.map { [$0.from, $0.firstMissed, $0.to, $0.seconds] } == [[100, 112, 400, 288]])
        #expect(coverage.gaps.first?.closed == false)
        #expect(abs((coverage.gaps.first?.metres ?? 0) - 300 * speed) < 1e-6)
    }

    /// The gaps alone, a second at a time at 2 m/s: a gap that the app's return closes ends
    /// there, and the next opens from that end, not from the older fix; a fix that does not meet
    /// the goal again closes nothing; standing still moves the next anchor to the first moving
    /// second after it.
    @Test func theAnchorIsTheLatestOfTheFixTheLastGapsEndAndTheMoveAfterStandingStill() {
        var gaps = AnchoredGaps(start: 0)
        gaps.fix(at: 10)
        for second in 10...12 { gaps.judge(second: second, speed: 2, moving: true, missed: false) { [] } }
        #expect(gaps.judge(second: 13, speed: 2, moving: true, missed: true) { [.nothingHoldsApp] })
        gaps.appRan(at: 13.5, by: .userReturnsToApp)
        gaps.judge(second: 14, speed: 2, moving: true, missed: false) { [] }
        // Opens from the last gap's end, 13.5; the fix at 15.5 is followed by a missed second.
        #expect(gaps.judge(second: 15, speed: 2, moving: true, missed: true) { [] })
        gaps.fix(at: 15.5)
        #expect(!gaps.judge(second: 16, speed: 2, moving: true, missed: true) { [] })
        gaps.judge(second: 17, speed: 0, moving: false, missed: true) { [] }
        gaps.judge(second: 18, speed: 2, moving: true, missed: false) { [] }
        gaps.judge(second: 19, speed: 0, moving: false, missed: false) { [] }
        #expect(gaps.judge(second: 20, speed: 2, moving: true, missed: true) { [.forceQuit] })
        let log = gaps.gaps(endingAt: 25)
        #expect(log.gaps == [
            // Seconds 10…13 travelled (8 m); closed by the return at 13.5.
            SimGap(from: 10, firstMissed: 13, to: 13.5, seconds: 1, metres: 8, causes: [.nothingHoldsApp], closedBy: .userReturnsToApp, closed: true),
            // 14…17 travelled (6 m, 17 standing); no restore after 16, so it ends where 18 was covered.
            SimGap(from: 13.5, firstMissed: 15, to: 18, seconds: 2, metres: 6, causes: [], closedBy: nil, closed: true),
            // Still at 19: the device moved again at 20, missed at once; open to the end.
            SimGap(from: 20, firstMissed: 20, to: 25, seconds: 1, metres: 2, causes: [.forceQuit], closedBy: nil, closed: false),
        ])
        #expect(log.count == 3)
        #expect(log.longest == 5)
        #expect(gaps.missedSeconds == 4)
        #expect(gaps.missedMetres == 8)
    }

    /// `firstMissed` is encoded; a gap encoded before it existed misses from its start.
    @Test func aGapKeepsItsFirstMissedSecondInJSONAndAnOlderOneMissesFromItsStart() throws {
        let gap = SimGap(from: 100, firstMissed: 112, to: 200.5, seconds: 89, metres: 808, causes: [.forceQuit], closedBy: .launching, closed: true)
        #expect(try JSONDecoder().decode(SimGap.self, from: JSONEncoder().encode(gap)) == gap)
        let older = #"{"from": 60, "to": 90, "seconds": 30, "metres": 0, "causes": [], "closed": false}"#
        #expect(try JSONDecoder().decode(SimGap.self, from: Data(older.utf8)) == SimGap(from: 60, to: 90, seconds: 30, metres: 0, causes: [], closedBy: nil, closed: false))
        #expect(try JSONDecoder().decode(SimGap.self, from: Data(older.utf8)).firstMissed == 60)
    }
}
