import Geodesy
import Simulation

/// What a script does with region monitoring (§11).
public enum RegionScriptAction: Hashable, Sendable {
    /// `startMonitoring(for: SimCircularRegion(center:radius:identifier:))`; with no
    /// latitude and longitude, around the manager's last fix (nothing when it has none).
    case monitor(latitude: Double?, longitude: Double?, radius: Double, id: String)
    /// `stopMonitoring(for:)` of the region with identifier `id`.
    case stopMonitoring(id: String)
}

extension ScriptedApp {
    func perform(_ action: RegionScriptAction) {
        guard let application, let manager else { return }
        switch action {
        case .monitor(let latitude, let longitude, let radius, let id):
            let center = if let latitude, let longitude { GeoCoordinate(latitude: latitude, longitude: longitude) } else { manager.location?.coordinate }
            guard let center else {
                application.log("monitor-region \(id): no location yet")
                return
            }
            manager.startMonitoring(for: SimCircularRegion(center: center, radius: radius, identifier: id))
        case .stopMonitoring(let id):
            guard let region = manager.monitoredRegions.first(where: { $0.identifier == id }) else { return }
            manager.stopMonitoring(for: region)
        }
    }
}

extension RegionScriptAction {
    /// The mechanism this action shows the app uses, for ``AppScriptOutline``'s `uses` line.
    var outlinedMechanism: AppScriptOutline.Mechanism? {
        switch self {
        case .monitor: .regions
        case .stopMonitoring: nil
        }
    }
}

// 0.2.0 reached these through the protocol ScriptMechanismAction; ScriptActionRouting.swift routes now.
extension RegionScriptAction {
    @available(*, deprecated, message: "ScriptedApp performs a script's actions; put it in a script")
    @MainActor public func perform(in app: ScriptedApp, application: SimApplication) { app.perform(self) }
    @available(*, deprecated, message: "it holds no actions: use AppScript.Action.regions(_:)")
    public func mapChildren(_ transform: ([AppScript.Action]) -> [AppScript.Action]) -> AppScript.Action { .regions(self) }
    @available(*, deprecated, message: "it holds no actions")
    public var children: [AppScript.Action] { [] }
}
