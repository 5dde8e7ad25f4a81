import Foundation
@testable import ScenarioInput
@testable import ScenarioReports
@testable import ScenarioRun
import Simulation
import Testing
import TestSupport

/// `compare --profiles … --conditions …` (issue 22 §2): which profile × field condition cells
/// reproduce the sample's gap (Tracks/compare: the device's last fix before it at 0:09:59, the
/// next at 0:15:00), and how a cell's finding is told.
@MainActor @Suite struct CompareCellsTests {
    private let trip = Shipped.track("compare/trip.gpx")
    private let recording = Shipped.track("compare/device-recording.csv")

    private func comparison(profiles: [String], conditions: [FieldCondition]) throws -> DeviceComparison {
        let settings = ReplaySettings()
        let cells = try CompareCell.plan(settings, profiles: profiles.map { try #require(SimProfile(settingText: $0)) }, conditions: conditions)
        return try CompareRun(track: trip, device: recording, settings: settings.resolved(), cells: cells).run()
    }

    @Test func theSampleIsReproducedByTheConditionsThatStopTheAppsFixes() throws {
        let result = try comparison(profiles: ["ios13", "ios17"], conditions: FieldCondition.allCases)
        #expect(result.cells.map(\.name) == FieldCondition.allCases.map { "ios13 · \($0.rawValue)" } + FieldCondition.allCases.map { "ios17 · \($0.rawValue)" })
        // Both profiles alike: Low Power Mode from the start (the `low-power` condition, with the
        // field's reading for location), a restart or an update at 0:10:00 stop the fixes for
        // good, which covers the device's gap and more; the battery's offer at 0:03:00 turns Low
        // Power Mode on with the profile's reading, Apple's (location unaffected, issue 31), and
        // memory pressure and heat leave an app held by location running.
        let findings: [CellComparison.Finding] = [.doesNotReproduce, .reproduces, .doesNotReproduce, .reproduces, .reproduces, .doesNotReproduce, .doesNotReproduce]
        #expect(result.cells.map(\.finding) == findings + findings)
        #expect(result.cells.filter(\.finding.reproducesAll).map(\.name) == [
            "ios13 · low-power", "ios13 · restart-mid-trip", "ios13 · app-updated",
            "ios17 · low-power", "ios17 · restart-mid-trip", "ios17 · app-updated",
        ])
        // Too strict: from 0:00:34 (Low Power Mode's auto-lock puts the app in the background at
        // 0:00:30, 30 s after it came on screen, where the user's leaving at 0:01:00 gave 0:01:04
        // before issue 31), and 0:10:04 to the end; the device covered from 0:15:00.
        let ios17 = Array(result.cells[7...])
        // Each gap runs from the app's last fix (§4), 5 s (the navigation goal's age) before its first missed second.
        #expect(ios17.map { $0.firstTooStrict.map { [$0.gap.from, $0.gap.firstMissed, $0.gap.to, $0.firstSecond] } }
                == [nil, [29, 34, 1200, 34], nil, [599, 604, 1200, 900], [599, 604, 1200, 900], nil, nil])
        #expect(ios17.map(\.tooStrictCount) == [0, 1, 0, 1, 1, 0, 0])
        #expect(ios17.map(\.unpredictedCount) == [1, 0, 1, 0, 0, 1, 1])
        #expect(ios17[0].firstUnpredicted.map { [$0.gap.from, $0.gap.firstMissed, $0.gap.to, $0.firstSecond] } == [599, 604, 900, 604])
        #expect(ios17.map(\.modelGapCount) == [0, 1, 0, 1, 1, 0, 0])
        // The run itself is unchanged by its cells.
        #expect(result.unpredicted.map(\.firstSecond) == [604])
        #expect(result.first?.second == 604)
    }

    @Test func aRecordingThatIsTheTripAgreesInTheNormalCell() throws {
        let settings = ReplaySettings()
        let cells = try CompareCell.plan(settings, profiles: [try #require(SimProfile(settingText: "ios17"))], conditions: [.normal, .restartMidTrip])
        let result = try CompareRun(track: trip, device: trip, settings: settings.resolved(), cells: cells).run()
        #expect(result.cells.map(\.finding) == [.agrees, .reproduces])
    }

    @Test func aCellThatMissesOnlyTheFirstDivergenceIsToldApart() throws {
        func gap(_ from: Double, _ to: Double) -> SimGap {
            SimGap(from: from, to: to, seconds: to - from, metres: 0, causes: [], closedBy: nil, closed: true)
        }
        func coverage(_ gaps: [SimGap]) -> SimCoverage {
            SimCoverage(goal: .location(.navigation()), met: gaps.isEmpty, fraction: 1, uncoveredSeconds: 0, uncoveredMetres: 0,
                        longestGapSeconds: 0, gaps: gaps, gapCount: gaps.count)
        }
        let cell = try CompareCell.plan(ReplaySettings(), profiles: [.iOS17], conditions: [.normal])[0]
        let device = coverage([gap(100, 200), gap(500, 600)])
        let first = CellComparison(cell, model: coverage([gap(100, 250)]), device: device, firstDivergence: 100)
        #expect(first.finding == .reproducesFirst)
        #expect(first.unpredictedCount == 1)
        #expect(first.tooStrictCount == 1)
        #expect(CellComparison(cell, model: coverage([gap(90, 700)]), device: device, firstDivergence: 100).finding == .reproduces)
        #expect(CellComparison(cell, model: coverage([gap(100, 200), gap(500, 600)]), device: device, firstDivergence: 100).finding == .agrees)
        #expect(CellComparison(cell, model: coverage([gap(500, 600)]), device: device, firstDivergence: 100).finding == .doesNotReproduce)
        #expect(CellComparison(cell, model: coverage([]), device: device, firstDivergence: nil).finding == .doesNotReproduce)
    }

    /// Two sides part only on seconds one missed and the other covered: a gap's anchor (§4) and
    /// the allowance after it are not missed, so gaps that miss the same seconds from different
    /// last fixes agree; a fix at 200.4 closes a gap for the second from 201.
    @Test func gapsArePartedOnTheirMissedSecondsNotTheirAnchors() throws {
        func gap(_ from: Double, _ firstMissed: Double, _ to: Double) -> SimGap {
            SimGap(from: from, firstMissed: firstMissed, to: to, seconds: to - firstMissed, metres: 0, causes: [], closedBy: nil, closed: true)
        }
        let device = [gap(95, 100, 200)]
        #expect(DeviceComparison.divergences(device, against: [gap(98, 100, 200)]).isEmpty)
        #expect(DeviceComparison.divergences(device, against: [gap(60, 100, 200.4)]).isEmpty)
        #expect(DeviceComparison.divergences(device, against: [gap(98, 103, 200)]).map(\.firstSecond) == [100])
        #expect(DeviceComparison.divergences([gap(98, 100, 200.4)], against: device).map(\.firstSecond) == [200])
        #expect(DeviceComparison.uncovered(99, in: device) == false)
        #expect(DeviceComparison.uncovered(100, in: device))
        #expect(DeviceComparison.uncovered(200, in: [gap(98, 100, 200.4)]))
        #expect(DeviceComparison.uncovered(201, in: [gap(98, 100, 200.4)]) == false)
    }

    @Test func thePlanRefusesRepeatsEmptyListsAndTooManyCells() throws {
        func message(_ profiles: [String], _ conditions: [FieldCondition], maximum: Int = CompareCell.defaultMaximumCells) -> String? {
            do {
                _ = try CompareCell.plan(ReplaySettings(), profiles: profiles.compactMap { SimProfile(settingText: $0) }, conditions: conditions, maximumCells: maximum)
                return nil
            } catch {
                #expect(error.kind == .usage)
                return error.description
            }
        }
        #expect(message(["ios17", "iOS17"], [.normal]) == "--profiles: 'ios17' is listed twice")
        #expect(message(["15.3", "15.6"], [.normal]) == "--profiles: 'ios15.6' is listed twice: iOS 15.6 → ios15 profile (covers iOS 15), as iOS 15.3 → ios15 profile (covers iOS 15)")
        #expect(message(["ios17"], [.hot, .lowPower, .hot]) == "--conditions: 'hot' is listed twice")
        #expect(message([], [.normal])?.hasPrefix("--profiles: names no profile (ios6: iOS 4–6, ") == true)
        #expect(message(["ios17"], []) == "--conditions: names no condition (normal, low-power, low-battery, restart-mid-trip, app-updated, memory-pressure, hot)")
        #expect(message(["ios13", "ios17"], FieldCondition.allCases, maximum: 13) == "--profiles × --conditions: 14 cells (2 × 7), more than the limit of 13 (--max-cells raises it)")
        #expect(message(["ios13", "ios17"], FieldCondition.allCases, maximum: 14) == nil)
    }

    @Test func theFixBinsMarkWhenEachSideHadFixes() throws {
        let result = try comparison(profiles: ["ios17"], conditions: [.normal])
        // 1,000 bins of 1.2 s: fixes at 0…599 s mark bins 0…499, at 900…1200 s bins 750…999.
        let device = result.deviceFixTimes.spans
        #expect(device.count == 750)
        #expect(device.first.map { [$0.from, $0.to] } == [0, 1.2])
        #expect(device[499].to == 600)
        #expect(device[500].from == 900)
        #expect(result.modelFixTimes.spans.count == 1000)
        #expect(result.deviceExtent.isEmpty == false)
    }
}
