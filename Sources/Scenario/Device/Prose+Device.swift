import Simulation

extension SimDeviceNote: MechanismProse {
    var text: String {
        switch self {
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
        }
    }
}

extension SimDeviceCause: MechanismProse {
    var text: String {
        switch self {
        case .deviceRestart: "the device restarted"
        case .osUpdate: "the device restarted for an OS update"
        case .appUpdate: "the App Store updated the app (iOS ended it; not a force quit)"
        case .beforeFirstUnlock: "the device restarted and has not been unlocked since: iOS launches no app in the background"
        case .appUpdatedNotOpened: "the app was updated and not opened since: on this iOS nothing launches it in the background"
        case .lowPowerMode: "Low Power Mode stopped the app's background location updates"
        }
    }
}
