import ScenarioInput
import ScenarioRun
import Simulation

/// A scenario's events as a scenario file writes them (`{at: 1200, do: low-power-mode, on: true}`):
/// the HTML report lists them beside the settings, so the page reproduces the run.
extension Prose {
    /// An event's fields besides `at` and `do`, named and written as a scenario file has them.
    static func fields(_ action: SimScenarioEvent.Action) -> [(name: String, value: String)] {
        switch action {
        case .launch, .enterBackground, .returnToForeground, .lock, .unlock, .forceQuit,
             .endBackgroundTask, .startUpdatingLocation, .stopUpdatingLocation: []
        case .memoryPressure: [("level", "warning")]
        case .setAuthorization(let status): [("status", settingName(status))]
        case .setAccuracyAuthorization(let accuracy):
            switch accuracy {
            case .fullAccuracy: [("level", "full")]
            case .reducedAccuracy: [("level", "reduced")]
            }
        case .setLocationServices(let enabled): [("enabled", "\(enabled)")]
        case .beginBackgroundTask(let name): [("name", name)]
        case .bgTasks(let action): fields(action)
        case .audio(let action): fields(action)
        case .pushes: []  // the verb says which push
        case .locationPushes: []
        case .device(let action): fields(action)
        case .resources(let action): fields(action)
        }
    }

    /// The fields as one cell: "level: 0.15, drainPerHour: 0.1"; "" when there are none.
    static func fieldsText(_ action: SimScenarioEvent.Action) -> String {
        fields(action).map { "\($0.name): \($0.value)" }.joined(separator: ", ")
    }

    /// The `authorization` event's `status` name (`when-in-use`), as the scenario reader looks it up.
    private static func settingName(_ status: SimAuthorizationStatus) -> String {
        ReplayAuthorization.allCases.first { $0.status == status }?.settingName ?? status.description
    }
}
