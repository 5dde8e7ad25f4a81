import Simulation

/// What an app script does with live updates and background activity sessions (§10): an
/// `AppScript.Action.liveUpdates`.
public enum LiveUpdateScriptAction: ScriptMechanismAction {
    /// `CLLocationUpdate.liveUpdates(configuration)`, its loop running the `update` trigger.
    case start(SimLiveConfiguration)
    /// Leaves the `liveUpdates` loop.
    case stop
    /// `CLBackgroundActivitySession()`, kept by the app.
    case beginSession
    /// `invalidate()` on the app's background activity session.
    case invalidateSession

    public func mapChildren(_ transform: ([AppScript.Action]) -> [AppScript.Action]) -> AppScript.Action {
        .liveUpdates(self)
    }

    public func perform(in app: ScriptedApp, application: SimApplication) {
        let state = app.mechanismState(LiveUpdateScriptState.init)
        switch self {
        case .start(let configuration):
            state.liveUpdates?.stop()
            let live = application.liveUpdates(configuration)
            live.onUpdate = { [weak app, weak state] update in
                state?.lastUpdate = update
                app?.run(.update)
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
