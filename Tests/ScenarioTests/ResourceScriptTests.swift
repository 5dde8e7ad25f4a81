import Foundation
@testable import ScenarioInput
@testable import ScenarioReports
@testable import ScenarioRun
import Scripting
import Simulation
import Testing
import TestSupport

/// The app's CPU and memory in scenario files (§15): `cpu`, `busy-loop`, `footprint`,
/// `grow-footprint`, `memory-pressure` with `level`, and their words in the reports.
@MainActor @Suite struct ResourceScriptTests {
    @Test(arguments: [
        ("{cpu: 40ms}", AppScript.Action.resources(.cpu(seconds: 0.04))),
        ("{cpu: 40 ms}", .resources(.cpu(seconds: 0.04))),
        ("{cpu: 0.5}", .resources(.cpu(seconds: 0.5))),
        ("{cpu: 2 s}", .resources(.cpu(seconds: 2))),
        ("{busy-loop: 30}", .resources(.busyLoop(seconds: 30, cpu: 1, wakeups: 0))),
        ("{busy-loop: {seconds: 120, cpu: 0.9, wakeups: 200}}", .resources(.busyLoop(seconds: 120, cpu: 0.9, wakeups: 200))),
        ("{footprint: 180 MB}", .resources(.footprint(megabytes: 180))),
        ("{footprint: 1 GB}", .resources(.footprint(megabytes: 1024))),
        ("{footprint: 512KB}", .resources(.footprint(megabytes: 0.5))),
        ("{grow-footprint: 0.25 MB}", .resources(.grow(megabytes: 0.25))),
    ])
    func everyResourceActionFormIsRead(text: String, action: AppScript.Action) throws {
        let settings = try ScenarioFile.parse("app:\n  on:\n    location: [\(text)]", name: "s.yaml")
        #expect(settings.app?.reactions == [.location: [action]])
    }

    @Test(arguments: [
        ("app: {on: {location: [{cpu: 40 minutes}]}}", "s.yaml:1:29: 'cpu' must be CPU time (40ms, 0.04 s), in ms, s"),
        ("app: {on: {location: [{cpu: 0ms}]}}", "s.yaml:1:29: 'cpu' must be more than no CPU time (40ms, 0.04 s)"),
        ("app: {on: {location: [{cpu: -1}]}}", "s.yaml:1:29: 'cpu' must be CPU time (40ms, 0.04 s), in ms, s"),
        ("app: {on: {location: [{footprint: 2 TB}]}}", "s.yaml:1:35: 'footprint' must be a footprint (180 MB), in KB, MB, GB"),
        // The limit in the unit a bare number is in (issue 33: it printed without one).
        ("app: {on: {location: [{footprint: 2000000 MB}]}}", "s.yaml:1:35: 'footprint' 2000000 MB is more than the most a script may give (1048576 MB)"),
        ("app: {on: {location: [{grow-footprint: 2000000 MB}]}}", "s.yaml:1:40: 'grow-footprint' 2000000 MB is more than the most a script may give (1048576 MB)"),
        ("app: {on: {location: [{cpu: 4000000000 s}]}}", "s.yaml:1:29: 'cpu' 4000000000 s is more than the most a script may give (3155760000 s)"),
        ("app: {on: {location: [{busy-loop: {seconds: 5, wakeups: 2000000}}]}}", "s.yaml:1:57: 'wakeups' 2000000 is more than the most a script may give (1000000 wake-ups a second)"),
        ("app: {on: {location: [{busy-loop: {cpu: 0.5}}]}}", "s.yaml:1:35: 'seconds' is needed by 'busy-loop'"),
        ("app: {on: {location: [{busy-loop: {seconds: 5, cpu: 2}}]}}", "s.yaml:1:53: 'cpu' 2.0 is not a fraction (0…1)"),
        ("app: {on: {location: [{busy-loop: {seconds: 5, load: 1}}]}}", "s.yaml:1:48: 'load' is not a field of 'busy-loop' (seconds, cpu, wakeups)"),
        ("app: {on: {location: [cpu]}}", "s.yaml:1:23: 'cpu' needs a value: {cpu: …}"),
        ("events: [{at: 5, do: memory-pressure, level: severe}]", "s.yaml:1:46: 'level' must be warning, critical or extreme"),
    ])
    func mistakesAreNamed(text: String, message: String) {
        #expect(throws: ReplayError.invalidSettings(message)) { try ScenarioFile.parse(text, name: "s.yaml") }
    }

    @Test func memoryPressureTakesALevel() throws {
        let settings = try ScenarioFile.parse("""
            events:
              - {at: 5, do: memory-pressure}
              - {at: 6, do: memory-pressure, level: warning}
              - {at: 7, do: memory-pressure, level: critical}
            """, name: "s.yaml")
        #expect(settings.events == [
            SimScenarioEvent(at: 5, .memoryPressure), SimScenarioEvent(at: 6, .memoryPressure),
            SimScenarioEvent(at: 7, .resources(.criticalMemoryPressure)),
        ])
        #expect(settings.events.map { ScenarioFile.verb($0.action) } == ["memory-pressure", "memory-pressure", "memory-pressure"])
    }

    @Test func theKillsAreWordedAsTheCrashReportsWordThem() {
        let limit = ResourceProfile.WindowLimit(perSecond: 0.8, windowSeconds: 60)
        #expect(Prose.text(SimCause.resources(.cpuLimit(usedSeconds: 48.6, overSeconds: 53, limit: limit)))
            == "killed: cpu_resource (EXC_RESOURCE CPU_FATAL): 48.600 s of CPU over the last 53 s in the background, exceeding the limit of 80 % CPU over 60 s")
        #expect(Prose.text(SimCause.resources(.wakeupsLimit(wakeups: 45_200, overSeconds: 225, limit: .init(perSecond: 150, windowSeconds: 300))))
            == "killed: wakeups_resource (EXC_RESOURCE WAKEUPS): 45200 wake-ups over the last 225 s in the background, exceeding the limit of 150 wake-ups a second over 300 s")
        #expect(Prose.text(SimCause.resources(.footprintLimit(footprintMB: 250, limitMB: 200)))
            == "killed: jetsam (memory resource limit): a footprint of 250 MB in the background, over the limit of 200 MB")
        #expect(Prose.text(SimExitCategory(.resources(.footprintLimit(footprintMB: 250, limitMB: 200)))!) == "memory resource limit")
    }

    /// busy-tracker.yaml on the city commute: killed by the CPU monitor at its 54th background
    /// fix, 0:01:53; with 50 ms a fix it runs to the end of the track.
    @Test func theBusyTrackerIsKilledAtItsFiftyFourthBackgroundFix() throws {
        let outcome = try Shipped.replay("busy-tracker", on: "city-commute.gpx").run()
        let summary = outcome.result.summary
        #expect(summary.terminatedAt == 113)
        #expect(summary.exitCategory == .cpuResourceLimit)
        var settings = try ScenarioFile.read(contentsOf: Shipped.script("busy-tracker"))
        settings.app?.reactions[.location] = [.resources(.cpu(seconds: 0.05))]
        let light = try ReplayRun(track: Shipped.track("city-commute.gpx"), settings: settings.resolved()).run()
        #expect(light.result.summary.terminatedAt == nil)
        #expect(light.result.summary.exitCategory == nil)
    }
}
