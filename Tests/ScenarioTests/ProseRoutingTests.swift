import Testing
@testable import ScenarioInput
@testable import ScenarioReports
@testable import ScenarioRun
@testable import Simulation

/// Prose reaches a mechanism's words and names through exhaustive switches: the JSON names are
/// the ones reports have always written (a core cause's case name; a mechanism's own name).
@Suite struct ProseRoutingTests {
    @Test func aCoreCauseIsNamedByItsCase() {
        #expect(Prose.name(.backgroundTimeExpired(budget: 30)) == "backgroundTimeExpired")
        #expect(Prose.name(.systemWake(.significantLocationChange)) == "systemWake")
        #expect(Prose.name(.userAnswered(.allowWhileUsing, provisionalAlways: false)) == "userAnswered")
        // A crash is named as a crash, whichever mechanism raised it.
        #expect(Prose.name(.crash(.stackOverflow)) == "crash")
        #expect(Prose.name(.crash(.bgTasks(.registeredTwice(identifier: "refresh")))) == "crash")
    }

    @Test func aMechanismCauseIsNamedInItsFolder() {
        #expect(Prose.name(.audio(.paused)) == "audioPaused")
        #expect(Prose.name(.bgTasks(.tasksEnded)) == "bgTasksEnded")
        #expect(Prose.name(.liveUpdates(.noSession)) == "noBackgroundActivitySession")
        #expect(Prose.name(.pushes(.callNotReported)) == "callNotReported")
        // Those once named by reflection keep their case's name.
        #expect(Prose.name(.monitor(.monitorNotOpen)) == "monitorNotOpen")
        #expect(Prose.name(.monitor(.needsAlways(.authorizedWhenInUse))) == "needsAlways")
        #expect(Prose.name(.resources(.footprintLimit(footprintMB: 500, limitMB: 400))) == "footprintLimit")
        #expect(Prose.name(.resources(.criticalMemoryPressure)) == "criticalMemoryPressure")
        #expect(Prose.name(.device(.osUpdate)) == "osUpdate")
    }

    @Test func aMechanismCrashAndCauseReadInTheirFolderWords() {
        #expect(Prose.text(SimCause.crash(.bgTasks(.registeredTwice(identifier: "refresh"))))
            == "NSInternalInconsistencyException: Launch handler for task with identifier refresh has already been registered")
        #expect(Prose.text(SimCause.device(.appUpdate)) == "the App Store updated the app (iOS ended it; not a force quit)")
        #expect(Prose.text(SimWarning.audio(.silentKeepAlive))
            == "silent audio keeps the app alive: App Review rejects this (guideline 2.5.4), and iOS may stop it at any time")
    }
}
