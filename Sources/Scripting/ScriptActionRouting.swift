import Simulation

// Where each `AppScript.Action` goes: the core's to `ScriptedApp`, a mechanism's to its folder
// (`Mechanisms/<M>/`), one line each. The switches are exhaustive: a new case is a compile error
// here until it is routed.

extension ScriptedApp {
    /// Runs `action` as the app's code.
    func perform(_ action: AppScript.Action) {
        guard let application, let manager else { return }
        switch action {
        case .requestAlways: manager.requestAlwaysAuthorization()
        case .requestWhenInUse: manager.requestWhenInUseAuthorization()
        case .set(let settings): settings.forEach { apply($0, to: manager) }
        case .startUpdates: manager.startUpdatingLocation()
        case .stopUpdates: manager.stopUpdatingLocation()
        case .requestLocation: manager.requestLocation()
        case .startSignificantChanges: manager.startMonitoringSignificantLocationChanges()
        case .stopSignificantChanges: manager.stopMonitoringSignificantLocationChanges()
        case .beginTask(let name, let variable, let onExpiry): beginTask(name: name, variable: variable, onExpiry: onExpiry, in: application)
        case .endTask(let variable): endTask(variable, in: application)
        case .after(let seconds, let actions): application.schedule(after: seconds) { [weak self] in self?.perform(actions) }
        case .namedAfter(let name, let seconds, let actions): after(seconds, named: name, actions, in: application)
        case .when(let condition, let actions, let otherwise): perform(holds(condition, application, manager) ? actions : otherwise)
        case .log(let line): application.log(line)
        case .setIdleTimerDisabled(let disabled): application.isIdleTimerDisabled = disabled
        case .regions(let action): perform(action)
        case .visits(let action): perform(action)
        case .bgTasks(let action): perform(action, in: application)
        case .transfers(let action): perform(action, in: application)
        case .audio(let action): perform(action, in: application)
        case .pushes(let action): perform(action, in: application)
        case .locationPushes(let action): perform(action)
        case .liveUpdates(let action): perform(action, in: application)
        case .serviceSessions(let action): perform(action, in: application)
        case .resources(let action): action.perform(in: application)
        case .monitor(let action): perform(action)
        }
    }
}

extension AppScript.Action {
    /// The action lists this one holds, one level down.
    var children: [AppScript.Action] {
        switch self {
        case .beginTask(_, _, let onExpiry): onExpiry
        case .after(_, let actions), .namedAfter(_, _, let actions): actions
        case .when(_, let actions, let otherwise): actions + otherwise
        case .bgTasks(let action): action.children
        case .requestAlways, .requestWhenInUse, .set, .startUpdates, .stopUpdates, .requestLocation,
             .startSignificantChanges, .stopSignificantChanges, .endTask, .log, .setIdleTimerDisabled: []
        // Mechanisms whose actions hold no action lists.
        case .regions, .visits, .transfers, .audio, .pushes, .locationPushes, .liveUpdates, .serviceSessions, .resources, .monitor: []
        }
    }

    /// The action again, with `transform` applied to the lists it holds (nested ones first).
    func mapChildren(_ transform: ([AppScript.Action]) -> [AppScript.Action]) -> AppScript.Action {
        func map(_ actions: [AppScript.Action]) -> [AppScript.Action] { AppScript.Action.map(actions, transform) }
        return switch self {
        case .beginTask(let name, let variable, let onExpiry): .beginTask(name: name, variable: variable, onExpiry: map(onExpiry))
        case .after(let seconds, let actions): .after(seconds: seconds, actions: map(actions))
        case .namedAfter(let name, let seconds, let actions): .namedAfter(name: name, seconds: seconds, actions: map(actions))
        case .when(let condition, let actions, let otherwise): .when(condition, actions: map(actions), otherwise: map(otherwise))
        case .bgTasks(let action): .bgTasks(action.mapActions(transform))
        case .requestAlways, .requestWhenInUse, .set, .startUpdates, .stopUpdates, .requestLocation,
             .startSignificantChanges, .stopSignificantChanges, .endTask, .log, .setIdleTimerDisabled: self
        // Mechanisms whose actions hold no action lists.
        case .regions, .visits, .transfers, .audio, .pushes, .locationPushes, .liveUpdates, .serviceSessions, .resources, .monitor: self
        }
    }
}

/// The protocol 0.2.0's mechanism script actions conformed to, so that `ScriptedApp` could
/// reach them by reflection. `ScriptedApp` now routes each `AppScript.Action` case by an
/// exhaustive switch; no type could usefully conform.
@available(*, deprecated, message: "ScriptedApp routes script actions by a switch; a mechanism's action is Hashable & Sendable")
public typealias ScriptMechanismAction = Hashable & Sendable
