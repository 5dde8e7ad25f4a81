@testable import ScenarioInput
@testable import ScenarioReports
@testable import ScenarioRun
import Scripting
import Simulation
import Foundation
import Testing
import TestSupport

/// What the text timeline and the picture keep of a run (`RunDigest`): every key moment, the
/// fixes folded into runs, and at most a few fixes per pixel column — a count that does not grow
/// with the number of fixes. On the 850-pixel axis that starts at 120, a run of 850 s puts time t
/// on column 120 + t, rounded (half away from zero).
@Suite struct RunDigestTests {
    /// A fix delivered, or filtered or queued for `reason`.
    private func fix(_ time: Double, _ reason: SimFixRecord.Reason? = nil) -> SimEvent {
        SimEvent(time: time, detail: .fix(SimFixRecord(latitude: 47, longitude: 8, delay: 0, reason: reason)), state: .background)
    }

    private let launch = SimEvent(time: 0, detail: .launch(process: 1, inBackground: false, cause: .userOpensApp), state: .active)

    /// `perSecond` delivered fixes a second from 1/perSecond to 850 s, after a launch at 0.
    private func digest(perSecond: Int) -> RunDigest {
        var digest = RunDigest(duration: 850)
        digest.add(launch)
        for index in 1...(850 * perSecond) { digest.add(fix(Double(index) / Double(perSecond))) }
        digest.finish()
        return digest
    }

    /// 4 fixes a second: column 120 holds the fix at 0.25 s; columns 121…969 four each
    /// (n − 0.5 … n + 0.25), of which the first and the last are kept: 1,698; column 970 the three
    /// from 849.5 to 850, two kept. With the launch: 1,702 events for the picture, and the
    /// timeline is the launch and one run of 3,400 fixes. Twice as many fixes keep one event more:
    /// column 120 then holds three (0.125 to 0.375 s), of which two are kept; every other column
    /// keeps its two as before.
    @Test func theFixesKeptDoNotGrowWithTheirNumber() {
        let four = digest(perSecond: 4)
        #expect(four.pictureEvents.count == 1_702)
        #expect(four.timeline == [.moment(launch), .fixes(RunDigest.FixRun(from: 0.25, to: 850, delivered: 3_400))])
        #expect(four.retainedCount == 1_704)
        let eight = digest(perSecond: 8)
        #expect(eight.retainedCount == 1_705)
        #expect(eight.timeline.last == .fixes(RunDigest.FixRun(from: 0.125, to: 850, delivered: 6_800)))
    }

    /// In one column, the first fix, the first of each other kind, and the last are kept, in
    /// order; a key moment closes the column's block and the timeline's run.
    @Test func aColumnKeepsItsFirstFixTheFirstOfEachKindAndItsLast() {
        let note = SimEvent(time: 10.2, detail: .appLog("note"), state: .background)
        let events = [
            fix(10.0), fix(10.1), fix(10.15, .underDistanceFilter), fix(10.18, .underDistanceFilter), fix(10.19),
            note, fix(10.3, .appSuspended), fix(10.4, .appSuspended),
        ]
        let digest = RunDigest(events, duration: 850)
        #expect(digest.timelineFold == nil && digest.pictureMomentsFolded == 0)
        #expect(digest.pictureEvents.map(\.time) == [10.0, 10.1, 10.15, 10.19, 10.2, 10.3, 10.4])
        #expect(digest.timeline == [
            .fixes(RunDigest.FixRun(from: 10.0, to: 10.19, delivered: 3, filtered: 2)),
            .moment(note),
            .fixes(RunDigest.FixRun(from: 10.3, to: 10.4, queued: 2)),
        ])
    }

    /// A three-hour drive at 1 Hz with two stops, in the background from 600 s, drawn from the
    /// digest and from every event.
    @MainActor
    private func pictures(backgroundUpdates: Bool) throws -> (all: String, digest: String, events: Int, kept: Int) {
        let trajectory = drive(seconds: 10_800, stops: [3_000...3_600, 7_000...7_300])
        let timeline = [SimScenarioEvent(at: 600, .enterBackground)]
        var settings = StandardNavigationApp.Settings()
        settings.allowsBackgroundLocationUpdates = backgroundUpdates
        settings.keepsReceivedFixes = false
        let result = KeepAliveSimulation(configuration(trajectory, timeline: timeline), app: StandardNavigationApp(settings: settings)).run()
        let outcome = ReplayOutcome(
            track: "drive.gpx", settings: try ReplaySettings().resolved(), trajectory: trajectory, pathSource: "track points",
            timed: true, droppedPoints: 0, warnings: [], runWarnings: [], result: result)
        let digest = outcome.reportDigest
        return (PictureReport.svg(outcome, events: result.events), PictureReport.svg(outcome, events: digest.pictureEvents),
                result.events.count, digest.pictureEvents.count)
    }

    /// Kept alive by its location session: the picture from 1,715 of the 10,811 events is the
    /// picture from all of them, byte for byte.
    @MainActor
    @Test func thePictureOfAKeptAliveRunIsTheSame() throws {
        let drawn = try pictures(backgroundUpdates: true)
        #expect(drawn.events == 10_811)
        #expect(drawn.kept == 1_715)
        #expect(drawn.digest == drawn.all)
    }

    /// Without background updates the budget drains over fixes, a point each, 4.67 pixels down
    /// for each 0.08 across: the digest draws the same straight line through fewer of those
    /// points (15 of 38: the first and last of each column), the rest of the picture byte for byte.
    @MainActor
    @Test func aDrainingBudgetIsDrawnThroughFewerOfItsPoints() throws {
        let drawn = try pictures(backgroundUpdates: false)
        #expect(drawn.events == 10_815)
        #expect(drawn.kept == 1_719)
        let all = drawn.all.split(separator: "\n"), digest = drawn.digest.split(separator: "\n")
        #expect(all.count == digest.count)
        let differing = zip(all, digest).filter { $0 != $1 }
        #expect(differing.count == 1)
        func points(_ line: Substring) -> [Substring] {
            line.split(separator: "\"")[1].split(separator: " ")
        }
        guard let (full, thinned) = differing.first else { return }
        #expect(full.hasPrefix("<polyline") && thinned.hasPrefix("<polyline"))
        #expect(points(full).count == 38)
        #expect(points(thinned).count == 15)
        #expect(points(thinned).first == points(full).first && points(thinned).last == points(full).last)
        // Every point drawn is one of the full curve's, in order.
        var rest = points(full)[...]
        for point in points(thinned) {
            guard let index = rest.firstIndex(of: point) else { Issue.record("\(point) is not on the full curve"); break }
            rest = rest[(index + 1)...]
        }
    }

    // MARK: Key moments past the caps

    private func lock(_ time: Double) -> SimEvent { SimEvent(time: time, detail: .deviceLocked, state: .background) }
    private func unlock(_ time: Double) -> SimEvent { SimEvent(time: time, detail: .deviceUnlocked, state: .background) }

    /// 6,000 key moments at 0, 2, 4, … s, locks and unlocks in turn, each followed by a fix a
    /// second later: 12,000 timeline entries. The first 5,000 (moments 0…2,499, to the fix at
    /// 4,999 s) and the last 5,000 (from the moment at 7,000 s) are kept; the 2,000 between are
    /// folded: 1,000 moments from 5,000 s (1:23:20), 500 of each kind, the lock first, and 1,000
    /// fixes to 6,999 s (1:56:39).
    private func longTimeline() -> RunDigest {
        var events: [SimEvent] = []
        for index in 0..<6_000 {
            let time = Double(2 * index)
            events.append(index.isMultiple(of: 2) ? lock(time) : unlock(time))
            events.append(fix(time + 1))
        }
        return RunDigest(events, duration: 12_000)
    }

    @Test func aLongTimelineKeepsItsFirstAndLastEntriesAndCountsTheRest() throws {
        let digest = longTimeline()
        #expect(digest.timeline.count == 10_000)
        #expect(digest.timeline[4_999] == .fixes(RunDigest.FixRun(from: 4_999, to: 4_999, delivered: 1)))
        #expect(digest.timeline[5_000] == .moment(lock(7_000)))
        #expect(digest.timeline.last == .fixes(RunDigest.FixRun(from: 11_999, to: 11_999, delivered: 1)))
        let fold = try #require(digest.timelineFold)
        #expect(fold.index == 5_000)
        #expect(fold.from == 5_000 && fold.to == 6_999)
        #expect(fold.moments == 1_000)
        #expect(fold.kinds == [.init(kind: .deviceLock, count: 500), .init(kind: .deviceUnlock, count: 500)])
        #expect(fold.fixes.delivered == 1_000 && fold.fixes.filtered == 0 && fold.fixes.queued == 0)
        #expect(TimelineReport.foldText(fold)
            == "1000 key moments folded, 1:23:20–1:56:39: 500 device.lock, 500 device.unlock; 1000 fixes delivered (the timeline keeps its first 5000 and last 5000 lines)")
    }

    /// 30 key moments on each of the columns 121…820 (at n + k/100 s, k = 0…29, on an 850-s axis:
    /// column 120 + n), locks at even k and unlocks at odd, the app in the background for k < 20
    /// and suspended from k = 20: 21,000, past the 20,000 the picture keeps each. Then a column
    /// keeps its first 16, and more until the app is in the state it spent the most of the column
    /// in so far (at most 32), then the last lock and unlock (k = 28, 29). Column 121 counts the
    /// second before its first moment as not running, more than its 0.29 s in other states: no
    /// moment is in that state, so it keeps all 30. Every other counts the 0.71 s since the last
    /// moment before it (k = 29) as suspended, more than its 0.01 s a moment in the background:
    /// it keeps k = 0…20 (k = 20 is the first suspended) and k = 28, 29: 23 of 30, 7 folded;
    /// 699 × 7 = 4,893 folded, 30 + 699 × 23 = 16,107 kept. The timeline keeps its first 5,000
    /// and last 5,000 moments.
    private func crowdedColumns() -> RunDigest {
        var events: [SimEvent] = []
        for second in 1...700 {
            for step in 0..<30 {
                let time = Double(second) + Double(step) / 100
                let state: SimAppState = step < 20 ? .background : .suspended
                events.append(SimEvent(time: time, detail: step.isMultiple(of: 2) ? .deviceLocked : .deviceUnlocked, state: state))
            }
        }
        return RunDigest(events, duration: 850)
    }

    @Test func crowdedColumnsKeepTheirFirstMomentsAndTheLastOfEachKind() {
        let digest = crowdedColumns()
        #expect(digest.pictureMomentsFolded == 4_893)
        #expect(digest.pictureEvents.count == 16_107)
        func times(_ second: Int, _ steps: [Int]) -> [Double] { steps.map { Double(second) + Double($0) / 100 } }
        #expect(digest.pictureEvents.prefix(30).map(\.time) == times(1, Array(0..<30)))
        #expect(digest.pictureEvents.suffix(23).map(\.time) == times(700, Array(0...20) + [28, 29]))
        #expect(digest.retainedCount == 10_000 + 16_107)
        #expect(digest.timelineFold?.moments == 11_000)
    }

    /// The text, the HTML and the picture of a run whose digest folded say what they folded: the
    /// timeline's line between its 5,000th and 5,001st entries, the HTML's row, the picture's summary row.
    @MainActor
    @Test func theReportsSayWhatWasFolded() throws {
        let trajectory = drive(seconds: 850)
        let result = KeepAliveSimulation(configuration(trajectory), app: StandardNavigationApp(settings: StandardNavigationApp.Settings())).run()
        var outcome = ReplayOutcome(
            track: "drive.gpx", settings: try ReplaySettings().resolved(), trajectory: trajectory, pathSource: "track points",
            timed: true, droppedPoints: 0, warnings: [], runWarnings: [], result: result)
        outcome.digest = longTimeline()
        let foldText = "1000 key moments folded, 1:23:20–1:56:39: 500 device.lock, 500 device.unlock; 1000 fixes delivered (the timeline keeps its first 5000 and last 5000 lines)"
        let lines = TimelineReport.text(outcome).split(separator: "\n", omittingEmptySubsequences: false)
        let index = try #require(lines.firstIndex(of: Substring(String(repeating: " ", count: 27) + "…  " + foldText)))
        #expect(lines[index - 1] == Substring(String(repeating: " ", count: 27) + "·  1 fix delivered (1:23:19)"))
        #expect(lines[index + 1].hasPrefix("  1:56:40  background     ∞  "))
        #expect(lines.count(where: { $0.contains("key moments folded") }) == 1)
        let page = PictureReport.html(outcome)
        #expect(page.components(separatedBy: "<tr><td class=\"time\">…</td><td></td><td>\(foldText)</td></tr>\n").count == 2)
        #expect(!page.contains(">not drawn<"))
        outcome.digest = crowdedColumns()
        let picture = PictureReport.svg(outcome)
        #expect(picture.contains(">not drawn</text>"))
        #expect(picture.contains(">4893 key moments (over 16 a pixel column)</text>"))
    }
}
