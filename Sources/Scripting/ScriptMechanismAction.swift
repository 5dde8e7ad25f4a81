import Simulation

/// A mechanism's script action (an `AppScript.Action` case's payload): it runs itself in the
/// scripted app and gives the action lists it holds, so that code over actions names no mechanism.
public protocol ScriptMechanismAction: Hashable, Sendable {
    /// Runs the action as the app's code.
    @MainActor func perform(in app: ScriptedApp, application: SimApplication)
    /// The action lists it holds (an expiration handler's, say), for walks over a script.
    var children: [AppScript.Action] { get }
    /// The whole action again, with `transform` applied to the lists it holds.
    func mapChildren(_ transform: ([AppScript.Action]) -> [AppScript.Action]) -> AppScript.Action
}

extension ScriptMechanismAction {
    public var children: [AppScript.Action] { [] }
}

extension AppScript.Action {
    /// The mechanism's action this one carries, if it is a mechanism's.
    var mechanismAction: (any ScriptMechanismAction)? {
        switch self {
        // The core's own actions carry none; answering them without reflection keeps walks over
        // a script (each replay's changes, each launch's monitors) cheap.
        case .requestAlways, .requestWhenInUse, .set, .startUpdates, .stopUpdates, .requestLocation,
             .startSignificantChanges, .stopSignificantChanges, .beginTask, .endTask, .after, .namedAfter, .when, .log:
            nil
        default:
            SimMechanismPayload.of(self) as? any ScriptMechanismAction
        }
    }
}
