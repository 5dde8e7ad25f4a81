import Simulation
import Yams

/// The device's scenario verbs (§15): `low-power-mode`, `battery`, `power`, `thermal`,
/// `restart`, `os-update` and `app-update`. The device-wide Background App Refresh switch is
/// `background-app-refresh` with `scope: device` (BGTaskWords).
enum DeviceWords {
    static let verbs = ["low-power-mode", "battery", "power", "thermal", "restart", "os-update", "app-update"]

    static func event(_ verb: String, fields: [String: Yams.Node], node: Yams.Node,
                      in reader: some ScenarioNodeReader) throws(ReplayError) -> (action: SimScenarioEvent.Action, allowed: Set<String>)? {
        func needed(_ key: String) throws(ReplayError) -> Yams.Node {
            guard let value = fields[key] else { throw reader.fail(key, "is needed by '\(verb)'", node) }
            return value
        }
        switch verb {
        case "low-power-mode":
            return (.device(.setLowPowerMode(try reader.bool("on", try needed("on")))), ["on"])
        case "battery":
            let level = try batteryLevel("level", try needed("level"), in: reader)
            let drain = try fields["drainPerHour"].map { value throws(ReplayError) in try reader.number("drainPerHour", value, .fraction) }
            return (.device(.setBattery(level: level, drainPerHour: drain)), ["level", "drainPerHour"])
        case "power":
            let rate = try fields["chargePerHour"].map { value throws(ReplayError) in try reader.number("chargePerHour", value, .chargeRate) }
            return (.device(.setCharging(try reader.bool("charging", try needed("charging")), chargePerHour: rate)), ["charging", "chargePerHour"])
        case "thermal":
            let state: SimThermalState = try reader.named("state", try needed("state"), "a thermal state")
            return (.device(.setThermalState(state)), ["state"])
        case "restart": return (.device(.restart), [])
        case "os-update": return (.device(.osUpdate), [])
        case "app-update": return (.device(.appUpdate), [])
        default: return nil
        }
    }

    /// A battery level: a fraction (0.15) or a percentage (`15%`), 0…1.
    static func batteryLevel(_ key: String, _ node: Yams.Node, in reader: some ScenarioNodeReader) throws(ReplayError) -> Double {
        if let text = node.scalar?.string, text.hasSuffix("%") {
            guard let percent = Double(text.dropLast()), (0...100).contains(percent) else {
                throw reader.fail(key, "must be a fraction (0…1) or a percentage (0%…100%)", node)
            }
            return percent / 100
        }
        return try reader.number(key, node, .fraction)
    }
}

extension SimDeviceAction {
    var verb: String {
        switch self {
        case .setLowPowerMode: "low-power-mode"
        case .setBattery: "battery"
        case .setCharging: "power"
        case .setThermalState: "thermal"
        case .setBackgroundAppRefresh: "background-app-refresh"
        case .restart: "restart"
        case .osUpdate: "os-update"
        case .appUpdate: "app-update"
        }
    }
}
