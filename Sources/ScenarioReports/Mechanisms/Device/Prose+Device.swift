import ScenarioInput
import ScenarioRun
import Simulation

extension Prose {
    /// Something of the device's state (§15), as the timeline's line.
    static func text(_ note: SimDeviceNote) -> String {
        switch note {
        case .lowPowerMode(let on):
            on ? "Low Power Mode on: Background App Refresh is off while it lasts" : "Low Power Mode off"
        case .battery(let level): "the battery is at \(Prose.percent(level))"
        case .charging(let charging): charging ? "the device is connected to power" : "the device is disconnected from power"
        case .thermalState(let state): "the device's thermal state is \(state.rawValue)"
        case .backgroundAppRefreshSwitched(let on): "Background App Refresh switched \(on ? "on" : "off") for the whole device"
        case .lowPowerModeOffered(let level, let accepted):
            "the battery reached \(Prose.percent(level)): iOS offers Low Power Mode, and the user \(accepted ? "accepts" : "declines")"
        case .restarted(let osUpdate):
            "the device \(osUpdate ? "installs an OS update and " : "")restarts: every app ends; nothing launches in the background until the first unlock"
        case .firstUnlock: "first unlock since the restart: the app's protected files open and iOS may launch it in the background again"
        case .appUpdated: "the App Store updated the app"
        case .lowPowerModeEndedByCharging(let level): "charging brought the battery to \(Prose.percent(level)): Low Power Mode ends by itself"
        case .autoLocked(let seconds): "Low Power Mode locks the device \(Prose.number(seconds)) s after the user's last interaction"
        }
    }

    static func text(_ cause: SimDeviceCause) -> String {
        switch cause {
        case .deviceRestart: "the device restarted"
        case .osUpdate: "the device restarted for an OS update"
        case .appUpdate: "the App Store updated the app (iOS ended it; not a force quit)"
        case .beforeFirstUnlock: "the device restarted and has not been unlocked since: iOS launches no app in the background"
        case .appUpdatedNotOpened: "the app was updated and not opened since: on this iOS nothing launches it in the background"
        case .lowPowerMode: "Low Power Mode stopped the app's background location updates"
        }
    }

    /// A device cause's name, as JSON writes it.
    static func name(_ cause: SimDeviceCause) -> String {
        switch cause {
        case .deviceRestart: "deviceRestart"
        case .osUpdate: "osUpdate"
        case .appUpdate: "appUpdate"
        case .beforeFirstUnlock: "beforeFirstUnlock"
        case .appUpdatedNotOpened: "appUpdatedNotOpened"
        case .lowPowerMode: "lowPowerMode"
        }
    }
}

extension Prose {
    /// The phone's state when the trip starts (§15), for the header's `phone` line; `nil` when it
    /// is the default phone (no Low Power Mode, full battery, nominal heat, the switch on) and
    /// the profile's Low Power Mode rule for location is its default.
    static func phone(_ device: SimDevice, _ profile: SimProfile) -> String? {
        var parts: [String] = []
        if device.lowPowerMode { parts.append("Low Power Mode on") }
        if device.batteryLevel < 1 || device.batteryDrainPerHour > 0 {
            let drain = device.batteryDrainPerHour > 0 ? ", draining \(percent(device.batteryDrainPerHour)) an hour" : ""
            parts.append("battery \(percent(device.batteryLevel))\(drain)")
        }
        if device.charging { parts.append("charging") }
        if device.thermalState != .nominal { parts.append("thermal state \(device.thermalState.rawValue)") }
        if !device.backgroundAppRefreshEnabled { parts.append("Background App Refresh off") }
        let rule = profile.lowPowerModeLocation
        if rule != .standard || device.lowPowerMode {
            let effect = switch rule {
            case .stopsUntilRestarted: "stops background location until the app starts it again"
            case .stopsWhileOn: "stops background location while it lasts"
            case .unaffected: "leaves location alone"
            }
            parts.append("Low Power Mode \(effect) (\(rule.rawValue))")
        }
        return parts.isEmpty ? nil : parts.joined(separator: "; ")
    }
}

extension Prose {
    /// A device event's fields (§15), as a scenario file writes them.
    static func fields(_ action: SimDeviceAction) -> [(name: String, value: String)] {
        switch action {
        case .setLowPowerMode(let on): [("on", "\(on)")]
        case .setBattery(let level, let drain): [("level", JSONValue.number(level))] + (drain.map { [("drainPerHour", JSONValue.number($0))] } ?? [])
        case .setCharging(let charging, let rate): [("charging", "\(charging)")] + (rate.map { [("chargePerHour", JSONValue.number($0))] } ?? [])
        case .setThermalState(let state): [("state", state.rawValue)]
        case .setBackgroundAppRefresh(let enabled): [("enabled", "\(enabled)"), ("scope", "device")]
        case .restart, .osUpdate, .appUpdate: []
        }
    }
}
