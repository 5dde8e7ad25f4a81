import Geodesy
import Simulation

/// What a script does with `CLMonitor` (§11).
public enum MonitorScriptAction: Hashable, Sendable {
    /// `add(CLMonitor.CircularGeographicCondition(center:radius:), identifier: id, assuming:)`
    /// on the `CLMonitor` named `monitor` (which the app opens at launch); with no latitude and
    /// longitude, around the manager's last fix (nothing when it has none).
    case addCondition(monitor: String, latitude: Double?, longitude: Double?, radius: Double, id: String, assuming: SimMonitoringState)
    /// `remove(id)` on the `CLMonitor` named `monitor`.
    case removeCondition(monitor: String, id: String)

    /// The name of the monitor the action works on.
    public var monitorName: String {
        switch self {
        case .addCondition(let monitor, _, _, _, _, _), .removeCondition(let monitor, _): monitor
        }
    }
}

extension ScriptedApp {
    func perform(_ action: MonitorScriptAction) {
        guard let application, let manager else { return }
        switch action {
        case .addCondition(let name, let latitude, let longitude, let radius, let id, let assuming):
            let center = if let latitude, let longitude { GeoCoordinate(latitude: latitude, longitude: longitude) } else { manager.location?.coordinate }
            guard let center else {
                application.log("monitor-region \(id): no location yet")
                return
            }
            openMonitor(name, in: application).add(SimCircularGeographicCondition(center: center, radius: radius), identifier: id, assuming: assuming)
        case .removeCondition(let name, let id):
            openMonitor(name, in: application).remove(id)
        }
    }

    /// The process's instance of the monitor `name`, opened the first time; its events run
    /// `region-enter` (satisfied) and `region-exit` (unsatisfied).
    @discardableResult
    func openMonitor(_ name: String, in application: SimApplication) -> SimCLMonitor {
        if let monitor = monitors[name] { return monitor }
        let monitor = application.monitor(named: name)
        monitor.onEvent = { [weak self] event in
            switch event.state {
            case .satisfied: self?.run(.regionEnter)
            case .unsatisfied: self?.run(.regionExit)
            case .unknown, .unmonitored: break
            }
        }
        monitors[name] = monitor
        return monitor
    }
}

extension MonitorScriptAction {
    /// The mechanism this action shows the app uses, for ``AppScriptOutline``'s `uses` line.
    var outlinedMechanism: AppScriptOutline.Mechanism? {
        switch self {
        case .addCondition(let monitor, _, _, _, _, _): .monitor(monitor)
        case .removeCondition: nil
        }
    }
}

// 0.2.0 reached these through the protocol ScriptMechanismAction; ScriptActionRouting.swift routes now.
extension MonitorScriptAction {
    @available(*, deprecated, message: "ScriptedApp performs a script's actions; put it in a script")
    @MainActor public func perform(in app: ScriptedApp, application: SimApplication) { app.perform(self) }
    @available(*, deprecated, message: "it holds no actions: use AppScript.Action.monitor(_:)")
    public func mapChildren(_ transform: ([AppScript.Action]) -> [AppScript.Action]) -> AppScript.Action { .monitor(self) }
    @available(*, deprecated, message: "it holds no actions")
    public var children: [AppScript.Action] { [] }
}
