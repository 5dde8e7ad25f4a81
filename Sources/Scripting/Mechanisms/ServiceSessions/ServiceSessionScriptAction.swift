import Simulation

/// What an app script does with `CLServiceSession` (§10, iOS 18): an `AppScript.Action.serviceSessions`.
public enum ServiceSessionScriptAction: Hashable, Sendable {
    /// `CLServiceSession(authorization:)`, kept by the app; replaces the one it kept with the
    /// same requirement.
    case begin(SimServiceSessionRequirement)
    /// `invalidate()` on the app's service session with this requirement, or on all of them.
    case invalidate(SimServiceSessionRequirement?)
}

extension ScriptedApp {
    func perform(_ action: ServiceSessionScriptAction, in application: SimApplication) {
        let state = mechanismState(ServiceSessionScriptState.init)
        switch action {
        case .begin(let requirement):
            // The new session first, so the app never goes without one.
            let old = state.sessions[requirement]
            state.sessions[requirement] = application.serviceSession(authorization: requirement)
            old?.invalidate()
        case .invalidate(let requirement):
            for (kept, session) in state.sessions.sorted(by: { $0.key.rawValue < $1.key.rawValue }) where requirement == nil || kept == requirement {
                session.invalidate()
                state.sessions[kept] = nil
            }
        }
    }
}

/// The service sessions a scripted app's process keeps, one per requirement.
@MainActor
final class ServiceSessionScriptState {
    var sessions: [SimServiceSessionRequirement: SimServiceSession] = [:]
}

extension ServiceSessionScriptAction {
    /// The mechanism this action shows the app uses, for ``AppScriptOutline``'s `uses` line.
    var outlinedMechanism: AppScriptOutline.Mechanism? {
        switch self {
        case .begin(let requirement): .serviceSession(requirement)
        case .invalidate: nil
        }
    }
}

// 0.2.0 reached these through the protocol ScriptMechanismAction; ScriptActionRouting.swift routes now.
extension ServiceSessionScriptAction {
    @available(*, deprecated, message: "ScriptedApp performs a script's actions; put it in a script")
    @MainActor public func perform(in app: ScriptedApp, application: SimApplication) { app.perform(self, in: application) }
    @available(*, deprecated, message: "it holds no actions: use AppScript.Action.serviceSessions(_:)")
    public func mapChildren(_ transform: ([AppScript.Action]) -> [AppScript.Action]) -> AppScript.Action { .serviceSessions(self) }
    @available(*, deprecated, message: "it holds no actions")
    public var children: [AppScript.Action] { [] }
}
