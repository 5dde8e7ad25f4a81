import Simulation

/// What an app script does with pushes and background fetch (§14): an `AppScript.Action.pushes`.
public enum PushScriptAction: ScriptMechanismAction {
    /// `CXProvider.reportNewIncomingCall`, which a VoIP push needs.
    case reportCall
    /// Calls the completion handler of the push or fetch being handled.
    case complete(SimFetchResult)

    public func mapChildren(_ transform: ([AppScript.Action]) -> [AppScript.Action]) -> AppScript.Action {
        .pushes(self)
    }

    public func perform(in app: ScriptedApp, application: SimApplication) {
        switch self {
        case .reportCall:
            application.reportNewIncomingCall()
        case .complete(let result):
            app.mechanismState(PushScriptState.init).completion?(result)
        }
    }
}

extension ScriptedApp {
    /// Keeps the completion handler for `complete`, then runs the `push` trigger.
    public func application(_ application: SimApplication, didReceive push: SimPushKind, completion: SimBackgroundCompletion) {
        mechanismState(PushScriptState.init).completion = completion
        run(.push)
    }
}
