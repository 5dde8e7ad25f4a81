import Foundation
import Geodesy
@testable import ScenarioInput
@testable import ScenarioReports
@testable import ScenarioRun
import Simulation
import Testing
import TestSupport

/// Issue 34 item 6: no mark of the picture contradicts its headline. The parts that decide it,
/// each from its rule: the strict reading a footnote unless it is the run's policy, the budget
/// panel one line while held, the stop mark at the last end of running code, gap numbers that
/// never overlap, and the scenario's events written as a scenario file has them.
@MainActor @Suite struct PictureHeadlineTests {
    private func event(_ time: Double, _ state: SimAppState) -> SimEvent {
        SimEvent(time: time, detail: .appLog(""), state: state)
    }

    // MARK: The stop mark

    /// On screen, in the background, suspended (an end), woken (running again), suspended (an
    /// end), purged while suspended (no code ran: not an end), relaunched, terminated (an end).
    @Test func theEndsOfRunningCodeAreEachStepFromRunningToNotRunning() {
        let events = [event(0, .active), event(60, .background), event(65, .suspended), event(1000, .background),
                      event(1010, .suspended), event(1500, .terminated), event(2000, .background), event(2100, .terminated)]
        #expect(PictureReport.runningEnds(events) == [65, 1010, 2100])
        #expect(PictureReport.runningEnds(Array(events.prefix(5))) == [65, 1010])
        #expect(PictureReport.runningEnds([event(0, .active), event(60, .background)]) == [])
    }

    /// The key names the last end, and how many there were when more than one.
    @Test func theStopKeyNamesTheLastEnd() {
        #expect(PictureReport.stopKey([]) == nil)
        #expect(PictureReport.stopKey([65]) == "✕ where the app last stopped running (0:01:05)")
        #expect(PictureReport.stopKey([65, 1010]) == "✕ where the app last stopped running (0:16:50, the last of 2 stops)")
    }

    /// cafe-geofence on iOS 26 (Tracks/Scenarios/cafe-geofence.yaml): suspended on leaving the
    /// app (the headline's moment), woken by the region entry and suspended again, force-quit
    /// while suspended (no code ran: not an end), relaunched for the exit (iOS 26 relaunches for
    /// region events) and suspended again. Three ends of running code; the × sits at the third,
    /// after the force quit, and the key says so.
    @Test func anAppWokenAfterItsSuspensionIsMarkedWhereItLastStopped() throws {
        let outcome = try Shipped.replay("cafe-geofence", on: "walk-with-cafe-stop.gpx", profile: "ios26").run()
        let summary = outcome.result.summary
        let ends = PictureReport.runningEnds(outcome.reportDigest.pictureEvents)
        #expect(ends.count == 3)
        #expect(ends.first == summary.suspendedAt)
        let last = try #require(ends.last)
        #expect(last > (summary.terminatedAt ?? .infinity))
        let svg = PictureReport.svg(outcome)
        #expect(svg.contains("✕ where the app last stopped running (\(Formatting.clock(last)), the last of 3 stops)"))
    }

    // MARK: The strict reading

    /// Under the session policy the strict reading is a footnote; under `--policy delivery` it
    /// is the run's own reading, so none.
    @Test func theStrictReadingIsAFootnoteUnderTheSessionPolicyOnly() throws {
        var summary = try Shipped.replay("navigation-app", on: "city-commute.gpx").run().result.summary
        summary.policy = .session
        summary.strictVerdict = .suspended
        summary.strictSuspendedAt = 162
        #expect(PictureReport.strictFootnote(summary) == ["* Under the strict delivery reading (--policy delivery, not this run's): suspended at 0:02:42."])
        summary.strictVerdict = .keptAlive
        summary.strictSuspendedAt = nil
        #expect(PictureReport.strictFootnote(summary) == ["* Under the strict delivery reading (--policy delivery, not this run's): kept alive too."])
        summary.policy = .delivery
        #expect(PictureReport.strictFootnote(summary) == [])
    }

    // MARK: The budget panel

    /// The plain navigation app on the commute: its location session holds it whenever it is in
    /// the background, so no background time is counted (least time left: none) and the panel
    /// is the line that says so, not an empty chart; everything under it moves up 120 px (the
    /// fixes' label from 322 to 202).
    @Test func aRunHeldWheneverInTheBackgroundHasABudgetLine() throws {
        let outcome = try Shipped.replay("navigation-app", on: "city-commute.gpx").run()
        #expect(outcome.result.summary.minimumBackgroundTimeRemaining == nil)
        let trace = PictureReport.budgetTrace(outcome, outcome.reportDigest.pictureEvents, duration: outcome.result.summary.durationSeconds)
        #expect(trace.collapsed)
        #expect(!trace.held.isEmpty)
        let svg = PictureReport.svg(outcome)
        #expect(svg.contains(">held by \(trace.holderNames) whenever in the background: no background time used (budget 30 s)</text>"))
        #expect(!svg.contains(">time left (s)</text>"))
        #expect(svg.contains("<text x=\"110.00\" y=\"202.00\" font-size=\"12.00\" fill=\"#455a64\" text-anchor=\"end\">fixes</text>"))
    }

    /// geofence-monitor on iOS 17: held by its location session until the updates paused, then
    /// its background task spent the budget to 0 s and it was suspended: the chart stays, with
    /// the held stretches banded.
    @Test func aRunThatSpentBackgroundTimeKeepsItsChart() throws {
        let outcome = try Shipped.replay("geofence-monitor", on: "walk-with-cafe-stop.gpx", profile: "ios17").run()
        #expect(outcome.result.summary.minimumBackgroundTimeRemaining == 0)
        let trace = PictureReport.budgetTrace(outcome, outcome.reportDigest.pictureEvents, duration: outcome.result.summary.durationSeconds)
        #expect(!trace.collapsed)
        let svg = PictureReport.svg(outcome)
        #expect(svg.contains(">time left (s)</text>"))
        #expect(svg.contains(">green: held by \(trace.holderNames), no background time used</text>"))
        #expect(svg.contains("fill=\"#2e7d32\" fill-opacity=\"0.07\""))
    }

    // MARK: Gap numbers

    /// 3.2 px a digit each side, 2 px between: 2 at 204 overlaps 1 at 200 (needs 8.4 px), so it
    /// stacks; 3 at 208 overlaps both levels and is folded; 4 at 300 is clear; 10 at 305 (6.4 px
    /// half) overlaps 4 and stacks; 5 at 119 is kept on the axis (from 120).
    @Test func gapNumbersStackThenFold() {
        let layout = PictureReport.gapLabels([(1, 200), (3, 208), (2, 204), (4, 300), (10, 305), (5, 119)])
        #expect(layout.placed == [
            .init(number: 5, x: 123.2, level: 0), .init(number: 1, x: 200, level: 0), .init(number: 2, x: 204, level: 1),
            .init(number: 4, x: 300, level: 0), .init(number: 10, x: 305, level: 1),
        ])
        #expect(layout.folded == [3])
    }

    /// Whatever the input, no two numbers on one level come closer than their half widths and
    /// the spacing, and every number is placed or folded once.
    @Test func gapNumbersNeverOverlap() {
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<50 {
            let wanted = (1...10).map { ($0, Double.random(in: 100...1000, using: &generator)) }
            let layout = PictureReport.gapLabels(wanted)
            #expect((layout.placed.map(\.number) + layout.folded).sorted() == Array(1...10))
            for level in 0...1 {
                let row = layout.placed.filter { $0.level == level }
                for (a, b) in zip(row, row.dropFirst()) {
                    #expect(b.x - a.x >= PictureReport.gapLabelHalfWidth(a.number) + PictureReport.gapLabelHalfWidth(b.number) + PictureReport.gapLabelSpacing - 1e-9)
                }
            }
        }
    }

    /// On the map, ten numbered gaps that all start at one place: a number goes to the first of
    /// eight places around the start that keeps 14 × 11 px from those written, so eight are
    /// written and two are folded (and counted for the key).
    @Test func mapNumbersWithNoFreePlaceAreFolded() {
        let still = (0...20).map { TrajectorySample(time: Double($0), coordinate: GeoCoordinate(latitude: 47, longitude: 8)) }
        let trajectory = Trajectory(pieces: [still])
        let goal = SimGoal.location(.navigation())
        let gaps = (0..<10).map { index in
            PictureReport.NumberedGap(
                gap: SimGap(from: Double(index), to: Double(index) + 1, seconds: 1, metres: 0, causes: [], closedBy: nil, closed: true),
                goal: goal, number: index + 1)
        }
        var svg = SVG()
        let folded = PictureReport.drawGaps(gaps, on: trajectory, point: { _ in (200, 200) }, avoiding: [], into: &svg)
        #expect(folded == 2)
        #expect(svg.body.split(separator: "\n").filter { $0.contains("fill=\"#b71c1c\" font-weight=\"bold\" stroke=\"white\"") }.count == 8)
    }

    /// The map's key: parts joined while they fit in 72 characters, never broken (the second
    /// part is 67 characters, so it stands alone, and the third does not fit after it).
    @Test func theMapKeyBreaksBetweenParts() {
        let parts = ["● start · ■ end", "✕ where the app last stopped running (0:16:50, the last of 2 stops)", "red: the goal's gaps"]
        #expect(PictureReport.joined(parts, separator: " · ", width: 72) == ["● start · ■ end", "✕ where the app last stopped running (0:16:50, the last of 2 stops)", "red: the goal's gaps"])
        #expect(PictureReport.joined(["a", "b", "c"], separator: " · ", width: 5) == ["a · b", "c"])
    }

    // MARK: The scenario's events

    /// Each event's fields as the scenario file writes them (Docs/Scenarios.md).
    @Test func eventsAreWrittenAsAScenarioFileHasThem() {
        #expect(Prose.fieldsText(.device(.setLowPowerMode(true))) == "on: true")
        #expect(Prose.fieldsText(.device(.setBattery(level: 0.15, drainPerHour: nil))) == "level: 0.15")
        #expect(Prose.fieldsText(.device(.setCharging(true, chargePerHour: 0.5))) == "charging: true, chargePerHour: 0.5")
        #expect(Prose.fieldsText(.device(.setBackgroundAppRefresh(enabled: false))) == "enabled: false, scope: device")
        #expect(Prose.fieldsText(.setAuthorization(.authorizedWhenInUse)) == "status: when-in-use")
        #expect(Prose.fieldsText(.resources(.criticalMemoryPressure)) == "level: critical")
        #expect(Prose.fieldsText(.audio(.call(accepted: false, seconds: 10))) == "accepted: false, duration: 10")
        #expect(Prose.fieldsText(.bgTasks(.launch(identifier: "com.example.refresh"))) == "id: com.example.refresh")
        #expect(Prose.fieldsText(.enterBackground) == "")
        #expect(ScenarioFile.verb(.resources(.criticalMemoryPressure)) == "memory-pressure")
    }
}
