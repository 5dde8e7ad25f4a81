import Testing
import TestSupport
@testable import ScenarioInput
@testable import ScenarioReports
@testable import ScenarioRun
@testable import Scripting
@testable import Simulation

/// The text report's exit line names an end that MetricKit has no counter for (a restart, an OS
/// update, an app update) as what it was; it called each "a force quit by the user" until issue 31.
/// A force quit has its counter: a normal app exit, on screen (MXForegroundExitData).
@MainActor @Suite struct ExitLineTests {
    private func exitLine(_ action: SimScenarioEvent.Action) -> String? {
        let config = configuration(drive(seconds: 300), timeline: [SimScenarioEvent(at: 60, .enterBackground), SimScenarioEvent(at: 200, action)])
        return Prose.exitLine(KeepAliveSimulation(config, app: ScriptedApp(script: AppScript())).run().summary)
    }

    @Test(arguments: [
        (SimScenarioEvent.Action.device(.restart), "Exit at 0:03:20: the device restarted, which MetricKit has no counter for."),
        (.device(.osUpdate), "Exit at 0:03:20: the device restarted for an OS update, which MetricKit has no counter for."),
        (.device(.appUpdate), "Exit at 0:03:20: the App Store updated the app (iOS ended it; not a force quit), which MetricKit has no counter for."),
        (.forceQuit, "Exit at 0:03:20: MetricKit counts it as normal app exit (MXForegroundExitData.cumulativeNormalAppExitCount)."),
    ])
    func theExitLineNamesTheEnd(action: SimScenarioEvent.Action, line: String) {
        #expect(exitLine(action) == line)
    }
}
