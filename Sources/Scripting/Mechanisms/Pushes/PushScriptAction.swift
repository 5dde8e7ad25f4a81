import Simulation

/// What an app script does with pushes and background fetch (§14): an `AppScript.Action.pushes`.
public enum PushScriptAction: Hashable, Sendable {
    /// `CXProvider.reportNewIncomingCall`, which a VoIP push needs.
    case reportCall
    /// Calls the completion handler of the push or fetch being handled.
    case complete(SimFetchResult)
}

extension ScriptedApp {
    func perform(_ action: PushScriptAction, in application: SimApplication) {
        switch action {
        case .reportCall:
            application.reportNewIncomingCall()
        case .complete(let result):
            mechanismState(PushScriptState.init).completion?(result)
        }
    }

    /// Keeps the completion handler for `complete`, then runs the `push` trigger.
    public func application(_ application: SimApplication, didReceive push: SimPushKind, completion: SimBackgroundCompletion) {
        mechanismState(PushScriptState.init).completion = completion
        run(.push)
    }
}

extension PushScriptAction {
    /// The mechanism this action shows the app uses, for ``AppScriptOutline``'s `uses` line.
    var outlinedMechanism: AppScriptOutline.Mechanism? {
        switch self {
        case .reportCall: .callKit
        case .complete: nil
        }
    }
}

// 0.2.0 reached these through the protocol ScriptMechanismAction; ScriptActionRouting.swift routes now.
extension PushScriptAction {
    @available(*, deprecated, message: "ScriptedApp performs a script's actions; put it in a script")
    @MainActor public func perform(in app: ScriptedApp, application: SimApplication) { app.perform(self, in: application) }
    @available(*, deprecated, message: "it holds no actions: use AppScript.Action.pushes(_:)")
    public func mapChildren(_ transform: ([AppScript.Action]) -> [AppScript.Action]) -> AppScript.Action { .pushes(self) }
    @available(*, deprecated, message: "it holds no actions")
    public var children: [AppScript.Action] { [] }
}
