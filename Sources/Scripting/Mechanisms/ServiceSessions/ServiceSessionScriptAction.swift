import Simulation

/// What an app script does with `CLServiceSession` (§10, iOS 18): an `AppScript.Action.serviceSessions`.
public enum ServiceSessionScriptAction: ScriptMechanismAction {
    /// `CLServiceSession(authorization:)`, kept by the app; replaces the one it kept with the
    /// same requirement.
    case begin(SimServiceSessionRequirement)
    /// `invalidate()` on the app's service session with this requirement, or on all of them.
    case invalidate(SimServiceSessionRequirement?)

    public func mapChildren(_ transform: ([AppScript.Action]) -> [AppScript.Action]) -> AppScript.Action {
        .serviceSessions(self)
    }

    public func perform(in app: ScriptedApp, application: SimApplication) {
        let state = app.mechanismState(ServiceSessionScriptState.init)
        switch self {
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
