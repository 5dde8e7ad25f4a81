import Simulation

/// What a script does with the visit service (§11).
public enum VisitScriptAction: Hashable, Sendable {
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
