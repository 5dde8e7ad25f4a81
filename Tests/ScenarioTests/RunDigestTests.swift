@testable import Scenario
import Simulation
import Testing

/// What the text timeline and the picture keep of a run (`RunDigest`): every key moment, the
/// fixes folded into runs, and at most a few fixes per pixel column — a count that does not grow
/// with the number of fixes. On the 850-pixel axis that starts at 120, a run of 850 s puts time t
/// on column 120 + t, rounded (half away from zero).
@Suite struct RunDigestTests {
    private func fix(_ time: Double, _ kind: SimEvent.Kind = .fixDelivered) -> SimEvent {
        SimEvent(time: time, kind: kind, detail: .fix(SimFixRecord(latitude: 47, longitude: 8, delay: 0)), state: .background)
    }

    private let launch = SimEvent(time: 0, kind: .appLaunch, detail: .none, state: .active)

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
        let note = SimEvent(time: 10.2, kind: .appLog, detail: .none, state: .background)
        let events = [
            fix(10.0), fix(10.1), fix(10.15, .fixFiltered), fix(10.18, .fixFiltered), fix(10.19),
            note, fix(10.3, .fixQueued), fix(10.4, .fixQueued),
        ]
        let digest = RunDigest(events, duration: 850)
        #expect(digest.pictureEvents.map(\.time) == [10.0, 10.1, 10.15, 10.19, 10.2, 10.3, 10.4])
        #expect(digest.timeline == [
            .fixes(RunDigest.FixRun(from: 10.0, to: 10.19, delivered: 3, filtered: 2)),
            .moment(note),
            .fixes(RunDigest.FixRun(from: 10.3, to: 10.4, queued: 2)),
        ])
    }
}
