import Foundation
@testable import ScenarioInput
@testable import ScenarioReports
@testable import ScenarioRun
import Scripting
import Simulation
import Testing
import TestSupport

/// §12 in scenario files: the script's BGTask actions, trigger and `info.bgTaskIdentifiers`, the
/// events, and the ready script `Tracks/Scenarios/bg-refresh.yaml`.
@MainActor @Suite struct BGTaskScriptTests {


    @Test(arguments: [
        ("{register-task: r}", AppScript.Action.bgTasks(.registerTask(id: "r", onExpiry: nil))),
        ("{register-task: {id: r}}", .bgTasks(.registerTask(id: "r", onExpiry: nil))),
        ("{register-task: {id: r, onExpiry: }}", .bgTasks(.registerTask(id: "r", onExpiry: []))),
        ("{register-task: {id: r, onExpiry: [complete-task]}}", .bgTasks(.registerTask(id: "r", onExpiry: [.bgTasks(.completeTask(success: true))]))),
        ("{submit-refresh: r}", .bgTasks(.submitRefresh(id: "r", earliest: 0))),
        ("{submit-refresh: {id: r, earliest: 900}}", .bgTasks(.submitRefresh(id: "r", earliest: 900))),
        ("{submit-processing: {id: p, earliest: 60, requiresExternalPower: true}}", .bgTasks(.submitProcessing(id: "p", earliest: 60, requiresExternalPower: true))),
        ("{submit-processing: p}", .bgTasks(.submitProcessing(id: "p", earliest: 0, requiresExternalPower: false))),
        ("complete-task", .bgTasks(.completeTask(success: true))),
        ("{complete-task: {success: false}}", .bgTasks(.completeTask(success: false))),
        ("{set-fetch-interval: minimum}", .bgTasks(.setFetchInterval(seconds: 0))),
        ("{set-fetch-interval: never}", .bgTasks(.setFetchInterval(seconds: nil))),
        ("{set-fetch-interval: 3600}", .bgTasks(.setFetchInterval(seconds: 3_600))),
    ])
    func everyBGTaskActionFormIsRead(text: String, action: AppScript.Action) throws {
        #expect(try script("app:\n  on:\n    launch: [\(text)]")?.reactions == [.launch: [action]])
    }

    @Test func theTriggerAndThePermittedIdentifiersAreRead() throws {
        let app = try #require(try script("app: {info: {backgroundModes: [fetch], bgTaskIdentifiers: [a, b]}, on: {bg-task: complete-task}}"))
        #expect(app.info.permittedBackgroundTaskIdentifiers == ["a", "b"])
        #expect(app.reactions == [.bgTask: [.bgTasks(.completeTask(success: true))]])
        // The timeline's app line names the identifiers a script registers.
        let registering = try #require(try script("app: {on: {launch: [{register-task: a}, {if: background, do: {register-task: b}}, {register-task: a}]}}"))
        #expect(AppScriptOutline(registering).registeredTasks == ["a", "b"])
    }

    @Test(arguments: [
        ("app: {on: {launch: [{submit-refresh: {id: r, earliest: -1}}]}}", "s.yaml:1:56: 'earliest' -1.0 is not a duration (0…3155760000 s: 100 years)"),
        ("app: {on: {launch: [{submit-refresh: {earliest: 1}}]}}", "s.yaml:1:38: 'id' is needed by 'submit-refresh'"),
        ("app: {on: {launch: [{register-task: {id: r, when: 1}}]}}", "s.yaml:1:45: 'when' is not a field of 'register-task' (id, onExpiry)"),
        ("app: {on: {launch: [{complete-task: yes}]}}", "s.yaml:1:37: 'complete-task' must be a mapping of success"),
        ("app: {info: {bgTaskIdentifiers: [[a]]}}", "s.yaml:1:34: 'bgTaskIdentifiers' must be a list of task identifiers, not of lists or mappings"),
        ("events: [{at: 1, do: bg-launch}]", "s.yaml:1:10: 'id' is needed by 'bg-launch'"),
        ("events: [{at: 1, do: power, charging: maybe}]", "s.yaml:1:39: 'charging' must be true or false"),
        ("app: {on: {launch: [{set-fetch-interval: -5}]}}", "s.yaml:1:42: 'set-fetch-interval' -5.0 is not a duration (0…3155760000 s: 100 years)"),
        ("app: {on: {launch: [{set-fetch-interval: often}]}}",
         "s.yaml:1:42: 'set-fetch-interval' 'often' is not a fetch interval: minimum, never, or a duration (0…3155760000 s: 100 years)"),
    ])
    func mistakesAreNamed(text: String, message: String) {
        #expect(throws: ReplayError.invalidSettings(message)) { try ScenarioFile.parse(text, name: "s.yaml") }
    }

    @Test func theEventsAreRead() throws {
        let settings = try ScenarioFile.parse("""
            events:
              - {at: 1, do: bg-launch, id: r}
              - {at: 2, do: bg-expire, id: r}
              - {at: 3, do: background-app-refresh, enabled: false}
              - {at: 4, do: power, charging: true}
            """, name: "s.yaml")
        #expect(settings.events == [
            SimScenarioEvent(at: 1, .bgTasks(.launch(identifier: "r"))), SimScenarioEvent(at: 2, .bgTasks(.expire(identifier: "r"))),
            SimScenarioEvent(at: 3, .bgTasks(.setBackgroundAppRefresh(enabled: false))), SimScenarioEvent(at: 4, .device(.setCharging(true))),
        ])
    }

    /// bg-refresh.yaml on the parked car (2 h, iOS 17, seed 0). The app leaves at 1:00 (the
    /// default) and submits with earliest 1:00 + 900 s = 16:00; nothing holds it, so it is
    /// suspended at 1:05 (grace 5 s) — the verdict. The device is locked at 2:00. The system's
    /// delay is §12's lognormal (median 2 h, 90th percentile 8 h) at the scheduler's seeded draws
    /// (seed 0: u = 0.2071, 0.2020, …, the uniforms behind the 373 s and 364 s of the processing
    /// delay): 7200·e^(σ·Φ⁻¹(0.2071)) = 2976 s with σ = ln 4 / Φ⁻¹(0.9), so the one launch is at
    /// 960 + 2976 = 3936. The task completes 10 s later after submitting the next, doubled for a
    /// run without use: 2·2919 s after 3946 + 900, past the track's end; the sleeping device
    /// suspends the app at once.
    @Test func theReadyRefreshScriptIsWokenForEachTaskAndSuspendedAfter() throws {
        let replay = try Shipped.replay("bg-refresh", on: "parked-car.gpx")
        let result = try replay.run().result
        #expect(result.summary.verdict == .suspended)
        #expect(result.summary.suspendedAt == 65)
        #expect(result.summary.causes == [.nothingHoldsApp])
        #expect(result.summary.processes == 1)
        let launches = result.events.filter { $0.kind == .bgTasks(.launch) }.map(\.time)
        #expect(launches == [3_936])
        let submits = result.events.compactMap { if case .bgTasks(.submit(_, let earliest, let launchAt, _)) = $0.detail { [$0.time, earliest, launchAt] } else { nil } }
        #expect(submits == [[60, 960, 3_936], [3_946, 4_846, 4_846 + 5_839]])
        let completions = result.events.compactMap { if case .bgTasks(.complete(_, let success, let seconds)) = $0.detail { [success ? 1 : 0, seconds] } else { nil } }
        #expect(completions == [[1, 10]])
        let wakes = result.events.filter { if case .stateChange(.suspended, .background, .systemWake(.bgTasks(.appRefresh))) = $0.detail { true } else { false } }
        #expect(wakes.map(\.time) == launches)
        let suspensions = result.events.filter { $0.kind == .appState && $0.state == .suspended }.map(\.time)
        #expect(suspensions == [65] + launches.map { $0 + 10 })
    }

    /// bg-processing.yaml on the parked car (iOS 17, seed 0). Submitted at 1:00 with no earliest
    /// date: due at 60 + 373 s (the seed's first delay) = 433, the device locked (since 120) but
    /// not charging: it waits. Plugged in at 1800: launched for 300 s. Unlocked at 1900: a
    /// processing task ends when the user uses the device, so its handler runs and completes it
    /// (success: false) at 1900, 100 s after the launch; 5 s of grace, suspended at 1905.
    @Test func theReadyProcessingScriptWaitsForPowerAndEndsOnUnlock() throws {
        let replay = try Shipped.replay("bg-processing", on: "parked-car.gpx")
        let result = try replay.run().result
        let task = SimBGTaskRecord(identifier: "com.example.clean", kind: .processing)
        let kinds: Set<SimEvent.Kind> = [.bgTasks(.submit), .bgTasks(.deferred), .bgTasks(.launch), .bgTasks(.expiration), .bgTasks(.complete)]
        let events = result.events.filter { kinds.contains($0.kind) }
        #expect(events.map(\.time) == [60, 433, 1_800, 1_900, 1_900])
        #expect(events.map(\.detail) == [
            .bgTasks(.submit(task, earliest: 60, launchAt: 433, replaced: false)),
            .bgTasks(.deferred(task, .notCharging)),
            .bgTasks(.launch(task, seconds: 300, forced: false)),
            .bgTasks(.expiration(task, .deviceInUse, hasHandler: true)),
            .bgTasks(.complete(task, success: false, seconds: 100)),
        ])
        let last = result.events.last { $0.kind == .appState }
        #expect(last?.time == 1_905)
        #expect(last?.state == .suspended)
        #expect(result.summary.verdict == .suspended)
        #expect(result.summary.suspendedAt == 65)
    }

    /// BGTaskScheduler arrived with iOS 13: before, the script's calls do nothing but warn.
    @Test func beforeIOS13TheSchedulerDoesNotExist() throws {
        let result = try Shipped.replay("bg-refresh", on: "parked-car.gpx", profile: "ios12").run().result
        #expect(result.events.contains { $0.detail == .warning(.bgTasks(.schedulerUnavailable(profile: "ios12"))) })
        #expect(!result.events.contains { $0.kind == .bgTasks(.register) || $0.kind == .bgTasks(.submit) || $0.kind == .bgTasks(.launch) })
    }
}

