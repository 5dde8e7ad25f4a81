import Foundation
import GPX
import Scenario
import Simulation
import Testing
import TestSupport

/// Issue 22 §2: `keepalive compare` on the generated sample (Tracks/compare, written by
/// `keepalive-samples`: the device's last fix before its gap at 0:09:59, the next at 0:15:00),
/// and on recordings that are the model's own output.
@MainActor @Suite struct CompareTests {
    private let trip = Shipped.track("compare/trip.gpx")
    private let recording = Shipped.track("compare/device-recording.csv")

    private func settings(_ change: (inout ReplaySettings) -> Void = { _ in }) throws -> ResolvedReplay {
        var settings = ReplaySettings()
        change(&settings)
        return try settings.resolved()
    }

    @Test func findsTheFirstDivergenceAtItsExactSecondOnTheGeneratedRecording() throws {
        let comparison = try CompareRun(track: trip, device: recording, settings: settings()).run()
        #expect(comparison.deviceFixes == 901)
        #expect(comparison.deviceFixesInTrip == 901)
        #expect(comparison.modelFixes == 1200)
        // The fix at 599 s covers five moving seconds (599…603): the device misses 604 s on. The
        // gap runs from that fix, its anchor (§4), to the next, at 900 s.
        let gap = try #require(comparison.deviceCoverage.gaps.first)
        #expect(comparison.deviceCoverage.gapCount == 1)
        #expect([gap.from, gap.firstMissed, gap.to, gap.seconds] == [599, 604, 900, 296])
        #expect(comparison.modelCoverage.gapCount == 0)
        #expect(comparison.unpredicted.map(\.firstSecond) == [604])
        #expect(comparison.tooStrict.isEmpty)
        #expect(comparison.diverged)
        let first = try #require(comparison.first)
        #expect(first.second == 604)
        #expect(first.lastDeviceFix == 599)
        #expect(first.model.appState == .background)
        #expect(first.model.process == 1)
        #expect(first.model.location == .running(.standardUpdates))
        #expect(first.model.holds.map(\.kind) == [.locationUpdates])
        #expect(first.model.lastFixAt == 604)
        #expect(first.conditions.map(\.condition) == CompareCondition.allCases)
        // Low Power Mode stops background updates for good (lowPowerModeLocation's default); a
        // restart or an update ends the app, which nothing relaunches; critical pressure keeps an
        // app held by location (Docs/Model.md §15).
        #expect(first.conditions.map(\.finding) == [.reproduces, .possible, .doesNotReproduce, .reproduces, .reproduces])
    }

    @Test func theTrackingGoalCountsTheGapFromItsDistance() throws {
        let comparison = try CompareRun(track: trip, device: recording, settings: settings { $0.$goal = Setting(text: "tracking") }).run()
        // 15 m/s: 100 m since the fix at 599 s is passed in the seventh second.
        #expect(comparison.unpredicted.map(\.firstSecond) == [605])
        #expect(comparison.first?.second == 605)
    }

    @Test func theModelTooStrictIsListedWhenTheDeviceKeptItsFixes() throws {
        let comparison = try CompareRun(track: trip, device: recording, settings: settings { $0.backgroundLocation = false }).run()
        // Suspended at 0:01:30, its last fix at 89 s (the gap's anchor): the model misses 94 s to
        // the end; the device's gap lies inside.
        #expect(comparison.tooStrict.map(\.gap.from) == [89])
        #expect(comparison.tooStrict.map(\.gap.firstMissed) == [94])
        #expect(comparison.tooStrict.map(\.firstSecond) == [94])
        #expect(comparison.tooStrict.first?.gap.causes.first.map(Prose.name) == "backgroundTimeExpired")
        #expect(comparison.unpredicted.isEmpty)
        #expect(comparison.first == nil)
    }

    /// The model's delivered fixes written as a recording (CSV and GPX) and compared with the
    /// same replay: no divergence, and the device's coverage is the model's, gap for gap.
    @Test(arguments: [DeliveredFixWriter.Format.csv, .gpx], ["", "--distance-filter 500", "--no-background-location"])
    func findsNoneWhenTheRecordingIsTheModelsOwnOutput(format: DeliveredFixWriter.Format, option: String) throws {
        let replay = try settings { settings in
            if option == "--distance-filter 500" { settings.$distanceFilter = Setting(text: "500") }
            if option == "--no-background-location" { settings.backgroundLocation = false }
        }
        let loaded = try LoadedTrack.load(trip, lenient: false, untimedSpeed: ReplaySettings.defaultSpeed)
        var text = ""
        let writer = DeliveredFixWriter(format, startDate: loaded.trajectory.startDate) { text += $0 }
        _ = try ReplayRun(track: trip, settings: replay).run(on: loaded, sinks: [writer], keepsEvents: false)
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("compare-\(UUID().uuidString).\(format == .csv ? "csv" : "gpx")")
        try text.write(to: file, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(at: file) }

        let comparison = try CompareRun(track: trip, device: file.path, settings: replay).run()
        #expect(!comparison.diverged)
        #expect(comparison.first == nil)
        #expect(comparison.deviceFixes == comparison.modelFixes)
        let device = comparison.deviceCoverage, model = comparison.modelCoverage
        #expect(device.gaps.map { [$0.from, $0.to, $0.seconds] } == model.gaps.map { [$0.from, $0.to, $0.seconds] })
        #expect(device.fraction == model.fraction)
        let gaps = ["": 0, "--distance-filter 500": 36, "--no-background-location": 1][option]
        #expect(model.gapCount == gaps)
    }

    /// For a recording's goal (tracking) the rule judged from fixes is the run's own meter's.
    @Test(arguments: ["", "--no-background-location", "--distance-filter 500"])
    func theFixJudgedCoverageIsTheRunsOwnForTracking(option: String) throws {
        let replay = try settings { settings in
            settings.$goal = Setting(text: "tracking")
            if option == "--distance-filter 500" { settings.$distanceFilter = Setting(text: "500") }
            if option == "--no-background-location" { settings.backgroundLocation = false }
        }
        let commute = Shipped.track("city-commute.gpx")
        let loaded = try LoadedTrack.load(commute, lenient: false, untimedSpeed: ReplaySettings.defaultSpeed)
        var meter = FixCoverageMeter(goal: .tracking(), trajectory: loaded.trajectory)
        let fixes = SimEventHandler { event in
            if event.kind == .fixDelivered, let fix = event.fix { meter.add(fixAt: event.time - (fix.delay ?? 0)) }
        }
        let outcome = try ReplayRun(track: commute, settings: replay).run(on: loaded, sinks: [fixes], keepsEvents: false)
        let run = try #require(outcome.result.summary.coverage.first)
        let model = meter.coverage()
        #expect(run.goal == .location(.tracking()))
        #expect(model.gapCount == ["": 0, "--no-background-location": 1, "--distance-filter 500": 8][option])
        #expect(model.gaps.map { [$0.from, $0.to, $0.seconds] } == run.gaps.map { [$0.from, $0.to, $0.seconds] })
        #expect(model.fraction == run.fraction)
        #expect(model.uncoveredMetres == run.uncoveredMetres)
    }

    @Test func divergencesAreTheFirstSecondTheOtherSideCovered() {
        func gap(_ from: Double, _ to: Double) -> SimGap {
            SimGap(from: from, to: to, seconds: to - from, metres: 0, causes: [], closedBy: nil, closed: true)
        }
        let device = [gap(10, 20), gap(30, 40), gap(50, 60), gap(70, 80)]
        let model = [gap(5, 25), gap(30, 35), gap(36, 40), gap(55, 60)]
        // 10–20 lies in 5–25; 30–40 is covered at 35 by the model; 50–60 at 50; 70–80 at 70.
        #expect(DeviceComparison.divergences(device, against: model).map(\.firstSecond) == [35, 50, 70])
        // 5–25: covered at 5; 30–35 and 36–40 lie in 30–40; 55–60 in 50–60.
        #expect(DeviceComparison.divergences(model, against: device).map(\.firstSecond) == [5])
    }
}
