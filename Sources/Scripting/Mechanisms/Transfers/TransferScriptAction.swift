import Foundation
import Simulation

/// What an app script does with background URLSession transfers: an `AppScript.Action.transfers`.
public enum TransferScriptAction: Hashable, Sendable {
    /// `downloadTask(with:)` on the background session `session` (made by the app once per
    /// process, with the app as its delegate), named `id`, then `resume()`; the system takes
    /// `seconds` to transfer it. The `transfer-finished` trigger runs when the app hears it finished.
    case startTransfer(id: String, seconds: Double, session: String)
    /// Calls the completion handlers `handleEventsForBackgroundURLSession` gave the app: its wake ends.
    case completeTransferEvents
}

extension ScriptedApp {
    func perform(_ action: TransferScriptAction, in application: SimApplication) {
        let state = mechanismState(TransferScriptState.init)
        switch action {
        case .startTransfer(let id, let seconds, let session):
            let task = state.session(session, for: self, in: application).downloadTask(with: URL(fileURLWithPath: "/\(id)"))
            task.taskDescription = id
            task.simulatedSeconds = seconds
            task.resume()
        case .completeTransferEvents:
            let handlers = state.completionHandlers.sorted { $0.key < $1.key }.map(\.value)
            state.completionHandlers = [:]
            for handler in handlers { handler() }
        }
    }
}

/// What a scripted app's process keeps for its transfers: its sessions and the completion
/// handlers iOS gave it.
@MainActor
final class TransferScriptState {
    private var sessions: [String: SimURLSession] = [:]
    var completionHandlers: [String: @MainActor () -> Void] = [:]

    /// The process's session `identifier`, made the first time with the app as its delegate.
    func session(_ identifier: String, for app: ScriptedApp, in application: SimApplication) -> SimURLSession {
        if let session = sessions[identifier] { return session }
        let session = application.urlSession(configuration: .background(withIdentifier: identifier), delegate: app)
        sessions[identifier] = session
        return session
    }
}

extension ScriptedApp: SimURLSessionDownloadDelegate, SimBackgroundURLSessionAppDelegate {
    public func urlSession(_ session: SimURLSession, downloadTask: SimURLSessionDownloadTask, didFinishDownloadingTo location: URL) {
        run(.transferFinished)
    }

    /// As Apple asks: keep the completion handler and make the session again, so its events come.
    public func application(_ application: SimApplication, handleEventsForBackgroundURLSession identifier: String,
                            completionHandler: @escaping @MainActor () -> Void) {
        let state = mechanismState(TransferScriptState.init)
        state.completionHandlers[identifier] = completionHandler
        _ = state.session(identifier, for: self, in: application)
    }
}

// 0.2.0 reached these through the protocol ScriptMechanismAction; ScriptActionRouting.swift routes now.
extension TransferScriptAction {
    @available(*, deprecated, message: "ScriptedApp performs a script's actions; put it in a script")
    @MainActor public func perform(in app: ScriptedApp, application: SimApplication) { app.perform(self, in: application) }
    @available(*, deprecated, message: "it holds no actions: use AppScript.Action.transfers(_:)")
    public func mapChildren(_ transform: ([AppScript.Action]) -> [AppScript.Action]) -> AppScript.Action { .transfers(self) }
    @available(*, deprecated, message: "it holds no actions")
    public var children: [AppScript.Action] { [] }
}
