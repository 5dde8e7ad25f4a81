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

extension VisitScriptAction {
    /// The mechanism this action shows the app uses, for ``AppScriptOutline``'s `uses` line.
    var outlinedMechanism: AppScriptOutline.Mechanism? {
        switch self {
        case .start: .visits
        case .stop: nil
        }
    }
}

// 0.2.0 reached these through the protocol ScriptMechanismAction; ScriptActionRouting.swift routes now.
extension VisitScriptAction {
    @available(*, deprecated, message: "ScriptedApp performs a script's actions; put it in a script")
    @MainActor public func perform(in app: ScriptedApp, application: SimApplication) { app.perform(self) }
    @available(*, deprecated, message: "it holds no actions: use AppScript.Action.visits(_:)")
    public func mapChildren(_ transform: ([AppScript.Action]) -> [AppScript.Action]) -> AppScript.Action { .visits(self) }
    @available(*, deprecated, message: "it holds no actions")
    public var children: [AppScript.Action] { [] }
}
