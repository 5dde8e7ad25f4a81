@testable import ScenarioInput
@testable import ScenarioReports
@testable import ScenarioRun
import Scripting
import Simulation
import Testing

/// The switches that route script actions and words to each mechanism's folder: every list an
/// action holds is walked and mapped, each mechanism names itself in the outline, and the words
/// are listed in the order the messages and docs give them.
@Suite struct ScriptActionRoutingTests {
    private static let expiring = AppScript.Action.bgTasks(.registerTask(id: "r", onExpiry: [.log("expired")]))

    /// `nested` walks an `if`'s branches, an `after`'s list and a registered task's expiration
    /// handler, depth first in reading order; a mechanism action without lists adds nothing.
    @Test func nestedWalksEveryActionListInReadingOrder() {
        let action = AppScript.Action.when(.background, actions: [Self.expiring, .audio(.pause)],
                                           otherwise: [.after(seconds: 5, actions: [.stopUpdates])])
        #expect(action.nested == [Self.expiring, .log("expired"), .audio(.pause), .after(seconds: 5, actions: [.stopUpdates]), .stopUpdates])
        #expect(AppScript.Action.visits(.start).nested == [])
    }

    /// `mapActions` transforms every list, a registered task's expiration handler included; a
    /// task registered without a handler keeps none.
    @Test func mapActionsReachesARegisteredTasksExpirationHandler() {
        var script = AppScript()
        script.reactions[.launch] = [Self.expiring, .bgTasks(.registerTask(id: "n", onExpiry: nil)), .visits(.start)]
        let mapped = script.mapActions { $0 + [.log("end")] }
        #expect(mapped.reactions[.launch] == [
            .bgTasks(.registerTask(id: "r", onExpiry: [.log("expired"), .log("end")])),
            .bgTasks(.registerTask(id: "n", onExpiry: nil)), .visits(.start), .log("end"),
        ])
    }

    /// The outline's `uses`: each mechanism the script starts, once, in reading order; stopping
    /// one, transfers and the app's own CPU name none.
    @Test func outlineNamesEachMechanismStartedOnceInReadingOrder() {
        var script = AppScript()
        script.reactions[.launch] = [
            .transfers(.startTransfer(id: "t", seconds: 60, session: "s")), .resources(.cpu(seconds: 1)), .visits(.stop),
            .startSignificantChanges, .regions(.monitor(latitude: nil, longitude: nil, radius: 100, id: "a")),
            .monitor(.addCondition(monitor: "m", latitude: nil, longitude: nil, radius: 100, id: "b", assuming: .unknown)),
            .visits(.start), .liveUpdates(.start(.default)), .liveUpdates(.beginSession), .serviceSessions(.begin(.always)),
            .audio(.play(silent: true)), .pushes(.reportCall),
            .bgTasks(.submitContinuedProcessing(id: "j", title: "T", subtitle: "", strategy: .queue)), .visits(.start),
        ]
        #expect(AppScriptOutline(script).mechanisms == [
            .significantChanges, .regions, .monitor("m"), .visits, .liveUpdates(.default), .backgroundActivitySession,
            .serviceSession(.always), .audio(silent: true), .callKit, .continuedProcessing,
        ])
    }

    /// The script's actions as messages list them: the core's, then each mechanism's in the
    /// order of `MechanismWords` (live updates, service sessions, regions, visits, BGTasks,
    /// transfers, audio, pushes, resources).
    @Test func actionWordsInTheirListedOrder() {
        #expect(AppScriptReader.actionNames == [
            "request-always", "request-when-in-use", "set", "start-updates", "stop-updates", "request-location",
            "start-significant-changes", "stop-significant-changes", "begin-task", "end-task", "after", "if", "log",
            "idle-timer-disabled",
            "start-live-updates", "stop-live-updates", "begin-background-activity-session", "invalidate-background-activity-session",
            "begin-service-session", "invalidate-service-session",
            "monitor-region", "stop-monitoring-region",
            "start-visits", "stop-visits",
            "register-task", "submit-refresh", "submit-processing", "complete-task", "submit-continued-processing",
            "report-progress", "set-fetch-interval",
            "start-transfer", "complete-transfer-events",
            "activate-audio-session", "play-audio", "pause-audio",
            "report-call", "complete",
            "start-location-pushes", "stop-location-pushes", "answer-location-push",
            "cpu", "busy-loop", "footprint", "grow-footprint",
        ])
    }

    /// A scenario's `do:` verbs as messages list them: the core's, then BGTasks', audio's,
    /// pushes' and the device's.
    @Test func scenarioVerbsInTheirListedOrder() {
        #expect(ScenarioFile.verbs == [
            "background", "foreground", "launch", "lock", "unlock", "memory-pressure", "force-quit", "authorization",
            "accuracy", "location-services", "begin-background-task", "end-background-task", "start-updates", "stop-updates",
            "bg-launch", "bg-expire", "background-app-refresh", "bg-cancel",
            "call", "alarm",
            "silent-push", "voip-push", "fetch",
            "location-push",
            "low-power-mode", "battery", "power", "thermal", "restart", "os-update", "app-update",
        ])
    }

    /// The verb of each mechanism's scenario action, as the parser reads it back.
    @Test func eachMechanismScenarioActionNamesItsVerb() {
        let actions: [(SimScenarioEvent.Action, String)] = [
            (.bgTasks(.cancel(identifier: "r")), "bg-cancel"), (.audio(.alarm(seconds: 60)), "alarm"),
            (.pushes(.arrive(.voip)), "voip-push"), (.device(.setBackgroundAppRefresh(enabled: false)), "background-app-refresh"),
            (.resources(.criticalMemoryPressure), "memory-pressure"), (.locationPushes(.arrive), "location-push"),
        ]
        for (action, verb) in actions { #expect(ScenarioFile.verb(action) == verb) }
    }
}
