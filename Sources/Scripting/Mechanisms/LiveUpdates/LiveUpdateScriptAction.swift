import Simulation

/// What an app script does with live updates and background activity sessions (§10): an
/// `AppScript.Action.liveUpdates`.
public enum LiveUpdateScriptAction: Hashable, Sendable {
    /// `CLLocationUpdate.liveUpdates(configuration)`, its loop running the `update` trigger.
    case start(SimLiveConfiguration)
    /// Leaves the `liveUpdates` loop.
    case stop
    /// `CLBackgroundActivitySession()`, kept by the app.
    case beginSession
    /// `invalidate()` on the app's background activity session.
    case invalidateSession
}

extension ScriptedApp {
    func perform(_ action: LiveUpdateScriptAction, in application: SimApplication) {
        let state = mechanismState(LiveUpdateScriptState.init)
        switch action {
        case .start(let configuration):
            state.liveUpdates?.stop()
            let live = application.liveUpdates(configuration)
            live.onUpdate = { [weak self, weak state] update in
                state?.lastUpdate = update
                self?.run(.update)
            }
            state.liveUpdates = live
        case .stop:
            state.liveUpdates?.stop()
            state.liveUpdates = nil
        case .beginSession:
            state.activitySession = application.beginBackgroundActivitySession()
        case .invalidateSession:
            state.activitySession?.invalidate()
            state.activitySession = nil
        }
    }
}

/// What a scripted app's process keeps for live updates: its `liveUpdates` loop, its last
/// update, and its background activity session.
@MainActor
final class LiveUpdateScriptState {
    var liveUpdates: SimLiveUpdates?
    var lastUpdate: SimLocationUpdateValue?
    var activitySession: SimBackgroundActivitySession?
}

extension ScriptedApp {
    /// The last live update this process heard, if any (for the `stationary` and `diagnostic` conditions).
    var lastLiveUpdate: SimLocationUpdateValue? {
        mechanismState(LiveUpdateScriptState.init).lastUpdate
    }
}

extension LiveUpdateScriptAction {
    /// The mechanism this action shows the app uses, for ``AppScriptOutline``'s `uses` line.
    var outlinedMechanism: AppScriptOutline.Mechanism? {
        switch self {
        case .start(let configuration): .liveUpdates(configuration)
        case .beginSession: .backgroundActivitySession
        case .stop, .invalidateSession: nil
        }
    }
}

// 0.2.0 reached these through the protocol ScriptMechanismAction; ScriptActionRouting.swift routes now.
extension LiveUpdateScriptAction {
    @available(*, deprecated, message: "ScriptedApp performs a script's actions; put it in a script")
    @MainActor public func perform(in app: ScriptedApp, application: SimApplication) { app.perform(self, in: application) }
    @available(*, deprecated, message: "it holds no actions: use AppScript.Action.liveUpdates(_:)")
    public func mapChildren(_ transform: ([AppScript.Action]) -> [AppScript.Action]) -> AppScript.Action { .liveUpdates(self) }
    @available(*, deprecated, message: "it holds no actions")
    public var children: [AppScript.Action] { [] }
}
