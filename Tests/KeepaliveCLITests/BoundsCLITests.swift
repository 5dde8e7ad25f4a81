import Foundation
import Testing

/// Issue 21, bounds: a small file that asks for endless work is refused with a clear message and
/// exit 64, before anything grows; an option raises each limit.
@Suite struct BoundsCLITests {
    private let commute = "Tracks/city-commute.gpx"

    /// An app kept alive in the background that runs `actions` every second, and an event 100
    /// million seconds (three years) in, which the run goes on to.
    private func timerScenario(_ actions: String) -> String {
        """
        app:
          info: {backgroundModes: [location], whenInUseUsage: true, alwaysUsage: true}
          on:
            launch: [{set: {allowsBackgroundLocationUpdates: true, pausesLocationUpdatesAutomatically: false}}, request-always, start-updates]
          timers:
            - {every: 1, do: \(actions)}
        events:
          - {at: 100000000, do: lock}
        """
    }

    @Test func aScriptOf30000TimerActionsIsRefusedBeforeTheRun() throws {
        let fixtures = try Fixtures()
        let actions = "[" + Array(repeating: "{log: x}", count: 30_000).joined(separator: ",") + "]"
        let scenario = try fixtures.write("many.yaml", timerScenario(actions))
        #expect(try FileManager.default.attributesOfItem(atPath: scenario)[.size] as? Int == 270_296)
        let result = try CLI.run(["replay", commute, "--scenario", scenario])
        #expect(result.status == 64)
        // 30,000 logs and the launch's three actions.
        #expect(result.stderr == "error: scenario: the app's script holds 30003 actions, more than the limit of 1000 (--max-script-actions raises it)\n")
        #expect(result.stdout == "")
        // The option raises the limit; 0 is no limit.
        let raised = try CLI.run(["replay", commute, "--scenario", scenario, "--max-script-actions", "30003", "--max-log-lines", "60000", "--format", "json"])
        #expect(raised.status == 64)
        #expect(raised.stderr == "error: \(commute): the app logged more than 60000 lines, by 0:00:03 into the trip: the run stopped there (--max-log-lines raises the limit)\n")
        let zero = try CLI.run(["replay", commute, "--max-script-actions", "0"])
        #expect(zero.status == 64)
        #expect(zero.stderr == "error: --max-script-actions: must be a whole number from 1 to 9223372036854775807\n")
    }

    @Test func aOneSecondTimerLoggingForYearsStopsAtTheLogLimit() throws {
        let fixtures = try Fixtures()
        let scenario = try fixtures.write("timer.yaml", timerScenario("[{log: hello}]"))
        let track = "\(CLI.packageRoot.path)/\(commute)"
        for format in ["text", "json", "jsonl"] {
            let result = try CLI.run(["replay", track, "--scenario", scenario, "--format", format, "--max-log-lines", "1000"])
            #expect(result.status == 64)
            #expect(result.stderr == "error: \(track): the app logged more than 1000 lines, by 0:16:41 into the trip: the run stopped there (--max-log-lines raises the limit)\n")
            // JSON Lines stream as the run goes: exactly the 1,000 lines before the limit.
            let logged = result.stdout.split(separator: "\n").filter { $0.contains("\"kind\":\"app.log\"") }.count
            #expect(logged == (format == "jsonl" ? 1000 : 0))
        }
        // The default limit, and the scenario key that raises it as the option does.
        let byDefault = try CLI.run(["replay", track, "--scenario", scenario, "--format", "json"])
        #expect(byDefault.stderr == "error: \(track): the app logged more than 100000 lines, by 27:46:41 into the trip: the run stopped there (--max-log-lines raises the limit)\n")
        let raised = try fixtures.write("raised.yaml", timerScenario("[{log: hello}]") + "\nmaxLogLines: 2000\n")
        let more = try CLI.run(["replay", track, "--scenario", raised, "--format", "json"])
        #expect(more.stderr == "error: \(track): the app logged more than 2000 lines, by 0:33:21 into the trip: the run stopped there (--max-log-lines raises the limit)\n")
    }

    /// Issue 33: firings that cannot be counted at once (two `cpu` actions each) stop at
    /// `--max-timer-firings` or a scenario's `maxTimerFirings`, with exit 64 and the limit given:
    /// a 1-s timer from the launch at 0 fires past 100 at 101 s, past 50 at 51 s.
    @Test func timerFiringsStopAtTheGivenLimit() throws {
        let fixtures = try Fixtures()
        let scenario = try fixtures.write("firings.yaml", timerScenario("[{cpu: 1ms}, {cpu: 1ms}]"))
        let track = "\(CLI.packageRoot.path)/\(commute)"
        let stopped = { (limit: Int, at: String) in
            "error: \(track): the app's timers fired more than \(limit) times that could not be counted in one step, by \(at) into the trip: the run stopped there (a timer doing one `cpu` action, or nothing, is counted at once; see Docs/Model.md; --max-timer-firings raises the limit)\n"
        }
        for format in ["text", "json"] {
            let result = try CLI.run(["replay", track, "--scenario", scenario, "--max-timer-firings", "100", "--format", format])
            #expect(result.status == 64)
            #expect(result.stderr == stopped(100, "0:01:41"))
            #expect(result.stdout == "")
        }
        let trip = "\(CLI.packageRoot.path)/Tracks/compare/trip.gpx"
        let compared = try CLI.run(["compare", trip, "--device", "\(CLI.packageRoot.path)/Tracks/compare/device-recording.csv",
                                    "--scenario", scenario, "--max-timer-firings", "100"])
        #expect(compared.status == 64)
        #expect(compared.stderr == stopped(100, "0:01:41").replacingOccurrences(of: track, with: trip))
        let keyed = try fixtures.write("keyed.yaml", timerScenario("[{cpu: 1ms}, {cpu: 1ms}]") + "\nmaxTimerFirings: 50\n")
        #expect(try CLI.run(["replay", track, "--scenario", keyed, "--format", "json"]).stderr == stopped(50, "0:00:51"))
        let zero = try CLI.run(["replay", commute, "--max-timer-firings", "0"])
        #expect(zero.status == 64)
        #expect(zero.stderr == "error: --max-timer-firings: must be a whole number from 1 to 9223372036854775807\n")
    }

    @Test func aMatrixOf49MillionCellsIsRefusedByCounting() throws {
        let fixtures = try Fixtures()
        let tracks = Array(repeating: "t.gpx", count: 30_000).joined(separator: ",")
        let runs = (0..<1_650).map { "{name: r\($0)}" }.joined(separator: ",")
        let matrix = try fixtures.write("big.yaml", "tracks: [\(tracks)]\nruns: [\(runs)]\n")
        let result = try CLI.run(["matrix", matrix])
        #expect(result.status == 64)
        #expect(result.stderr == "error: \(matrix): 49500000 replays (30000 tracks × 1 profile × 1650 runs), more than the limit of 10000 (--max-cells raises it)\n")
        #expect(result.stdout == "")
        // Raised, the count is checked again, with the new limit.
        let raised = try CLI.run(["matrix", matrix, "--max-cells", "49499999"])
        #expect(raised.stderr == "error: \(matrix): 49500000 replays (30000 tracks × 1 profile × 1650 runs), more than the limit of 49499999 (--max-cells raises it)\n")
        let zero = try CLI.run(["matrix", matrix, "--max-cells", "0"])
        #expect(zero.status == 64)
        #expect(zero.stderr.hasPrefix("error: --max-cells: must be 1 or more; see 'keepalive matrix --help'\n"))
    }

    @Test func aMatrixWithinARaisedLimitRunsInWorkers() throws {
        let fixtures = try Fixtures()
        let track = "\(CLI.packageRoot.path)/Tracks/parked-car.gpx"
        let matrix = try fixtures.write("m.yaml", "tracks: [\(track), \(track), \(track)]\nprofiles: [ios13, ios17]\nruns: [{name: a}, {name: b}]\n")
        let refused = try CLI.run(["matrix", matrix, "--max-cells", "11"])
        #expect(refused.stderr == "error: \(matrix): 12 replays (3 tracks × 2 profiles × 2 runs), more than the limit of 11 (--max-cells raises it)\n")
        let result = try CLI.run(["matrix", matrix, "--max-cells", "12", "--jobs", "2", "--format", "json"])
        #expect(result.status == 0)
        #expect(result.stderr == "")
    }
}
