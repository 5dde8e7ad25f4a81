/// The phone's state (§15): the field conditions every mechanism reads and none owns.
///
/// The core keeps it (``SimSystem/device``) and tells every mechanism when it changes
/// (``BackgroundMechanism/deviceChanged(in:from:)``); each mechanism's reaction lives in its folder.
///
/// ```swift
/// var configuration = SimulationConfiguration(trajectory: trip)
/// configuration.device.lowPowerMode = true   // the whole run in Low Power Mode
/// ```
public struct SimDevice: Hashable, Sendable, Codable {
    /// Low Power Mode (`ProcessInfo.isLowPowerModeEnabled`): Background App Refresh is off while it lasts.
    public var lowPowerMode = false
    /// The battery's charge, 0…1, when it was last set (see ``batteryLevel(at:)``).
    public var batteryLevel = 1.0
    /// The share of a full charge the battery loses per hour while not charging (0: none).
    public var batteryDrainPerHour = 0.0
    /// Whether the device is connected to power.
    public var charging = false
    /// The share of a full charge the battery gains per hour while charging, up to full: 0.6,
    /// 1 % a minute, by default. [model] between Apple's "up to 50 % in around 30 minutes" of a
    /// fast charger [doc] and a 5 W charger's slower rate; it decides when Low Power Mode ends by
    /// itself (``SimDeviceProfile/lowPowerModeEndsAtChargeLevel``).
    public var batteryChargePerHour = 0.6
    /// `ProcessInfo.thermalState`.
    public var thermalState = SimThermalState.nominal
    /// Whether the user has unlocked the device since it last started (false after a restart
    /// until the first unlock: data protection keeps the app's files closed and iOS launches
    /// nothing in the background).
    public var unlockedSinceBoot = true
    /// The device-wide Background App Refresh switch (Settings › General); the per-app one is BGTasks'.
    public var backgroundAppRefreshEnabled = true
    /// When ``batteryLevel`` was set, in seconds from the start.
    public var batteryLevelSetAt = 0.0

    public init() {}

    /// Whether Background App Refresh is off for every app: the global switch, or Low Power
    /// Mode ("Background App Refresh is disabled automatically when a device is operating in
    /// low-power mode", `UIApplication.backgroundRefreshStatus`). [doc]
    public var backgroundAppRefreshBlocked: Bool { lowPowerMode || !backgroundAppRefreshEnabled }

    /// The battery's charge at `seconds`: it drains at ``batteryDrainPerHour`` while not
    /// charging, down to 0, and rises at ``batteryChargePerHour`` while charging, up to 1. [model]
    public func batteryLevel(at seconds: Double) -> Double {
        let hours = (seconds - batteryLevelSetAt) / 3_600
        if charging { return batteryChargePerHour > 0 ? min(1, max(batteryLevel, batteryLevel + batteryChargePerHour * hours)) : batteryLevel }
        guard batteryDrainPerHour > 0 else { return batteryLevel }
        return max(0, batteryLevel - batteryDrainPerHour * hours)
    }
}

/// `ProcessInfo.ThermalState`, in order of heat.
public enum SimThermalState: String, Hashable, Sendable, Codable, CaseIterable, Comparable {
    case nominal, fair, serious, critical

    public static func < (lhs: SimThermalState, rhs: SimThermalState) -> Bool {
        allCases.firstIndex(of: lhs)! < allCases.firstIndex(of: rhs)!
    }
}

/// A profile's parameters for the device conditions (§15): `profile.device`.
public struct SimDeviceProfile: Hashable, Sendable, Codable {
    /// The battery level at which iOS offers Low Power Mode ("when your battery hits 20%", and
    /// again at 10 %; Apple support and press descriptions). [doc][obs]
    public var lowPowerModeOfferLevel = 0.2
    /// Whether the simulated user accepts the offer. [model] Yes: a user who lets the battery run
    /// down on a trip is the case the offer matters for; set it false for a user who declines.
    public var acceptsLowPowerModeOffer = true
    /// The level at which charging ends Low Power Mode by itself (Apple's iPhone User Guide, "Use
    /// Low Power Mode": it "switches back to normal power mode after charging to 80%"). [doc]
    public var lowPowerModeEndsAtChargeLevel = 0.8
    /// Seconds after the user's last interaction (the app coming on screen, an unlock, the last
    /// scripted user action) at which a device in Low Power Mode locks itself, whatever the
    /// Auto-Lock setting, unless the app on screen disables the idle timer: 30 (Apple support,
    /// "Use Low Power Mode": Auto-Lock "defaults to 30 seconds"; press guides: "your iPhone will
    /// auto-lock in 30 seconds when Low Power Mode is on"). [doc][obs] The Auto-Lock setting
    /// outside Low Power Mode is not modelled: a scenario locks with `lock`.
    public var lowPowerModeAutoLockSeconds = 30.0
    /// The thermal state from which iOS defers discretionary background work (BGTasks): Apple's
    /// `ThermalState.fair` already says the system stops "background services that aren't doing
    /// work immediately needed by the user"; `serious` that it "takes moderate steps". [doc]
    /// The level is a [model] choice: serious.
    public var defersBackgroundTasksFrom = SimThermalState.serious
    /// Whether location events (regions, visits, significant changes) and other background
    /// launches reach an app that was updated before the user opens it; `nil`: by the era
    /// (before iOS 15 yes; from iOS 15 no, as reports on iOS 15 of no background start after an
    /// update describe). [obs]
    public var relaunchesAfterAppUpdate: Bool?

    public init() {}
}

extension SimProfile {
    /// Whether background launches resume after an app update before the user opens the app (§15).
    public var relaunchesAfterAppUpdate: Bool { device.relaunchesAfterAppUpdate ?? (iOSVersion < 15) }
}

/// What a scenario does to the device (§15): a `SimScenarioEvent.Action.device`.
public enum SimDeviceAction: Hashable, Sendable, Codable {
    /// The user turns Low Power Mode on or off.
    case setLowPowerMode(Bool)
    /// The battery is at this level (0…1) from now on, draining at this rate per hour (`nil`: as before).
    case setBattery(level: Double, drainPerHour: Double?)
    /// The device is connected to power, or disconnected; `chargePerHour` (`nil`: as before)
    /// is the charger's rate (``SimDevice/batteryChargePerHour``).
    case setCharging(Bool, chargePerHour: Double? = nil)
    /// The device's thermal state changes.
    case setThermalState(SimThermalState)
    /// The device-wide Background App Refresh switch.
    case setBackgroundAppRefresh(enabled: Bool)
    /// The device restarts: every app ends; it starts locked, before its first unlock.
    case restart
    /// An OS update: a restart (the profile stays; see Docs/Model.md).
    case osUpdate
    /// The App Store updates the app: iOS terminates it (not a force quit).
    case appUpdate

    /// Whether the user does this on the device (Low Power Mode's auto-lock counts from it, §15):
    /// turning Low Power Mode or the refresh switch on or off, plugging in; not the battery's or
    /// the heat's changes, restarts or updates.
    public var isUserInteraction: Bool {
        switch self {
        case .setLowPowerMode, .setBackgroundAppRefresh, .setCharging: true
        case .setBattery, .setThermalState, .restart, .osUpdate, .appUpdate: false
        }
    }

    @MainActor
    public func apply(to system: SimSystem) {
        switch self {
        case .setLowPowerMode(let on): system.changeDevice(.lowPowerMode(on)) { $0.lowPowerMode = on }
        case .setBattery(let level, let drain):
            system.changeDevice(.battery(level: level)) { device in
                device.batteryLevel = level
                device.batteryLevelSetAt = system.now.seconds
                if let drain { device.batteryDrainPerHour = drain }
            }
        case .setCharging(let charging, let rate): system.setCharging(charging, chargePerHour: rate)
        case .setThermalState(let state): system.changeDevice(.thermalState(state)) { $0.thermalState = state }
        case .setBackgroundAppRefresh(let enabled):
            system.changeDevice(.backgroundAppRefreshSwitched(on: enabled)) { $0.backgroundAppRefreshEnabled = enabled }
        case .restart: system.restartDevice(.deviceRestart)
        case .osUpdate: system.restartDevice(.osUpdate)
        case .appUpdate: system.updateApp()
        }
    }
}

/// What happened to the device, for the log (§15): a `SimScenarioNote.device`.
public enum SimDeviceNote: Hashable, Sendable, Codable {
    case lowPowerMode(Bool)
    case battery(level: Double)
    case charging(Bool)
    case thermalState(SimThermalState)
    case backgroundAppRefreshSwitched(on: Bool)
    /// The battery reached the offer level; the user accepted Low Power Mode or not.
    case lowPowerModeOffered(level: Double, accepted: Bool)
    /// The device restarted (or updated its OS) and waits for its first unlock.
    case restarted(osUpdate: Bool)
    /// The first unlock after a restart: the app's files open, and background launches may happen again.
    case firstUnlock
    /// The app was updated while not running.
    case appUpdated
    /// Charging brought the battery to this level: Low Power Mode ended by itself (§15).
    case lowPowerModeEndedByCharging(level: Double)
    /// Low Power Mode locked the device this long after the user's last interaction (§15).
    case autoLocked(afterSeconds: Double)
}

/// Why the app ended or an event did not reach it, for a device condition (§15): a `SimCause.device`.
public enum SimDeviceCause: Hashable, Sendable, Codable {
    /// The device restarted; every app ends. MetricKit counts no app exit for it. [model]
    case deviceRestart
    /// The OS was updated (a restart).
    case osUpdate
    /// The App Store updated the app: iOS terminated it.
    case appUpdate
    /// After a restart, before the first unlock, iOS launches nothing in the background.
    case beforeFirstUnlock
    /// After an app update, on this era nothing launches the app in the background until the user opens it.
    case appUpdatedNotOpened
    /// Low Power Mode stopped the app's background location deliveries (``SimProfile/lowPowerModeLocation``).
    case lowPowerMode
}
