import Simulation

/// What a script does with the visit service (§11).
public enum VisitScriptAction: ScriptMechanismAction {
    /// `startMonitoringVisits()`.
    case start
    /// `stopMonitoringVisits()`.
    case stop
}

extension ScriptedApp {
    func perform(_ action: VisitScriptAction) {
        guard let manager else { return }
        switch action {
        case .start: manager.startMonitoringVisits()
        case .stop: manager.stopMonitoringVisits()
        }
    }
}

extension VisitScriptAction {
    @MainActor public func perform(in app: ScriptedApp, application: SimApplication) { app.perform(self) }
    public func mapChildren(_ transform: ([AppScript.Action]) -> [AppScript.Action]) -> AppScript.Action { .visits(self) }
}
