import Foundation
@testable import ScenarioInput
@testable import ScenarioReports
@testable import ScenarioRun
import Simulation
import Testing
import TestSupport

/// The picture's system-event lanes for the ready scripts: exact marks and spans, in pixels on
/// the 850-pixel time axis that starts at 120 (x = 120 + t / duration × 850). A mark sits on the
/// rounded pixel column; a span keeps its exact ends.
@MainActor @Suite struct SystemEventLanesTests {
    private func lanes(_ recipe: String, on track: String, profile: String? = nil) throws -> [PictureLane] {
        PictureReport.systemEventLanes(try Shipped.replay(recipe, on: track, profile: profile).run())
    }

    private func lane(_ name: String, in lanes: [PictureLane]) -> PictureLane {
        lanes.first { $0.name == name } ?? PictureLane(name: "missing \(name)")
    }

    /// Marks as "column glyph legend".
    private func marks(_ lane: PictureLane) -> [String] {
        lane.orderedMarks.map { "\($0.column) \($0.glyph) \($0.legend?.text ?? "-")" }
    }

    /// Spans as "shape from–to legend".
    private func spans(_ lane: PictureLane) -> [String] {
        lane.spans.map { "\($0.shape) \(Formatting.fixed($0.from, 2))–\(Formatting.fixed($0.to, 2)) \($0.legend ?? "-")" }
    }

    /// geofence-arrival.yaml on the 3002-s walk: the location session holds the app from the
    /// user leaving (60 s → 136.99) to the pause (1501 s → 545.00), when the app starts
    /// monitoring "stop"; the user crosses its boundary at 2172 s (734.99 → column 735), the
    /// crossing counts at 2335 s (200 m past it, 20 s: 781.14 → 781), and iOS wakes the suspended
    /// app with didExitRegion at 2378 s (the regions' first seeded delay, 43 s, later: 793.32 →
    /// 793), where the restarted updates hold it to the end (970).
    @Test func aRegionExitShowsWhenTheDeviceCrossedWhenItCountedAndWhenTheAppHeard() throws {
        let lanes = try lanes("geofence-arrival", on: "walk-with-cafe-stop.gpx")
        #expect(lanes.map(\.name) == ["kept alive by", "wakes", "background tasks", "regions"])
        // The updates the exit's wake restarts hold nothing (§4: a region wake starts no keep-alive).
        #expect(spans(lane("kept alive by", in: lanes)) == ["bar 136.99–545.00 location session"])
        #expect(marks(lane("wakes", in: lanes)) == ["793 up woken: region exit"])
        let regions = lane("regions", in: lanes)
        #expect(marks(regions) == ["545 tick monitoring", "735 ring crossed", "781 tick counted", "793 diamond reported"])
        #expect(spans(regions) == ["line 734.99–793.32 -"])
        #expect(regions.legend.map(\.text) == ["monitoring", "crossed", "counted", "reported"])
        // The reported mark's tooltip is the timeline's line, then the stopMonitoring of the same pixel.
        #expect(regions.marks[793]?.title == """
            0:39:38 didExitRegion "stop": the device crossed the boundary at 0:36:12, the crossing counted at 0:38:55 (far enough past it, long enough), reported 43 s later
            0:39:38 stopMonitoring(for: "stop")
            """)
    }

    /// low-power-tracker.yaml on the 3002-s walk: the phone's lane shows Low Power Mode from
    /// 1200 s (459.77) to 1800 s (629.66), charging from 1500 s (544.72) to the end, the
    /// background location updates stopped by Low Power Mode at 1200 s (column 460), and Low
    /// Power Mode's auto-lock 30 s after the user turned it on, at 1230 s (column 468, issue 31).
    @Test func thePhonesLaneShowsLowPowerModeAndWhatItStopped() throws {
        let lanes = try lanes("low-power-tracker", on: "walk-with-cafe-stop.gpx")
        #expect(lanes.map(\.name) == ["kept alive by", "phone"])
        let phone = lane("phone", in: lanes)
        #expect(marks(phone) == ["460 down location stopped by Low Power Mode", "468 down auto-lock (Low Power Mode)"])
        #expect(spans(phone) == ["bar 459.77–629.66 Low Power Mode", "thin 544.72–970.00 charging"])
        #expect(phone.legend.map(\.text) == ["location stopped by Low Power Mode", "auto-lock (Low Power Mode)", "Low Power Mode", "charging"])
    }

    /// geofence-monitor.yaml on iOS 17: the same crossing, through CLMonitor "geofences" (opened
    /// at 0 and again by the relaunched process); the app was purged at 2400 s, so iOS relaunches
    /// it (●) at 2421 s (the monitor's first seeded delay, 86 s, after the count: column 805);
    /// CLServiceSession does not exist on iOS 17 (✕ at each launch).
    @Test func aMonitorEventRelaunchesThePurgedApp() throws {
        let lanes = try lanes("geofence-monitor", on: "walk-with-cafe-stop.gpx", profile: "ios17")
        #expect(lanes.map(\.name) == ["kept alive by", "wakes", "background tasks", "location sessions", "regions"])
        #expect(marks(lane("wakes", in: lanes)) == ["805 dot relaunched: CLMonitor event"])
        #expect(marks(lane("location sessions", in: lanes)) == ["120 cross not on this iOS", "805 cross not on this iOS"])
        #expect(marks(lane("regions", in: lanes)) == ["120 tick monitoring", "545 tick monitoring", "735 ring crossed", "781 tick counted", "805 diamond reported"])
    }

    /// bg-refresh.yaml on the 7200-s parked car (seed 0; x = 120 + t·850/7200): the request
    /// submitted at 60 s (127.08) waits, dashed, for its launch at 3936 s (584.67, the earliest
    /// 960 s plus §12's 2976 s of system delay); the task runs 10 s (to 585.85) and submits the
    /// next, due after the end (its delay doubled), so it is still pending at the end. The launch
    /// wakes the suspended app (▲) and holds it while it runs. A submit and a completion in the
    /// same pixel show the completion.
    @Test func refreshTasksShowTheirWaitTheirRunAndTheWake() throws {
        let lanes = try lanes("bg-refresh", on: "parked-car.gpx")
        #expect(lanes.map(\.name) == ["kept alive by", "wakes", "BGTasks"])
        #expect(spans(lane("kept alive by", in: lanes)) == ["bar 584.67–585.85 BGTask"])
        #expect(marks(lane("wakes", in: lanes)) == ["585 up woken: BGAppRefreshTask"])
        let tasks = lane("BGTasks", in: lanes)
        #expect(marks(tasks) == ["127 openDiamond submitted", "585 dot launched", "586 tick completed"])
        #expect(spans(tasks) == ["dashed 127.08–584.67 pending", "bar 584.67–585.85 runs", "dashed 585.85–970.00 pending"])
        #expect(tasks.legend.map(\.text) == ["submitted", "pending", "launched", "runs", "completed"])
    }

    /// podcast-call.yaml on the 3002-s walk: audio plays from 0; the declined call interrupts it
    /// from 600 s (289.89) to 615 s (294.13), the accepted one from 1200 s (459.77) to 2100 s
    /// (714.60), whose end the suspended app does not hear (○ at 715). Audio holds the app from
    /// leaving (60 s) to each interruption.
    @Test func callsInterruptThePodcast() throws {
        let lanes = try lanes("podcast-call", on: "walk-with-cafe-stop.gpx")
        #expect(lanes.map(\.name) == ["kept alive by", "background tasks", "audio"])
        #expect(spans(lane("kept alive by", in: lanes)) == ["bar 136.99–289.89 audio", "bar 294.13–459.77 audio"])
        let audio = lane("audio", in: lanes)
        #expect(spans(audio) == [
            "bar 120.00–289.89 playing", "bar 289.89–294.13 interrupted", "bar 294.13–459.77 playing", "bar 459.77–714.60 interrupted",
        ])
        #expect(marks(audio) == ["715 ring end not heard"])
    }

    /// voip-without-callkit.yaml on the 749-s commute: pushes at 180, 300, 420 s (324.27, 460.45,
    /// 596.64) wake, then relaunch, the app, which is killed at once each time (the kill shares
    /// the wake's pixel: both are kept, the kill drawn on top); the pushes at 540 and 660 s
    /// (732.82, 869.00) are dropped.
    @Test func voipPushesWakeThenAreDropped() throws {
        let lanes = try lanes("voip-without-callkit", on: "city-commute.gpx")
        #expect(lanes.map(\.name) == ["wakes", "pushes"])
        let wakes = lane("wakes", in: lanes)
        #expect(marks(wakes) == ["324 up woken: VoIP push", "460 dot relaunched: VoIP push", "597 dot relaunched: VoIP push"])
        #expect(wakes.marks[324]?.title == "0:03:00 suspended → background: woken for a VoIP push")
        #expect(wakes.orderedTopMarks.map { "\($0.column) \($0.glyph) \($0.legend?.text ?? "-")" } == ["324 cross killed", "460 cross killed", "597 cross killed"])
        #expect(wakes.topMarks[324]?.title == "0:03:00 background → terminated: killed: the app never reported an incoming call to CallKit after a PushKit VoIP push")
        #expect(wakes.legend.map(\.text) == ["woken: VoIP push", "killed", "relaunched: VoIP push"])
        #expect(marks(lane("pushes", in: lanes)) == [
            "324 dot VoIP push delivered", "460 dot VoIP push delivered", "597 dot VoIP push delivered",
            "733 cross VoIP push dropped", "869 cross VoIP push dropped",
        ])
    }

    /// A plain navigation run uses one mechanism besides the location session: its background
    /// task, begun on leaving (60 s of 749 → 188.09) and open to the end; no wakes, no pushes.
    /// The pause fallback's location session is drawn as a lane once a significant change wakes the app.
    @Test func onlyLanesWithSomethingInThemAreDrawn() throws {
        let navigation = try lanes("navigation-app", on: "city-commute.gpx")
        #expect(navigation.map(\.name) == ["kept alive by", "background tasks"])
        #expect(lane("background tasks", in: navigation).orderedTopMarks.map { "\($0.column) \($0.glyph)" } == ["188 openDiamond"])
        #expect(spans(lane("background tasks", in: navigation)) == ["thin 188.09–970.00 open"])
        #expect(try lanes("pause-fallback", on: "walk-with-cafe-stop.gpx").map(\.name) == ["kept alive by", "wakes", "background tasks"])
    }

    /// task-chain.yaml on the commute: on leaving (60 s → 188.09) the app begins task #1; the
    /// budget runs out 30 s later (90 s → 222.14), its handler runs (▼) and ends it (the end's |
    /// shares the pixel, the expiration outweighs it) and begins #2, whose ◇ is drawn over the
    /// ▼ (offset): the watchdog ends it with the process a second later.
    @Test func backgroundTasksShowBeginExpirationAndTheSecondTask() throws {
        let tasks = lane("background tasks", in: try lanes("task-chain", on: "city-commute.gpx"))
        #expect(marks(tasks) == ["222 down expiration handler"])
        #expect(tasks.orderedTopMarks.map { "\($0.column) \($0.glyph) \($0.legend?.text ?? "-")" } == ["188 openDiamond begin", "222 openDiamond begin"])
        #expect(spans(tasks) == ["thin 188.09–223.27 open"])
        #expect(tasks.marks[222]?.title == """
            0:01:30 expiration handler of #1 "chain" runs
            0:01:30 endBackgroundTask #1 "chain" after 30 s
            """)
        #expect(tasks.topMarks[222]?.title == "0:01:30 beginBackgroundTask \"chain\" → #2 (the budget is spent: it grants no time)")
        #expect(tasks.legend.map(\.text) == ["begin", "expiration handler", "open"])
    }

    /// 100,000 pushes in 1000 s keep one mark per pixel column (the 851 columns 120 to 970), and
    /// 50,000 plays a hundredth of a pixel apart merge into one span.
    @Test func aCrowdedLaneKeepsOneMarkPerPixel() {
        var events: [SimEvent] = []
        for index in 0..<100_000 {
            let time = Double(index) / 100
            events.append(SimEvent(time: time, detail: .pushes(index % 2 == 0 ? .delivered(.silent) : .dropped(.silent, .replacedByNewer)), state: .background))
        }
        for index in 0..<50_000 {
            events.append(SimEvent(time: Double(index) / 50, detail: .audio(.playbackStarted(silent: false)), state: .background))
            events.append(SimEvent(time: Double(index) / 50 + 0.01, detail: .audio(.playbackStopped(.paused)), state: .background))
        }
        let lanes = SystemEventLanes.lanes(events, end: 1000) { 120 + min(max($0, 0), 1000) / 1000 * 850 }
        let pushes = lanes.first { $0.name == "pushes" }
        #expect(pushes?.marks.count == 851)
        #expect(pushes?.orderedMarks.allSatisfy { $0.glyph == .cross } == true)  // a drop outweighs a delivery
        #expect(pushes?.marks[500]?.titles.count == PictureLane.Mark.listed)
        #expect(lanes.first { $0.name == "audio" }?.spans.count == 1)
    }
}
