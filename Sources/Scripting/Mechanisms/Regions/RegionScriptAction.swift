import Geodesy
import Simulation

/// What a script does with region monitoring (§11).
public enum RegionScriptAction: ScriptMechanismAction {
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
    @MainActor public func perform(in app: ScriptedApp, application: SimApplication) { app.perform(self) }
    public func mapChildren(_ transform: ([AppScript.Action]) -> [AppScript.Action]) -> AppScript.Action { .regions(self) }
}
